import AppTestSupport
import FavoritesDatabase
import FavoritesDatabaseLive
import Foundation
import Testing

/// What happens to the user's data across restarts, when processes die mid-write or run side by
/// side, and when what is on disk cannot be used.
struct ReliabilityTests {
  private static func state(_ home: URL, _ commands: String) throws -> SessionState {
    let result = try PrimeTime.run(["-c", commands + "; state --json"], home: home)
    let line = try #require(result.stdout.split(separator: "\n").last)
    return try SessionState(json: String(line))
  }

  @Test func randomSessionsAcrossRestarts_endInMemoryAsTheNextStarts() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let seed = UInt64(ProcessInfo.processInfo.environment["STORAGE_SEED"] ?? "") ?? 20_261_123
    var random = SplitMix64(seed: seed)
    let primes = [2, 3, 5, 7, 11, 13, 17, 19]
    let importFile = home.appending(path: "import.json")
    try Data("[19, 4, 2, 23, 19]".utf8).write(to: importFile)
    var previous = try SessionState(json: #"{"activityFeed":[],"favoritePrimes":[]}"#)
    for session in 0..<12 {
      var lines = ["state --json"]
      for _ in 0..<Int(random.next() % 12 + 4) {
        switch random.next() % 8 {
        case 0, 1: lines += ["counter", "set \(primes[Int(random.next() % 8)])", "save"]
        case 2: lines += ["counter", "set \(primes[Int(random.next() % 8)])", "remove"]
        case 3: lines += ["favorites", "delete \(random.next() % 3 + 1)"]
        case 4, 5: lines.append("undo")
        case 6: lines.append("redo")
        default: lines.append("load-favorites \(importFile.path)")
        }
      }
      lines.append("state --json")
      // Failing lines (nothing to undo, no such row) are part of the test: they change nothing.
      let result = try PrimeTime.run(
        [], input: Data(lines.joined(separator: "\n").utf8), home: home)
      let states = try result.stdout.split(separator: "\n")
        .filter { $0.hasPrefix("{\"activityFeed\"") }.map { try SessionState(json: String($0)) }
      let first = try #require(states.first)
      let last = try #require(states.last)
      #expect(first == previous, "seed \(seed), session \(session) started with \(first)")
      #expect(last.feedReplaysToFavorites, "seed \(seed), session \(session): \(last)")
      let disk = try await FavoritesDatabase.live(directory: home).open().contents
      #expect(disk.favoritePrimes == last.favoritePrimes, "seed \(seed), session \(session)")
      #expect(disk.activityFeed.map(\.id.uuidString) == last.activityFeed.map(\.id))
      previous = last
    }
  }

