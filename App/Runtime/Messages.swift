import Foundation

/// The exit statuses that more than one room of the app ends with.
public enum ExitStatus {
  /// Bad arguments, or a terminal the full screen does not know (EX_USAGE).
  public static let usage: Int32 = 64
}

extension ExitStatus {
  /// `replay` of a recording that was cut short: it has no end line, and every line it has
  /// reproduces.
  public static let cutShort: Int32 = 3
}

/// Standard error, where every room says what went wrong, what it waits for, and how long a
/// computation took. A write that fails (a full disk, a terminal that hung up) is dropped: the
/// process still ends with its status. (A pipe whose reader is gone ends the process with
/// SIGPIPE, as it does any program that writes to it.)
///
/// ```swift
/// StandardError.say("cannot write standard output: \(reason)")
/// ```
public enum StandardError {
  /// Writes `text` as it is.
  public static func write(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }

  /// Writes `text` as one line.
  public static func line(_ text: String) {
    write(text + "\n")
  }

  /// Says `message` as the program, on a line of its own: `primetime: <message>`.
  public static func say(_ message: String) {
    line("primetime: " + message)
  }
}
