import AppCore
import CustomDump
import Foundation
import RecordingFormat
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
    #expect(Self.recordings.count >= 7)
  }

  /// `format-9.jsonl` was written by the last primetime of format 9, and `format-10.jsonl` by
  /// this format's, from the same commands: each is of its version, and the two sessions did
  /// the same.
  @Test func theKeptRecordingsOfNineAndTen_areOfTheirVersions_andOneSession() throws {
    func lines(_ name: String) throws -> [RecordedLine] {
      let text = try String(contentsOf: Self.directory.appending(path: name), encoding: .utf8)
      return try RecordedLine.decode(lines: text.split(separator: "\n"))
    }
    let nine = try lines("format-9.jsonl")
    let ten = try lines("format-10.jsonl")
    guard case .start(9, _)? = nine.first, case .start(10, _)? = ten.first,
      case .reproduced(let nineEnds) = try Replay.run(nine),
      case .reproduced(let tenEnds) = try Replay.run(ten)
    else {
      Issue.record("not a reproducing recording of format 9 and one of 10")
      return
    }
    #expect(nineEnds.count == tenEnds.count)
    #expect(nineEnds.favoritePrimes == tenEnds.favoritePrimes)
    #expect(nineEnds.activityFeed.map(\.prime) == tenEnds.activityFeed.map(\.prime))
    #expect(nineEnds.activityFeed.map(\.kind) == tenEnds.activityFeed.map(\.kind))
  }

  @Test(arguments: recordings)
  func recording_replaysToTheRecordedStates(name: String) throws {
    let text = try String(contentsOf: Self.directory.appending(path: name), encoding: .utf8)
    // A report (`primetime report`) holds the recording after a line of its own, which the
    // format's reader passes over.
    let lines = try RecordedLine.decode(lines: text.split(separator: "\n"))
    switch try Replay.run(lines) {
    case .reproduced:
      break
    case .diverged(let line, let action, let recorded, let replayed):
      Issue.record(
        """
        \(name) line \(line) does not reproduce after \(String(customDumping: action.shown)):
        \(diff(recorded, replayed) ?? "")
        """)
    case .endDiffers(let line, let recorded, let replayed):
      Issue.record("\(name) line \(line) ends differently:\n\(diff(recorded, replayed) ?? "")")
    }
  }
}
