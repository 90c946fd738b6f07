import Foundation
import LineEditing
import Runtime

/// How far a long computation is, shown on a terminal's stderr: after a moment, one line
/// redrawn in place (`working… 42%`), cleared when the computation ends. The REPL's lookups and
/// the commands for scripts both show it.
///
/// While the line shows, keys typed at the terminal are not echoed, so they cannot garble it;
/// they wait, unread, for the next prompt. A computation that ends before the line shows leaves
/// the terminal alone; a signal that ends the process while the line shows erases it first.
public struct ProgressDisplay: Sendable {
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

  /// The progress of `progress` on standard error, drawn only when that is a terminal.
  ///
  /// - Parameters:
  ///   - terminal: Whether standard input and standard error are terminals.
  ///   - hint: Said after the percentage.
  public static func onStandardError(
    _ progress: LookupProgress, terminal: (input: Bool, error: Bool), hint: String?
  ) -> ProgressDisplay {
    ProgressDisplay(
      fraction: { progress.value },
      write: { text in
        guard terminal.error else { return }
        StandardError.write(text)
      },
      hint: hint,
      silencesInput: terminal.input && terminal.error)
  }

  /// Shows the progress until `isRunning` turns false or `isInterrupted` true, then clears it.
  ///
  /// - Returns: Whether it stopped because of an interrupt.
  @MainActor
  public func watch(while isRunning: () -> Bool, isInterrupted: () -> Bool = { false }) async
    -> Bool
  {
    var echo: TerminalEcho?
    defer { echo?.restore() }
    let start = ContinuousClock.now
    var isDrawn = false
    // A lookup that ends at once is seen to end at once: the first looks come after 1 ms, then
    // 2, 4… up to the redraw's 50 ms, so that a script of many small lookups is not slowed.
    var pause = Duration.milliseconds(1)
    defer {
      if isDrawn {
        write(Self.clear)
        line_editing_set_progress_line_shows(0)
      }
    }
    while isRunning() {
      if isInterrupted() { return true }
      if ContinuousClock.now - start > Self.delay {
        if !isDrawn {
          if silencesInput { echo = TerminalEcho.turnOff() }
          // A signal that ends the process now erases the line first.
          line_editing_set_progress_line_shows(1)
        }
        write(Self.clear + Self.text(fraction(), hint: hint))
        isDrawn = true
      }
      try? await Task.sleep(for: pause)
      pause = min(pause * 2, .milliseconds(50))
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

/// Turns off the echo of standard input, when it is the foreground process's terminal, until
/// ``restore()``. A signal that ends the process meanwhile puts the terminal back first.
struct TerminalEcho {
  /// Turns echo off; `nil` when standard input is no terminal.
  static func turnOff() -> TerminalEcho? {
    line_editing_turn_off_echo() == 1 ? TerminalEcho() : nil
  }

  /// Puts the terminal's settings back as they were.
  func restore() {
    line_editing_restore_echo()
  }
}

extension RuntimeEnvironment {
  /// The progress of the running lookup or computation, drawn on stderr when that is a
  /// terminal.
  public func progressDisplay(hint: String?) -> ProgressDisplay {
    .onStandardError(progress, terminal: (terminal.input, terminal.error), hint: hint)
  }
}
