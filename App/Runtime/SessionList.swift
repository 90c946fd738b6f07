import FileClient
import Foundation

/// The recordings that sessions keep in the data directory's `sessions` folder, newest first:
/// what `primetime sessions` lists, and what `replay last` and `report 2` pick from.
///
/// A recording is named for when and where its session began,
/// `20261206T124144Z-repl-4242.jsonl` (the time in UTC, the front end, the process), with `-2`,
/// `-3` before `.jsonl` where the name was taken; files named otherwise are no recordings of a
/// session, and are neither listed nor removed. A recording is read only as far as the first
/// key of each line (`start`, `end`, or an action's line) and the end line's state, so that a
/// long history lists quickly.
///
/// ```swift
/// let directory = SessionList.directory(in: dataDirectory)
/// ```
public struct SessionList: Sendable, Equatable {
  /// The recordings, newest first: the first is the session that began last.
  public var recordings: [Recording]

  /// One kept recording.
  public struct Recording: Sendable, Equatable {
    /// The file's name in the sessions folder.
    public var fileName: String
    /// The file's path.
    public var path: String
    /// When the session began, to the second, from the file's name.
    public var began: Date
    /// The front end the session ran: `repl`, `script` or `ui`.
    public var frontEnd: String
    /// The session's process.
    public var processID: Int32
    /// The file's size in bytes.
    public var bytes: Int
    /// What the file holds, and how the session ended.
    public var status: Status
  }

  /// What a recording holds, and how its session ended. `steps` counts the lines that are
  /// actions: every line but the start and the end.
  public enum Status: Sendable, Equatable {
    /// The end line is there; the end state says why the app ended where it did.
    case ended(steps: Int, by: Ending?)
    /// No end line yet, and its session holds the file: it is still being written.
    case running(steps: Int)
    /// No end line, and no session holds the file: the session was killed or crashed.
    case cutShort(steps: Int)
    /// The file is not a recording: its first line is not a start line.
    case unreadable

    /// How many lines are actions; `nil` for a file that is not a recording.
    public var steps: Int? {
      switch self {
      case .ended(let steps, _), .running(let steps), .cutShort(let steps): steps
      case .unreadable: nil
      }
    }
  }

  /// Why the app ended, as its end state says.
  public enum Ending: Sendable, Equatable {
    /// `quit`, `q`, Ctrl-C or Ctrl-D in the full screen.
    case quit
    /// A signal, by its number.
    case signal(Int32)
  }

  /// Why the sessions folder cannot be listed: one line.
  public struct Unlistable: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// The sessions folder of a data directory.
  public static func directory(in dataDirectory: URL) -> URL {
    SessionRecordings(dataDirectory: dataDirectory).directory
  }

  /// Lists the recordings in `directory`; a folder that is not there holds none.
  ///
  /// - Parameters:
  ///   - directory: The sessions folder (``directory(in:)``).
  ///   - isBeingWritten: Whether the file at a path is being written by its session, which
  ///     decides between ``Status/running(steps:)`` and ``Status/cutShort(steps:)``.
  /// - Throws: ``Unlistable`` where the folder is there and cannot be read.
  public init(
    directory: URL, isBeingWritten: (String) -> Bool = SessionRecordings.isBeingWritten
  ) throws(Unlistable) {
    let kept: [SessionRecordings.Recording]
    do {
      kept = try SessionRecordings(directory: directory).recordings()
    } catch {
      throw Unlistable(
        description: "cannot read '\(directory.path)': \(FileError.reason(of: error))")
    }
    recordings = kept.reversed().map { recording in
      let path = directory.appending(path: recording.fileName).path
      let data = FileManager.default.contents(atPath: path) ?? Data()
      let name = recording.name
      return Recording(
        fileName: recording.fileName, path: path, began: name.started,
        frontEnd: name.frontEnd.rawValue, processID: name.processID, bytes: recording.bytes,
        status: Self.status(of: data, isBeingWritten: isBeingWritten(path)))
    }
  }

  /// The recordings listed, in the order given.
  public init(recordings: [Recording]) {
    self.recordings = recordings
  }

