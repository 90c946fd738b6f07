import ComposableArchitecture
import FavoritesLedger
import Foundation
import Screens

/// The app with its storage: ``AppHistoryReducer``, and after each action that changed the
/// favorites or the feed, the effect that stores the change, through the environment's
/// ``StorageClient``. Undo, redo and travel store the same way.
///
/// What storage finds comes back as actions. A turn of a sync answers with
/// ``StorageAction/synced(_:_:)``, which is not recorded; the reducer then sends what a
/// recording keeps: other sessions' changes (``AppAction/storageUpdated(_:)``,
/// ``AppAction/storageChanged(_:)``) and where storing stands (``ScreensAction/storageFailed(_:)``,
/// `storageRecovered`, `storageReadOnly`, `storageWritable`). A replay runs
/// ``AppHistoryReducer`` alone, with no storage.
///
/// Other sessions' changes are read when the database's files change, told by one long-living
/// effect (``StorageAction/watchStarted``), or when a front end asks
/// (``StorageAction/readRequested``), as the REPL does before each command. A failed write
/// keeps the change in memory, and the next action tries again.
///
/// ```swift
/// initialState.sync = StorageSync(
///   stored: initialState.activityFeed,
///   readsAfterEveryAction: watchedDirectory != nil && watch == nil,
///   givesUpWhenHeld: scriptWait != nil)
/// ```
///
/// A front end that awaits what it sends awaits the write too: the REPL's command ends once
/// its change is stored, or failed to be.
public struct StoredAppReducer: Reducer {
  let app = AppHistoryReducer()

  public init() {}

  /// The watch of the database's files, which the session's end cancels.
  enum Watch: Hashable, Sendable { case id }

  public func reduce(
    into history: inout History<AppState>, action: AppHistoryAction, environment: AppEnvironment
  ) -> Effect<AppHistoryAction> {
    if case .storage(let action) = action {
      return reduce(into: &history.present, action: action, storage: environment.storage)
    }
    let effect = app.reduce(into: &history, action: action, environment: environment)
    guard history.present.sync != nil else { return effect }
    if action.isTakeIn {
      // What memory took in is the feed as stored, kept as that very version, so that the next
      // look is a comparison of identities.
      let feed = history.present.activityFeed
      history.present.sync?.stored = feed
    }
    guard !action.isStorageEvent else { return effect }
    return effect.merge(with: changed(&history.present, storage: environment.storage))
  }

  /// After an action: a sync where the feed is not the one stored, or others' changes are to
  /// be read. A look at the feed's identity tells almost every action that there is nothing to
  /// do.
  private func changed(
    _ state: inout AppState, storage: StorageClient
  ) -> Effect<AppHistoryAction> {
    guard let current = state.sync, !current.isSyncing, !current.isEnding else { return .none }
    let feed = state.activityFeed
    // Almost every action: the feed is the very one stored, and nothing asks for a read. The
    // state is left as it is, shared with the history's copies of it.
    if feed.isIdentical(to: current.stored), current.held == nil, !current.readsOthers,
      !current.readsAfterEveryAction, state.screens.storageStatus == nil
    {
      return .none
    }
    var sync = current
    defer { state.sync = sync }
    if let held = sync.held {
      // Only a new change tries the held database again; an undo back to what is stored leaves
      // nothing to try.
      guard feed != held else { return .none }
      guard feed != sync.stored else { return stopsHolding(&sync, storage: storage) }
      return turn(&sync, storing: feed, storage: storage)
    }
    // After a failure, any action tries again: a write still to do, or a read that failed.
    // While the favorites are read-only, any action asks whether they can be written again: a
    // change of the directory's mode is watched, and a file system mounted anew is not.
    if sync.readsAfterEveryAction || state.screens.storageProblem != nil
      || state.screens.readOnly != nil
    {
      sync.readsOthers = true
    }
    guard sync.readsOthers || feed != sync.stored else {
      // Equal but apart (the feed as read, and as memory took it in): sharing it makes the next
      // look a comparison of identities.
      sync.stored = feed
      return .none
    }
    return turn(&sync, storing: feed, storage: storage)
  }

