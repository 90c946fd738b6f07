import FavoritesDatabase
import FavoritesDatabaseLive
import Foundation
import Testing

@testable import Runtime

struct SessionListTests {
  /// A start line, `steps` action lines, and an end line whose screens end as `ending` says
  /// (`"quit":{}`, `"signal":{"_0":15}`), where `ended`.
  static func recording(steps: Int, ended: Bool = true, ending: String? = nil) -> String {
    let screens = #"{"page":"counter""# + (ending.map { #","ending":{\#($0)}"# } ?? "") + "}"
    var lines = [#"{"start":{"version":15,"state":{"count":0}}}"#]
    lines += Array(
      repeating: #"{"step":{"action":{"counter":{"_0":{"incrTapped":{}}}}}}"#, count: steps)
    if ended {
      lines.append(#"{"end":{"state":{"count":0,"screens":\#(screens)},"screen":"counter"}}"#)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func status(_ text: String, alive: Bool = false) -> SessionList.Status {
    SessionList.status(of: Data(text.utf8), isBeingWritten: alive)
  }

  @Test func status_countsTheActionLines_andReadsHowTheSessionEnded() {
    #expect(Self.status(Self.recording(steps: 3)) == .ended(steps: 3, by: nil))
    #expect(
      Self.status(Self.recording(steps: 1, ending: #""quit":{}"#)) == .ended(steps: 1, by: .quit))
    #expect(
      Self.status(Self.recording(steps: 0, ending: #""signal":{"_0":15}"#))
        == .ended(steps: 0, by: .signal(15)))
  }

  @Test func status_withoutAnEndLine_isRunningWhileItsFileIsLocked_elseCutShort() {
    let text = Self.recording(steps: 2, ended: false)
    #expect(Self.status(text) == .cutShort(steps: 2))
    #expect(Self.status(text, alive: true) == .running(steps: 2))
    // An end line cut off as it was written is no end line.
    let cut = Self.recording(steps: 2).dropLast(20)
    #expect(Self.status(String(cut)) == .cutShort(steps: 2))
    // A step line cut off as it was written is no step, as `replay` reads it.
    let lines = Self.recording(steps: 2, ended: false).split(separator: "\n")
    let stepCut =
      lines.dropLast().joined(separator: "\n") + "\n" + lines[lines.count - 1].prefix(15)
    #expect(Self.status(stepCut) == .cutShort(steps: 1))
    // A running session may not have written its start line yet.
    #expect(Self.status("", alive: true) == .running(steps: 0))
  }

  @Test func status_ofAFileThatIsNotARecording_isUnreadable() {
    #expect(Self.status("") == .unreadable)
    #expect(Self.status("my notes\n") == .unreadable)
    #expect(Self.status(#"{"step":{}}"# + "\n" + #"{"end":{}}"#) == .unreadable)
    #expect(Self.status(#"{"start":{"version":"x"}}"#) == .unreadable)
  }

  /// A sessions folder with the given files, each holding `text`.
  static func directory(_ files: [String: String]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "primetime sessions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (name, text) in files {
      try Data(text.utf8).write(to: directory.appending(path: name))
    }
    return directory
  }

  @Test func list_isNewestFirst_leavingOutFilesNamedOtherwise() throws {
    let ended = Self.recording(steps: 1)
    let directory = try Self.directory([
      "20261206T124144Z-repl-41.jsonl": ended,
      "20261206T124144Z-repl-41-2.jsonl": ended,
      "20261207T090000Z-ui-12.jsonl": ended,
      "20261206T080000Z-script-9.jsonl": "not a recording",
      "notes.txt": ended, "20261206T124144Z-shell-41.jsonl": ended,
      "20261206T124144Z-repl-41.json": ended,
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let list = try SessionList(directory: directory, isBeingWritten: { _ in false })
    #expect(
      list.recordings.map(\.fileName) == [
        "20261207T090000Z-ui-12.jsonl", "20261206T124144Z-repl-41-2.jsonl",
        "20261206T124144Z-repl-41.jsonl", "20261206T080000Z-script-9.jsonl",
      ])
    let newest = try #require(list.recordings.first)
    #expect(newest.frontEnd == "ui")
    #expect(newest.processID == 12)
    #expect(newest.began == Date(timeIntervalSince1970: 1_796_634_000))
    #expect(newest.bytes == ended.utf8.count)
    #expect(list.recordings.last?.status == .unreadable)
  }

  @Test func aMissingFolder_holdsNoSessions() throws {
    let list = try SessionList(
      directory: FileManager.default.temporaryDirectory.appending(path: "no such \(UUID())"))
    #expect(list.recordings.isEmpty)
  }

  @Test func recording_picksLastOrANumber_andNothingElse() throws {
    let directory = try Self.directory([
      "20261206T124144Z-repl-41.jsonl": "", "20261206T124145Z-repl-42.jsonl": "",
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let list = try SessionList(directory: directory, isBeingWritten: { _ in false })
    #expect(list.recording("last")?.processID == 42)
    #expect(list.recording("1")?.processID == 42)
    #expect(list.recording("2")?.processID == 41)
    #expect(list.recording("3") == nil)
    #expect(list.recording("0") == nil)
    #expect(list.recording("./last") == nil)
    #expect(SessionList.picksASession("12"))
    #expect(!SessionList.picksASession("-1"))
    #expect(!SessionList.picksASession("session.jsonl"))
    #expect(SessionList(recordings: []).recording("last") == nil)
  }

  @Test func remove_keepsTheNewest_andSparesTheRunning() throws {
    let directory = try Self.directory([
      "20261206T100000Z-repl-1.jsonl": Self.recording(steps: 1),
      "20261206T110000Z-repl-2.jsonl": Self.recording(steps: 1, ended: false),
      "20261206T120000Z-repl-3.jsonl": Self.recording(steps: 1, ended: false),
      "20261206T130000Z-repl-4.jsonl": Self.recording(steps: 1),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    // Process 2's session is writing its recording; 3's was cut short.
    let isWriting = { (path: String) in path.hasSuffix("-repl-2.jsonl") }
    let list = try SessionList(directory: directory, isBeingWritten: isWriting)
    let removal = list.remove(keepingLast: 1)
    #expect(removal.removed.map(\.processID) == [3, 1])
    #expect(removal.spared.map(\.processID) == [2])
    #expect(removal.failed.isEmpty)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "20261206T110000Z-repl-2.jsonl", "20261206T130000Z-repl-4.jsonl",
      ])
    let cleared = try SessionList(directory: directory, isBeingWritten: isWriting)
      .remove(keepingLast: 0)
    #expect(cleared.removed.map(\.processID) == [4])
    #expect(cleared.spared.map(\.processID) == [2])
  }

  @Test func aRecording_isBeingWritten_whileItsRecordingFileIsOpen_only() throws {
    let directory = try Self.directory([:])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appending(path: "20261206T100000Z-repl-1.jsonl").path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    #expect(descriptor >= 0)
    #expect(!SessionRecordings.isBeingWritten(path: path))
    let file = RecordingFile(descriptor: descriptor, path: path)
    #expect(SessionRecordings.isBeingWritten(path: path))
    file.close()
    #expect(!SessionRecordings.isBeingWritten(path: path))
    #expect(!SessionRecordings.isBeingWritten(path: path + ".missing"))
  }

  @Test func schemaVersion_isTheDatabasesOwn_andNoneWhereThereIsNone() async throws {
    let directory = try Self.directory([:])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appending(path: FavoritesDatabase.fileName).path
    #expect(SessionReport.schemaVersion(ofDatabaseAt: path) == nil)
    #expect(!FileManager.default.fileExists(atPath: path))
    // While the session that made it is open, the database's first page with its version is in
    // the write-ahead log alone: the file's own header still says 0.
    let database = FavoritesDatabase.live(directory: directory)
    _ = try await database.open()
    #expect(SessionReport.schemaVersion(ofDatabaseAt: path) == 2)
    try Data("SQLite format 2\0".utf8 + Data(count: 84)).write(to: URL(filePath: path + ".other"))
    #expect(SessionReport.schemaVersion(ofDatabaseAt: path + ".other") == nil)
  }

}
