import CReadline
import Foundation
import LineEditing

/// Reads lines at a terminal with GNU readline: editing, history kept across sessions in a
/// file (trimmed, without a line that repeats the one before), Tab completion of command names
/// and of their arguments, file names included, and Ctrl-C that clears the line.
@MainActor
final class LineEditor {
  private let historyFile: URL?
  private static let historyLimit: Int32 = 1000

  /// Creates the editor; Tab offers what ``Command/completions(line:start:)`` gives.
  init(historyFile: URL?) {
    self.historyFile = historyFile
    line_editing_install_completion { line, start, fileNames in
      let line = line.map { String(cString: $0) } ?? ""
      let words: [String]
      switch Command.completions(line: line, start: Int(start)) {
      case .words(let offered):
        words = offered
      case .fileNames:
        fileNames?.pointee = 1
        return nil
      }
      // Allocated with malloc, as the C side frees it.
      typealias Word = UnsafeMutablePointer<CChar>?
      guard let memory = malloc(MemoryLayout<Word>.stride * (words.count + 1)) else { return nil }
      let array = memory.bindMemory(to: Word.self, capacity: words.count + 1)
      for (index, word) in words.enumerated() { array[index] = strdup(word) }
      array[words.count] = nil
      return array
    }
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

  /// Writes out what is buffered for standard output; a write that fails is kept for
  /// ``standardOutputError()``.
  nonisolated static func flushOutput() {
    line_editing_flush_output()
  }

  /// Writes out what is buffered for standard output, and returns the error number of the
  /// first write to it that failed, or 0.
  nonisolated static func standardOutputError() -> Int32 {
    line_editing_standard_output_error()
  }

  /// Whether Ctrl-C was pressed since the last call.
  nonisolated static func takeInterrupt() -> Bool {
    line_editing_take_interrupt() != 0
  }
}
