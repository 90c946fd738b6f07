import Foundation
import RecordingFormat
import Testing

/// A report is a recording after a line that says what ran it; the format's reader passes over
/// that line, and the recording's lines keep their numbers in the file.
@Suite struct RecordingReportTests {
  static let report = RecordingReport(
    primetime: "0.1.0", build: "release", os: "Debian GNU/Linux 13 (trixie)",
    kernel: "6.1.0", machine: "x86_64", term: "xterm-256color", standardOutputIsATerminal: true,
    databaseSchemaVersion: 2, recordingFormatVersion: RecordedLine.version,
    session: "20261206T124144Z-repl-4242.jsonl", note: "nothing more")

  @Test func aReportLine_isAnObjectWhoseOneKeyIsReport() {
    #expect(RecordingReport.isReportLine(Self.report.line))
    #expect(RecordingReport.isReportLine(#"{"report":{"primetime":"0.1.0"}}"#))
    #expect(!RecordingReport.isReportLine(#"{"report":{},"start":{}}"#))
    #expect(!RecordingReport.isReportLine(#"{"start":{"report":{}}}"#))
    #expect(!RecordingReport.isReportLine(#"{"report""#))
  }

  @Test func theReportLine_readsBackAsWhatWasWritten() throws {
    struct Line: Decodable {
      var report: RecordingReport
    }
    let read = try JSONDecoder().decode(Line.self, from: Data(Self.report.line.utf8))
    #expect(read.report == Self.report)
  }

  @Test func aReader_passesOverTheReportLine_beforeTheStart_only() throws {
    let start = try RecordedLine.start(version: RecordedLine.version, state: RecordedState())
      .encoded()
    let end = try RecordedLine.end(state: RecordedState(), screen: "counter").encoded()
    let read = try RecordedLine.decodeNumbered(lines: [Self.report.line, start, end])
    #expect(read.numbers == [2, 3])
    #expect(read.lines.count == 2)
    // After the start, a report line is no line of a recording.
    let late = #expect(throws: RecordedLine.Unreadable.self) {
      try RecordedLine.decode(lines: [start, Self.report.line, end])
    }
    #expect(late?.line == 2)
  }
}
