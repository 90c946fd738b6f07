import Foundation
import Testing

/// Pipes a checked-in script through `primetime` and compares its output, line for line, with
/// the checked-in transcript. To accept a deliberate change, run the script by hand and update
/// `Golden/session.stdout` and `Golden/session.stderr`.
struct GoldenTranscriptTests {
  private static let golden = URL(filePath: #filePath).deletingLastPathComponent()
    .appending(path: "Golden")

  @Test func pipedScript_matchesTheGoldenTranscript() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let script = try Data(contentsOf: Self.golden.appending(path: "session.txt"))
    let result = try PrimeTime.run([], input: script, home: home)
    let stdout = try String(
      contentsOf: Self.golden.appending(path: "session.stdout"), encoding: .utf8)
    let stderr = try String(
      contentsOf: Self.golden.appending(path: "session.stderr"), encoding: .utf8)
    #expect(result.stdout == stdout)
    #expect(result.stderr == stderr)
    #expect(result.status == 1)
  }
}
