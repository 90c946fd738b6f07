import ComposableArchitecture
import Foundation
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
    get { Self.undoableFields.child(of: self) }
    set { Self.undoableFields.write(newValue, into: &self) }
  }

  @inline(__always)
  static var undoableFields: DerivedState<AppState, Undoable> {
    .fields
      .shared(\.count, as: \.count)
      .shared(\.favoritePrimes, as: \.favoritePrimes)
      .shared(\.activityFeed, as: \.activityFeed)
      .making(Undoable.init(count:favoritePrimes:activityFeed:))
  }
}

/// The app with undo and redo of user steps, and the history page.
///
/// Each kind of action has one layer, named in one switch:
/// - another session's change (``AppAction/storageChanged(_:)``) replaces the favorites and the
///   feed outside the steps, so undo passes over it;
/// - news of the terminal or of storage (what ``AppAction/isUserStep`` says is no user step)
///   changes the screens, and is no step either;
/// - a move on the history page (``AppHistoryAction/historyPage(_:)``) travels to where the
///   page's marker went;
/// - any other action is a step when it changes ``AppState/undoable`` (the count, the
///   favorites, the feed). One that changes only what is on screen for the moment (what covers
///   a screen, a running lookup) is no step, so a refused action leaves undo and redo as they
///   were;
/// - undo, redo and travel take back or make again the steps' own changes, leaving what other
///   sessions changed, and never bring back a dialog or a lookup. The notice says what they
///   left, or that there was nothing to undo or redo. A replay of a recording of an earlier
///   format travels by that format's rules instead (``ReplayedAction``), as it was made.
///
/// Whatever changed the favorites, the selection stays on the prime it showed; what the last
/// step said is news until the next step, undo, redo or move on the history page.
///
/// While the stored favorites are read-only (``ScreensState/readOnly``), this session's own
/// change of them (a step, what its effect sent back, undo, redo, travel, a move on the history
/// page) is refused whole: the
/// state stays as it was, and the notice says why (``ScreensState/Notice/refusedReadOnly(_:)``).
/// A step that leaves them alone (the count, a page, a lookup) goes on as ever. An undo or a
/// travel is refused where a step it crosses changed them, whatever another session has done
/// of that change since.
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

  /// Creates the reducer: the app's, with undo and redo as changes to what is there now, and
  /// the history page, which travels the history.
  public init() {
    // Undo, redo and travel go through ``travel(_:by:restoring:environment:sayingOnlyNotes:)``,
    // which says what others had already done; the history records the steps.
    app = AppReducer()
    recording = app.recordingHistory(undoing: \.undoable)
  }

  public func reduce(
    into history: inout History<AppState>, action: AppHistoryAction,
    environment: AppEnvironment
  ) -> Effect<AppHistoryAction> {
    if let reason = history.present.screens.readOnly, action.isOwnChange,
      wouldChangeTheFavorites(action, in: history, environment: environment)
    {
      history.present.screens.notice = .refusedReadOnly(reason)
      return .none
    }
    return Reduce(reduceWritable)
      .keepingTheSelectionOnItsPrime()
      .reduce(into: &history, action: action, environment: environment)
  }

  /// Whether this session's own `action` would change the favorites or the feed: a step, or
  /// what an effect sent back, is tried on a copy of the present state alone, with a clock,
  /// identities and clients of its own; undo, redo, travel and a move on the history page would
  /// where a step they cross changed them. Nothing of the history is copied.
  private func wouldChangeTheFavorites(
    _ action: AppHistoryAction, in history: History<AppState>, environment: AppEnvironment
  ) -> Bool {
    let steps: Int
    switch action {
    case .feedback(_, let step) where history.isUndone(step):
      // What an undone step's effect sends back leaves the favorites as they are.
      return false
    case .step(let change), .feedback(let change, _):
      // Its effects are never run, and its clock and identities are no one's.
      let trial = AppEnvironment(
        nthPrime: .failing, fileClient: .failing, now: { Date(timeIntervalSince1970: 0) },
        uuid: { UUID() })
      var present = history.present
      _ = app.reduce(into: &present, action: change, environment: trial)
      return present.changesTheFavorites(from: history.present)
    case .undo, .redo, .travel:
      steps = action.travels
    case .historyPage(let move):
      var page = history.historyScreen
      _ = HistoryScreenReducer().reduce(into: &page, action: move, environment: ())
      steps = page.marker.position - history.undoCount
    }
    let travelled = min(max(steps, -history.undoCount), history.redoCount)
    let here = history.undoCount
    let crossed = travelled < 0 ? (here + travelled)..<here : here..<(here + travelled)
    return crossed.contains { index in
      let step = history.step(at: index)
      return step.after.changesTheFavorites(from: step.before)
    }
  }

  /// The app with undo, redo and the history page, as if the favorites could always be stored.
  private func reduceWritable(
    into history: inout History<AppState>, action: AppHistoryAction,
    environment: AppEnvironment
  ) -> Effect<AppHistoryAction> {
    // Each kind of action has one layer, named here.
    switch action {
    case .step(let change) where change.isOthersChange:
      takeInOthersChange(change, into: &history, environment: environment)
      return .none
    case .step(let change) where !change.isUserStep:
      takeInNews(change, into: &history.present, environment: environment)
      return .none
    case .step(let change):
      clearNews(in: &history.present)
      return record(.step(change), into: &history, environment: environment)
    case .feedback(let change, let step):
      // What a step's effect sent back belongs to that step, and is no news of its own.
      return record(.feedback(change, step: step), into: &history, environment: environment)
    case .undo, .redo, .travel:
      clearNews(in: &history.present)
      travel(&history, by: action.travels, environment: environment)
      return .none
    case .historyPage(let move):
      clearNews(in: &history.present)
      moveOnHistoryPage(move, in: &history, environment: environment)
      return .none
    }
  }

  /// Changes the history as an action of the app's would, for a change that no such action
  /// names (a replay's travel by an earlier format's rules, ``ReplayReducer``): what the last
  /// step said is cleared first, and the selection stays on its prime after.
  func travelOutsideTheAppsActions(
    _ history: inout History<AppState>, _ travel: (inout History<AppState>) -> Void
  ) {
    withoutActuallyEscaping(travel) { travel in
      _ = Reduce<History<AppState>, Void, Void> { history, _, _ in
        clearNews(in: &history.present)
        travel(&history)
        return .none
      }
      .keepingTheSelectionOnItsPrime()
      .reduce(into: &history, action: (), environment: ())
    }
  }

  /// A step of the app, or what its effect sent back, recorded for undo when it changes what
  /// undo restores.
  private func record(
    _ action: HistoryAction<AppAction>, into history: inout History<AppState>,
    environment: AppEnvironment
  ) -> Effect<AppHistoryAction> {
    recording.reduce(into: &history, action: action, environment: environment)
      .map(AppHistoryAction.init)
  }

  /// Another session's change: no step of this one, so undo passes over it and no step of the
  /// history shows it.
  private func takeInOthersChange(
    _ change: AppAction, into history: inout History<AppState>, environment: AppEnvironment
  ) {
    history.changeOutsideSteps {
      _ = app.reduce(into: &$0, action: change, environment: environment)
    }
  }

  /// News of the terminal or of storage: no step, so it leaves what the last step said alone
  /// (the news may set a warning or a storage problem of its own), and no effect of it runs.
  private func takeInNews(
    _ change: AppAction, into state: inout AppState, environment: AppEnvironment
  ) {
    _ = app.reduce(into: &state, action: change, environment: environment)
  }

  /// What the last step said, or refused, is news until the next step, undo, redo or move on
  /// the history page. Written only when it was set: the history keeps the screens of each step by
  /// reference, as long as they do not change.
  private func clearNews(in state: inout AppState) {
    if state.screens.said != nil || state.screens.notice?.isRefusal == true {
      state.screens.said = nil
    }
  }

  /// Moving on the history page travels; it is no step of its own. The page shows no alert, so
  /// one that arrived before it (an export's failure) goes rather than wait behind it. What
  /// others had already done of the steps travelled is said, as undo and redo say it.
  ///
  /// - Parameters:
  ///   - restoring: Whether to travel by restoring the states the steps went between.
  ///   - quietly: Whether to say nothing of what others had done, leaving what was said before.
  func moveOnHistoryPage(
    _ move: HistoryScreenAction, in history: inout History<AppState>, restoring: Bool = false,
    quietly: Bool = false, environment: AppEnvironment
  ) {
    _ = app.reduce(into: &history.present, action: .alertsDismissed, environment: environment)
    var page = history.historyScreen
    _ = HistoryScreenReducer().reduce(into: &page, action: move, environment: ())
    history.present.screens.page = page.page
    let steps = page.marker.position - history.undoCount
    guard steps != 0 else { return }
    let said = history.present.screens.said
    travel(
      &history, by: steps, restoring: restoring, environment: environment, sayingOnlyNotes: true)
    if quietly { history.present.screens.said = said }
  }

  /// Undoes or redoes `steps` steps as changes to what is there now, and says what that left:
  /// that there was nothing to undo or redo, or the steps travelled and the count and the
  /// favorites now, with what other sessions had already done of those changes.
  ///
  /// - Parameters:
  ///   - restoring: Whether to restore the states the steps went between instead, whatever
  ///     others changed since, as recordings before format 7 did; it finds nothing others had
  ///     done.
  ///   - sayingOnlyNotes: Whether to say nothing unless others had already done part of it, as
  ///     the history page, which shows where it is, does.
  func travel(
    _ history: inout History<AppState>, by steps: Int, restoring: Bool = false,
    environment: AppEnvironment, sayingOnlyNotes: Bool = false
  ) {
    guard steps != 0 else { return }
    guard steps < 0 ? history.canUndo : history.canRedo else {
      history.present.screens.said = steps < 0 ? "nothing to undo" : "nothing to redo"
      return
    }
    // How many were asked for, which the words say, and how many there are to travel: a
    // recording may ask for any number, Int.min included.
    let asked = Int(clamping: steps.magnitude)
    let travelled = min(max(steps, -history.undoCount), history.redoCount)
    let position = history.undoCount
    var notes: [String] = []
    if restoring {
      history.travel(by: travelled, restoring: \.undoable)
    } else {
      history.travel(by: travelled, changing: \.undoable) { present, from, to in
        notes += present.makeChange(from: from, to: to, environment: environment)
      }
    }
    guard !sayingOnlyNotes || !notes.isEmpty else { return }
    // A step keeps the states it went between, so its words are the same after the travel;
    // they are said only beside what others had already done.
    let words =
      asked == 1 && !notes.isEmpty
      ? history.title(at: min(position, history.undoCount)) : nil
    history.present.screens.said = history.present.travelled(
      steps: abs(history.undoCount - position), of: asked, back: steps < 0,
      step: words, notes: notes)
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

/// What the app's store takes: the app's actions as steps, undo and redo, and the history page's
/// moves.
///
/// The first five are the history's actions on the app's (``HistoryAction``). A move on the
/// history page travels through the steps, so it is declared here, beside the reducer that
/// handles it: ``AppReducer``, which has no steps, never sees one.
public enum AppHistoryAction: Equatable, Sendable {
  /// An action of the app: a new step when it changes what undo restores.
  case step(AppAction)
  /// An action sent back by an effect of the step with the given number.
  case feedback(AppAction, step: Int)
  /// Take back the last step done.
  case undo
  /// Make the last step undone again.
  case redo
  /// Go back (a negative count) or forward (a positive one) several steps at once.
  case travel(by: Int)
  /// A move on the history page: it travels to where the page's marker went.
  case historyPage(HistoryScreenAction)

  /// The history's action as the store takes it: what a step's effect sends back.
  public init(_ action: HistoryAction<AppAction>) {
    switch action {
    case .step(let change): self = .step(change)
    case .feedback(let change, let step): self = .feedback(change, step: step)
    case .undo: self = .undo
    case .redo: self = .redo
    case .travel(let steps): self = .travel(by: steps)
    }
  }

  /// Whether the action is this session's own change: a user's step, what its effect sent
  /// back, undo, redo, travel or a move on the history page. Another session's change and news
  /// of the terminal or of storage are not.
  var isOwnChange: Bool {
    if case .step(let change) = self { change.isUserStep } else { true }
  }

  /// How many steps the action travels: back when negative, forward when positive.
  fileprivate var travels: Int {
    switch self {
    case .undo: -1
    case .redo: 1
    case .travel(let steps): steps
    case .step, .feedback, .historyPage: 0
    }
  }
}

extension History<AppState> {
  /// The history page's view of the history; ``AppHistoryReducer`` travels to the position the
  /// page moves to.
  public var historyScreen: HistoryScreenState {
    HistoryScreenState(
      page: present.screens.page,
      marker: HistoryMarker(position: undoCount, stepCount: stepCount))
  }
}

extension AppAction {
  /// Whether the action is a step of this session's user: a key or a command. Another
  /// session's change, and news of the terminal or of storage, are not: undo passes over them.
  public var isUserStep: Bool {
    switch self {
    case .counter, .favoritePrimes, .alertsDismissed:
      true
    case .storageChanged, .storageUpdated:
      false
    case .screens(let action):
      switch action {
      case .pageOpened, .selectionMoved, .selectionPaged, .selectionMovedToFirst,
        .selectionMovedToLast, .activityScrolled, .activityPaged, .activityScrolledToNewest,
        .activityScrolledToOldest, .launchWarningClosed, .quitTapped:
        true
      // The keys' help covers the page and changes nothing under it: what the last step said
      // stays, and undo has nothing of it to pass over.
      case .helpOpened, .helpClosed, .terminalResized, .launchWarned, .storageFailed,
        .storageRecovered, .storageWaiting, .storageWaitEnded, .storageReadOnly, .storageWritable,
        .signalReceived:
        false
      }
    }
  }
}

extension AppState {
  /// Whether the favorites or the feed differ from `other`'s: what storage would write.
  func changesTheFavorites(from other: AppState) -> Bool {
    favoritePrimes != other.favoritePrimes || activityFeed != other.activityFeed
  }

  /// Puts the favorites' selection on the prime it shows, once the favorites changed under it
  /// (a delete, an undo, another session's change), so that the next change moves it with that
  /// prime.
  mutating func keepSelectionOnItsPrime() {
    guard screens.page == .favorites else { return }
    screens.selection = screensFeature.selection
  }
}

extension Reducer where State == History<AppState> {
  /// This reducer, after which the favorites' selection stays on the prime it showed, whatever
  /// changed the favorites.
  func keepingTheSelectionOnItsPrime() -> some Reducer<State, Action, Environment> {
    onChange(of: \.present.favoritePrimes) { _, _ in
      Reduce { history, _, _ in
        history.present.keepSelectionOnItsPrime()
        return .none
      }
    }
  }
}
