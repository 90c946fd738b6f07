import ComposableArchitecture
import Screens

extension AppState {
  /// What undo and redo restore: the count, the favorites and the activity feed, so that the
  /// feed always agrees with the favorites.
  public struct Undoable: Equatable, Sendable {
    public var count: Int
    public var favoritePrimes: PersistentArray<Int>
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
  private let historyScreen:
    Pullback<
      HistoryScreenReducer, History<AppState>, HistoryAction<AppAction>, AppEnvironment
    >

  /// Creates the reducer: the app's, with undo, and the history page pulled back onto the
  /// history it travels.
  public init() {
    app = AppReducer()
    recording = app.recordingHistory(undoing: \.undoable)
    historyScreen = HistoryScreenReducer().pullback(state: \.historyScreen, action: .history)
  }

  public func reduce(
    into history: inout History<AppState>, action: HistoryAction<AppAction>,
    environment: AppEnvironment
  ) -> Effect<HistoryAction<AppAction>> {
    let favorites = history.present.favoritePrimes
    defer { history.present.keepSelectionOnItsPrime(ifChangedFrom: favorites) }
    switch action {
    case .step(.storageChanged):
      // Another session's change: no step of this one, so undo passes over it and no step of
      // the history shows it.
      history.changeOutsideSteps {
        _ = app.reduce(into: &$0, action: action.change, environment: environment)
      }
      return .none
    case .step(let change) where !change.isUserStep:
      // News of the terminal or of storage. It leaves the notices as they are, and starts no
      // effect.
      _ = app.reduce(into: &history.present, action: change, environment: environment)
      return .none
    case .step, .undo, .redo, .travel:
      // What the last step said is news until the next one.
      // Written only when it was set: the history keeps the screens of each step by
      // reference, as long as they do not change.
      if history.present.screens.travelled != nil { history.present.screens.travelled = nil }
      history.present.dismissRoutineAlerts()
    case .feedback:
      break
    }
    if case .step(.history) = action {
      // Moving on the history page travels; it is no step of its own.
      history.present.dismissAlerts()
      return historyScreen.reduce(into: &history, action: action, environment: environment)
    }
    if action.travels < 0 && !history.canUndo {
      history.present.alert = .nothingToDo("nothing to undo")
      return .none
    }
    if action.travels > 0 && !history.canRedo {
      history.present.alert = .nothingToDo("nothing to redo")
      return .none
    }
    let effect = recording.reduce(into: &history, action: action, environment: environment)
    if action.travels != 0 {
      history.present.dismissAlerts()
      history.present.screens.travelled = action.travels < 0 ? .undone : .redone
    }
    return effect
  }
}

extension HistoryAction<AppAction> {
  /// How many steps the action travels: back when negative, forward when positive.
  fileprivate var travels: Int {
    switch self {
    case .undo: -1
    case .redo: 1
    case .travel(let steps): steps
    case .step, .feedback: 0
    }
  }

  /// The app's action in a step or a feedback.
  fileprivate var change: AppAction {
    switch self {
    case .step(let action), .feedback(let action, _): action
    case .undo, .redo, .travel: preconditionFailure("no app action in \(self)")
    }
  }
}

extension CasePath<HistoryAction<AppAction>, HistoryScreenAction> {
  /// The history page's actions: steps of the app that travel instead of being recorded.
  public static var history: Self {
    Self({ .step(.history($0)) }) { if case .step(.history(let a)) = $0 { a } else { nil } }
  }
}

extension History<AppState> {
  /// The history page's view of the history: setting its position travels there, restoring
  /// what undo restores.
  public var historyScreen: HistoryScreenState {
    get {
      HistoryScreenState(
        page: present.screens.page, visit: present.screens.historyVisit, position: undoCount,
        stepCount: stepCount)
    }
    set {
      present.screens.page = newValue.page
      present.screens.historyVisit = newValue.visit
      travel(by: newValue.position - undoCount, restoring: \.undoable)
    }
  }
}

extension AppAction {
  /// Whether the action is a step of this session's user: a key or a command. Another
  /// session's change, and news of the terminal or of storage, are not: undo passes over them.
  public var isUserStep: Bool {
    switch self {
    case .counter, .favoritePrimes, .history:
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