  /// What a recording's text holds, and how its session ended.
  static func status(of data: Data, isBeingWritten: Bool) -> Status {
    var lines = data.split(separator: UInt8(ascii: "\n")).filter { line in
      line.contains { !Self.isSpace($0) }
    }
    // A last line cut off as it was written is no line, as `replay` reads it.
    if data.last != UInt8(ascii: "\n"), let last = lines.last,
      (try? JSONSerialization.jsonObject(with: Data(last))) == nil
    {
      lines.removeLast()
    }
    let kinds = lines.map(Self.kind)
    let steps = kinds.filter { $0 != "start" && $0 != "end" }.count
    guard kinds.last == "end", let end = lines.last.flatMap(Self.endLine) else {
      if isBeingWritten { return .running(steps: kinds.first == "start" ? steps : 0) }
      guard let first = lines.first, Self.isStartLine(first) else { return .unreadable }
      return .cutShort(steps: steps)
    }
    guard let first = lines.first, Self.isStartLine(first) else { return .unreadable }
    return .ended(steps: steps, by: Self.ending(of: end))
  }

  /// The first key of a line's object, as the encoder writes it (`{"step":…`); `nil` where the
  /// line does not begin so.
  private static func kind(_ line: Data.SubSequence) -> String? {
    var bytes = line.drop(while: isSpace)
    guard bytes.first == UInt8(ascii: "{") else { return nil }
    bytes = bytes.dropFirst().drop(while: isSpace)
    guard bytes.first == UInt8(ascii: "\"") else { return nil }
    bytes = bytes.dropFirst()
    guard let close = bytes.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
    return String(decoding: bytes[..<close], as: UTF8.self)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }

  /// Whether a line is JSON whose one key is `start`, with a whole-number version.
  private static func isStartLine(_ line: Data.SubSequence) -> Bool {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
      object.count == 1, let start = object["start"] as? [String: Any]
    else { return false }
    return start["version"] is Int
  }

  /// An end line's object, where the line is JSON whose one key is `end`: one cut off as it
  /// was written is none.
  private static func endLine(_ line: Data.SubSequence) -> [String: Any]? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
      object.count == 1
    else { return nil }
    return object["end"] as? [String: Any]
  }

  /// Why the app ended, from an end line's `state.screens.ending`: `{"quit":{}}` or
  /// `{"signal":{"_0":15}}`; `nil` where the state does not say.
  private static func ending(of end: [String: Any]) -> Ending? {
    let state = end["state"] as? [String: Any]
    let screens = state?["screens"] as? [String: Any]
    guard let ending = screens?["ending"] as? [String: Any] else { return nil }
    if ending["quit"] != nil { return .quit }
    if let signal = (ending["signal"] as? [String: Any])?["_0"] as? Int,
      let number = Int32(exactly: signal)
    {
      return .signal(number)
    }
    return nil
  }

  /// The recording `word` picks: `last`, the newest, or a number from the list, 1 the newest.
  /// Of two sessions, by processes 41 and then 42:
  ///
  /// ```swift
  /// #expect(list.recording("last")?.processID == 42)
  /// #expect(list.recording("1")?.processID == 42)
  /// #expect(list.recording("2")?.processID == 41)
  /// #expect(list.recording("3") == nil)
  /// ```
  ///
  /// - Returns: The recording; `nil` where there is no such session, or `word` picks none
  ///   (``picksASession(_:)``).
  public func recording(_ word: String) -> Recording? {
    guard Self.picksASession(word) else { return nil }
    if word == "last" { return recordings.first }
    guard let number = Int(word), recordings.indices.contains(number - 1) else { return nil }
    return recordings[number - 1]
  }

  /// Whether `word` picks a recorded session rather than naming a file: `last`, or a number.
  /// A file of such a name is reached as `./last`.
  public static func picksASession(_ word: String) -> Bool {
    word == "last" || (!word.isEmpty && word.allSatisfy { $0.isASCII && $0.isNumber })
  }

  /// What ``remove(keepingLast:)`` did.
  public struct Removal: Sendable {
    /// The recordings removed.
    public var removed: [Recording] = []
    /// The recordings of sessions still running, which were left.
    public var spared: [Recording] = []
    /// The recordings that could not be removed, each with the system's reason.
    public var failed: [(recording: Recording, reason: String)] = []
  }

  /// Removes every recording but the newest `count`, leaving those of sessions that are still
  /// running.
  public func remove(keepingLast count: Int) -> Removal {
    var removal = Removal()
    for recording in recordings.dropFirst(max(count, 0)) {
      if case .running = recording.status {
        removal.spared.append(recording)
      } else if unlink(recording.path) == 0 || errno == ENOENT {
        removal.removed.append(recording)
      } else {
        removal.failed.append((recording, String(cString: strerror(errno))))
      }
    }
    return removal
  }
}
