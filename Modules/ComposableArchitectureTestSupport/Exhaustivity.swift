/// How much of what happens a ``TestStore`` test must state.
///
/// ```swift
/// store.exhaustivity = .off
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Everything: every change of state, every action that effects send back, and every effect
  /// still running at the end of the test. A feature's own tests are written this way.
  case on
  /// Only what the test states. An assertion's changes, made on the state the action left,
  /// must change nothing there; what the action changed besides passes. `receive` runs the
  /// actions that come before the expected one, unasserted, and so does `send`, as a `Store`
  /// would have run them, and so does `finish`, while it waits. At the end, actions not received
  /// and effects still running fail nothing, and the effects are cancelled; `finish` still
  /// fails where its effects do not end in time. With `showSkippedAssertions`, each state change
  /// and each action passed over is reported as an expected issue, which fails nothing (printed,
  /// under XCTest where it cannot expect an issue).
  ///
  /// For a test of how features fit together, which would otherwise restate what each
  /// feature's own tests assert.
  case off(showSkippedAssertions: Bool)

  /// Only what the test states, saying nothing of what it passes over.
  public static let off = Exhaustivity.off(showSkippedAssertions: false)
}
