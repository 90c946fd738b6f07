import FavoritesDatabase
import FavoritesDatabaseLive
import Foundation
import PseudoTerminal
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `primetime` at a real pseudo-terminal: the prompt, line editing with history recall, tab
/// completion, Ctrl-C, and history kept across sessions.
struct TerminalTests {
  @Test func aDirectCommand_showsProgress_andCtrlCStopsIt_andErasesTheProgressLine() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try PseudoTerminal(
      running: PrimeTime.binary, arguments: ["nth-prime", "100000000000000"], home: home)
    try terminal.expect("working…")
    try terminal.expect("%")
    // While the progress line shows, typed keys are not echoed.
    #expect(!terminal.echoes)
    // Progress shows while the lookup runs, not once it is over.
    #expect(!terminal.transcript.contains("100%"))
    terminal.type("\u{03}")
    #expect(try terminal.waitForExit() == 128 + SIGINT)
    #expect(!terminal.transcript.contains("3475385758524527"))
    // Ctrl-C ended the command; the terminal echoes again, and the progress line was erased
    // after it last showed, so the shell's prompt starts on a clean line.
    #expect(terminal.echoes)
    let transcript = terminal.transcript
    let last = transcript.range(of: "working…", options: .backwards)?.upperBound
    #expect(transcript[(last ?? transcript.endIndex)...].contains("\r\u{1B}[K"))
  }

  @Test func aLookupOfACommandString_showsProgress_andCtrlCEndsIt_erasingTheLine() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try PseudoTerminal(
      running: PrimeTime.binary, arguments: ["-c", "set 7; save; set 10^14; nth"], home: home)
    try terminal.expect("count: 100000000000000")
    try terminal.expect("working…")
    try terminal.expect("%")
    #expect(!terminal.transcript.contains("Ctrl-C cancels"))
    terminal.type("\u{03}")
    #expect(try terminal.waitForExit() == 128 + SIGINT)
    let transcript = terminal.transcript
    let last = transcript.range(of: "working…", options: .backwards)?.upperBound
    #expect(transcript[(last ?? transcript.endIndex)...].contains("\r\u{1B}[K"))
    // What the string saved before the lookup is kept.
    #expect(try PrimeTime.run(["-c", "favorites"], home: home).stdout == "1  7\n")
  }

  @Test func keysTypedDuringALookup_neverGarbleTheProgressLine_andWaitForThePrompt() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try PseudoTerminal(running: PrimeTime.binary, home: home)
    try terminal.expect("counter 0> ")
    terminal.type("set 30000000000000\r")
    try terminal.expect("counter 30000000000000> ")
    // A lookup of seconds, many times the moment progress waits before it shows.
    terminal.type("nth\r")
    try terminal.expect("working…")
    terminal.type("incr")
    let answer = "the 30000000000000th prime is 1005368767096627"
    try terminal.expect(answer)
    let transcript = terminal.transcript
    let duringTheLookup = transcript[
      ..<(transcript.range(of: answer)?.lowerBound ?? transcript.endIndex)]
    try terminal.expect("counter 30000000000000> ")
    // The keys were not echoed beside the progress line; readline takes them at the prompt.
    #expect(!duringTheLookup.contains("incr"))
    try terminal.expect("incr")
    terminal.type("\r")
    try terminal.expect("count: 30000000000001")
    terminal.type("quit\r")
    #expect(try terminal.waitForExit() == 0)
  }

  /// A pager that marks each line it shows, where it runs as a pager must: in the terminal's
  /// foreground process group, with SIGINT not ignored, so that it can use the terminal and
  /// Ctrl-C reaches it.
  static let pager = #"""
    read -r pid comm state ppid pgrp session tty tpgid rest < /proc/$$/stat
    ignored=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status)
    if [ "$pgrp" = "$tpgid" ] && [ $((0x$ignored & 2)) -eq 0 ]; then sed 's/^/paged: /'
    else echo "the pager runs in the background"; cat > /dev/null; fi
    """#

  /// A data directory in `home` with the primes below `limit` as favorites.
  static func favorites(below limit: Int, in home: URL) throws {
    let primes = (2..<limit).filter { n in (2..<n).allSatisfy { n % $0 != 0 } }
    try Data("\(primes)".utf8).write(to: home.appending(path: "many.json"))
    _ = try PrimeTime.run(["-c", "load-favorites many.json"], home: home)
  }

  @Test(arguments: [["favorites"], ["-c", "activity"], ["-c", "favorites"]])
  func aLongListing_onATerminal_goesThroughThePager(arguments: [String]) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try Self.favorites(below: 200, in: home)
    let terminal = try PseudoTerminal(
      running: PrimeTime.binary, arguments: arguments, home: home,
      environment: ["PAGER=\(Self.pager)"])
    try terminal.expect(arguments.last == "activity" ? "paged: 20" : "paged: 46  199")
    #expect(try terminal.waitForExit() == 0)
    #expect(!terminal.transcript.contains("background"))
  }

  @Test func aLongListing_atThePrompt_goesThroughThePager_andThePromptComesBack() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try Self.favorites(below: 200, in: home)
    let terminal = try PseudoTerminal(
      running: PrimeTime.binary, home: home, environment: ["PAGER=\(Self.pager)"])
    try terminal.expect("counter 0> ")
    terminal.type("favorites\r")
    try terminal.expect("paged: 46  199")
    try terminal.expect("favorites (46)> ")
    terminal.type("quit\r")
    #expect(try terminal.waitForExit() == 0)
    #expect(!terminal.transcript.contains("background"))
  }

  @Test func withNoPagerNamed_lessIsTheOne_withLessOptionsAsGitSetsThem() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try Self.favorites(below: 200, in: home)
    let bin = home.appending(path: "bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let less = bin.appending(path: "less")
    try PrimeTime.writeScript(
      """
      #!/bin/sh
      printf 'less with LESS=%s\\n' "$LESS"
      sed 's/^/paged: /'

      """, to: less)
    let terminal = try PseudoTerminal(
      running: PrimeTime.binary, arguments: ["favorites"], home: home,
      environment: ["PATH=\(bin.path):/usr/bin:/bin"])
    try terminal.expect("less with LESS=FRX")
    try terminal.expect("paged: 46  199")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test(arguments: [
    ["PAGER=\(pager)", "PRIMETIME_PAGER="], ["PAGER="], ["PRIMETIME_PAGER=\(pager)", "ROWS"],
    ["PAGER=\(pager)", "JSON"],
  ])
  func aListing_isPrintedAsItIs_withThePagerOff_orWhenItFits(environment: [String]) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let count = environment.last == "ROWS" ? 5 : 40
    let primes = (2...1000).filter { n in (2..<n).allSatisfy { n % $0 != 0 } }.prefix(count)
    try Data("\(Array(primes))".utf8).write(to: home.appending(path: "some.json"))
    _ = try PrimeTime.run(["-c", "load-favorites some.json"], home: home)
    let json = environment.last == "JSON"
    let terminal = try PseudoTerminal(
      running: PrimeTime.binary, arguments: ["favorites"] + (json ? ["--json"] : []), home: home,
      environment: environment.filter { $0 != "ROWS" && $0 != "JSON" })
    #expect(try terminal.waitForExit() == 0)
    #expect(
      terminal.transcript.contains(json ? "\(primes.last ?? 0)]" : "\(count)  \(primes.last ?? 0)"))
    #expect(!terminal.transcript.contains("paged:"))
  }

  @Test func aListing_inAPipe_isNeverPaged() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let primes = (2...1000).filter { n in (2..<n).allSatisfy { n % $0 != 0 } }
    try Data("\(primes)".utf8).write(to: home.appending(path: "many.json"))
    let result = try PrimeTime.run(
      ["-c", "load-favorites many.json; favorites"], home: home,
      environment: ["PAGER": Self.pager])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("paged:"))
    #expect(result.stdout.hasSuffix("168  997\n"))
  }

  @Test(arguments: [[], ["ui"]])
  func aPerson_whoseSessionMovedADamagedDatabaseAside_quitsWithStatusOne(arguments: [String])
    throws
  {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try Data(repeating: 0x5A, count: 8192).write(to: home.appending(path: "primetime.sqlite"))
    let terminal = try PseudoTerminal(running: PrimeTime.binary, arguments: arguments, home: home)
    if arguments.isEmpty {
      try terminal.expect("moved it to")
      try terminal.expect("counter 0> ")
      terminal.type("quit\r")
    } else {
      // The box that says so closes with the first key; q then quits.
      try terminal.expect("moved it to")
      try terminal.expect("Any key")
      terminal.type(" q")
    }
    #expect(try terminal.waitForExit() == 1)
  }

  @Test func theHistoryFile_keepsNoTrailingSpaces_andNoRepeatedLines() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try PseudoTerminal(running: PrimeTime.binary, home: home)
    try terminal.expect("counter 0> ")
    for line in ["incr   ", "incr", "  incr ", "decr", "incr"] {
      terminal.type(line + "\r")
      try terminal.expect("count: ")
    }
    terminal.type("quit\r")
    #expect(try terminal.waitForExit() == 0)
    let history = try String(
      contentsOf: home.appending(path: "repl-history"), encoding: .utf8)
    #expect(history == "incr\ndecr\nincr\nquit\n")
  }

  @Test func anInteractiveSession_isRecorded_andReplays() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let recording = home.appending(path: "session.jsonl").path

    let terminal = try PseudoTerminal(
      running: PrimeTime.binary, arguments: ["--record", recording], home: home)
    try terminal.expect("counter 0> ")
    terminal.type("set 7\r")
    try terminal.expect("counter 7> ")
    terminal.type("prime\r")
    try terminal.expect("counter 7> ")
    terminal.type("save\r")
    try terminal.expect("saved 7")
    terminal.type("quit\r")
    #expect(try terminal.waitForExit() == 0)

    let replay = try PrimeTime.run(["replay", recording], home: home)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains(#""count":7,"favoritePrimes":[7]"#))
  }

  @Test func prompt_historyRecall_tabCompletion_andCtrlC() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }

    let terminal = try PseudoTerminal(running: PrimeTime.binary, home: home)
    try terminal.expect("counter 0> ")
    terminal.type("incr\r")
    try terminal.expect("count: 1")
    try terminal.expect("counter 1> ")

    // Up arrow recalls "incr"; Enter runs it again.
    terminal.type("\u{1B}[A")
    try terminal.expect("incr")
    terminal.type("\r")
    try terminal.expect("count: 2")
    try terminal.expect("counter 2> ")

    // Tab completes "fav" to "favorites".
    terminal.type("favo\t")
    try terminal.expect("favorites")
    terminal.type("\r")
    try terminal.expect("favorites (0)> ")

    // Ctrl-C clears the line being typed; the next command runs alone.
    terminal.type("set 99")
    try terminal.expect("set 99")
    terminal.type("\u{03}")
    try terminal.expect("favorites (0)> ")
    terminal.type("counter\r")
    try terminal.expect("count: 2")

    // A long lookup shows progress; Ctrl-C cancels it, not the REPL.
    terminal.type("set 100000000000000\r")
    try terminal.expect("counter 100000000000000> ")
    terminal.type("nth\r")
    try terminal.expect("working…")
    terminal.type("\u{03}")
    try terminal.expect("cancelled")
    try terminal.expect("counter 100000000000000> ")
    terminal.type("state --json\r")
    try terminal.expect(#""isLookingUp":false"#)
    terminal.type("quit\r")
    #expect(try terminal.waitForExit() == 0)

    // A new session recalls the last session's lines.
    let again = try PseudoTerminal(running: PrimeTime.binary, home: home)
    try again.expect("counter 0> ")
    again.type("\u{1B}[A")
    try again.expect("quit")
    again.type("\r")
    #expect(try again.waitForExit() == 0)
  }

  /// Tab completes a file's name after the commands that take one, escaped as the REPL's words
  /// read it back, and a directory's with its slash; other commands keep their own words.
  @Test func tab_completesFileNames_afterTheCommandsThatTakeAFile() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try Data(#"{"version":1,"favoritePrimes":[7]}"#.utf8)
      .write(to: home.appending(path: "my favorites.json"))
    try FileManager.default.createDirectory(
      at: home.appending(path: "backups"), withIntermediateDirectories: false)
    let terminal = try PseudoTerminal(running: PrimeTime.binary, home: home)
    try terminal.expect("counter 0> ")
    terminal.type("load-favorites ~/my\t")
    try terminal.expect(#"load-favorites ~/my\ favorites.json "#)
    terminal.type("\r")
    try terminal.expect("added 1 favorite prime")
    try terminal.expect("counter 0> ")
    // Inside a quote, the name is completed as it is, and the quote closed.
    terminal.type(#"save-favorites "~/my f"# + "\t")
    try terminal.expect(#"save-favorites "~/my favorites.json" "#)
    terminal.type("\u{15}")  // Ctrl-U: the line is dropped
    terminal.type("save-favorites ~/ba\t")
    try terminal.expect("save-favorites ~/backups/")
    terminal.type("\u{15}")
    terminal.type("tra\t")
    try terminal.expect("trace ")
    terminal.type("of\t")
    try terminal.expect("off ")
    terminal.type("\r")
    try terminal.expect("trace off\r\n")
    terminal.type("quit\r")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func aWaitForAnotherProgramThatHoldsTheDatabase_isSaid_andThenGoesOn() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let commit = try PrimeTime.heldByAnotherProgram(in: home)
    let terminal = try PseudoTerminal(
      running: PrimeTime.binary, arguments: ["-c", "set 13; save"], home: home)
    let database = home.appending(path: FavoritesDatabase.fileName).path
    try terminal.expect("primetime: waiting for another program that holds \(database)\r\n")
    try commit()
    #expect(try terminal.waitForExit() == 0)
    // Here Ctrl-C ends the process; only a session's prompt gives a wait up.
    #expect(!terminal.transcript.contains("Ctrl-C"))
    #expect(terminal.transcript.contains("saved 13 to your favorite primes"))
    #expect(terminal.transcript.components(separatedBy: "waiting for").count == 2)
    #expect(try PrimeTime.run(["-c", "favorites"], home: home).stdout == "1  11\n2  13\n")
  }

  /// After the wait is given up, the next command stores the change, or, where there is none,
  /// the end of the session does.
  @Test(arguments: [true, false])
  func atThePrompt_CtrlCGivesUpTheWait_andTheChangeIsStoredLater(withACommand: Bool) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try PseudoTerminal(running: PrimeTime.binary, home: home)
    try terminal.expect("counter 0> ")
    let commit = try PrimeTime.heldByAnotherProgram(in: home)
    terminal.type("set 13; save\r")
    // The command's notice comes once its write is done: here, once the wait is given up.
    try terminal.expect("(Ctrl-C gives up)")
    terminal.type("\u{03}")
    try terminal.expect("saved 13 to your favorite primes")
    try terminal.expect(
      "another program holds it, and the wait for it was given up; the changes are kept in memory")
    try terminal.expect("counter 13> ")
    try commit()
    if withACommand {
      terminal.type("favorites\r")
      try terminal.expect("favorites (2)> ")
      terminal.type("quit\r")
    } else {
      terminal.type("\u{04}")
    }
    #expect(try terminal.waitForExit() == 0)
    let stored = try PrimeTime.run(["-c", "favorites"], home: home).stdout
    #expect(stored.contains("  11\n") && stored.contains("  13\n"))
  }

  @Test func unusableDataDirectory_saysSoOnce_andKeepsTheFavoritesInMemory() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let blocker = home.appending(path: "not-a-directory")
    try Data().write(to: blocker)

    let terminal = try PseudoTerminal(
      running: PrimeTime.binary, home: blocker.appending(path: "data"))
    try terminal.expect("could not create the data directory")
    try terminal.expect("favorites and activity are kept in memory only")
    try terminal.expect("counter 0> ")
    terminal.type("set 7\r")
    try terminal.expect("counter 7> ")
    terminal.type("save\r")
    try terminal.expect("saved 7 to your favorite primes")
    try terminal.expect("counter 7> ")
    terminal.type("state --json\r")
    try terminal.expect(#""favoritePrimes":[7]"#)
    try terminal.expect("counter 7> ")
    terminal.type("quit\r")
    #expect(try terminal.waitForExit() == 0)
    #expect(terminal.transcript.components(separatedBy: "primetime: ").count == 2)
  }
}

/// A child process whose standard input, output and error are a new pseudo-terminal.
final class PseudoTerminal {
  struct Timeout: Error, CustomStringConvertible {
    let expected: String
    let seen: String
    var description: String {
      "timed out waiting for \(expected.debugDescription); saw \(seen.debugDescription)"
    }
  }

  private let master: Int32
  private let pid: pid_t
  private var buffer = ""
  private var searchStart: String.Index

  init(
    running binary: URL, arguments: [String] = [], home: URL, environment extra: [String] = []
  ) throws {
    let base =
      [
        "HOME=\(home.path)", "PRIMETIME_HOME=\(home.path)", "TERM=xterm", "NO_COLOR=1",
        "PATH=/usr/bin:/bin", "INPUTRC=/dev/null",
      ] + PrimeTime.instrumentation.map { "\($0.key)=\($0.value)" }
    // A variable given in `extra` replaces the one above: the first of a name is the one read.
    let names = Set(extra.map { $0.prefix { $0 != "=" } })
    let environment = base.filter { !names.contains($0.prefix { $0 != "=" }) } + extra
    let argv: [UnsafeMutablePointer<CChar>?] =
      ([binary.path] + arguments).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var controller: Int32 = -1
    var child: pid_t = 0
    guard pseudo_terminal_spawn(binary.path, argv, envp, &controller, &child) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    master = controller
    pid = child
    searchStart = buffer.startIndex
  }

  deinit {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(master)
  }

  /// Whether the terminal echoes what is typed.
  var echoes: Bool {
    var settings = termios()
    return tcgetattr(master, &settings) == 0 && settings.c_lflag & tcflag_t(ECHO) != 0
  }

  func type(_ text: String) {
    _ = text.withCString { write(master, $0, strlen($0)) }
  }

  /// Everything the child wrote that ``expect(_:timeout:)`` has read.
  var transcript: String { buffer }

  /// Reads until `text` appears after what earlier calls matched. The time limit is a safety
  /// net that only a hung child reaches, not a measure of speed: a busy machine never hits it.
  func expect(_ text: String, timeout: Duration = .seconds(300)) throws {
    let deadline = ContinuousClock.now + timeout
    while true {
      if let range = buffer.range(of: text, range: searchStart..<buffer.endIndex) {
        searchStart = range.upperBound
        return
      }
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else {
        throw Timeout(expected: text, seen: String(buffer[searchStart...]))
      }
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(remaining.components.seconds * 1000 + 1)
      guard poll(&descriptor, 1, milliseconds) > 0 else { continue }
      var bytes = [UInt8](repeating: 0, count: 4096)
      let count = read(master, &bytes, bytes.count)
      guard count > 0 else { throw Timeout(expected: text, seen: String(buffer[searchStart...])) }
      let offset = buffer.distance(from: buffer.startIndex, to: searchStart)
      buffer += String(decoding: bytes[0..<count], as: UTF8.self)
      searchStart = buffer.index(buffer.startIndex, offsetBy: offset)
    }
  }

  /// Waits for the child to exit and returns its exit status, or 128 plus the signal that
  /// ended it.
  func waitForExit() throws -> Int32 {
    // Drain output so that the child never blocks writing to the terminal; what it wrote last
    // is kept in the transcript.
    var bytes = [UInt8](repeating: 0, count: 4096)
    while case let count = read(master, &bytes, bytes.count), count > 0 {
      buffer += String(decoding: bytes[0..<count], as: UTF8.self)
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    // Killed by a signal: 128 plus the signal's number, as a shell reports it.
    let signal = status & 0x7F
    return signal != 0 ? 128 + signal : (status >> 8) & 0xFF
  }
}
