import ComposableArchitecture
import RecordingFormat
import Screens

extension RecordedLine {
  /// A line for an action, with the readings taken while it ran and the history it left; `nil`
  /// for storage's own actions, which no recording keeps (what they find is sent on as
  /// actions that are).
  public init?(_ action: AppHistoryAction, readings: Readings, after history: History<AppState>) {
    let readings = readings.isEmpty ? nil : readings
    let after = Summary(history)
    switch action {
    case .step(let action):
      self = .step(action: RecordedAction(action), readings: readings, after: after)
    case .feedback(let action, let step):
      self = .feedback(action: RecordedAction(action), step: step, readings: readings, after: after)
    case .undo:
      self = .undo(readings: readings, after: after)
    case .redo:
      self = .redo(readings: readings, after: after)
    case .travel(let steps):
      self = .travel(by: steps, readings: readings, after: after)
    case .historyPage(let move):
      self = .historyPage(
        move: RecordedAction.HistoryPage(move), readings: readings, after: after)
    case .storage:
      return nil
    }
  }

  /// The line that starts a recording of a session that starts in `state`.
  public static func start(_ state: AppState) -> RecordedLine {
    .start(version: version, state: RecordedState(state))
  }

  /// The line that ends a recording of a session that ends in `state` on `screen`.
  public static func end(_ state: AppState, screen: Screen) -> RecordedLine {
    .end(state: RecordedState(state), screen: screen.rawValue)
  }

  /// The action this line records, as a replay runs it, with the readings and the summary
  /// after it; `nil` for the start and end lines.
  public var replayed: (ReplayedAction, Readings, Summary)? {
    switch self {
    case .step(let action, let readings, let after):
      return (.app(.step(AppAction(action))), readings ?? Readings(), after)
    case .feedback(let action, let step, let readings, let after):
      return (.app(.feedback(AppAction(action), step: step)), readings ?? Readings(), after)
    case .undo(let readings, let after):
      return (.app(.undo), readings ?? Readings(), after)
    case .redo(let readings, let after):
      return (.app(.redo), readings ?? Readings(), after)
    case .travel(let steps, let readings, let after):
      return (.app(.travel(by: steps)), readings ?? Readings(), after)
    case .historyPage(let move, let readings, let after):
      return (.app(.historyPage(HistoryScreenAction(move))), readings ?? Readings(), after)
    case .restoringTravel(let steps, let readings, let after):
      return (.restoringTravel(by: steps), readings ?? Readings(), after)
    case .quietHistoryPage(let move, let restoring, let readings, let after):
      return (
        .quietHistoryPage(HistoryScreenAction(move), restoring: restoring), readings ?? Readings(),
        after
      )
    case .start, .end:
      return nil
    }
  }
}