  @Test func twoSessionsLineByLine_loseNothing_resurrectNothing_andSeeEachOther() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let a = try LiveSession(home: home)
    let b = try LiveSession(home: home)
    try a.run("set 7")
    try a.run("save")
    try b.run("set 11")
    #expect(try b.run("save").favoritePrimes == [7, 11])
    #expect(try a.run("favorites").favoritePrimes == [7, 11])
    try a.run("save-favorites")
    let exported = try Data(contentsOf: home.appending(path: "favorite-primes.json"))
    #expect(
      String(decoding: exported, as: UTF8.self) == #"{"version":1,"favoritePrimes":[7,11]}"# + "\n")
    // A's undo takes back A's save only; B's stays.
    #expect(try a.run("undo").favoritePrimes == [11])
    #expect(try b.run("undo").favoritePrimes == [])
    #expect(try a.run("redo").favoritePrimes == [7])
    #expect(try b.run("redo").favoritePrimes == [7, 11])
    // B removes 13 after A saved it: A's undo must not bring it back, nor remove it twice.
    try a.run("counter")
    try a.run("set 13")
    #expect(try a.run("save").favoritePrimes == [7, 11, 13])
    try b.run("set 13")
    #expect(try b.run("remove").favoritePrimes == [7, 11])
    let afterUndo = try a.run("undo")
    #expect(afterUndo.favoritePrimes == [7, 11])
    #expect(afterUndo.feedReplaysToFavorites, "\(afterUndo)")
    // A saves 13 again, B adds 17: both are kept, in the order they were saved.
    try a.run("save")
    try b.run("set 17")
    try b.run("save")
    let seenByA = try a.run("state")
    let seenByB = try b.run("state")
    #expect(seenByA == seenByB)
    #expect(seenByA.favoritePrimes == [7, 11, 13, 17])
    #expect(seenByA.feedReplaysToFavorites, "\(seenByA)")
    try a.quit()
    try b.quit()
    #expect(try Self.state(home, "favorites") == seenByA)
  }

  /// Runs each line in session `a` or `b`, two sessions on one data directory, and quits
  /// both. Returns the state the last line left, what the next session starts with, and what
  /// the last line printed.
  private static func twoSessions(
    _ lines: [(session: Character, line: String)]
  ) throws -> (last: SessionState, next: SessionState, output: [String]) {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let a = try LiveSession(home: home)
    let b = try LiveSession(home: home)
    var last: SessionState?
    var output: [String] = []
    for (session, line) in lines {
      let live = session == "a" ? a : b
      last = try live.run(line)
      output = live.lastOutput
    }
    try a.quit()
    try b.quit()
    return (try #require(last), try state(home, "favorites"), output)
  }

  @Test func redoAfterAnotherSessionSavedAndRemovedThatPrime_savesItAgain() throws {
    let (redone, next, output) = try Self.twoSessions([
      ("a", "set 7"), ("a", "save"), ("a", "undo"),
      ("b", "set 7"), ("b", "save"), ("b", "remove"),
      ("a", "redo"),
    ])
    #expect(redone.favoritePrimes == [7])
    #expect(output == ["redone; count: 7; favorites: 7"])
    #expect(redone.feedReplaysToFavorites, "\(redone)")
    #expect(next == redone)
  }

  @Test func redoAfterAnotherSessionRemovedAndSavedThatPrime_removesItAgain() throws {
    let (redone, next, output) = try Self.twoSessions([
      ("a", "set 7"), ("a", "save"), ("a", "remove"), ("a", "undo"),
      ("b", "set 7"), ("b", "remove"), ("b", "save"),
      ("a", "redo"),
    ])
    #expect(redone.favoritePrimes == [])
    #expect(output == ["redone; count: 7; no favorites"])
    #expect(redone.feedReplaysToFavorites, "\(redone)")
    #expect(next == redone)
  }

  @Test func redoPastAnotherSessionsEntry_leavesMemoryAsTheNextSessionStarts() throws {
    let (redone, next, _) = try Self.twoSessions([
      ("a", "set 7"), ("a", "save"),
      ("b", "set 11"), ("b", "save"),
      ("a", "favorites"), ("a", "undo"), ("a", "redo"),
    ])
    #expect(Set(redone.favoritePrimes) == [7, 11])
    #expect(redone.feedReplaysToFavorites, "\(redone)")
    #expect(next == redone)
  }

  @Test func undoOfARemoval_putsThePrimeBackWhereTheDatabaseDoes() throws {
    let (undone, next, _) = try Self.twoSessions([
      ("a", "set 3"), ("a", "save"), ("a", "set 7"), ("a", "save"), ("a", "remove"),
      ("b", "set 13"), ("b", "save"),
      ("a", "favorites"), ("a", "undo"),
    ])
    #expect(undone.favoritePrimes == [3, 7, 13])
    #expect(undone.feedReplaysToFavorites, "\(undone)")
    #expect(next == undone)
  }

  @Test func undoAndRedo_sayWhatTheyLeft_afterTakingInAnotherSessionsChanges() throws {
    let saves: [(session: Character, line: String)] = [
      ("a", "set 7"), ("a", "save"), ("b", "set 11"), ("b", "save"),
    ]
    let (undone, _, undoOutput) = try Self.twoSessions(saves + [("a", "undo")])
    #expect(undone.favoritePrimes == [11])
    #expect(undoOutput == ["undone; count: 7; favorites: 11"])
    let (redone, _, redoOutput) = try Self.twoSessions(
      saves + [("a", "undo"), ("b", "set 13"), ("b", "save"), ("a", "redo")])
    // Written again, the save is the latest: 7 goes last.
    #expect(redone.favoritePrimes == [11, 13, 7])
    #expect(redoOutput == ["redone; count: 7; favorites: 11, 13, 7"])
  }

  @Test func killedWhileWriting_leavesFavoritesAndFeedConsistent() throws {
    signal(SIGPIPE, SIG_IGN)
    var script = ""
    for round in 0..<2000 {
      let prime = [2, 3, 5, 7, 11, 13][round % 6]
      script += "set \(prime)\nsave\nsave-favorites\nremove\nundo\n"
    }
    let churn = Data(script.utf8)
    var random = SystemRandomNumberGenerator()
    for attempt in 0..<30 {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let process = Process()
      process.executableURL = PrimeTime.binary
      process.environment = PrimeTime.instrumentation.merging([
        "PRIMETIME_HOME": home.path, "HOME": home.path,
      ]) { $1 }
      process.currentDirectoryURL = home
      let stdin = Pipe()
      let stdout = Pipe()
      process.standardInput = stdin
      process.standardOutput = stdout
      process.standardError = FileHandle.nullDevice
      try process.run()
      DispatchQueue.global().async {
        try? stdin.fileHandleForWriting.write(contentsOf: churn)
        try? stdin.fileHandleForWriting.close()
      }
      // Let it run a random number of output lines, then kill it without warning.
      let target = Int.random(in: 1...400, using: &random)
      var seen = 0
      while seen < target {
        let data = stdout.fileHandleForReading.availableData
        if data.isEmpty { break }
        seen += data.filter { $0 == UInt8(ascii: "\n") }.count
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()

      let state = try Self.state(home, "favorites")
      #expect(state.feedReplaysToFavorites, "attempt \(attempt): \(state)")
      let exported = home.appending(path: "favorite-primes.json")
      if let data = try? Data(contentsOf: exported) {
        // Written atomically: whole, or not there at all.
        let text = String(decoding: data, as: UTF8.self)
        let export = try? JSONDecoder().decode(Export.self, from: data)
        #expect(export?.version == 1, "attempt \(attempt): \(text)")
        let primes = export?.favoritePrimes ?? []
        #expect(Set(primes).count == primes.count, "attempt \(attempt): \(text)")
        #expect(Set(primes).isSubset(of: [2, 3, 5, 7, 11, 13]), "attempt \(attempt): \(text)")
      }
    }
  }

  @Test(arguments: [["favorites"], ["-c", "favorites"], ["activity", "--json"]])
  func aRead_thatMovedADamagedDatabaseAside_exitsOne(arguments: [String]) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    _ = try PrimeTime.run(["-c", "set 7; save"], home: home)
    // The schema's page stays; a page of the favorites is written over.
    let database = home.appending(path: "primetime.sqlite")
    var bytes = try Data(contentsOf: database)
    #expect(bytes.count > 8192)
    bytes.replaceSubrange(4096..<8192, with: Data(repeating: 0x5A, count: 4096))
    try bytes.write(to: database)
    let result = try PrimeTime.run(arguments, home: home)
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(lines)")
    #expect(
      lines.first?.contains(
        /could not be used \((its disk image is malformed|it is not a database)\); moved it to/)
        == true,
      "\(lines)")
    #expect(result.stdout.hasPrefix(arguments.last == "--json" ? "[]" : "no favorite primes yet"))
  }

  @Test func corruptDatabase_isMovedAside_andANewOneStarts() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let garbage = Data(repeating: 0x5A, count: 8192)
    try garbage.write(to: home.appending(path: "primetime.sqlite"))
    let result = try PrimeTime.run(["-c", "set 7; save"], home: home)
    // The script ran, and what is on disk changed: the status says so.
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.contains("could not be used (it is not a database") == true)
    let aside = try #require(
      try FileManager.default.contentsOfDirectory(atPath: home.path)
        .first { $0.hasPrefix("primetime.sqlite.unreadable-") })
    #expect(aside.wholeMatch(of: /primetime\.sqlite\.unreadable-\d{8}T\d{6}Z-\d+/) != nil)
    #expect(lines.first?.contains(aside) == true)
    #expect(try Data(contentsOf: home.appending(path: aside)) == garbage)
    #expect(try Self.state(home, "favorites").favoritePrimes == [7])
  }

  @Test func databaseFromALaterVersion_isRefused_andLeftAsItIs() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    _ = try PrimeTime.run(["-c", "set 7; save"], home: home)
    let file = home.appending(path: "primetime.sqlite")
    var bytes = try Data(contentsOf: file)
    bytes.replaceSubrange(60..<64, with: [0, 0, 0, 99])  // PRAGMA user_version = 99
    try bytes.write(to: file)
    let result = try PrimeTime.run(["-c", "favorites"], home: home)
    #expect(result.status == 1)
    #expect(result.stderr.contains("has schema version 99"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(try Data(contentsOf: file) == bytes)
  }

  @Test func versionOneFiles_areImportedOnce_andRenamed() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try Data(#"{"version":1,"favoritePrimes":[11,7]}"#.utf8)
      .write(to: home.appending(path: "favorite-primes.json"))
    try Data(
      #"""
      {"version":1,"activityFeed":[{"type":"added","prime":7,"timestamp":"2026-11-22T07:30:00Z"},
      {"type":"added","prime":7,"timestamp":"2026-11-22T07:31:00Z"},
      {"type":"added","prime":11,"timestamp":"2026-11-22T07:32:00Z"}]}
      """#.utf8
    ).write(to: home.appending(path: "activity-feed.json"))
    let first = try PrimeTime.run(["-c", "state --json"], home: home)
    #expect(first.status == 0)
    #expect(first.stderr.contains(".migrated"))
    let state = try SessionState(json: first.stdout.trimmingCharacters(in: .newlines))
    // In the order of their last saves in the feed, which every session keeps.
    #expect(state.favoritePrimes == [7, 11])
    #expect(
      state.activityFeed.map(\.timestamp) == [
        "2026-11-22T07:30:00.000Z", "2026-11-22T07:32:00.000Z",
      ])
    #expect(state.feedReplaysToFavorites)
    let files = try FileManager.default.contentsOfDirectory(atPath: home.path)
    #expect(files.contains("favorite-primes.json.migrated"))
    #expect(files.contains("activity-feed.json.migrated"))
    let second = try PrimeTime.run(["-c", "state --json"], home: home)
    #expect(second.stderr.isEmpty)
    #expect(try SessionState(json: second.stdout.trimmingCharacters(in: .newlines)) == state)
  }

  @Test func importOfABareArray_addsItsNewPrimes_andReportsTheRest() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appending(path: "original.json")
    try Data("[2, 3, 4, 7, 3]".utf8).write(to: file)
    let result = try PrimeTime.run(
      ["-c", "set 3; save; load-favorites original.json; favorites"], home: home,
      directory: home)
    #expect(result.status == 0)
    #expect(
      result.stdout.contains(
        "added 2 favorite primes; 1 was a favorite already; "
          + "skipped 4 (not prime), 3 (listed twice)"
      ))
    #expect(try Self.state(home, "favorites").favoritePrimes == [3, 2, 7])
  }

  @Test func unwritableDataDirectory_inCommandMode_exitsOneWithTheReason() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let blocker = home.appending(path: "not-a-directory")
    try Data().write(to: blocker)
    let result = try PrimeTime.run(
      ["--data-dir", blocker.appending(path: "data").path, "-c", "set 7; save"], home: home)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("primetime: could not create the data directory"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stdout.isEmpty)
  }

  @Test func databaseAndExport_areReadableByTheirOwnerOnly() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    _ = try PrimeTime.run(["-c", "set 7; save; save-favorites"], home: home)
    for name in ["primetime.sqlite", "favorite-primes.json"] {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: home.appending(path: name).path)
      #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(name)")
    }
  }
}

/// The export file, `{"favoritePrimes":[…],"version":1}`.
private struct Export: Decodable {
  var version: Int
  var favoritePrimes: [Int]
}
