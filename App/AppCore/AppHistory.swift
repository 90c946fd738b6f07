import ComposableArchitecture

extension AppState {
  /// What undo and redo restore: the count, the favorites and the activity feed, so that the
  /// feed always agrees with the favorites.
  public struct Undoable: Equatable, Sendable {
    /// The count.
    public var count: Int
    /// The favorite primes, in the order they were saved.
    public var favoritePrimes: PersistentArray<Int>
    /// Every favorite added or removed, oldest first.
    public var activityFeed: PersistentArray<Activity>
  }

  /// The part of the state that undo and redo restore; what belongs to the moment (the alert,
  /// the prime modal, a lookup in flight) is left out.
  public var undoable: Undoable {
    get {
      Undoable(count: count, favoritePrimes: favoritePrimes, activityFeed: activityFeed)
    }
    set {
      count = newValue.count
      favoritePrimes = newValue.favoritePrimes
      activityFeed = newValue.activityFeed
    }
  }
}

/// The app with undo and redo of user steps.
///
/// A step is whatever changes ``AppState/undoable``: the count, the favorites, the feed. An
/// action that changes only what is on screen for the moment (an alert, the prime modal, an
/// nth-prime lookup) is no step, so a refused action leaves undo and redo as they were. Undo and
/// redo restore the undoable part and dismiss the alerts; with nothing to undo or redo, they
/// change nothing but the alert, which says so. The modal and a lookup in flight stay as they
/// are. What another session stored (``AppAction/storageChanged(_:)``) is no step of
/// this one either: it replaces the favorites and the feed and leaves undo and redo alone.
///
/// ```swift
/// let store = Store(
///   initialState: History(AppState()), reducer: AppHistoryReducer(), environment: environment)
/// store.send(.step(.counter(.incrTapped)))
/// store.send(.undo)  // store.state.present.count == 0
/// ```
public struct AppHistoryReducer: Reducer {
  private let app: AppReducer
  private let recording: RecordingHistory<AppReducer, AppState.Undoable>

  /// Creates the reducer.
  public init() {
    app = AppReducer()
    recording = app.recordingHistory(undoing: \.undoable)
  }

  public func reduce(
    into history: inout History<AppState>, action: HistoryAction<AppAction>,
    environment: AppEnvironment
  ) -> Effect<HistoryAction<AppAction>> {
    let favorites = history.present.favoritePrimes
    defer { history.present.keepSelectionOnItsPrime(ifChangedFrom: favorites) }
    if case .step(let change) = action, !change.isUserStep {
      // Not this session's step: another session's change, or news of the terminal or of
      // storage. Undo passes over it, and it leaves the notices as they are.
      // None of these starts an effect.
      _ = app.reduce(into: &history.present, action: change, environment: environment)
      return .none
    }
    switch action {
    case .step, .undo, .redo:
      // What the last step said is news until the next one.
      history.present.screens.travelled = nil
      history.present.dismissRoutineAlerts()
    case .feedback:
      break
    }
    switch action {
    case .undo where !history.canUndo:
      history.present.alert = .nothingToDo("nothing to undo")
      return .none
    case .redo where !history.canRedo:
      history.present.alert = .nothingToDo("nothing to redo")
      return .none
    default:
      break
    }
    let effect = recording.reduce(into: &history, action: action, environment: environment)
    switch action {
    case .undo:
      history.present.dismissAlerts()
      history.present.screens.travelled = .undone
    case .redo:
      history.present.dismissAlerts()
      history.present.screens.travelled = .redone
    case .step, .feedback:
      break
    }
    return effect
  }
}

extension AppAction {
  /// Whether the action is a step of this session's user: a key or a command. Another
  /// session's change, and news of the terminal or of storage, are not: undo passes over them.
  public var isUserStep: Bool {
    switch self {
    case .counter, .favoritePrimes:
      true
    case .storageChanged:
      false
    case .screens(let action):
      switch action {
      case .pageOpened, .selectionMoved, .activityScrolled, .launchWarningClosed, .quitTapped:
        true
      case .terminalResized, .launchWarned, .storageFailed, .storageRecovered, .signalReceived:
        false
      }
    }
  }
}

extension AppState {
  /// Puts the favorites' selection on the prime it shows, when the favorites changed under it
  /// (a delete, an undo, another session's change), so that the next change moves it with that
  /// prime. A look at the list's identity tells that it did not change.
  mutating func keepSelectionOnItsPrime(ifChangedFrom before: PersistentArray<Int>) {
    guard screens.page == .favorites, favoritePrimes != before else { return }
    screens.selection = screensView.selection
  }
}
