import Foundation
import Testing

/// Standard streams that a script left unusable: a directory as standard input, or a stream
/// closed. Each is one line and a failing status, never a crash, and no file the program opens
/// takes a closed stream's place.
struct StandardStreamsTests {
  /// Runs the binary through the shell, with `redirect` applied to it.
  static func run(_ arguments: [String], _ redirect: String, home: URL) throws -> PrimeTime.Result {
    try PrimeTime.run(
      arguments, home: home, launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" \(redirect)"])
  }

  @Test(arguments: [
    ("< /", "Is a directory"), ("<&-", "Bad file descriptor"),
  ])
  func loadingFromStandardInputThatCannotBeRead_isOneLine(redirect: String, reason: String)
    throws
  {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try Self.run(["-c", "set 7; save; load-favorites -"], redirect, home: home)
    #expect(result.status == 1, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("standard input: \(reason)"), "\(result.stderr)")
    let favorites = try PrimeTime.run(["-c", "favorites"], home: home)
    #expect(favorites.stdout.contains("7"), "\(favorites.stdout)")
  }

  @Test func savingToAClosedStandardOutput_isOneLine() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try Self.run(["-c", "set 7; save; save-favorites -"], ">&-", home: home)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stderr.contains("standard output: Bad file descriptor"), "\(result.stderr)")
  }
}