  private func reduce(
    into state: inout AppState, action: StorageAction, storage: StorageClient
  ) -> Effect<AppHistoryAction> {
    guard var sync = state.sync else { return .none }
    defer { state.sync = sync }
    switch action {
    case .watchStarted:
      return .run { send in
        for await _ in storage.watch() { await send(.storage(.filesChanged)) }
      }
      .cancellable(id: Watch.id, cancelInFlight: true)

    case .filesChanged:
      // While storing fails, a change of the files (which a failed write can make itself)
      // tries nothing again: the next action does.
      guard state.screens.storageProblem == nil else { return .none }
      return readsOthers(&sync, feed: state.activityFeed, storage: storage)

    case .readRequested:
      return readsOthers(&sync, feed: state.activityFeed, storage: storage)

    case .synced(let request, .success(let synced)):
      sync.stored = request.feed
      sync.missedRead = false
      guard state.activityFeed == request.feed else {
        // Changed meanwhile: the next turn writes that change, and asks for everything stored
        // if this one read something, since taking it in now would drop the change.
        if synced.takeIn != nil { sync.missedRead = true }
        return nextTurn(&sync, feed: state.activityFeed, storage: storage)
      }
      sync.lastFailure = nil
      let unheld = stopsHolding(&sync, storage: storage)
      var found: [AppAction] = []
      if let takeIn = synced.takeIn { found.append(takeIn) }
      if state.screens.storageProblem != nil { found.append(.screens(.storageRecovered)) }
      // Favorites become read-only, or can be changed again, as the database found.
      let shown = state.screens.readOnly
      if let reason = synced.readOnly, reason != shown {
        found.append(.screens(.storageReadOnly(reason)))
      } else if synced.readOnly == nil, shown != nil {
        found.append(.screens(.storageWritable))
      }
      guard !found.isEmpty else {
        return unheld.merge(with: nextTurn(&sync, feed: state.activityFeed, storage: storage))
      }
      // What was found is applied first, and recorded; the next turn looks at what it left.
      return .merge(
        [unheld] + found.map { .send(.step($0)) } + [.send(.storage(.turnEnded))])

    case .synced(let request, .failure(let failure)):
      var effect = Effect<AppHistoryAction>.none
      if failure.isHeld {
        if sync.held == nil {
          effect = .fireAndForget { storage.heldChanged(true) }
        }
        sync.held = request.feed
      }
      sync.lastFailure = failure.description
      let problem = "\(failure); the changes are kept in memory"
      sync.failures += 1
      sync.lastProblem = problem
      if sync.triesAgainAtEnd, state.activityFeed != sync.stored {
        // The session ends: one more try, the last.
        sync.triesAgainAtEnd = false
        effect = effect.merge(with: turn(&sync, storing: state.activityFeed, storage: storage))
      } else {
        // Kept in memory; the next action that changes anything tries again.
        sync.isSyncing = false
      }
      return effect.merge(with: .send(.step(.screens(.storageFailed(problem)))))

    case .turnEnded:
      guard sync.isSyncing else { return .none }
      return nextTurn(&sync, feed: state.activityFeed, storage: storage)

    case .sessionEnding:
      sync.isEnding = true
      sync.readsOthers = false
      let stopsWatching = Effect<AppHistoryAction>.cancel(id: Watch.id)
      guard !sync.isSyncing else {
        // The sync under way goes on until what it stores is stored, or fails to be.
        sync.triesAgainAtEnd = true
        return stopsWatching
      }
      guard state.activityFeed != sync.stored else { return stopsWatching }
      return stopsWatching.merge(with: turn(&sync, storing: state.activityFeed, storage: storage))
    }
  }

  /// Reads others' changes: at once where no sync is under way, or on its next turn. Where
  /// there is nothing to write and the database says no other session wrote since the last
  /// look, there is nothing to read either, and no turn runs.
  private func readsOthers(
    _ sync: inout StorageSync, feed: PersistentArray<Activity>, storage: StorageClient
  ) -> Effect<AppHistoryAction> {
    guard !sync.isEnding, sync.held == nil || !sync.givesUpWhenHeld else { return .none }
    guard sync.isSyncing || feed != sync.stored || sync.missedRead || storage.mayHaveChanged()
    else { return .none }
    sync.readsOthers = true
    guard !sync.isSyncing else { return .none }
    return turn(&sync, storing: feed, storage: storage)
  }

  /// After a turn that stored `feed`'s predecessor: another while the feed changed or others'
  /// changes are asked for, or else the sync ends.
  private func nextTurn(
    _ sync: inout StorageSync, feed: PersistentArray<Activity>, storage: StorageClient
  ) -> Effect<AppHistoryAction> {
    guard sync.readsOthers || feed != sync.stored else {
      sync.stored = feed
      sync.isSyncing = false
      sync.triesAgainAtEnd = false
      return .none
    }
    return turn(&sync, storing: feed, storage: storage)
  }

  /// One turn of a sync: writes what changed in `feed` since what is stored, or reads others'
  /// changes.
  private func turn(
    _ sync: inout StorageSync, storing feed: PersistentArray<Activity>, storage: StorageClient
  ) -> Effect<AppHistoryAction> {
    sync.isSyncing = true
    let request = SyncRequest(
      stored: sync.stored, feed: feed, readsOthers: sync.readsOthers,
      asksForEverything: sync.missedRead)
    sync.readsOthers = false
    // On the main actor, where the store runs: a turn that finds nothing to do answers without
    // leaving it.
    return .run { @MainActor send in
      let result = await storage.sync(request)
      send(.storage(.synced(request, result)))
    }
  }

  /// Nothing is held back any more: what was is stored, or undone.
  private func stopsHolding(
    _ sync: inout StorageSync, storage: StorageClient
  ) -> Effect<AppHistoryAction> {
    guard sync.held != nil else { return .none }
    sync.held = nil
    return .fireAndForget { storage.heldChanged(false) }
  }
}

/// What storage's effects send back, which no recording keeps: what they found is sent on as
/// the app's own actions, which recordings keep.
public enum StorageAction: Equatable, Sendable {
  /// Starts watching the database's files for other sessions' changes, until the session ends.
  case watchStarted
  /// The watched files changed: other sessions' changes are read.
  case filesChanged
  /// Other sessions' changes are read now, as the REPL asks before each command.
  case readRequested
  /// A turn of a sync ended, with what it found or why it failed.
  case synced(SyncRequest, Result<Synced, StorageFailure>)
  /// What a turn found is applied: the sync goes on, or ends.
  case turnEnded
  /// The session ends: the watch stops, and what is not stored yet is stored once more.
  case sessionEnding
}

extension AppHistoryAction {
  /// Whether the action applies what storage read: other sessions' changes.
  var isTakeIn: Bool {
    switch self {
    case .step(.storageChanged), .step(.storageUpdated): true
    default: false
    }
  }

  /// Whether storage sent the action, or a front end for it (a wait for the database): no
  /// sync follows it.
  var isStorageEvent: Bool {
    switch self {
    case .step(.storageChanged), .step(.storageUpdated): true
    case .step(.screens(let action)):
      switch action {
      case .storageFailed, .storageRecovered, .storageWaiting, .storageWaitEnded,
        .storageReadOnly, .storageWritable:
        true
      default: false
      }
    default: false
    }
  }
}
