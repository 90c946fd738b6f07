import CReadline
import Foundation
import LineEditing

/// Reads lines at a terminal with GNU readline: editing, history kept across sessions in a
/// file (trimmed, without a line that repeats the one before), tab completion of command names,
/// and Ctrl-C that clears the line.
@MainActor
final class LineEditor {
  private let historyFile: URL?
  private static let historyLimit: Int32 = 1000

  init(historyFile: URL?, completions: [String]) {
    self.historyFile = historyFile
    // Kept for the life of the process: readline reads them on every Tab.
    let words = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(
      capacity: completions.count + 1)
    for (index, word) in completions.enumerated() { words[index] = UnsafePointer(strdup(word)) }
    words[completions.count] = nil
    line_editing_install_completion(words)
    line_editing_install_interrupt_handler()
    using_history()
    stifle_history(Self.historyLimit)
    if let historyFile { read_history(historyFile.path) }
  }

  /// The next line, or `nil` at end of input (Ctrl-D).
  func readLine(prompt: String) -> String? {
    line_editing_prepare_to_read()
    guard let raw = readline(prompt) else { return nil }
    defer { free(raw) }
    let line = String(
      decoding: UnsafeRawBufferPointer(start: raw, count: strlen(raw)), as: UTF8.self)
    let entry = line.trimmingCharacters(in: .whitespaces)
    if !entry.isEmpty, entry != lastHistoryEntry {
      add_history(entry)
      if let historyFile {
        if !FileManager.default.fileExists(atPath: historyFile.path) {
          write_history(historyFile.path)
        } else {
          append_history(1, historyFile.path)
          history_truncate_file(historyFile.path, Self.historyLimit)
        }
      }
    }
    return line
  }

  /// The line history holds last, if any.
  private var lastHistoryEntry: String? {
    line_editing_last_history_line().map { String(cString: $0) }
  }

  /// Whether Ctrl-C was pressed since the last call.
  nonisolated static func takeInterrupt() -> Bool {
    line_editing_take_interrupt() != 0
  }
}
