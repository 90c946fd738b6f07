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
  private let undoesByRestoring: Bool

  /// Creates the reducer: the app's, with undo and redo as changes to what is there now, and
  /// the history page, which travels the history.
  ///
  /// - Parameter undoesByRestoring: Whether undo and redo restore the states a step went
  ///   between instead, as they did before recordings of version 7, which replay so.
  public init(undoesByRestoring: Bool = false) {
    app = AppReducer()
    recording = app.recordingHistory(undoing: \.undoable) { present, from, to, environment in
      _ = present.makeChange(from: from, to: to, environment: environment)
    }
    self.undoesByRestoring = undoesByRestoring
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
    if case .step(.history(let pageAction)) = action {
      // Moving on the history page travels; it is no step of its own. The page shows no alert,
      // so one that arrived before it (an export's failure) goes rather than wait behind it.
      _ = app.reduce(into: &history.present, action: .alertsDismissed, environment: environment)
      var page = history.historyScreen
      _ = HistoryScreenReducer().reduce(into: &page, action: pageAction, environment: ())
      history.present.screens.page = page.page
      history.present.screens.historyVisit = page.visit
      _ = travel(&history, by: page.position - history.undoCount, environment: environment)
      return .none
    }
    let travels = action.travels
    guard travels != 0 else {
      return recording.reduce(into: &history, action: action, environment: environment)
    }
    guard travels < 0 ? history.canUndo : history.canRedo else {
      history.present.screens.said = travels < 0 ? "nothing to undo" : "nothing to redo"
      return .none
    }
    let position = history.undoCount
    let notes = travel(&history, by: travels, environment: environment)
    // A step keeps the states it went between, so its words are the same after the travel;
    // they are said only beside what others had already done.
    let words =
      abs(travels) == 1 && !notes.isEmpty
      ? history.title(at: min(position, history.undoCount)) : nil
    history.present.screens.said = history.present.travelled(
      steps: abs(history.undoCount - position), of: abs(travels), back: travels < 0,
      step: words, notes: notes)
    return .none
  }

  /// Undoes or redoes `steps` steps as changes to what is there now.
  ///
  /// - Returns: What other sessions had already done of those changes, in words.
  private func travel(
    _ history: inout History<AppState>, by steps: Int, environment: AppEnvironment
  ) -> [String] {
    guard !undoesByRestoring else {
      history.travel(by: steps, restoring: \.undoable)
      return []
    }
    var notes: [String] = []
    history.travel(by: steps, changing: \.undoable) { present, from, to in
      notes += present.makeChange(from: from, to: to, environment: environment)
    }
    return notes
  }
}

extension AppState {
  /// What an undo or a redo of `steps` of the `requested` steps left, said when it is done:
  /// `undone; count: 7; favorites: 7, 11` for one step, `undone 3 steps; count: 4; no favorites`
  /// for more, with `, all there were` when the history ended first.
  ///
  /// Where other sessions had already done part of it, the words of the step and what they
  /// had done come first: `undone: saved 17 (17 had already been removed in another session);
  /// count: 17; no favorites`.
  public func travelled(
    steps: Int, of requested: Int, back: Bool, step words: String? = nil, notes: [String] = []
  ) -> String {
    var done = back ? "undone" : "redone"
    if requested != 1 {
      done += steps == 1 ? " 1 step" : " \(steps) steps"
      if steps < requested { done += ", all there were" }
    }
    if !notes.isEmpty {
      if let words { done += ": \(words)" }
      done += " (\(notes.joined(separator: "; ")))"
    }
    return "\(done); \(summary)"
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

extension History<AppState> {
  /// The history page's view of the history; ``AppHistoryReducer`` travels to the position the
  /// page moves to.
  public var historyScreen: HistoryScreenState {
    HistoryScreenState(
      page: present.screens.page, visit: present.screens.historyVisit, position: undoCount,
      stepCount: stepCount)
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
