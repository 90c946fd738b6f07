import AppCore
import ComposableArchitecture
import FavoritesDatabase
import FavoritesLedger
import Foundation

/// Storage as one subscriber of the app's root store, the same for both front ends: after each
/// action that changed the favorites or the feed, it writes the change (one transaction), and
/// what other sessions stored comes in as ``AppAction/storageUpdated(_:)`` (what they changed)
/// or ``AppAction/storageChanged(_:)`` (everything stored).
///
/// No command and no timer calls it. Watching the database's directory (the full screen), it
/// takes in others' changes as soon as their files change; the REPL asks before each command
/// instead, so that piped sessions go line by line, and waits with ``settle()`` for the
/// command's change to be stored. A failure is an action too
/// (``ScreensAction/storageFailed(_:)``): the change stays in memory, and the next write
/// includes it.
@MainActor
public final class StorageObserver {
  private let storage: Storage
  private let store: Store<History<AppState>, AppHistoryAction>
  private var subscription: StoreSubscription?
  /// Whether a sync is under way. It goes on while the feed keeps changing or others' changes
  /// are asked for, and two never overlap, so that none works from what the other replaced.
  private var isSyncing = false
  /// Those waiting for the sync under way to end.
  private var waiting: [CheckedContinuation<Void, Never>] = []
  /// Whether others' changes are to be read on the next turn of the sync.
  private var readsOthers = false
  /// What failed since the last look, for the REPL to report with its command; kept only
  /// without a watch, where the REPL takes them.
  private var problems: [String] = []
  /// Why the last write failed, while no write since has succeeded.
  private var lastFailure: String?
  /// The watch of the database's directory, and the source that reads its events on the main
  /// queue; `nil` when not watching.
  private var watch: (directory: DirectoryWatch, source: any DispatchSourceRead)?
  /// The take-in that a change of the directory started, while it may still run.
  private var takeIn: Task<Void, Never>?
  /// Whether others' changes are read after every action, where the directory was to be
  /// watched and cannot be (no inotify, or its limits reached).
  private var readsAfterEveryAction = false
  /// The wait a script stops once a write gave up on a database another program held; `nil`
  /// for a person, whose every later action waits and tries again.
  private let scriptWait: DatabaseWait?
  /// The feed whose write gave up on a database another program held: until the feed changes
  /// again, no action tries to store it, so that a step that stores nothing waits for nothing.
  /// A person's next command, and a change of the watched files, try again; a script reads
  /// nothing more of others' changes meanwhile.
  private var heldFeed: PersistentArray<Activity>?

  /// Subscribes to the store; with `directory`, also watches the database's files there.
  ///
  /// - Parameter scriptWait: For a script, the wait for the database, which it stops once a
  ///   write gave up on another program's hold: each later change then fails at once, with
  ///   one line, and what is not stored is named at the end. `nil` for a person.
  init(
    storage: Storage, store: Store<History<AppState>, AppHistoryAction>,
    watching directory: URL? = nil, scriptWait: DatabaseWait? = nil
  ) {
    self.storage = storage
    self.store = store
    self.scriptWait = scriptWait
    subscription = store.subscribe(onChange: { [unowned self] in stateChanged() })
    if let directory, let files = DirectoryWatch(directory) {
      let source = DispatchSource.makeReadSource(fileDescriptor: files.descriptor, queue: .main)
      source.setEventHandler { [weak self] in
        MainActor.assumeIsolated {
          guard let self else { return }
          files.drain()
          // While storing fails, a change of the files (which a failed write can make itself)
          // tries nothing again: the next action does.
          guard self.store.state.present.screens.storageProblem == nil else { return }
          self.takeIn = Task { [weak self] in await self?.takeInOthers() }
        }
      }
      source.resume()
      watch = (files, source)
    } else if directory != nil {
      readsAfterEveryAction = true
    }
  }

  isolated deinit {
    watch?.source.cancel()
  }

  /// Whether the database's directory is watched: from the start, where a directory was given
  /// and can be watched, until ``finish()``.
  var isWatching: Bool { watch != nil }

