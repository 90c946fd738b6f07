import AppCore
import ComposableArchitecture
import Counter
import FavoritePrimes
import FavoritesDatabase
import Foundation

/// The app as it runs, whichever front end shows it: the store with the session's history and
/// its storage, the features' stores scoped from it, and the progress of a running lookup. The REPL and the full screen both run on one, and know nothing of each other.
@MainActor
public final class AppRuntime {
  public let store: Store<History<AppState>, AppHistoryAction>
  /// The counter's store, scoped from the app's: every counter action goes through it.
  public let counter: Store<CounterState, CounterAction>
  /// The favorites' store, scoped from the app's: every favorites action goes through it.
  /// Undo, redo and other sessions' changes are the app's, and go to ``store``.
  public let favorites: Store<FavoritePrimesState, FavoritePrimesAction>
  /// The time the activity feed is shown in.
  public let localTime: LocalTime
  /// How far a running lookup is, which the progress bar shows; started again from 0 with each
  /// step sent while none runs.
  private let progress: LookupProgress?
  /// The effects of each step that started a lookup whose work may still run: a cancelled
  /// lookup's work runs on until the engine next checks for cancellation, and the session's end
  /// waits for it.
  private var lookups: [StoreTask] = []

  /// Starts the app's store on `initialState`, recorded to `recorder` where there is one, and
  /// storing in `storage` where there is one (``StoredAppReducer``).
  ///
  /// - Parameters:
  ///   - watchedDirectory: The data directory, whose database is watched for other sessions'
  ///     changes, which are applied as they are made; `nil` applies them when a front end
  ///     asks (``StorageAction/readRequested``).
  ///   - scriptWait: For a script, the wait for the database, which storage stops once a
  ///     write gave up on another program's hold; `nil` for a person.
  ///   - afterEachAction: What a front end does after each action, outside any reducer, after
  ///     the recording: the REPL's trace.
  public init(
    initialState: AppState,
    environment: AppEnvironment,
    storage: Storage? = nil,
    watchedDirectory: URL? = nil,
    progress: LookupProgress? = nil,
    recorder: SessionRecorder? = nil,
    scriptWait: DatabaseWait? = nil,
    localTime: LocalTime = .system,
    afterEachAction: @escaping @MainActor (AppHistoryAction, History<AppState>) -> Void = { _, _ in
    }
  ) {
    var initialState = initialState
    var environment = environment
    let watch = watchedDirectory.flatMap(DirectoryWatch.init)
    if let storage {
      environment.storage = storage.client(watching: watch, scriptWait: scriptWait)
      initialState.sync = StorageSync(
        stored: initialState.activityFeed,
        readsAfterEveryAction: watchedDirectory != nil && watch == nil,
        givesUpWhenHeld: scriptWait != nil)
    }
    let store = Store(
      initialState: History(initialState),
      reducer: StoredAppReducer(),
      environment: environment,
      afterEachAction: { action, history in
        recorder?.record(action, after: history)
        afterEachAction(action, history)
      }
    )
    self.store = store
    self.counter = store.scope(state: { $0.present.counter }, action: { .step(.counter($0)) })
    self.favorites = store.scope(
      state: { $0.present.favoritePrimesState }, action: { .step(.favoritePrimes($0)) })
    self.progress = progress
    self.localTime = localTime
    if storage != nil, watch != nil { store.send(.storage(.watchStarted)) }
  }

  /// The app's state now, without its undo history.
  public var state: AppState { store.state.present }

  /// Sends an action, whichever front end it comes from: a feature's to the feature's own
  /// store, scoped from the app's, and everything else (undo, redo, the screens', other
  /// sessions' changes) to the app's. A step sent while no lookup runs starts the progress bar
  /// again from 0, for the lookup it may start; a step that starts one is kept, for the
  /// session's end to wait for.
  @discardableResult
  public func dispatch(_ action: AppHistoryAction) -> StoreTask {
    let before = lookingUp
    if !state.isLookingUp { progress?.report(0) }
    let task =
      switch action {
      case .step(.counter(let action)): counter.send(action)
      case .step(.favoritePrimes(let action)): favorites.send(action)
      case .step(.storageChanged), .step(.storageUpdated), .step(.screens),
        .step(.alertsDismissed), .feedback, .undo, .redo, .travel, .historyPage, .storage:
        store.send(action)
      }
    let after = lookingUp
    if after.counter && !before.counter || after.favorites && !before.favorites {
      lookups.removeAll { !$0.isInFlight }
      lookups.append(task)
    }
    return task
  }

  /// Which screens run a lookup.
  private var lookingUp: (counter: Bool, favorites: Bool) {
    (state.counterLookup != nil, state.favoritesLookup != nil)
  }

  /// Ends the session: a lookup still running is cancelled; what is not stored yet is stored,
  /// once more if the last try failed; and the work of every cancelled lookup is waited for,
  /// so that none runs on while the process exits. The watch of the database's files stops
  /// first, and a sync under way is waited for; no later action stores anything.
  ///
  /// - Returns: Why it could not store, and that the changes not stored yet are lost with the
  ///   session, if it could not.
  public func end() async -> String? {
    while let cancel = state.lookupCancellation {
      dispatch(.step(cancel))
      guard state.lookupCancellation != cancel else { break }
    }
    let unstored = await endStorage()
    while let lookup = lookups.popLast() { await lookup.finish() }
    return unstored
  }

  /// Stores what is not stored yet, as ``end()`` says.
  private func endStorage() async -> String? {
    guard state.sync != nil else { return nil }
    await dispatch(.storage(.sessionEnding)).finish()
    await storageSettled()
    return state.sync?.unstored(state.activityFeed)
  }

  /// Returns once no sync is under way: at once where none is. A sync runs in the task of the
  /// action that started it, which a front end may not have awaited (an alert's dismissal, the
  /// cancel of a lookup whose task it left).
  public func storageSettled() async {
    await waitUntil { $0.sync?.isSyncing != true }
  }

  /// Returns once the app's state satisfies `isReached`, as the store tells after each action:
  /// nothing is polled.
  public func waitUntil(_ isReached: @escaping (AppState) -> Bool) async {
    guard !isReached(state) else { return }
    var subscription: StoreSubscription?
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      var isResumed = false
      subscription = store.subscribe { history in
        guard !isResumed, isReached(history.present) else { return }
        isResumed = true
        continuation.resume()
      }
    }
    withExtendedLifetime(subscription) {}
  }
}
