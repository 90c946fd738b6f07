import Foundation

// Each earlier format's lines are read as that format's own types, and upgraded one version at
// a time, each upgrade a function from one version's types to the next's:
//
//   formats 3 and 4: Version4.Line → Version5.Line → Version8.Line → RecordedLine
//   format 5:                        Version5.Line → Version8.Line → RecordedLine
//   formats 6 to 8:                                  Version8.Line → RecordedLine
//
// Versions whose lines read the same share a type; format 9's are this format's. What an
// earlier format did by rules of its own (undo by restoring, a history page that said nothing,
// the prime modal's actions with the modal closed) its upgrade says in this format's terms.
// Formats 3 to 5 are in RecordedLine+Version4.swift and RecordedLine+Version5.swift; here are
// the kinds of line they share, and formats 6 to 8.

/// A line of a format before 9, with that format's actions, states and summaries: the kinds of
/// line are this format's, less those added since.
///
/// Formats before 8 wrote undo, redo and travel lines without readings, which read as none.
/// Format 3 wrote no travel lines, and no moves on the history page.
enum EarlierLine<Action: Sendable, State: Sendable, Summary: Sendable>: Sendable {
  case start(version: Int, state: State)
  case step(action: EarlierStep<Action>, readings: RecordedLine.Readings? = nil, after: Summary)
  case feedback(
    action: Action, step: Int, readings: RecordedLine.Readings? = nil, after: Summary)
  case undo(readings: RecordedLine.Readings? = nil, after: Summary)
  case redo(readings: RecordedLine.Readings? = nil, after: Summary)
  case travel(by: Int, readings: RecordedLine.Readings? = nil, after: Summary)
  case end(state: State, screen: String)
}

extension EarlierLine: Decodable where Action: Decodable, State: Decodable, Summary: Decodable {}
extension EarlierLine: Equatable where Action: Equatable, State: Equatable, Summary: Equatable {}

extension EarlierLine {
  /// The same line, with its action, its state and its summary each upgraded.
  func map<NextAction, NextState, NextSummary>(
    action upgrade: (Action) -> NextAction, state upgradeState: (State) -> NextState,
    summary upgradeSummary: (Summary) -> NextSummary
  ) -> EarlierLine<NextAction, NextState, NextSummary> {
    switch self {
    case .start(let version, let state):
      .start(version: version, state: upgradeState(state))
    case .step(let action, let readings, let after):
      .step(action: action.map(upgrade), readings: readings, after: upgradeSummary(after))
    case .feedback(let action, let step, let readings, let after):
      .feedback(
        action: upgrade(action), step: step, readings: readings, after: upgradeSummary(after))
    case .undo(let readings, let after):
      .undo(readings: readings, after: upgradeSummary(after))
    case .redo(let readings, let after):
      .redo(readings: readings, after: upgradeSummary(after))
    case .travel(let steps, let readings, let after):
      .travel(by: steps, readings: readings, after: upgradeSummary(after))
    case .end(let state, let screen):
      .end(state: upgradeState(state), screen: screen)
    }
  }
}

/// What a step of a format before 9 did: an action of the app's, or a move on the history page,
/// which formats 4 to 8 wrote as one of the app's actions, `{"history":{"_0":move}}`.
enum EarlierStep<Action: Sendable>: Sendable {
  case app(Action)
  case history(RecordedAction.HistoryPage)

  /// The same step, with the app's action upgraded.
  func map<NextAction>(_ upgrade: (Action) -> NextAction) -> EarlierStep<NextAction> {
    switch self {
    case .app(let action): .app(upgrade(action))
    case .history(let move): .history(move)
    }
  }
}

extension EarlierStep: Equatable where Action: Equatable {}

extension EarlierStep: Decodable where Action: Decodable {
  /// Reads a move on the history page where the action's one key is `history`, and the app's
  /// action otherwise, whose errors then name the line's own keys.
  init(from decoder: any Decoder) throws {
    let keys = try decoder.container(keyedBy: AnyKey.self).allKeys
    guard keys.map(\.stringValue) == ["history"] else {
      self = .app(try Action(from: decoder))
      return
    }
    self = .history(try HistoryMove(from: decoder).move)
  }

}

/// A move on the history page as the app's action: `{"history":{"_0":move}}`.
private enum HistoryMove: Decodable {
  case history(RecordedAction.HistoryPage)

  var move: RecordedAction.HistoryPage {
    switch self {
    case .history(let move): move
    }
  }
}

/// Any key of a JSON object, to see which keys it has.
private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension RecordedLine {
  /// Formats 6 and 7 read as format 8: version 7 changed what undo and redo do, and version 8
  /// what a move on the history page says, and added readings to undo, redo and travel lines,
  /// which the earlier lines have none of. What they did differently, their upgrade says.
  typealias Version6 = Version8
  typealias Version7 = Version8

  /// Formats 6 to 8, where a move on the history page was a step of the app's.
  enum Version8 {
    /// A line of format 8; its actions, other than moves on the history page, its states and
    /// its summaries are this format's, which have only gained cases since.
    typealias Line = EarlierLine<RecordedAction, RecordedState, RecordedLine.Summary>
  }
}

extension EarlierLine<RecordedAction, RecordedState, RecordedLine.Summary> {
  /// The line in this format, as a recording of format `version`, 6 to 8, made it.
  ///
  /// A move on the history page is a line of its own. Before format 8 it said nothing of what
  /// other sessions had done, and before format 7 undo, redo, travel and the history page
  /// restored the states the steps went between: the upgraded line asks for that
  /// (``RecordedLine/quietHistoryPage(move:restoring:readings:after:)``,
  /// ``RecordedLine/restoringTravel(by:readings:after:)``).
  ///
  /// - Parameter version: The format of the recording the line is from; formats 3 to 5 did as
  ///   format 6 did.
  /// - Returns: The line in this format.
  func upgraded(from version: Int) -> RecordedLine {
    let restoring = version < 7
    switch self {
    case .start(let started, let state):
      return .start(version: started, state: state)
    case .step(.app(let action), let readings, let after):
      return .step(action: action, readings: readings, after: after)
    case .step(.history(let move), let readings, let after):
      guard version < 8 else { return .historyPage(move: move, readings: readings, after: after) }
      return .quietHistoryPage(move: move, restoring: restoring, readings: readings, after: after)
    case .feedback(let action, let step, let readings, let after):
      return .feedback(action: action, step: step, readings: readings, after: after)
    case .undo(let readings, let after):
      guard restoring else { return .undo(readings: readings, after: after) }
      return .restoringTravel(by: -1, readings: readings, after: after)
    case .redo(let readings, let after):
      guard restoring else { return .redo(readings: readings, after: after) }
      return .restoringTravel(by: 1, readings: readings, after: after)
    case .travel(let steps, let readings, let after):
      guard restoring else { return .travel(by: steps, readings: readings, after: after) }
      return .restoringTravel(by: steps, readings: readings, after: after)
    case .end(let state, let screen):
      return .end(state: state, screen: screen)
    }
  }
}