  /// Called after every action; writes only when the feed is not the one last stored, which a
  /// look at its identity tells for almost every action.
  private func stateChanged() {
    guard !isSyncing else { return }
    if let heldFeed {
      // Only a new change tries the held database again, and gives up at once; an undo back to
      // what is stored leaves nothing to try.
      let feed = store.state.present.activityFeed
      guard feed != heldFeed else { return }
      guard !storage.isSynced(feed) else {
        stopsHolding()
        return
      }
      isSyncing = true
      Task { await syncUntilDone() }
      return
    }
    // After a failure, any action tries again: a write still to do, or a read that failed.
    // While the favorites are read-only, any action asks whether they can be written again: a
    // change of the directory's mode is watched, and a file system mounted anew is not.
    let screens = store.state.present.screens
    if readsAfterEveryAction || screens.storageProblem != nil || screens.readOnly != nil {
      readsOthers = true
    }
    guard readsOthers || !storage.isSynced(store.state.present.activityFeed) else { return }
    isSyncing = true
    Task { await syncUntilDone() }
  }

  private func syncUntilDone() async {
    while case let feed = store.state.present.activityFeed, readsOthers || !storage.isSynced(feed) {
      let reading = readsOthers
      readsOthers = false
      do {
        let takeIn = try await storage.sync(feed, readingOthers: reading)
        // A change made meanwhile is written on the next turn, which asks for everything
        // stored; taking in the stored contents first would drop it.
        if store.state.present.activityFeed == feed {
          succeeded(taking: takeIn)
        } else if takeIn != nil {
          storage.missedTakeIn()
        }
      } catch {
        // Kept in memory; the next action that changes anything tries again.
        failed(error, storing: feed)
        break
      }
    }
    isSyncing = false
    let waiters = waiting
    waiting = []
    for waiter in waiters { waiter.resume() }
  }

  /// Takes in what other sessions stored, if they stored anything since the last look. With no
  /// sync under way, it runs here, with no task of its own: the REPL asks before every command.
  public func takeInOthers() async {
    guard heldFeed == nil || scriptWait == nil else { return }
    readsOthers = true
    guard !isSyncing else { return await settle() }
    isSyncing = true
    await syncUntilDone()
  }

  /// Stores what is not stored yet, once more if the last try failed, before the session ends.
  /// The watch of the directory ends first, and the take-in it started, if any, is waited for:
  /// no change made after this, this session's own last write included, starts one, and none
  /// outlives the session. Nor does any later action start a write.
  ///
  /// - Returns: Why it could not, and that the changes not stored yet are lost with the
  ///   session, if it could not.
  public func finish() async -> String? {
    watch?.source.cancel()
    watch = nil
    await takeIn?.value
    takeIn = nil
    subscription = nil
    await settle()
    guard !storage.isSynced(store.state.present.activityFeed) else { return nil }
    isSyncing = true
    await syncUntilDone()
    let feed = store.state.present.activityFeed
    guard !storage.isSynced(feed) else { return nil }
    let failure = lastFailure ?? "storing failed"
    guard heldFeed != nil else { return "\(failure); the last changes are not stored" }
    return "\(failure); not stored: \(storage.unstored(feed).joined(separator: ", ")); "
      + "make these changes again once no other program holds it"
  }

  /// Waits until every change so far is stored, or failed to be.
  public func settle() async {
    guard isSyncing else { return }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// What failed since the last call, each as one line.
  public func takeProblems() -> [String] {
    defer { problems = [] }
    return problems
  }

  private func succeeded(taking takeIn: AppAction?) {
    lastFailure = nil
    stopsHolding()
    if let takeIn {
      store.send(.step(takeIn))
      storage.tookIn(store.state.present.activityFeed)
    }
    if store.state.present.screens.storageProblem != nil {
      store.send(.step(.screens(.storageRecovered)))
    }
    // Favorites become read-only, or can be changed again, as the database found.
    let shown = store.state.present.screens.readOnly
    if let reason = storage.readOnly, reason != shown {
      store.send(.step(.screens(.storageReadOnly(reason))))
    } else if storage.readOnly == nil, shown != nil {
      store.send(.step(.screens(.storageWritable)))
    }
  }

  /// Nothing is held back any more: what was is stored, or undone. Waits for the database go on
  /// as long as they did.
  private func stopsHolding() {
    guard heldFeed != nil else { return }
    heldFeed = nil
    scriptWait?.resumeWaiting()
  }

  private func failed(_ error: any Error, storing feed: PersistentArray<Activity>) {
    if (error as? FavoritesDatabaseError)?.isHeld == true {
      scriptWait?.stopWaiting()
      heldFeed = feed
    }
    lastFailure = "\(error)"
    let problem = "\(error); the changes are kept in memory"
    if watch == nil { problems.append(problem) }
    store.send(.step(.screens(.storageFailed(problem))))
  }
}
