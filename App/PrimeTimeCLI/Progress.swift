import Foundation

/// How far a long computation is, shown on a terminal's stderr: after a moment, one line
/// redrawn in place (`working… 42%`), cleared when the computation ends. The REPL's lookups and
/// the commands for scripts both show it.
///
/// While it watches, keys typed at the terminal are not echoed, so they cannot garble the line;
/// they wait, unread, for the next prompt.
struct ProgressDisplay: Sendable {
  /// How long a computation runs before its progress is shown.
  static let delay: Duration = .milliseconds(300)

  /// The fraction of the work done, from 0 to 1.
  let fraction: @Sendable () -> Double
  /// Writes to the terminal.
  let write: @Sendable (String) -> Void
  /// Said after the percentage, e.g. `Ctrl-C cancels`.
  let hint: String?
  /// Whether typed keys go unechoed while it watches (standard input is that terminal).
  let silencesInput: Bool

  /// Shows the progress until `isRunning` turns false or `isInterrupted` true, then clears it.
  ///
  /// - Returns: Whether it stopped because of an interrupt.
  @MainActor
  func watch(while isRunning: () -> Bool, isInterrupted: () -> Bool = { false }) async -> Bool {
    let echo = silencesInput ? TerminalEcho.turnOff() : nil
    defer { echo?.restore() }
    let start = ContinuousClock.now
    var isDrawn = false
    defer { if isDrawn { write(Self.clear) } }
    while isRunning() {
      if isInterrupted() { return true }
      if ContinuousClock.now - start > Self.delay {
        write(Self.clear + Self.text(fraction(), hint: hint))
        isDrawn = true
      }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return false
  }

  /// The line for a fraction of the work done, e.g. `working… 42%  (Ctrl-C cancels)`.
  static func text(_ fraction: Double, hint: String? = nil) -> String {
    let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
    return "working… \(percent)%" + (hint.map { "  (\($0))" } ?? "")
  }

  /// Returns to the start of the line and erases it.
  static let clear = "\r\u{1B}[K"
}

/// Turns off the echo of standard input, when it is a terminal, until ``restore()``.
struct TerminalEcho {
  private let saved: termios

  /// Turns echo off; `nil` when standard input is no terminal.
  static func turnOff() -> TerminalEcho? {
    var settings = termios()
    guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
    let saved = settings
    settings.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    return TerminalEcho(saved: saved)
  }

  /// Puts the terminal's settings back as they were.
  func restore() {
    var saved = saved
    tcsetattr(STDIN_FILENO, TCSANOW, &saved)
  }
}
