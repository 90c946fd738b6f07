import FavoritesDatabase
import Foundation
import Testing

/// A data directory that `primetime` can read and not write: what it holds is shown, a change
/// is refused in one line, nothing is created or written there, and once it can be written the
/// session stores again.
struct ReadOnlyDataTests {
  /// Runs `body` on a data directory that holds the favorite 7, stored by a session that could
  /// write it, and changed by `prepare`, which the binary can then read and not write; the
  /// directory goes afterwards.
  private func onAReadOnlyHome(
    prepared prepare: (URL) throws -> Void = { _ in },
    _ body: (URL, PrimeTime.ReadOnlyHome) throws -> Void
  ) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let saved = try PrimeTime.run(["-c", "set 7; save"], home: home)
    #expect(saved.status == 0)
    try prepare(home)
    let readOnly = try PrimeTime.ReadOnlyHome(home)
    defer { readOnly.restore() }
    try body(home, readOnly)
  }

  /// The files in `home` and its directories (the recordings' `sessions`), by path.
  private func contents(of home: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.subpathsOfDirectory(atPath: home.path) {
      var isDirectory: ObjCBool = false
      let url = home.appending(path: name)
      _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      files[name] = isDirectory.boolValue ? Data() : try Data(contentsOf: url)
    }
    return files
  }

  @Test func whatIsStored_isShown_andAChange_isRefusedInOneLine_changingNothing() throws {
    try onAReadOnlyHome { home, readOnly in
      let before = try contents(of: home)
      let warning = "primetime: favorites are read-only: \(readOnly.reason)"

      let listed = try PrimeTime.run(["-c", "favorites"], home: home, launcher: readOnly.launcher)
      #expect(listed.status == 0)
      #expect(listed.stdout == "1  7\n")
      #expect(listed.stderr.hasPrefix(warning))
      #expect(listed.stderr.split(separator: "\n").count == 1)

      for arguments in [["favorites", "--json"], ["-c", "favorites --json"]] {
        let json = try PrimeTime.run(arguments, home: home, launcher: readOnly.launcher)
        #expect(json.status == 0)
        #expect(json.stdout == "[7]\n")
      }
      let activity = try PrimeTime.run(["activity"], home: home, launcher: readOnly.launcher)
      #expect(activity.status == 0)
      #expect(activity.stdout.contains("added   7"))

      let refused = try PrimeTime.run(
        ["-c", "set 11; save", "-c", "incr"], home: home, launcher: readOnly.launcher)
      #expect(refused.status == 1)
      #expect(refused.stdout == "count: 11\ncount: 12\n")
      let lines = refused.stderr.split(separator: "\n").map(String.init)
      #expect(lines.count == 2)
      #expect(lines.first?.hasPrefix(warning) == true)
      #expect(lines.last?.hasPrefix("primetime: command 2: favorites are read-only: ") == true)
      #expect(lines.last?.hasSuffix("; 'save' changed nothing") == true)

      // Piped into the REPL: each change is refused, the rest goes on.
      let piped = try PrimeTime.run(
        [], input: Data("set 13\nsave\nincr\nundo\nfavorites\n".utf8), home: home,
        launcher: readOnly.launcher)
      #expect(piped.status == 1)
      #expect(piped.stdout == "count: 13\ncount: 14\nundone; count: 13; favorites: 7\n1  7\n")
      #expect(piped.stderr.contains("primetime: line 2: favorites are read-only: "))

      // Nothing was created or written there.
      #expect(try contents(of: home) == before)
    }
  }

  @Test func aDamagedDatabase_stopsAScript_withTheReason_andIsLeftAsItIs() throws {
    var damaged = Data()
    try onAReadOnlyHome(prepared: { home in
      let file = home.appending(path: FavoritesDatabase.fileName)
      damaged = try Data(contentsOf: file)
      for page in stride(from: 4096, to: damaged.count, by: 4096) {
        damaged.replaceSubrange(page + 8..<page + 100, with: Data(repeating: 0xFF, count: 92))
      }
      try damaged.write(to: file)
    }) { home, readOnly in
      let file = home.appending(path: FavoritesDatabase.fileName)
      let listed = try PrimeTime.run(["-c", "favorites"], home: home, launcher: readOnly.launcher)
      #expect(listed.status == 1)
      #expect(listed.stdout == "")
      #expect(listed.stderr.hasPrefix("primetime: could not read \(file.path): "))
      #expect(try Data(contentsOf: file) == damaged)
    }
  }

  @Test func whatAnotherUserStores_isTakenIn_byASessionThatOnlyReads() throws {
    // Root outside the binary's mount namespace is a user who may write; a user whom the mode
    // stops has no other to write for them.
    guard geteuid() == 0 else { return }
    try onAReadOnlyHome { home, readOnly in
      let session = try LiveSession(home: home, launcher: readOnly.launcher)
      #expect(try session.run("favorites").favoritePrimes == [7])
      #expect(try PrimeTime.run(["-c", "set 11; save"], home: home).status == 0)
      #expect(try session.run("favorites").favoritePrimes == [7, 11])
      #expect(try PrimeTime.run(["-c", "set 13; save"], home: home).status == 0)
      #expect(try session.run("favorites").favoritePrimes == [7, 11, 13])
      try session.quit()
    }
  }

  @Test func aSessionAtTheREPL_storesAgain_onceTheDirectoryCanBeWritten() throws {
    try onAReadOnlyHome { home, readOnly in
      let session = try LiveSession(home: home, launcher: readOnly.launcher)
      try session.run("set 13")
      #expect(try session.run("save").favoritePrimes == [7])
      try readOnly.makeWritable(for: session.process.processIdentifier)
      #expect(try session.run("save").favoritePrimes == [7, 13])
      try session.quit()
      let listed = try PrimeTime.run(["-c", "favorites"], home: home)
      #expect(listed.stdout == "1  7\n2  13\n")
      #expect(listed.stderr == "")
    }
  }
}
