import ComposableArchitecture
import CustomDump

extension Reducer {
  /// Reports every action this reducer receives and the change it made to the state, as a diff.
  ///
  /// A debugging aid: the report is handed to `report` synchronously, right after the reducer
  /// ran, so it interleaves with whatever else the program prints. While `isEnabled` returns
  /// `false` the reducer runs as if undecorated, and no state is copied.
  ///
  /// ```swift
  /// let reducer = childReducer.debug { reports.append($0) }
  /// // After `.incr`, the report is:
  /// // received action:
  /// //   ChildAction.incr
  /// //   - ChildState(count: 0)
  /// //   + ChildState(count: 1)
  /// ```
  ///
  /// - Parameters:
  ///   - isEnabled: Whether to report; checked on every action.
  ///   - report: Receives one report per action.
  /// - Returns: The reporting reducer.
  public func debug(
    isEnabled: @escaping () -> Bool = { true },
    report: @escaping (String) -> Void
  ) -> Reduce<State, Action, Environment> {
    debug(isEnabled: isEnabled, state: { $0 }, report: report)
  }

  /// Reports every action and the change it made to one part of the state, as a diff.
  ///
  /// ```swift
  /// AppHistoryReducer().debug(
  ///   isEnabled: { trace.isOn },
  ///   state: \.present,
  ///   report: { output.out($0) }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - isEnabled: Whether to report; checked on every action.
  ///   - toReported: The part of the state to diff.
  ///   - report: Receives one report per action.
  /// - Returns: The reporting reducer.
  public func debug<Reported>(
    isEnabled: @escaping () -> Bool = { true },
    state toReported: @escaping (State) -> Reported,
    report: @escaping (String) -> Void
  ) -> Reduce<State, Action, Environment> {
    Reduce { state, action, environment in
      guard isEnabled() else {
        return self.reduce(into: &state, action: action, environment: environment)
      }
      let before = toReported(state)
      let effect = self.reduce(into: &state, action: action, environment: environment)
      report(debugReport(action: action, before: before, after: toReported(state)))
      return effect
    }
  }

}

/// The text that `Reducer.debug` reports for one action: the action, dumped, then the diff of
/// the state or "(no state change)".
///
/// ```swift
/// debugReport(action: "incr", before: 0, after: 1)
/// // received action:
/// //   "incr"
/// //   - 0
/// //   + 1
/// ```
///
/// - Parameters:
///   - before: The state before the action.
///   - after: The state after it.
public func debugReport<Action, State>(action: Action, before: State, after: State) -> String {
  var actionDump = ""
  customDump(action, to: &actionDump, indent: 2)
  let change = diff(before, after)?.indented ?? "  (no state change)"
  return "received action:\n\(actionDump)\n\(change)"
}

extension String {
  /// The text on one line: each line's indentation dropped, for a dump inside a sentence.
  package var joinedLines: String {
    split(separator: "\n").map { $0.drop(while: \.isWhitespace) }.joined(separator: " ")
      .replacing("( ", with: "(").replacing(" )", with: ")")
  }

  /// The text with every line indented by two spaces, as dumps and diffs are nested in reports.
  package var indented: String {
    split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }
      .joined(separator: "\n")
  }
}
