import ComposableArchitecture
import FavoritesLedger
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
/// - an event of the terminal or of storage (a resize, a signal, a failed write: what
///   ``AppAction/isUserStep`` says is no user step) changes the screens, and is no step either;
/// - a move on the history page (``AppHistoryAction/historyPage(_:)``) travels to where the
///   page's marker went;
/// - any other action is a step when it changes ``AppState/undoable`` (the count, the
///   favorites, the feed). One that changes only what is on screen for the moment (a presented
///   destination, a running lookup) is no step, so a refused action leaves undo and redo as they
///   were;
/// - undo, redo and travel take back or make again the steps' own changes, leaving what other
///   sessions changed, and never bring back a dialog or a lookup. The notice says what they
///   left, or that there was nothing to undo or redo. A replay of a recording of an earlier
///   format travels by that format's rules instead (``ReplayedAction``), as it was made.
///
/// Whatever changed the favorites, the selection stays on the prime it showed; the notice the
/// last step left stands until the next step, undo, redo or move on the history page.
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
  let app: AppReducer
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
    case .storage:
      return false
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
    switch action {
    case .step(let change) where change.isOthersChange:
      applyOthersChange(change, into: &history, environment: environment)
      return .none
    case .step(let change) where !change.isUserStep:
      applyEvent(change, to: &history.present, environment: environment)
      return .none
    case .step(let change):
      clearNotice(in: &history.present)
      return record(.step(change), into: &history, environment: environment)
    case .feedback(let change, let step):
      // What a step's effect sent back belongs to that step: it leaves the notice alone.
      return record(.feedback(change, step: step), into: &history, environment: environment)
    case .undo, .redo, .travel:
      clearNotice(in: &history.present)
      travel(&history, by: action.travels, environment: environment)
      return .none
    case .historyPage(let move):
      clearNotice(in: &history.present)
      moveOnHistoryPage(move, in: &history, environment: environment)
      return .none
    case .storage:
      // Storage's own actions are ``StoredAppReducer``'s; without it, nothing is stored.
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
        clearNotice(in: &history.present)
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
  private func applyOthersChange(
    _ change: AppAction, into history: inout History<AppState>, environment: AppEnvironment
  ) {
    history.changeOutsideSteps {
      _ = app.reduce(into: &$0, action: change, environment: environment)
    }
  }

  /// An event of the terminal or of storage: no step, so it leaves the notice the last step left
  /// (the event may set a warning or a storage status of its own), and no effect of it runs.
  private func applyEvent(
    _ change: AppAction, to state: inout AppState, environment: AppEnvironment
  ) {
    _ = app.reduce(into: &state, action: change, environment: environment)
  }

  /// The notice the last step left (what it did, or why it was refused) stands until the next
  /// step, undo, redo or move on the history page. Written only when it was set: the history
  /// keeps the screens of each step by reference, as long as they do not change.
  private func clearNotice(in state: inout AppState) {
    if state.screens.notice != nil { state.screens.notice = nil }
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
