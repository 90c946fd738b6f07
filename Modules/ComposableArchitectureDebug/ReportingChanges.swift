import ComposableArchitecture
import CustomDump

/// Reports every action a store runs and the change it made to one part of the state, as a
/// diff, while it is on: what a store calls after each action (its `afterEachAction`), so that
/// reporting is no part of any reducer.
///
/// A debugging aid: each report is handed to `report` right after the reducer ran, so it
/// interleaves with whatever else the program prints. Only while it is on does it keep the
/// part of the state it reports, to diff the next action against; off, it keeps nothing, so a
/// change to the state never has to copy what it would otherwise share.
///
/// ```swift
/// ChangeReporter<History<AppState>, AppHistoryAction, AppState>(
///   of: { $0.present.withoutSync },
///   report: { output.out($0) })
/// ```
///
/// The store calls ``afterAction(_:_:)`` after each action; ``start(from:)`` turns the
/// reports on.
@MainActor
public final class ChangeReporter<State, Action, Reported> {
  private let toReported: (State) -> Reported
  private let report: (String) -> Void
  // The reported part after the last action, while on.
  private var last: Reported?

  /// Creates a reporter that is off.
  ///
  /// - Parameters:
  ///   - toReported: The part of the state to diff.
  ///   - report: Receives one report per action.
  public init(of toReported: @escaping (State) -> Reported, report: @escaping (String) -> Void) {
    self.toReported = toReported
    self.report = report
  }

  /// Whether actions are reported.
  public var isOn: Bool { last != nil }

  /// Starts reporting: the next action's change is told against `state`, the store's now.
  public func start(from state: State) {
    last = toReported(state)
  }

  /// Stops reporting, and lets go of the state kept.
  public func stop() {
    last = nil
  }

  /// Reports `action` and the change from the state before it to `state`, while on: what the
  /// store calls after each action.
  public func afterAction(_ action: Action, _ state: State) {
    guard let before = last else { return }
    let after = toReported(state)
    last = after
    report(debugReport(action: action, before: before, after: after))
  }
}

/// The text that ``ChangeReporter`` reports for one action: the action, dumped, then the diff of
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
