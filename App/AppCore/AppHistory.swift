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
/// action that changes only what is on screen for the moment (what covers a screen, a running
/// lookup) is no step, so a refused action leaves undo and redo as they were. Undo and redo
/// restore the undoable part, and never bring back a dialog or a lookup; the notice says what
/// they left, or that there was nothing to undo or redo. What another session stored
/// (``AppAction/storageChanged(_:)``) is no step of this one either: it replaces the favorites
/// and the feed and leaves undo and redo alone.
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
      // What the last step said is news until the next one. Written only when it was set: the
      // history keeps the screens of each step by reference, as long as they do not change.
      if history.present.screens.said != nil { history.present.screens.said = nil }
    case .feedback:
      break
    }
    if case .step(.history) = action {
      // Moving on the history page travels; it is no step of its own. The page shows no alert,
      // so one that arrived before it (an export's failure) goes rather than wait behind it.
      _ = app.reduce(into: &history.present, action: .alertsDismissed, environment: environment)
      return historyScreen.reduce(into: &history, action: action, environment: environment)
    }
    if action.travels < 0 && !history.canUndo {
      history.present.screens.said = "nothing to undo"
      return .none
    }
    if action.travels > 0 && !history.canRedo {
      history.present.screens.said = "nothing to redo"
      return .none
    }
    let position = history.undoCount
    let effect = recording.reduce(into: &history, action: action, environment: environment)
    if action.travels != 0 {
      history.present.screens.said = history.present.travelled(
        steps: abs(history.undoCount - position), of: abs(action.travels),
        back: action.travels < 0)
    }
    return effect
  }
}

extension AppState {
  /// What an undo or a redo of `steps` of the `requested` steps left, said when it is done:
  /// `undone; count: 7; favorites: 7, 11` for one step, `undone 3 steps; count: 4; no favorites`
  /// for more, with `, all there were` when the history ended first.
  public func travelled(steps: Int, of requested: Int, back: Bool) -> String {
    let done = back ? "undone" : "redone"
    guard requested != 1 else { return "\(done); \(summary)" }
    let count = steps == 1 ? "1 step" : "\(steps) steps"
    return "\(done) \(count)\(steps < requested ? ", all there were" : ""); \(summary)"
  }

  /// The count and the favorites in one line, as an undo or a redo says what it left:
  /// `count: 7; favorites: 7, 11`; past ten favorites, how many and the last five.
  public var summary: String {
    let primes = favoritePrimes
    let favorites =
      switch primes.count {
      case 0: "no favorites"
      case 1...10: "favorites: " + primes.map(String.init).joined(separator: ", ")
      default:
        "\(primes.count) favorites: …, " + primes.suffix(5).map(String.init).joined(separator: ", ")
      }
    return "count: \(count); \(favorites)"
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
    case .counter, .favoritePrimes, .history, .alertsDismissed:
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
    screens.selection = screensFeature.selection
  }
}
