import ComposableArchitecture

/// The state ``ScreensReducer`` works on: the screens' own state together with what they read of
/// the app, the favorites, which the selection is on, and the length of the activity feed,
/// which the scroll is within.
public struct ScreensFeatureState: Equatable, Sendable {
  public var screens: ScreensState
  public var favoritePrimes: PersistentArray<Int>
  public var activityCount: Int

  public init(screens: ScreensState, favoritePrimes: PersistentArray<Int>, activityCount: Int) {
    self.screens = screens
    self.favoritePrimes = favoritePrimes
    self.activityCount = activityCount
  }
}

/// The screens' rules: opening pages, moving the selection and the feed's scroll within what
/// there is, notices, the launch's warning and ending.
///
/// ```swift
/// _ = ScreensReducer().reduce(into: &feature, action: .selectionMoved(by: 1), environment: ())
/// ```
public struct ScreensReducer: Reducer {
  public init() {}

  public func reduce(
    into state: inout ScreensFeatureState, action: ScreensAction, environment: Void
  ) -> Effect<ScreensAction> {
    switch action {
    case .pageOpened(let tab):
      state.screens.page = ScreensState.Page(tab)
      if tab == .activity { state.screens.activityEnd = nil }
      return .none

    case .selectionMoved(let step):
      state.screens.selection = state.selection(movedBy: step)
      return .none

    case .selectionPaged(let pages):
      state.screens.selection = state.selection(pagedBy: pages)
      return .none

    case .selectionMovedToFirst:
      state.screens.selection = state.selection(movedBy: .min)
      return .none

    case .selectionMovedToLast:
      state.screens.selection = state.selection(movedBy: .max)
      return .none

    case .activityScrolled(let step):
      state.scrollActivity(by: step)
      return .none

    case .activityPaged(let pages):
      let (step, overflow) = pages.multipliedReportingOverflow(
        by: Layout.activityRows(in: state.screens.size))
      state.scrollActivity(by: overflow ? (pages > 0 ? .max : .min) : step)
      return .none

    case .activityScrolledToNewest:
      state.scrollActivity(by: .min)
      return .none

    case .activityScrolledToOldest:
      state.scrollActivity(by: .max)
      return .none

    case .helpOpened:
      state.screens.destination = .help
      return .none

    case .helpClosed:
      state.screens.destination = nil
      return .none

    case .terminalResized(let size):
      state.screens.size = size
      return .none

    case .launchWarned(let warning):
      state.screens.destination = .launchWarning(warning)
      return .none

    case .launchWarningClosed:
      if state.screens.launchWarning != nil { state.screens.destination = nil }
      return .none

    case .storageFailed(let problem):
      // Read-only favorites stand over a read that failed: the app goes on refusing changes.
      guard state.screens.readOnly == nil else { return .none }
      state.screens.storageStatus = .failed(problem)
      return .none

    case .storageRecovered:
      if case .failed = state.screens.storageStatus { state.screens.storageStatus = nil }
      return .none

    case .storageWaiting(let text):
      guard state.screens.readOnly == nil else { return .none }
      state.screens.storageStatus = .waiting(text)
      return .none

    case .storageWaitEnded:
      // What the write then does is said by what comes next: a failure, or nothing.
      if case .waiting = state.screens.storageStatus { state.screens.storageStatus = nil }
      return .none

    case .storageReadOnly(let reason):
      state.screens.storageStatus = .readOnly(reason)
      return .none

    case .storageWritable:
      if state.screens.readOnly != nil { state.screens.storageStatus = nil }
      return .none

    case .quitTapped:
      state.screens.ending.end(.quit)
      return .none

    case .signalReceived(let signal):
      state.screens.ending.end(.signal(signal))
      return .none
    }
  }
}
