import Foundation

extension RecordedLine {
  /// Reads one line of a recording, as a line of its format and upgraded to this one.
  ///
  /// - Parameters:
  ///   - line: A line's JSON.
  ///   - version: The format version of the recording the line is from, which its start line
  ///     gives.
  /// - Returns: The line, in this format.
  /// - Throws: The decoder's error, whose coding path leads into `line`; or
  ///   ``Unreadable`` where this code reads no recording of format `version`.
  public static func decode(
    _ line: some StringProtocol, version: Int
  ) throws -> RecordedLine {
    if let refusal = RecordedLine.Unreadable(version: version) { throw refusal }
    let data = Data(line.utf8)
    let decoder = JSONDecoder()
    switch version {
    case 3, 4:
      return try decoder.decode(Version4.Line.self, from: data).upgraded().upgraded()
        .upgraded(from: version)
    case 5:
      return try decoder.decode(Version5.Line.self, from: data).upgraded().upgraded(from: version)
    case 6, 7, 8:
      return try decoder.decode(Version8.Line.self, from: data).upgraded(from: version)
    default:
      // Formats 9 to 14 read as this one, which added an action and a notice to 9, a field
      // written only where it has something to 10, two actions and such a field to 11, two
      // actions, a notice and such a field to 12, an action to 13, and eight actions and such
      // a field to 14. (14 also writes an entry that redo brings back last, where 13 and
      // earlier put it back in its place: a redo that another session's entries came after
      // replays by 14's rule.) A line that only an upgrade of an earlier format's makes is none
      // of theirs.
      let line = try decoder.decode(RecordedLine.self, from: data)
      if let kind = line.upgradeOnlyKind {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: [Kind(stringValue: kind)],
            debugDescription: "A line of this kind is made only by reading an earlier format's."))
      }
      return line
    }
  }

  /// Reads the lines of a recording, each in the format version that its start line gives.
  ///
  /// A first line that is no start line is read in this format, for a replay to refuse. As JSON
  /// Lines readers do, a line may end with a carriage return (CRLF line ends), and a blank line
  /// is skipped; a line's number is still its number in the file.
  ///
  /// - Parameter texts: The lines' JSON, the start line first.
  /// - Returns: The lines, in this format.
  /// - Throws: ``Unreadable``: the first line that is not a recording line, or a start
  ///   line of a version this code does not read, which is refused before any other line is
  ///   read.
  public static func decode(
    lines texts: some Sequence<some StringProtocol>
  ) throws(RecordedLine.Unreadable) -> [RecordedLine] {
    try decodeNumbered(lines: texts).lines
  }

  /// Reads the lines of a recording as ``decode(lines:)`` does, with each line's number in the
  /// text: blank lines are skipped, and a line keeps its number.
  public static func decodeNumbered(
    lines texts: some Sequence<some StringProtocol>
  ) throws(RecordedLine.Unreadable) -> (lines: [RecordedLine], numbers: [Int]) {
    var lines: [RecordedLine] = []
    var numbers: [Int] = []
    var version = Self.version
    var isFirst = true
    for (index, text) in texts.enumerated() {
      guard text.contains(where: { !$0.isWhitespace }) else { continue }
      // A report's first line says what ran the session; the recording follows it.
      defer { isFirst = false }
      if isFirst, RecordingReport.isReportLine(text) { continue }
      numbers.append(index + 1)
      do {
        if lines.isEmpty,
          let started = try JSONDecoder().decode(StartVersion.self, from: Data(text.utf8)).start?
            .version
        {
          if let refusal = RecordedLine.Unreadable(version: started) { throw refusal }
          version = started
        }
        lines.append(try decode(text, version: version))
      } catch let refusal as RecordedLine.Unreadable {
        throw refusal
      } catch {
        throw .notARecordingLine(line: index + 1, text: String(text), error: error)
      }
    }
    return (lines, numbers)
  }

  /// The kind of line this is, where only an upgrade of an earlier format's line makes it.
  private var upgradeOnlyKind: String? {
    switch self {
    case .restoringTravel: "restoringTravel"
    case .quietHistoryPage: "quietHistoryPage"
    case .start, .step, .feedback, .undo, .redo, .travel, .historyPage, .end: nil
    }
  }

  /// A line's kind, the one key of its JSON object, as a coding key.
  private struct Kind: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// The format version of a start line, read before the rest of the line, whose types it
  /// decides; none where the line is of another kind.
  private struct StartVersion: Decodable {
    struct Start: Decodable {
      var version: Int
    }

    var start: Start?
  }
}

extension RecordedLine {
  /// Why a recording cannot be replayed at all.
  ///
  /// Its ``description`` says which line, and what is wrong with it: `line 1: the recording has
  /// format version 16; this primetime reads versions 3 to 15`.
  public enum Unreadable: Error, CustomStringConvertible {
    /// The line (1-based) is not a line of its recording's format: not JSON, or JSON that the
    /// format does not write. `error` is the decoder's, whose coding path leads into `text`, the
    /// line as the file has it.
    case notARecordingLine(line: Int, text: String, error: any Error)
    /// The start line gives a format version from a later primetime.
    case futureVersion(Int)
    /// The start line gives a format version older than any this code reads, or one that never
    /// was.
    case obsoleteVersion(Int)
    /// The first line is not a start line.
    case startLineMissing
    /// The line (1-based) is a start line after the first.
    case startLineAfterTheFirst(line: Int)
    /// The line (1-based) is an end line before the last.
    case endLineNotLast(line: Int)
    /// The recording stops after its last line, counted, with no end line: the session was
    /// cut short, as when it is killed. Its lines up to there are still worth looking at.
    case cutShort(lines: Int)

    /// The refusal of a recording of format `version`; `nil` where this code reads it.
    public init?(version: Int) {
      if version > RecordedLine.version {
        self = .futureVersion(version)
      } else if version < RecordedLine.readableVersions.lowerBound {
        self = .obsoleteVersion(version)
      } else {
        return nil
      }
    }

    /// The line (1-based) that is wrong.
    public var line: Int {
      switch self {
      case .notARecordingLine(let line, _, _), .startLineAfterTheFirst(let line),
        .endLineNotLast(let line), .cutShort(let line):
        line
      case .futureVersion, .obsoleteVersion, .startLineMissing:
        1
      }
    }

    public var description: String {
      switch self {
      case .notARecordingLine(let line, let text, let error):
        return "line \(line) is not a recording line" + Self.reason(error, in: text)
      case .futureVersion(let version), .obsoleteVersion(let version):
        let readable = RecordedLine.readableVersions
        return "line 1: the recording has format version \(version); this primetime reads "
          + "versions \(readable.lowerBound) to \(readable.upperBound)"
      case .startLineMissing:
        return "line 1: a recording starts with a start line"
      case .startLineAfterTheFirst(let line):
        return "line \(line): a start line after the first"
      case .endLineNotLast(let line):
        return "line \(line): the end line is not the last"
      case .cutShort(let lines):
        return "line \(lines): the recording has no end line"
      }
    }
  }
}
