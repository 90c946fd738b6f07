import Foundation
import Testing

/// `primetime ui` in a real terminal emulator: tmux, driven with `send-keys` and read with
/// `capture-pane`. Every step waits for the screen it expects by polling the pane; none waits a
/// fixed time.
@Suite(.serialized)
struct FullScreenTests {
  @Test func countSaveLookUpDeleteUndo_andQuit_givesTheTerminalBack() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }

    try await tmux.waitFor("[-]  0  [+]")
    for _ in 1...7 { try tmux.send("+") }
    try await tmux.waitFor("[-]  7  [+]")
    try await tmux.waitFor("What is the 7th prime?")
    try tmux.send("p")
    try await tmux.waitFor("7 is prime 🎉")
    try tmux.send("s")
    try await tmux.waitFor("saved 7 to your favorite primes")
    try tmux.send("Enter")
    try await tmux.waitFor("Remove from favorite primes")
    try tmux.send("Escape")
    try await tmux.waitFor { !$0.contains("Esc closes") }
    try tmux.send("n")
    try await tmux.waitFor("the 7th prime is 17")
    try tmux.send("Enter")
    try await tmux.waitFor { !$0.contains("the 7th prime is 17") }

    try tmux.send("f")
    try await tmux.waitFor("Favorite primes (1)")
    // Another process saves a prime; it appears without a key press.
    let other = try PrimeTime.run(["-c", "set 11; save"], home: home)
    #expect(other.status == 0)
    try await tmux.waitFor("Favorite primes (2)")
    try await tmux.waitFor("2  11")

    try tmux.send("j")
    try tmux.send("d")
    try await tmux.waitFor("deleted 11")
    try tmux.send("Enter")
    try await tmux.waitFor("Favorite primes (1)")
    try tmux.send("u")
    try await tmux.waitFor("Favorite primes (2)")
    try await tmux.waitFor("undone; count: 7; favorites: 7, 11")
    try tmux.send("r")
    try await tmux.waitFor {
      $0.contains("redone; count: 7; favorites: 7\n") && $0.contains("Favorite primes (1)")
    }
    try tmux.send("u")
    try await tmux.waitFor("undone; count: 7; favorites: 7, 11")
    // The deletion is undone in the feed too.
    try tmux.send("a")
    try await tmux.waitFor { $0.contains("Activity (2)") && $0.contains("added   11") }
    try tmux.send("c")
    try await tmux.waitFor { !$0.contains("undone") && $0.contains("Favorite primes (2)") }

    try tmux.resize(columns: 40, rows: 12)
    try await tmux.waitFor { $0.contains("Favorite primes (2)") && tmux.width == 40 }
    try tmux.resize(columns: 30, rows: 8)
    try await tmux.waitFor("primetime ui needs 40×12")
    try tmux.resize(columns: 60, rows: 16)
    try await tmux.waitFor("Favorite primes (2)")

    try tmux.send("q")
    let status = try await tmux.waitForExit()
    #expect(status == 0)
    #expect(try tmux.query("#{alternate_on}") == "0")
    let stored = try PrimeTime.run(["-c", "favorites"], home: home)
    #expect(stored.stdout == "1  7\n2  11\n")
  }

  /// The app on the favorites screen, with 2, 3 and 5 saved before it started and 3 selected.
  private func onTheFavorites(home: URL) async throws -> TmuxSession {
    let saved = try PrimeTime.run(["-c", "set 2; save; set 3; save; set 5; save"], home: home)
    #expect(saved.status == 0)
    let tmux = try TmuxSession(running: ["ui"], home: home)
    do {
      try await tmux.waitFor("[-]  0  [+]")
      try tmux.send("f")
      try await tmux.waitFor("Favorite primes (3)")
      try tmux.send("j")
      try await tmux.waitFor(styled: true, TmuxSession.showsSelected("  2  3"))
      return tmux
    } catch {
      tmux.kill()
      throw error
    }
  }

  @Test func aSaveInAnotherSessionThatStaysOpen_appearsWithoutAKeyPress() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let watching = try TmuxSession(running: ["ui"], home: home)
    defer { watching.kill() }
    try await watching.waitFor("[-]  0  [+]")
    try watching.send("f")
    try await watching.waitFor("Favorite primes (0)")
    // The other session keeps its database open: no file is closed when it has written.
    let saving = try TmuxSession(running: ["ui"], home: home)
    defer { saving.kill() }
    try await saving.waitFor("[-]  0  [+]")
    for (saved, keys) in [["+", "+"], ["+"], ["+", "+"]].enumerated() {
      for key in keys { try saving.send(key) }
      try saving.send("p")
      try await saving.waitFor("Save to favorite primes")
      try saving.send("s")
      try await saving.waitFor("saved")
      try saving.send("Escape")
      try await saving.waitFor { !$0.contains("Esc closes") }
      try await watching.waitFor("Favorite primes (\(saved + 1))")
    }
    try await watching.waitFor("3  5")
  }

  @Test func theSelection_staysOnItsPrime_whenAnotherSessionDeletesOneAbove() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try await onTheFavorites(home: home)
    defer { tmux.kill() }
    let other = try PrimeTime.run(["-c", "favorites; delete 1"], home: home)
    #expect(other.status == 0)
    try await tmux.waitFor("Favorite primes (2)")
    try await tmux.waitFor(styled: true, TmuxSession.showsSelected("  1  3"))
    try tmux.send("d")
    try await tmux.waitFor("deleted 3")
    try tmux.send("Enter")
    try await tmux.waitFor("Favorite primes (1)")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
    let stored = try PrimeTime.run(["-c", "favorites"], home: home)
    #expect(stored.stdout == "1  5\n")
  }

  @Test func aKeyAfterUndoInTheSameBatch_actsOnTheSelectedPrime() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try await onTheFavorites(home: home)
    defer { tmux.kill() }
    try tmux.send("d")
    try await tmux.waitFor("deleted 3")
    try tmux.send("Enter")
    try await tmux.waitFor(styled: true, TmuxSession.showsSelected("  2  5"))
    // Undo brings 3 back above the selected 5, and d, read with it, deletes 5.
    try tmux.send("u", "d")
    try await tmux.waitFor("deleted 5")
    try tmux.send("Enter")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
    #expect(try PrimeTime.run(["-c", "favorites"], home: home).stdout == "1  2\n2  3\n")
  }

  @Test func anImportWithNoFile_namesTheFileByItsPathInTheDataDirectory() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home, columns: 200)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("f")
    try await tmux.waitFor("Favorite primes (0)")
    try tmux.send("i")
    try await tmux.waitFor(
      "there is no file \(home.appending(path: "favorite-primes.json").standardizedFileURL.path)")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
  }

  /// A data directory with the first 1,000 primes as favorites, loaded from a file, and the
  /// activity feed that says so.
  private func withAThousandFavorites() throws -> URL {
    let home = try PrimeTime.temporaryDirectory()
    var primes: [Int] = []
    var candidate = 2
    while primes.count < 1000 {
      if !primes.contains(where: { $0 * $0 <= candidate && candidate % $0 == 0 }) {
        primes.append(candidate)
      }
      candidate += 1
    }
    let file = home.appending(path: "primes.json")
    try Data(#"{"version":1,"favoritePrimes":\#(primes)}"#.utf8).write(to: file)
    let loaded = try PrimeTime.run(
      ["-c", "load-favorites primes.json"], home: home, directory: home)
    #expect(loaded.status == 0, "\(loaded.stderr)")
    return home
  }

  @Test func onTheFavorites_PgDnPgUpHomeEnd_andgG_goAPageAtATime_andToEitherEnd() async throws {
    let home = try withAThousandFavorites()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("f")
    try await tmux.waitFor(styled: true, TmuxSession.showsSelected("     1  2"))
    // 12 rows show: a page down selects the 13th, at the top.
    try tmux.send("PageDown")
    try await tmux.waitFor(styled: true, TmuxSession.showsSelected("    13  41"))
    try tmux.send("End")
    try await tmux.waitFor(styled: true, TmuxSession.showsSelected("  1000  7919"))
    try tmux.send("PageUp")
    try await tmux.waitFor(styled: true, TmuxSession.showsSelected("   988  7817"))
    try tmux.send("Home")
    try await tmux.waitFor(styled: true, TmuxSession.showsSelected("     1  2"))
    try tmux.send("G")
    try await tmux.waitFor(styled: true, TmuxSession.showsSelected("  1000  7919"))
    try tmux.send("g")
    try await tmux.waitFor(styled: true, TmuxSession.showsSelected("     1  2"))
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
  }

  @Test func onTheActivityFeed_PgDnPgUpHomeEnd_andgG_scrollAPageAtATime_andToEitherEnd()
    async throws
  {
    let home = try withAThousandFavorites()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("f")
    try tmux.send("a")
    try await tmux.waitFor { $0.contains("Activity (1000)") && $0.contains("added   7919\n") }
    // 13 entries show: a page down shows the next 13, from the 14th newest.
    try tmux.send("PageDown")
    try await tmux.waitFor { $0.contains("added   7793\n") && !$0.contains("added   7817\n") }
    try tmux.send("End")
    try await tmux.waitFor { $0.contains("added   2\n") && !$0.contains("added   43\n") }
    try tmux.send("Home")
    try await tmux.waitFor("added   7919\n")
    try tmux.send("G")
    try await tmux.waitFor("added   2\n")
    try tmux.send("g")
    try await tmux.waitFor("added   7919\n")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
  }

  @Test func questionMarkAndF1_showTheKeysOfThePage_andAnyKeyClosesThem() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home, rows: 24)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("?")
    try await tmux.waitFor {
      $0.contains("Keys") && $0.contains("+ = -     count") && $0.contains("Any key closes")
    }
    // Any key closes them, and does nothing else.
    try tmux.send("+")
    try await tmux.waitFor { $0.contains("[-]  0  [+]") && !$0.contains("Any key closes") }
    try tmux.send("f")
    try await tmux.waitFor("Favorite primes (0)")
    try tmux.send("F1")
    try await tmux.waitFor { $0.contains("PgDn PgUp  page") && $0.contains("d          delete") }
    try tmux.send("q")
    try await tmux.waitFor { $0.contains("Favorite primes (0)") && !$0.contains("Keys") }
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
  }

  @Test func theActivityFeed_scrollsToItsOldestEntry() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71]
    let saves = primes.map { "set \($0); save" }.joined(separator: "; ")
    #expect(try PrimeTime.run(["-c", saves], home: home).status == 0)
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("f")
    try tmux.send("a")
    try await tmux.waitFor { $0.contains("Activity (20)") && $0.contains("added   71") }
    #expect(!(try tmux.screen().contains("added   2\n")))
    try tmux.send("j", times: 30)
    try await tmux.waitFor { $0.contains("added   2\n") && !$0.contains("added   71") }
    // An entry another session adds meanwhile leaves the same entries shown.
    #expect(try PrimeTime.run(["-c", "set 73; save"], home: home).status == 0)
    try await tmux.waitFor("Activity (21)")
    #expect(try tmux.screen().contains("added   2\n"))
    try tmux.send("Up")
    try await tmux.waitFor { $0.contains("added   43") && !$0.contains("added   2\n") }
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
  }

  @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
  func aSignal_endsIt_withTheTerminalGivenBack(signal: Int32) async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    let shell = try #require(Int32(try tmux.query("#{pane_pid}")))
    let pid = try #require(PrimeTime.child(of: shell))
    kill(pid, signal)
    let status = try await tmux.waitForExit()
    #expect(status == 128 + signal)
    #expect(try tmux.query("#{alternate_on}") == "0")
  }

  @Test func whenItsTerminalGoesAway_itEnds_andWhatItSavedIsKept() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    for key in ["+", "+", "p", "s"] { try tmux.send(key) }
    try await tmux.waitFor("saved 2 to your favorite primes")
    let shell = try #require(Int32(try tmux.query("#{pane_pid}")))
    let pid = try #require(PrimeTime.child(of: shell))
    // The terminal emulator ends, without a signal reaching the app.
    tmux.kill()
    let ended = try await Polling().until({ !PrimeTime.isRunning(pid) }, { $0 })
    #expect((try? ended.get()) == true)
    if PrimeTime.isRunning(pid) { kill(pid, SIGKILL) }
    #expect(try PrimeTime.run(["-c", "favorites"], home: home).stdout == "1  2\n")
  }

  @Test func aWaitForAnotherProgramThatHoldsTheDatabase_isShown_untilItEnds() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let commit = try PrimeTime.heldByAnotherProgram(in: home)
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    // The launch reads what is stored without waiting for the other program's write.
    try await tmux.waitFor("[-]  0  [+]")
    try commit()
    let holdAgain = try PrimeTime.heldByAnotherProgram(in: home, saving: 13)
    for key in ["+", "+", "p", "s"] { try tmux.send(key) }
    // The wait stands on the last rows in place of the news, until it ends.
    try await tmux.waitFor("waiting for another program that holds")
    try holdAgain()
    try await tmux.waitFor("saved 2 to your favorite primes")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
    let stored = try PrimeTime.run(["-c", "favorites"], home: home).stdout
    #expect(stored == "1  11\n2  13\n3  2\n")
  }

  @Test func quittingWhileTheDatabaseIsHeld_givesTheWaitUp_andSaysWhatIsNotStored() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    let commit = try PrimeTime.heldByAnotherProgram(in: home)
    for key in ["+", "+", "p", "s"] { try tmux.send(key) }
    try await tmux.waitFor("waiting for another program that holds")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 1)
    try await tmux.waitFor("make these changes again")
    try commit()
    #expect(try PrimeTime.run(["-c", "favorites"], home: home).stdout == "1  11\n")
  }

  @Test(arguments: ["q", "C-d"])
  func qOrCtrlD_quits_alsoWhileALookupRuns(key: String) async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let saved = try PrimeTime.run(["-c", "set 1000000000000037; save"], home: home)
    #expect(saved.status == 0)
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("f")
    try await tmux.waitFor("Favorite primes (1)")
    try tmux.send("n")
    try await tmux.waitFor("Looking up")
    try tmux.send(key)
    #expect(try await tmux.waitForExit() == 0)
    #expect(try tmux.query("#{alternate_on}") == "0")
  }

  @Test func onATerminalTooSmall_aRunningLookupShows_andEscCancelsIt() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let saved = try PrimeTime.run(["-c", "set 1000000000000037; save"], home: home)
    #expect(saved.status == 0)
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("f")
    try await tmux.waitFor("Favorite primes (1)")
    try tmux.send("n")
    try await tmux.waitFor("Looking up")
    try tmux.resize(columns: 30, rows: 8)
    try await tmux.waitFor {
      $0.contains("primetime ui needs 40×12") && $0.contains("Looking up: ")
        && $0.contains("Esc or Ctrl-C cancels")
    }
    try tmux.send("Escape")
    try await tmux.waitFor { $0.contains("cancelled") && !$0.contains("Looking up") }
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
  }

  /// Where the locale's character set is not UTF-8, the screen is drawn in ASCII: a byte of
  /// UTF-8 would show as `M-b~T~@` and push the rest of its row out of place.
  @Test func inTheCLocale_everyRowIsASCII_andInItsPlace() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home, environment: ["LC_ALL": "C"])
    defer { tmux.kill() }
    /// The screen's rows, each checked to be ASCII alone, with none of ncurses' spellings of
    /// the bytes it cannot show.
    func rows() throws -> [Substring] {
      let screen = try tmux.screen()
      #expect(screen.unicodeScalars.allSatisfy { $0.isASCII }, "\(screen)")
      #expect(!screen.contains("M-") && !screen.contains("~"), "\(screen)")
      return screen.split(separator: "\n", omittingEmptySubsequences: false)
    }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("+", "+", "p")
    try await tmux.waitFor("2 is prime (hooray)")
    var shown = try rows()
    let box = try #require(shown.firstIndex { $0.contains("| 2 is prime (hooray)") })
    #expect(shown[box - 1].wholeMatch(of: /\s*\+-+\+/) != nil, "\(shown)")
    #expect(shown[box].wholeMatch(of: /\s*\| 2 is prime \(hooray\)\s*\|/) != nil, "\(shown)")
    #expect(shown[0] == "PrimeTime")
    #expect(shown[14] == "s save   Esc close" && shown[15] == "q quit", "\(shown)")
    try tmux.send("Escape")
    try await tmux.waitFor { !$0.contains("Esc close") }
    try tmux.send("h")
    try await tmux.waitFor("> 2  count 1 -> 2 |")
    shown = try rows()
    #expect(shown[0] == "History (2 steps)")
    #expect(shown[2] == "  0  start        | Step 2: count 1 -> 2", "\(shown)")
    #expect(shown[3] == "  1  count 0 -> 1 |", "\(shown)")
    try tmux.send("Escape")
    try await tmux.waitFor("[-]  2  [+]")
    try tmux.resize(columns: 30, rows: 8)
    try await tmux.waitFor("primetime ui needs 40x12")
    _ = try rows()
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
  }

  @Test func homeAndEnd_thatTheTerminalsDescriptionLacks_doNothing() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    // tmux sends ESC [1~ and ESC [4~ for them, which xterm's description does not name.
    let tmux = try TmuxSession(
      running: ["ui"], home: home, environment: ["TERM": "xterm-256color"])
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("f")
    try await tmux.waitFor("Favorite primes (0)")
    try tmux.send("Home")
    try tmux.send("End")
    try tmux.send("a")
    try await tmux.waitFor("Activity (0)")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
  }

  @Test func whatTheLaunchWarnsOf_isADialog_thatTheFirstKeyCloses_andIsSaidOnce() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appending(path: "a-file")
    try Data().write(to: file)
    let tmux = try TmuxSession(running: ["ui", "--data-dir", file.path], home: home)
    defer { tmux.kill() }
    // The warning is broken between words where the box needs it.
    try await tmux.waitFor { $0.contains("kept in memory") && $0.contains("Any key closes") }
    // Any key closes it, Home too, which does nothing more on the counter.
    try tmux.send("Home")
    try await tmux.waitFor {
      $0.contains("[-]  0  [+]") && $0.contains("f favorites") && !$0.contains("kept in memory")
    }
    try tmux.send("+")
    try await tmux.waitFor("[-]  1  [+]")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
    // The box said it; the terminal, given back, does not say it again.
    #expect(!(try tmux.screen()).contains("kept in memory"))
  }

  @Test func aReadOnlyDataDirectory_isShown_andARefusedKeySaysWhy() async throws {
    let home = try PrimeTime.temporaryDirectory()
    #expect(try PrimeTime.run(["-c", "set 7; save"], home: home).status == 0)
    let readOnly = try PrimeTime.ReadOnlyHome(home)
    defer {
      readOnly.restore()
      try? FileManager.default.removeItem(at: home)
    }
    let tmux = try TmuxSession(running: ["ui"], home: home, launcher: readOnly.launcher)
    defer { tmux.kill() }
    try await tmux.waitFor {
      $0.contains("favorites are read-only") && $0.contains("Any key closes")
    }
    // The first key closes the box; the last rows keep their hints.
    try tmux.send("Home")
    try await tmux.waitFor { $0.contains("f favorites") && !$0.contains("read-only") }
    // The favorites stored are shown.
    try tmux.send("f")
    try await tmux.waitFor {
      $0.contains("Favorite primes (1)") && $0.contains("1  7") && !$0.contains("read-only")
    }
    try tmux.send("c")
    try await tmux.waitFor("[-]  0  [+]")
    // A refused save says why, in place of what it would have said.
    for key in ["+", "+", "p", "s"] { try tmux.send(key) }
    try await tmux.waitFor { $0.contains("2 is prime") && $0.contains("favorites are read-only") }
    #expect(!(try tmux.screen()).contains("saved 2"))
    tmux.kill()
    #expect(try PrimeTime.run(["-c", "favorites"], home: home).stdout == "1  7\n")
  }

  @Test(arguments: ["C-d", "C-c"])
  func ctrlDOrCtrlC_quits_withStatus0(key: String) async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send(key)
    #expect(try await tmux.waitForExit() == 0)
    #expect(try tmux.query("#{alternate_on}") == "0")
  }

  @Test func ctrlZ_suspendsToTheShell_andFgResumesWithTheScreenDrawnAgain() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home, atAShellPrompt: true)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("+")
    try await tmux.waitFor("[-]  1  [+]")
    try tmux.send("C-z")
    try await tmux.waitForTheShellScreen()
    try await tmux.waitFor("Stopped")
    // Resized while stopped: the screen is drawn for the new size when it comes back.
    try tmux.resize(columns: 40, rows: 12)
    try tmux.type("fg")
    try await tmux.waitFor {
      $0.split(separator: "\n").contains(
        Substring(String(repeating: " ", count: 14) + "[-]  1  [+]"))
    }
    try tmux.send("+")
    try await tmux.waitFor("[-]  2  [+]")
    #expect(try await tmux.quitToTheShell() == 0)
  }

  @Test func sentToTheBackgroundWithBg_itStopsAgain_andLeavesTheShellItsTerminal() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home, atAShellPrompt: true)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("C-z")
    try await tmux.waitForTheShellScreen()
    try await tmux.waitFor("Stopped")
    try tmux.type("bg")
    // The shell reads whole lines again, and echoes them: the app did not take the terminal.
    try await tmux.expectTheShellToEcho()
    try tmux.type("fg")
    try await tmux.waitFor("[-]  0  [+]")
    #expect(try await tmux.quitToTheShell() == 0)
  }

  @Test func startedInTheBackground_itWaitsForFg() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui", "&"], home: home, atAShellPrompt: true)
    defer { tmux.kill() }
    try await tmux.expectTheShellToEcho()
    try tmux.type("fg")
    try await tmux.waitFor("[-]  0  [+]")
    #expect(try await tmux.quitToTheShell() == 0)
  }

  @Test func aHeldDownKey_losesNoKeyPress() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("+", times: 500)
    try await tmux.waitFor("[-]  500  [+]")
    try tmux.send("-", times: 200)
    try await tmux.waitFor("[-]  300  [+]")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
  }

  @Test func theTitle_isColoured_unlessNO_COLORIsSet() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let cyan = "\u{1B}[36m"
    for (environment, isColoured) in [([String: String](), true), (["NO_COLOR": "1"], false)] {
      let tmux = try TmuxSession(running: ["ui"], home: home, environment: environment)
      defer { tmux.kill() }
      try await tmux.waitFor("[-]  0  [+]")
      let title = try #require(
        try tmux.styledScreen().split(separator: "\n").first { $0.contains("PrimeTime") })
      #expect(title.contains(cyan) == isColoured, "\(title.debugDescription)")
      try tmux.send("q")
      #expect(try await tmux.waitForExit() == 0)
    }
  }

  @Test func theHistory_travels_storageFollows_EscGoesBack_EnterStays_andRedoGoesOn()
    async throws
  {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    /// Polls what another process reads from the database until it lists these favorites.
    func waitForStored(_ favorites: String) async throws {
      try await tmux.waitFor { _ in
        (try? PrimeTime.run(["-c", "favorites"], home: home).stdout) == favorites
      }
    }

    try await tmux.waitFor("[-]  0  [+]")
    for (count, presses) in [(3, 3), (5, 2)] {
      for _ in 0..<presses { try tmux.send("+") }
      try await tmux.waitFor("[-]  \(count)  [+]")
      try tmux.send("p")
      try await tmux.waitFor("\(count) is prime")
      try tmux.send("s")
      try await tmux.waitFor("Remove from favorite primes")
      try tmux.send("Escape")
      try await tmux.waitFor { !$0.contains("Remove from favorite primes") }
    }
    try await waitForStored("1  3\n2  5\n")

    // 1. Two steps back: before 5 was saved and counted to.
    try tmux.send("h")
    try await tmux.waitFor("History (7 steps)")
    try await tmux.waitFor("> 7  saved 5")
    try tmux.send("k")
    try await tmux.waitFor("> 6  count 4 → 5")
    try tmux.send("k")
    try await tmux.waitFor("> 5  count 3 → 4")
    try await tmux.waitFor("Step 5: count 3 → 4")
    try await waitForStored("1  3\n")
    // 2. Esc goes back to where the history was opened.
    try tmux.send("Escape")
    try await tmux.waitFor("[-]  5  [+]")
    try await waitForStored("1  3\n2  5\n")
    // 3. One step back, and Enter stays there.
    try tmux.send("h")
    try await tmux.waitFor("> 7  saved 5")
    try tmux.send("k")
    try await tmux.waitFor("> 6  count 4 → 5")
    try tmux.send("Enter")
    try await tmux.waitFor("[-]  5  [+]")
    try await waitForStored("1  3\n")
    // 4. Redo takes the step after it again.
    try tmux.send("r")
    try await tmux.waitFor("redone")
    try await waitForStored("1  3\n2  5\n")
  }

  @Test func undoOfASaveAnotherSessionTookBack_saysSo_andRedoStoresItAgain_inTheREPL()
    async throws
  {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let repl = try TmuxSession(running: [], home: home, columns: 120, rows: 30)
    defer { repl.kill() }
    try repl.type("set 17")
    try repl.type("save")
    try await repl.waitFor("saved 17 to your favorite primes")
    let deleted = try PrimeTime.run(["-c", "favorites; delete 1"], home: home)
    #expect(deleted.stdout.contains("deleted 17"))
    try repl.type("history")
    try await repl.waitFor("saved 17 (taken back in another session)")
    try repl.type("undo")
    try await repl.waitFor(
      "undone: saved 17 (17 had already been removed in another session); count: 17; "
        + "no favorites")
    try repl.type("redo")
    try await repl.waitFor("redone; count: 17; favorites: 17")
    try await repl.waitFor { _ in
      (try? PrimeTime.run(["-c", "favorites"], home: home).stdout) == "1  17\n"
    }
  }

  @Test func theHistoryPage_marksAStepAnotherSessionTookBack_andRedoStoresItAgain()
    async throws
  {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home, columns: 120, rows: 20)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("+")
    try tmux.send("+")
    try await tmux.waitFor("[-]  2  [+]")
    try tmux.send("p")
    try await tmux.waitFor("Save to favorite primes")
    try tmux.send("s")
    try await tmux.waitFor("Remove from favorite primes")
    try tmux.send("Escape")
    try await tmux.waitFor { !$0.contains("Remove from favorite primes") }
    try await tmux.waitFor { _ in
      (try? PrimeTime.run(["-c", "favorites"], home: home).stdout) == "1  2\n"
    }
    _ = try PrimeTime.run(["-c", "favorites; delete 1"], home: home)
    try tmux.send("h")
    try await tmux.waitFor("Step 3: saved 2 (taken back in another session)")
    try tmux.send("Escape")
    try await tmux.waitFor("[-]  2  [+]")
    try tmux.send("u")
    try await tmux.waitFor("2 had already been removed in another session")
    try tmux.send("r")
    try await tmux.waitFor("redone")
    try await tmux.waitFor { _ in
      (try? PrimeTime.run(["-c", "favorites"], home: home).stdout) == "1  2\n"
    }
  }

  @Test func onTheHistoryPage_uAndR_moveTheMarker_asUndoAndRedo() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("+", "+")
    try await tmux.waitFor("[-]  2  [+]")
    try tmux.send("h")
    try await tmux.waitFor("> 2  count 1 → 2")
    try tmux.send("u")
    try await tmux.waitFor("> 1  count 0 → 1")
    try tmux.send("u")
    try await tmux.waitFor("> 0  start")
    try tmux.send("r")
    try await tmux.waitFor("> 1  count 0 → 1")
    try tmux.send("Enter")
    try await tmux.waitFor("[-]  1  [+]")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
  }

  @Test func replayUI_showsTheRecordedSteps_quitsWith0_andLeavesTheDataDirectoryEmpty()
    async throws
  {
    let recorder = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: recorder) }
    let recording = recorder.appending(path: "a session.jsonl").path
    let recorded = try PrimeTime.run(
      ["--record", recording, "-c", "incr 3; prime; save; undo"], home: recorder)
    #expect(recorded.status == 0)
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }

    let tmux = try TmuxSession(running: ["replay", "--ui", recording], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("Recording a session.jsonl")
    // Rows are numbered as the file's lines.
    try await tmux.waitFor("> 1  start")
    try tmux.send("j")
    try await tmux.waitFor("> 2  count 0 → 3")
    try tmux.send("G")
    try await tmux.waitFor("> 5  undo")
    try tmux.send("k")
    try await tmux.waitFor("> 4  saved 3")
    try tmux.send("k")
    try await tmux.waitFor("> 3  .counter(.isPrimeTapped)")
    try tmux.send("j")
    try await tmux.waitFor("> 4  saved 3")
    try await tmux.waitFor("Line 4: saved 3")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == [])
  }

  @Test func replayUI_countsTheFilesLines_andWrapsThePanelOnANarrowScreen() async throws {
    let recorder = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: recorder) }
    let recording = recorder.appending(path: "s.jsonl")
    let recorded = try PrimeTime.run(
      ["--record", recording.path, "-c", "incr; incr; incr"], home: recorder)
    #expect(recorded.status == 0)
    // Without its end line, as a session that was killed leaves it.
    let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n").dropLast()
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: recording)
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }

    let tmux = try TmuxSession(
      running: ["replay", "--ui", recording.path], home: home, columns: 40, rows: 14)
    defer { tmux.kill() }
    try await tmux.waitFor("Recording s.jsonl (\(lines.count) lines): no end line")
    let panel = try tmux.screen().split(separator: "\n").compactMap {
      $0.split(separator: "│ ", maxSplits: 1).dropFirst().first?.trimmingCharacters(
        in: .whitespaces)
    }
    #expect(panel.joined(separator: " ").contains("The recording stops here, with no end line."))
    try tmux.send("q")
    // As `replay` without --ui: a recording cut short has a status of its own.
    #expect(try await tmux.waitForExit() == 3)
  }

  @Test func aRecordedUISession_replays() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let recording = home.appending(path: "ui.jsonl").path
    let tmux = try TmuxSession(running: ["ui", "--record", recording], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    for key in ["+", "+", "+", "p", "s"] { try tmux.send(key) }
    // The confirmation is a notice; the modal stays until Esc, which also ends the notice.
    try await tmux.waitFor { $0.contains("saved 3 to your favorite primes") && $0.contains("[s]") }
    // Esc read together with the next key would be Alt and that key: one at a time.
    try tmux.send("Escape")
    try await tmux.waitFor { !$0.contains("Esc closes") && !$0.contains("saved 3") }
    // The navigation is recorded too.
    try tmux.send("f")
    try await tmux.waitFor("Favorite primes (1)")
    try tmux.send("a")
    try await tmux.waitFor("Activity (1)")
    try tmux.send("c")
    try await tmux.waitFor("Favorite primes (1)")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(recorded.contains("pageOpened"))
    let replay = try PrimeTime.run(["replay", recording], home: home)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains("\"count\":3"))
    #expect(replay.stdout.contains("\"favoritePrimes\":[3]"))
    #expect(replay.stdout.contains("\"screen\":\"favorites\""))
  }

  @Test func anUnknownTerminal_isAUsageError_inOneLine() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(
      running: ["ui"], home: home, columns: 100, environment: ["TERM": "no-such-terminal"])
    defer { tmux.kill() }
    #expect(try await tmux.waitForExit() == 64)
    #expect(try tmux.screen().contains("primetime: 'ui' does not know this terminal"))
  }

  @Test func notATerminal_isAUsageError_andStartsNothing() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(["ui"], home: home)
    #expect(result.status == 64)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
  }
}

