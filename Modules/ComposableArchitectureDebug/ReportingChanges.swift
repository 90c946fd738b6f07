import ComposableArchitecture
import CustomDump

/// Reports every action a store runs and the change it made to the state, as a diff: a
/// function to hand the store as its `afterEachAction`, so that reporting is no part of any
/// reducer.
///
/// A debugging aid: each report is handed to `report` right after the reducer ran, so it
/// interleaves with whatever else the program prints. While `isEnabled` returns `false`
/// nothing is reported; the state is still noted, so that the first report after it turns on
/// shows that action's change alone.
///
/// ```swift
/// let store = Store(
///   initialState: ChildState(), reducer: childReducer, environment: (),
///   afterEachAction: reportingChanges(from: ChildState()) { reports.append($0) })
/// // After `.incr`, the report is:
/// // received action:
/// //   ChildAction.incr
/// //   - ChildState(count: 0)
/// //   + ChildState(count: 1)
/// ```
///
/// - Parameters:
///   - initialState: The state the store starts from.
///   - isEnabled: Whether to report; checked on every action.
///   - report: Receives one report per action.
/// - Returns: What the store calls after each action.
@MainActor
public func reportingChanges<State, Action>(
  from initialState: State,
  isEnabled: @escaping () -> Bool = { true },
  report: @escaping (String) -> Void
) -> @MainActor (Action, State) -> Void {
  reportingChanges(from: initialState, of: { $0 }, isEnabled: isEnabled, report: report)
}

/// Reports every action a store runs and the change it made to one part of the state, as a
/// diff.
///
/// ```swift
/// reportingChanges(
///   from: History(initialState), of: \.present, isEnabled: { trace.isOn },
///   report: { output.out($0) })
/// ```
///
/// - Parameters:
///   - initialState: The state the store starts from.
///   - toReported: The part of the state to diff.
///   - isEnabled: Whether to report; checked on every action.
///   - report: Receives one report per action.
/// - Returns: What the store calls after each action.
@MainActor
public func reportingChanges<State, Action, Reported>(
  from initialState: State,
  of toReported: @escaping (State) -> Reported,
  isEnabled: @escaping () -> Bool = { true },
  report: @escaping (String) -> Void
) -> @MainActor (Action, State) -> Void {
  var before = toReported(initialState)
  return { action, state in
    let after = toReported(state)
    defer { before = after }
    guard isEnabled() else { return }
    report(debugReport(action: action, before: before, after: after))
  }
}

/// The text that `reportingChanges(from:of:isEnabled:report:)` reports for one action: the action, dumped, then the diff of
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
