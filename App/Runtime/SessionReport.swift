import AppCore
import FavoritesDatabase
import Foundation
import RecordingFormat

/// A file to send with a bug report: one session's recording, after a first line,
/// `{"report":{…}}`, that says what ran it (primetime's version and build, the system, the
/// terminal, the database's schema version). `primetime replay` reads such a file as the
/// recording it holds.
public enum SessionReport {
  /// What a report holds and does not, as its `note` and the line that says it was written put
  /// it.
  public static let note =
    "this report holds the session's recording: its steps, the names of the files it saved and "
    + "loaded, and the favorites and the feed it began and ended with; of other sessions, only "
    + "what the recording holds"

  /// The facts of the running primetime and its system, for the report of `recording`.
  ///
  /// - Parameters:
  ///   - version: primetime's version.
  ///   - recording: The session reported.
  ///   - dataDirectory: The data directory whose database's schema version is read, read only.
  ///   - environment: `TERM`, and whether standard output is a terminal.
  public static func facts(
    version: String, recording: SessionList.Recording, dataDirectory: URL,
    environment: RuntimeEnvironment
  ) -> RecordingReport {
    #if DEBUG
      let build = "debug"
    #else
      let build = "release"
    #endif
    var system = utsname()
    uname(&system)
    return RecordingReport(
      primetime: version, build: build, os: operatingSystem(),
      kernel: text(of: &system.release), machine: text(of: &system.machine),
      term: environment.variables["TERM"],
      standardOutputIsATerminal: environment.terminal.output,
      databaseSchemaVersion: schemaVersion(
        ofDatabaseAt: dataDirectory.appending(path: FavoritesDatabase.fileName).path),
      recordingFormatVersion: RecordedLine.version, session: recording.fileName, note: note)
  }

  /// The file name a report of `recording` takes by default, the recording's own after
  /// `primetime-report-`, so that no two sessions' reports share one:
  /// `primetime-report-20261206T124144Z-repl-4242.jsonl`.
  public static func defaultFileName(for recording: SessionList.Recording) -> String {
    "primetime-report-" + recording.fileName
  }

  /// Writes the report: the facts' line, then the recording as it is.
  ///
  /// - Parameters:
  ///   - facts: The first line's fields.
  ///   - recording: The session reported.
  ///   - target: Where to write, and whether a file that holds something may be written over, as
  ///     for `--record`; the file is readable by its owner only.
  /// - Throws: ``RecordingError``: the recording cannot be read, or the file cannot be written.
  public static func write(
    _ facts: RecordingReport, recording: SessionList.Recording, to target: RecordingFile.Target
  ) throws(RecordingError) {
    let contents = try RecordingFile.contents(of: recording.path)
    let file: RecordingFile
    do {
      file = try RecordingFile(target)
    } catch let error as RecordingError {
      throw error
    } catch {
      throw RecordingError(description: "\(error)")
    }
    file.write(facts.line)
    var text = String(decoding: contents, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    if !text.isEmpty { file.write(text) }
    file.close()
    if let failure = file.failure { throw RecordingError(description: failure) }
  }

  /// `PRETTY_NAME` from `/etc/os-release`, without its quotes.
  private static func operatingSystem() -> String? {
    guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else {
      return nil
    }
    for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
      var value = line.dropFirst("PRETTY_NAME=".count)
      if value.count >= 2, let first = value.first, first == "\"" || first == "'",
        value.last == first
      {
        value = value.dropFirst().dropLast()
      }
      return String(value)
    }
    return nil
  }

  /// A field of `utsname`, a C string in a fixed-size tuple.
  private static func text<Field>(of field: inout Field) -> String {
    withUnsafeBytes(of: &field) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// The schema version of the SQLite database at `path` (its `user_version`, 4 bytes at offset
  /// 60 of the header), read from the file's bytes alone: nothing is opened through SQLite, so
  /// nothing is created, locked or checkpointed. Where the write-ahead log holds a committed
  /// copy of the header's page (a session that migrated it is still open), the last one counts.
  /// `nil` where there is no SQLite database at `path`.
  public static func schemaVersion(ofDatabaseAt path: String) -> Int? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let header = try? handle.read(upToCount: 100), header.count == 100,
      header.prefix(16) == Data("SQLite format 3\0".utf8)
    else { return nil }
    let logged = WriteAheadLog.lastCommittedFirstPage(ofLogAt: path + "-wal")
    return Int(Int32(bitPattern: bigEndian(logged ?? header, at: 60)))
  }

  /// A big-endian 32-bit number at `offset` of `data`.
  fileprivate static func bigEndian(_ data: Data, at offset: Int) -> UInt32 {
    let start = data.startIndex + offset
    return data[start..<start + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
}

/// SQLite's write-ahead log, as far as finding the newest committed copy of the first page:
/// a 32-byte header (page size at 8, salts at 16 and 20), then frames of a 24-byte header (the
/// page's number at 0, the database's size after a commit at 4, else 0, the salts at 8 and 12)
/// and the page. Frames whose salts are not the log's are left over from before it restarted.
private enum WriteAheadLog {
  static func lastCommittedFirstPage(ofLogAt path: String) -> Data? {
    guard let log = FileManager.default.contents(atPath: path), log.count >= 32 else {
      return nil
    }
    let number = { (offset: Int) in SessionReport.bigEndian(log, at: offset) }
    let pageSize = Int(number(8) == 1 ? 65536 : number(8))
    guard [0x377f_0682, 0x377f_0683].contains(number(0)), pageSize >= 512 else { return nil }
    let salts = (number(16), number(20))
    var committed: Data?
    var pending: Data?
    var offset = 32
    while offset + 24 + pageSize <= log.count {
      guard (number(offset + 8), number(offset + 12)) == salts else { break }
      if number(offset) == 1 {
        let start = log.startIndex + offset + 24
        pending = log[start..<start + 100]
      }
      if number(offset + 4) != 0, let page = pending {
        committed = page
      }
      offset += 24 + pageSize
    }
    return committed
  }
}
