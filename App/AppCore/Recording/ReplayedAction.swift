import ComposableArchitecture
import Screens

/// What a line of a recording does when it is replayed: an action of the app's, or, for a line
/// upgraded from an earlier format, a travel by that format's rules. Neither the app nor a front
/// end sends the latter: only a replay runs them, through ``ReplayReducer``.
public enum ReplayedAction: Equatable, Sendable {
  /// An action of the app's, as its store takes it.
  case app(AppHistoryAction)
  /// Undos (a negative count) or redos that restore the states the steps went between, taking
  /// back with them what other sessions changed since: how recordings before format 7 undid,
  /// redid and travelled (``RecordedLine/restoringTravel(by:readings:after:)``).
  case restoringTravel(by: Int)
  /// A move on the history page that says nothing of what other sessions had already done, as
  /// recordings before format 8 moved; `restoring` as ``restoringTravel(by:)`` travels, as
  /// recordings before format 7 did
  /// (``RecordedLine/quietHistoryPage(move:restoring:readings:after:)``).
  case quietHistoryPage(HistoryScreenAction, restoring: Bool)
}

extension ReplayedAction {
  /// The action as a person reads it, in a replay's messages: the app's own where it is one of
  /// the app's, and a travel of an earlier format's as that.
  public var shown: Any {
    if case .app(let action) = self { action } else { self }
  }
}

/// The app with undo and redo, as a replay runs it: ``AppHistoryReducer`` for the app's actions,
/// and the travels of earlier formats by their own rules.
///
/// ``Replay/run(_:onAction:)`` replays a recording's lines through it, one line's action at a
/// time.
public struct ReplayReducer: Reducer {
  private let app = AppHistoryReducer()

  public init() {}

  public func reduce(
    into history: inout History<AppState>, action: ReplayedAction, environment: AppEnvironment
  ) -> Effect<ReplayedAction> {
    switch action {
    case .app(let action):
      return app.reduce(into: &history, action: action, environment: environment)
        .map(ReplayedAction.app)
    case .restoringTravel(let steps):
      app.travelOutsideTheAppsActions(&history) {
        app.travel(&$0, by: steps, restoring: true, environment: environment)
      }
      return .none
    case .quietHistoryPage(let move, let restoring):
      app.travelOutsideTheAppsActions(&history) {
        app.moveOnHistoryPage(
          move, in: &$0, restoring: restoring, quietly: true, environment: environment)
      }
      return .none
    }
  }
}
