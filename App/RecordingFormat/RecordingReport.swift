import Foundation

/// The first line of a report (`primetime report`): what ran the session whose recording
/// follows, `{"report":{…}}`. A reader passes over it, before the start line; the recording's
/// lines keep their numbers in the file.
public struct RecordingReport: Codable, Equatable, Sendable {
  /// `primetime --version`.
  public var primetime: String
  /// `debug` or `release`.
  public var build: String
  /// The system, as `/etc/os-release`'s `PRETTY_NAME` says it; `nil` where it does not.
  public var os: String?
  /// The kernel's release and the machine, as `uname -r` and `uname -m` say them.
  public var kernel: String
  public var machine: String
  /// `$TERM` where it is set, and whether standard output is a terminal.
  public var term: String?
  public var standardOutputIsATerminal: Bool
  /// The data directory's database's schema version (`PRAGMA user_version`); `nil` where
  /// there is no database there.
  public var databaseSchemaVersion: Int?
  /// The recording format this primetime writes (``RecordedLine/version``); the recording's
  /// own is on its start line.
  public var recordingFormatVersion: Int
  /// The recording's file name in the sessions folder.
  public var session: String
  /// What the file holds, and what it does not.
  public var note: String

  public init(
    primetime: String, build: String, os: String?, kernel: String, machine: String,
    term: String?, standardOutputIsATerminal: Bool, databaseSchemaVersion: Int?,
    recordingFormatVersion: Int, session: String, note: String
  ) {
    self.primetime = primetime
    self.build = build
    self.os = os
    self.kernel = kernel
    self.machine = machine
    self.term = term
    self.standardOutputIsATerminal = standardOutputIsATerminal
    self.databaseSchemaVersion = databaseSchemaVersion
    self.recordingFormatVersion = recordingFormatVersion
    self.session = session
    self.note = note
  }

  /// The line: `{"report":{…}}`, its keys sorted.
  public var line: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Every field is a string, a number or a Boolean.
    guard let data = try? encoder.encode(["report": self]) else {
      preconditionFailure("unencodable report")
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Whether a line is a report's first line: a JSON object whose one key is `report`.
  public static func isReportLine(_ text: some StringProtocol) -> Bool {
    guard text.contains("\"report\""),
      let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    else { return false }
    return object.count == 1 && object["report"] is [String: Any]
  }
}
