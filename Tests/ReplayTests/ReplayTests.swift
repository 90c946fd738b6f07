import AppCore
import CustomDump
import Foundation
import Testing

/// Every session recorded under `Tests/Recordings` (with `primetime --record`) must replay to
/// the states it recorded: a change to a reducer that alters what a session does fails here,
/// at the first line whose state differs.
struct ReplayTests {
  static let directory = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Recordings")

  static var recordings: [String] {
    let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    return (names ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
  }

  @Test func theRecordingsAreThere() {
    #expect(Self.recordings.count >= 3)
  }

  @Test(arguments: recordings)
  func recording_replaysToTheRecordedStates(name: String) throws {
    let text = try String(contentsOf: Self.directory.appending(path: name), encoding: .utf8)
    let lines = try RecordedLine.decode(lines: text.split(separator: "\n"))
    switch try Replay.run(lines) {
    case .reproduced:
      break
    case .diverged(let line, let action, let recorded, let replayed):
      Issue.record(
        """
        \(name) line \(line) does not reproduce after \(String(customDumping: action)):
        \(diff(recorded, replayed) ?? "")
        """)
    case .endDiffers(let line, let recorded, let replayed):
      Issue.record("\(name) line \(line) ends differently:\n\(diff(recorded, replayed) ?? "")")
    }
  }
}
