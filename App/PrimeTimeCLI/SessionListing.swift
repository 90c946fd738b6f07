import AppCore
import Foundation
import Runtime

/// `primetime sessions` in words: the recorded sessions as rows, as JSON, and what a removal did.
enum SessionListing {
  /// One row per session, newest first, its columns aligned:
  ///
  /// ```text
  /// 1  2026-12-06 12:41:44  repl     3 steps  ended (quit)   1.2 KiB
  /// 2  2026-12-06 12:40:01  ui      12 steps  cut short      8.0 KiB
  /// ```
  ///
  /// - Parameters:
  ///   - list: The sessions.
  ///   - localTime: The time the times are shown in.
  static func lines(_ list: SessionList, localTime: LocalTime) -> [String] {
    let rows = list.recordings.enumerated().map { index, recording in
      [
        String(index + 1), time(recording.began, in: localTime), recording.frontEnd,
        recording.status.steps.map { $0 == 1 ? "1 step" : "\($0) steps" } ?? "",
        ending(recording.status), size(recording.bytes),
      ]
    }
    // Numbers, steps and sizes line up on the right; the rest on the left.
    let right: Set = [0, 3, 5]
    let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, text in
        let padding = String(repeating: " ", count: widths[column] - text.count)
        return right.contains(column) ? padding + text : text + padding
      }.joined(separator: "  ")
    }
  }

  /// The sessions as one line of JSON, newest first: `number`, `began` (ISO 8601, UTC),
  /// `frontEnd`, `processID`, `steps` (not for a file that is not a recording), `ending`
  /// (`ended`, `running`, `cut short` or `unreadable`), `endedBy` (`quit` or a signal's name,
  /// where the session says), `bytes` and `file`.
  static func json(_ list: SessionList) -> String {
    struct Row: Encodable {
      var number: Int
      var began: String
      var frontEnd: String
      var processID: Int32
      var steps: Int?
      var ending: String
      var endedBy: String?
      var bytes: Int
      var file: String
    }
    let rows = list.recordings.enumerated().map { index, recording in
      var endedBy: String?
      if case .ended(_, let by?) = recording.status { endedBy = name(by) }
      return Row(
        number: index + 1, began: recording.began.formatted(.iso8601),
        frontEnd: recording.frontEnd, processID: recording.processID,
        steps: recording.status.steps, ending: state(recording.status), endedBy: endedBy,
        bytes: recording.bytes, file: recording.path)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Strings and numbers always encode.
    guard let data = try? encoder.encode(rows) else { preconditionFailure("unencodable rows") }
    return String(decoding: data, as: UTF8.self)
  }

  /// What `--keep` or `--clear` did, in a line, and a line for the sessions spared.
  static func lines(_ removal: SessionList.Removal, keeping: Int) -> [String] {
    let count = removal.removed.count
    var lines = [
      "removed \(count) session\(count == 1 ? "" : "s")"
        + (keeping > 0 ? ", keeping the newest \(keeping)" : "")
    ]
    if !removal.spared.isEmpty {
      let spared = removal.spared.count
      lines.append(
        "spared \(spared) session\(spared == 1 ? "" : "s") still running: "
          + removal.spared.map(\.fileName).joined(separator: ", "))
    }
    return lines
  }

  /// `ended`, `ended (quit)`, `ended (SIGTERM)`, `running`, `cut short` or `unreadable`.
  static func ending(_ status: SessionList.Status) -> String {
    if case .ended(_, let by?) = status { return "ended (\(name(by)))" }
    return state(status)
  }

  private static func state(_ status: SessionList.Status) -> String {
    switch status {
    case .ended: "ended"
    case .running: "running"
    case .cutShort: "cut short"
    case .unreadable: "unreadable"
    }
  }

  /// `quit`, or the signal's name: `SIGTERM`, else `signal 10`.
  private static func name(_ ending: SessionList.Ending) -> String {
    switch ending {
    case .quit: "quit"
    case .signal(let number):
      [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGPIPE: "SIGPIPE",
        SIGTERM: "SIGTERM",
      ][number] ?? "signal \(number)"
    }
  }

  /// `2026-12-06 12:41:44`, in `localTime`.
  static func time(_ date: Date, in localTime: LocalTime) -> String {
    let c = localTime.components(of: date)
    return String(
      format: "%04d-%02d-%02d %02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0,
      c.minute ?? 0, c.second ?? 0)
  }

  /// `812 B`, `4.2 KiB`, `1.3 MiB`.
  static func size(_ bytes: Int) -> String {
    if bytes < 1024 { return "\(bytes) B" }
    if bytes < 1024 * 1024 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
    return String(format: "%.1f MiB", Double(bytes) / (1024 * 1024))
  }
}
