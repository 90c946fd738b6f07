import Foundation
import Testing

/// A script that finds the database held by another program waits for it once: after that
/// wait gives up, each later change fails at once, a command that stores nothing runs, and what
/// is not stored is named once at the end.
struct HeldDatabaseScriptTests {
  static let script = "set 2; save; incr; set 13; save; favorites"

  @Test(arguments: [true, false])
  func aScript_waitsOnce_thenFailsFast_andNamesWhatIsNotStored(piped: Bool) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let commit = try PrimeTime.heldByAnotherProgram(in: home)
    let result =
      piped
      ? try PrimeTime.run([], input: Data(Self.script.utf8), home: home)
      : try PrimeTime.run(["-c", Self.script], home: home)
    try commit()
    let lines = result.stderr.split(separator: "\n").map(String.init)
    let place = piped ? "line 1" : "command"
    #expect(result.status == 1)
    // One wait, said once, given up once.
    #expect(lines.count { $0.hasPrefix("primetime: waiting for another program") } == 1)
    #expect(lines.count { $0.contains("held it for over a minute") } == 1, "\(lines)")
    #expect(lines.allSatisfy { $0.hasPrefix("primetime: ") }, "\(lines)")
    // The later save fails at once, with one line; incr and favorites run.
    #expect(
      lines.count { $0.hasPrefix("primetime: \(place)") && $0.contains("still holds it") } == 1,
      "\(lines)")
    #expect(result.stdout.contains("count: 3"))
    #expect(result.stdout.contains("1  2\n2  13\n"), "\(result.stdout)")
    #expect(
      lines.last?.hasSuffix(
        "not stored: saved 2, saved 13; make these changes again once no other program holds it")
        == true, "\(lines)")
    #expect(lines.filter { $0.hasPrefix("primetime: \(place)") }.count == 2, "\(lines)")
    // Nothing of the script is stored; what the other program wrote is.
    let stored = try PrimeTime.run(["favorites", "--json"], home: home)
    #expect(stored.stdout == "[11]\n")
  }
}