/// A detached tmux session on a server of its own, running `primetime` in one pane.
final class TmuxSession: Sendable {
  private let socket = "primetime-tests-\(UUID().uuidString)"
  private let tmux: URL

  /// Starts `primetime` with `arguments` in a new pane. With `atAShellPrompt`, the pane runs
  /// an interactive shell with job control, and the command is typed at its prompt; otherwise
  /// the pane runs the command alone, followed by a line with its exit status.
  ///
  /// `launcher`, where it is given, starts the binary, as it does for
  /// ``PrimeTime/run(_:input:home:unsetting:environment:directory:launcher:)``.
  init(
    running arguments: [String], home: URL, columns: Int = 60, rows: Int = 16,
    environment extra: [String: String] = [:], atAShellPrompt: Bool = false,
    launcher: [String] = []
  ) throws {
    guard
      let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      throw TmuxError(description: "tmux is not installed (apt-get install tmux)")
    }
    self.tmux = URL(filePath: tmux)
    let environment = PrimeTime.instrumentation.merging([
      "PRIMETIME_HOME": home.path, "HOME": home.path, "LANG": "C.UTF-8", "TZ": "UTC",
    ]) { $1 }.merging(extra) { $1 }
    // Each word is quoted for the shell: a path or a profile's name may hold a space.
    let variables =
      ["env"] + environment.map { Self.quoted("\($0.key)=\($0.value)") }.sorted()
    // `&`, typed at a shell's prompt, runs the command in the background.
    let commandLine = (launcher + [PrimeTime.binary.path] + arguments).map {
      $0 == "&" ? $0 : Self.quoted($0)
    }
    .joined(separator: " ")
    // The shell that runs it says how it ended, on the screen it leaves.
    let command =
      atAShellPrompt
      ? variables + ["PS1='$ '", "ENV=", "sh", "-i"]
      : variables + [commandLine, "; echo \"exit status $?\""]
    // The server this starts outlives the command and would hold a pipe open: its output,
    // which is none, goes nowhere.
    _ = try run(
      readingOutput: false,
      [
        "new-session", "-d", "-s", "ui", "-x", "\(columns)", "-y", "\(rows)", "-c", home.path,
        command.joined(separator: " "), ";", "set-option", "-t", "ui", "remain-on-exit", "on",
      ])
    if atAShellPrompt { try type(commandLine) }
  }

  /// A word as the shell reads it back unchanged: in single quotes, each single quote in it
  /// written as `'\''`.
  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  /// Types a line of text at the shell's prompt, and Enter.
  func type(_ line: String) throws {
    _ = try run(["send-keys", "-t", "ui", "-l", line])
    try send("Enter")
  }

  /// Types a key `count` times in one go, as a held-down key repeats it.
  func send(_ key: String, times count: Int) throws {
    _ = try run(["send-keys", "-t", "ui", "-N", "\(count)", key])
  }

  /// The pane's text now, with the escape sequences of its colours and styles.
  func styledScreen() throws -> String {
    try run(["capture-pane", "-p", "-e", "-t", "ui"])
  }

  /// Whether a styled screen shows the row with `text` in reverse video, as the selected row.
  static func showsSelected(_ text: String) -> (String) -> Bool {
    { screen in
      screen.split(separator: "\n").contains { line in
        line.contains(text) && line.contains(/\u{1B}\[([0-9]+;)*7m/)
      }
    }
  }

  /// Types a line at the shell's prompt and waits for the shell to print it back: the shell
  /// reads whole lines again, so the app did not take the terminal.
  func expectTheShellToEcho() async throws {
    try type("echo typed-at-the-shell")
    // The command's output, on a line of its own or, where the shell's prompt came back after
    // the command was typed ahead, after that prompt.
    try await waitFor { screen in
      screen.split(separator: "\n").contains {
        $0.hasSuffix("typed-at-the-shell") && !$0.contains("echo")
      }
    }
    #expect(try query("#{alternate_on}") == "0")
  }

  /// Quits the app that a shell prompt started, and returns its exit status, which the shell
  /// then prints.
  func quitToTheShell() async throws -> Int32 {
    try send("q")
    try await waitForTheShellScreen()
    try type("echo \"exit status $?\"")
    return try await waitForExit()
  }

  /// Polls until the pane has left the full screen for the terminal's own.
  func waitForTheShellScreen() async throws {
    try await waitFor { _ in (try? self.query("#{alternate_on}")) == "0" }
  }

  /// The pane's text now.
  func screen() throws -> String {
    try run(["capture-pane", "-p", "-t", "ui"])
  }

  /// The pane's width now.
  var width: Int {
    (try? query("#{pane_width}")).flatMap { Int($0) } ?? 0
  }

  /// A tmux format, such as `#{pane_pid}`, for the pane.
  func query(_ format: String) throws -> String {
    try run(["display-message", "-p", "-t", "ui", format])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Types keys, together: each a character, or a tmux key name such as `Enter` or `Escape`.
  func send(_ keys: String...) throws {
    _ = try run(["send-keys", "-t", "ui"] + keys)
  }

  func resize(columns: Int, rows: Int) throws {
    _ = try run(["resize-window", "-t", "ui", "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// Polls the pane until it shows `text`.
  func waitFor(_ text: String) async throws {
    try await waitFor { $0.contains(text) }
  }

  /// Polls the pane until its text satisfies `isShown`, with ``Polling``'s safety net.
  /// With `styled`, the text has the escape sequences of its colours and styles.
  func waitFor(styled: Bool = false, _ isShown: (String) -> Bool) async throws {
    let result = try await Polling().until({ try styled ? styledScreen() : screen() }, isShown)
    if case .failure(let gaveUp) = result {
      throw TmuxError(description: "the screen never showed what was expected:\n\(gaveUp.last)")
    }
  }

  /// Polls until the program has ended; returns its exit status.
  func waitForExit() async throws -> Int32 {
    var status: Int32?
    try await waitFor { screen in
      status = screen.firstMatch(of: /exit status (\d+)/).flatMap { Int32($0.1) }
      return status != nil
    }
    return status ?? -1
  }

  /// Ends the session and its server, which is killed outright if it does not end when asked.
  func kill() {
    let server = (try? query("#{pid}")).flatMap { Int32($0) }
    _ = try? run(["kill-server"])
    // Only while that process is still this server, not another that took its number.
    if let server,
      let line = try? String(contentsOfFile: "/proc/\(server)/cmdline", encoding: .utf8),
      line.contains(socket)
    {
      Glibc.kill(server, SIGKILL)
    }
  }

  /// Runs a tmux command to its end and returns what it printed. Spawned and waited for here:
  /// the server that `new-session` starts outlives its client, which `Process` does not see end.
  @discardableResult
  private func run(readingOutput: Bool = true, _ arguments: [String]) throws -> String {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var output: [Int32] = [-1, -1]
    guard pipe(&output) == 0 else { throw TmuxError(description: "no pipe for tmux") }
    if readingOutput {
      posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // Nothing else of this process's: a server that kept another test's pipe open would leave
    // that test waiting for its end.
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    let words: [String] = [tmux.path, "-L", socket, "-f", "/dev/null"] + arguments
    let variables: [String] = ["PATH=/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8"]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, tmux.path, &actions, nil, argv, envp)
    close(output[1])
    defer { close(output[0]) }
    guard spawned == 0 else { throw TmuxError(description: "could not start tmux") }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(output[0], &buffer, buffer.count)
      if count > 0 {
        data.append(contentsOf: buffer[0..<count])
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return String(decoding: data, as: UTF8.self)
  }
}

struct TmuxError: Error, CustomStringConvertible {
  let description: String
}
