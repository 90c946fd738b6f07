import ComposableArchitecture

/// Where the history page's marker is among the session's steps.
///
/// The steps themselves are the app's history; the marker sees how many there are and how many
/// are done. Moving ``position`` is travelling: whoever owns the history undoes or redoes the
/// steps between the old position and the new one.
public struct HistoryMarker: Equatable, Sendable {
  /// How many steps are done: 0 before the first step, ``stepCount`` after the last.
  public var position: Int
  /// How many steps there are, done and undone.
  public var stepCount: Int

  public init(position: Int, stepCount: Int) {
    self.position = position
    self.stepCount = stepCount
  }
}

/// The history page's state: the page shown, which is the history page with its visit while it
/// is open, and the marker.
public struct HistoryScreenState: Equatable, Sendable {
  /// The page shown.
  public var page: ScreensState.Page
  /// Where the marker is among the steps.
  public var marker: HistoryMarker

  public init(page: ScreensState.Page, marker: HistoryMarker) {
    self.page = page
    self.marker = marker
  }
}

/// What happens on the history page.
public enum HistoryScreenAction: Equatable, Sendable {
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

/// The marker's moves: it stays within the steps, and no count moves it out of them or
/// overflows. Opening and closing the page are ``HistoryScreenReducer``'s; a viewer of steps
/// with no page to go back to (`replay --ui`) moves a marker alone.
///
/// ```swift
/// _ = HistoryMarkerReducer().reduce(into: &marker, action: .moved(by: -1), environment: ())
/// ```
public struct HistoryMarkerReducer: Reducer {
  public init() {}

  public func reduce(
    into state: inout HistoryMarker, action: HistoryScreenAction, environment: Void
  ) -> Effect<HistoryScreenAction> {
    switch action {
    case .moved(let steps):
      // Clamped before it is added, so that no count moves the marker out of the steps or
      // overflows.
      state.position += min(max(steps, -state.position), state.stepCount - state.position)
    case .movedToFirst:
      state.position = 0
    case .movedToLast:
      state.position = state.stepCount
    case .opened, .kept, .cancelled:
      break
    }
    return .none
  }
}

/// The history page's rules: it opens over the page shown, its marker moves only while it is
/// open, and closing goes back to the page it was opened from, at the step the person chose
/// (kept) or at the one it opened at (cancelled).
///
/// ```swift
/// _ = HistoryScreenReducer().reduce(into: &screen, action: .moved(by: -1), environment: ())
/// ```
public struct HistoryScreenReducer: Reducer {
  public init() {}

  public func reduce(
    into state: inout HistoryScreenState, action: HistoryScreenAction, environment: Void
  ) -> Effect<HistoryScreenAction> {
    guard case .history(let visit) = state.page else {
      // Closed: only opening acts.
      if action == .opened {
        state.page = .history(
          ScreensState.HistoryVisit(openedAt: state.marker.position, returnPage: state.page.tab))
      }
      return .none
    }
    switch action {
    case .opened:
      // Open already.
      break
    case .moved, .movedToFirst, .movedToLast:
      _ = HistoryMarkerReducer().reduce(into: &state.marker, action: action, environment: ())
    case .kept:
      state.page = ScreensState.Page(visit.returnPage)
    case .cancelled:
      state.marker.position = min(visit.openedAt, state.marker.stepCount)
      state.page = ScreensState.Page(visit.returnPage)
    }
    return .none
  }
}
