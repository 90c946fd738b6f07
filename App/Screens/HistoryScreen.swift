import ComposableArchitecture

/// The history page's state: where the app is among the session's steps, and the visit.
///
/// The steps themselves are the app's history; this state sees how many there are and how many
/// are done. Moving ``position`` is travelling: whoever owns the history undoes or redoes the
/// steps between the old position and the new one.
public struct HistoryScreenState: Equatable, Sendable {
  /// The page shown; `.history` while the history page is open.
  public var page: ScreensState.Page
  /// Where the history page was opened from; `nil` while it is closed.
  public var visit: ScreensState.HistoryVisit?
  /// How many steps are done: 0 before the first step, ``stepCount`` after the last.
  public var position: Int
  /// How many steps there are, done and undone.
  public var stepCount: Int

  public init(
    page: ScreensState.Page, visit: ScreensState.HistoryVisit? = nil, position: Int,
    stepCount: Int
  ) {
    self.page = page
    self.visit = visit
    self.position = position
    self.stepCount = stepCount
  }
}

/// What happens on the history page.
public enum HistoryScreenAction: Codable, Equatable, Sendable {
  /// The history page opens over the page shown.
  case opened
  /// The marker moves back (negative) or forward by this many steps.
  case moved(by: Int)
  /// The marker goes to before the first step.
  case movedToFirst
  /// The marker goes to after the last step, where every step is done.
  case movedToLast
  /// The app stays where the marker is, and the page it was opened from shows again.
  case kept
  /// The app goes back to where it was when the page opened (or to after the last
  /// step, if there are fewer steps now), and the page it was opened from shows again.
  case cancelled
}

/// The history page's rules: the marker stays within the steps, and closing goes back to the
/// page it was opened from, at the step the person chose (kept) or at the one it opened at
/// (cancelled).
///
/// ```swift
/// _ = HistoryScreenReducer().reduce(into: &screen, action: .moved(by: -1), environment: ())
/// ```
public struct HistoryScreenReducer: Reducer {
  public init() {}

  public func reduce(
    into state: inout HistoryScreenState, action: HistoryScreenAction, environment: Void
  ) -> Effect<HistoryScreenAction> {
    switch (action, state.visit) {
    case (.opened, nil):
      state.visit = ScreensState.HistoryVisit(openedAt: state.position, returnPage: state.page)
      state.page = .history
    case (.opened, _?), (_, nil):
      // Open already, or closed: nothing to do.
      break
    case (.moved(let steps), _?):
      // Clamped before it is added, so that no count moves the marker out of the steps or
      // overflows.
      state.position += min(max(steps, -state.position), state.stepCount - state.position)
    case (.movedToFirst, _?):
      state.position = 0
    case (.movedToLast, _?):
      state.position = state.stepCount
    case (.kept, let visit?):
      state.page = visit.returnPage
      state.visit = nil
    case (.cancelled, let visit?):
      state.position = min(visit.openedAt, state.stepCount)
      state.page = visit.returnPage
      state.visit = nil
    }
    return .none
  }
}
