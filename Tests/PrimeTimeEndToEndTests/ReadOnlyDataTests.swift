import FavoritesDatabase
import Foundation
import Testing

/// A data directory that `primetime` can read and not write: what it holds is shown, a change
/// is refused in one line, nothing is created or written there, and once it can be written the
/// session stores again.
struct ReadOnlyDataTests {
  /// A data directory that holds the favorite 7, stored by a session that could write it.
  private func homeHolding7() throws -> URL {
    let home = try PrimeTime.temporaryDirectory()
    let saved = try PrimeTime.run(["-c", "set 7; save"], home: home)
    #expect(saved.status == 0)
    return home
  }

  private func contents(of home: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: home.path) {
      files[name] = try Data(contentsOf: home.appending(path: name))
    }
    return files
  }

  @Test func whatIsStored_isShown_andAChange_isRefusedInOneLine_changingNothing() throws {
    let home = try homeHolding7()
    let readOnly = try PrimeTime.ReadOnlyHome(home)
    defer {
      readOnly.restore()
      try? FileManager.default.removeItem(at: home)
    }
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

  @Test func aDamagedDatabase_stopsAScript_withTheReason_andIsLeftAsItIs() throws {
    let home = try homeHolding7()
    let file = home.appending(path: FavoritesDatabase.fileName)
    var bytes = try Data(contentsOf: file)
    for page in stride(from: 4096, to: bytes.count, by: 4096) {
      bytes.replaceSubrange(page + 8..<page + 100, with: Data(repeating: 0xFF, count: 92))
    }
    try bytes.write(to: file)
    let readOnly = try PrimeTime.ReadOnlyHome(home)
    defer {
      readOnly.restore()
      try? FileManager.default.removeItem(at: home)
    }
    let listed = try PrimeTime.run(["-c", "favorites"], home: home, launcher: readOnly.launcher)
    #expect(listed.status == 1)
    #expect(listed.stdout == "")
    #expect(listed.stderr.hasPrefix("primetime: could not read \(file.path): "))
    #expect(try Data(contentsOf: file) == bytes)
  }

  @Test func whatAnotherUserStores_isTakenIn_byASessionThatOnlyReads() throws {
    // Root outside the binary's mount namespace is a user who may write; a user whom the mode
    // stops has no other to write for them.
    guard geteuid() == 0 else { return }
    let home = try homeHolding7()
    let readOnly = try PrimeTime.ReadOnlyHome(home)
    defer {
      readOnly.restore()
      try? FileManager.default.removeItem(at: home)
    }
    let session = try LiveSession(home: home, launcher: readOnly.launcher)
    #expect(try session.run("favorites").favoritePrimes == [7])
    #expect(try PrimeTime.run(["-c", "set 11; save"], home: home).status == 0)
    #expect(try session.run("favorites").favoritePrimes == [7, 11])
    #expect(try PrimeTime.run(["-c", "set 13; save"], home: home).status == 0)
    #expect(try session.run("favorites").favoritePrimes == [7, 11, 13])
    try session.quit()
  }

  @Test func aSessionAtTheREPL_storesAgain_onceTheDirectoryCanBeWritten() throws {
    let home = try homeHolding7()
    let readOnly = try PrimeTime.ReadOnlyHome(home)
    defer {
      readOnly.restore()
      try? FileManager.default.removeItem(at: home)
    }
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
