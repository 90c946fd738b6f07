import ComposableArchitecture
import FavoritesLedger
import Foundation

/// What this session knows of the favorites database, in the app's state (``AppState/sync``)
/// and changed by ``StoredAppReducer`` alone: undo never restores it, no recording keeps it,
/// and the screen, `state` and `trace on` leave it out. Where nothing is stored (a replay, most
/// tests) it is `nil`.
///
/// One sync runs at a time: a write of the feed's change, or a read of other sessions'. It
/// goes on turn after turn while the feed keeps changing or others' changes are asked for, so
/// that none works from what another replaced.
public struct StorageSync: Equatable, Sendable {
  /// The feed as the database holds it, as far as this session knows.
  public var stored: PersistentArray<Activity>
  /// Whether a sync is under way.
  public var isSyncing = false
  /// Whether others' changes are to be read on the next turn.
  public var readsOthers = false
  /// Whether memory did not take in what a read returned (the feed changed meanwhile): the
  /// next write then asks for everything stored, since no later read returns it again.
  public var missedRead = false
  /// Whether others' changes are read after every action: where the database's directory was
  /// to be watched and cannot be (no inotify, or its limits reached).
  public var readsAfterEveryAction = false
  /// Whether a write that gave up on a database another program holds stops the reads of
  /// others' changes, until what was held is stored: a script's, which waits no more.
  public var givesUpWhenHeld = false
  /// The feed whose write gave up on a database another program held: until the feed changes
  /// again, no action tries to store it, so that a step that stores nothing waits for nothing.
  public var held: PersistentArray<Activity>?
  /// Why the last sync failed, while none has succeeded since.
  public var lastFailure: String?
  /// How many syncs failed in the session, and what the last of them said: a front end that
  /// counts them reports those since it last looked.
  public var failures = 0
  /// What the last failure said, as ``ScreensAction/storageFailed(_:)`` did.
  public var lastProblem: String?
  /// Whether the session is ending: no later action starts a sync, and the watch is stopped.
  public var isEnding = false
  /// Whether the session's end tries once more, after the sync under way, to store what that
  /// sync could not.
  public var triesAgainAtEnd = false

  /// What a session that stores nothing yet knows: the database holds `stored`.
  ///
  /// - Parameters:
  ///   - readsAfterEveryAction: Whether others' changes are read after every action.
  ///   - givesUpWhenHeld: Whether a held database stops the reads of others' changes.
  public init(
    stored: PersistentArray<Activity>, readsAfterEveryAction: Bool = false,
    givesUpWhenHeld: Bool = false
  ) {
    self.stored = stored
    self.readsAfterEveryAction = readsAfterEveryAction
    self.givesUpWhenHeld = givesUpWhenHeld
  }

  /// Why what `feed` changed is not stored as the session ends, and what is lost with it; `nil`
  /// when all of it is stored.
  public func unstored(_ feed: PersistentArray<Activity>) -> String? {
    guard feed != stored else { return nil }
    let failure = lastFailure ?? "storing failed"
    guard held != nil else { return "\(failure); the last changes are not stored" }
    let difference = FeedDifference(from: stored, to: feed)
    let changes =
      difference.takenBack.map { entry in
        switch entry.kind {
        case .added: "undid saving \(entry.prime)"
        case .removed: "undid removing \(entry.prime)"
        }
      }
      + difference.appended.map { entry in
        switch entry.kind {
        case .added: "saved \(entry.prime)"
        case .removed: "removed \(entry.prime)"
        }
      }
    return "\(failure); not stored: \(changes.joined(separator: ", ")); "
      + "make these changes again once no other program holds it"
  }
}

/// What storage asks the database for in one turn of a sync.
public struct SyncRequest: Equatable, Sendable {
  /// The feed as the database holds it, as far as the session knows.
  public var stored: PersistentArray<Activity>
  /// The feed to store: what changed from ``stored`` is written.
  public var feed: PersistentArray<Activity>
  /// Whether others' changes are read where there is nothing to write.
  public var readsOthers: Bool
  /// Whether the write asks for everything stored, as memory missed a read.
  public var asksForEverything: Bool

  public init(
    stored: PersistentArray<Activity>, feed: PersistentArray<Activity>, readsOthers: Bool,
    asksForEverything: Bool = false
  ) {
    self.stored = stored
    self.feed = feed
    self.readsOthers = readsOthers
    self.asksForEverything = asksForEverything
  }
}

/// What one turn of a sync found: what memory is to take in, and whether the favorites can be
/// changed.
public struct Synced: Equatable, Sendable {
  /// Where what is stored differs from the feed written: what other sessions changed
  /// (``AppAction/storageUpdated(_:)``), or everything stored (``AppAction/storageChanged(_:)``).
  public var takeIn: AppAction?
  /// Why the stored favorites can be read and not changed, as the database found; `nil` while
  /// they can be changed.
  public var readOnly: String?

  public init(takeIn: AppAction? = nil, readOnly: String? = nil) {
    self.takeIn = takeIn
    self.readOnly = readOnly
  }
}

/// Why a turn of a sync failed.
public struct StorageFailure: Error, Equatable, CustomStringConvertible, Sendable {
  public var description: String
  /// Whether another program held the database for longer than the session waits.
  public var isHeld: Bool

  public init(_ description: String, isHeld: Bool = false) {
    self.description = description
    self.isHeld = isHeld
  }
}

/// What storage does that the app's reducer does not: a sync with the favorites database, the
/// watch of its files, and a script's waits for another program that holds it.
///
/// A test gives a client of its own, which answers from a list and keeps what it was asked:
///
/// ```swift
/// var environment = AppEnvironment(
///   nthPrime: nthPrime, fileClient: .failing, now: { Date(timeIntervalSince1970: 0) },
///   uuid: { ids.next() })
/// environment.storage = database.client
/// ```
public struct StorageClient: Sendable {
  /// Writes what changed from the request's stored feed to its feed, or with nothing to write,
  /// reads other sessions' changes where the request asks for them. It starts on the main
  /// actor, as the store does, so that a turn with nothing to do costs no thread hop.
  public var sync: @MainActor @Sendable (SyncRequest) async -> Result<Synced, StorageFailure>
  /// Whether another session may have written since the last look: a read of a counter the
  /// database keeps, as cheap as a look at the clock, so that a request to read others'
  /// changes that finds none costs no turn of a sync. `true` where it cannot tell.
  public var mayHaveChanged: @Sendable () -> Bool
  /// The changes of the database's files, as another session writes them; one that ends at
  /// once where nothing is watched.
  public var watch: @Sendable () -> AsyncStream<Void>
  /// Told when a write gave up on a database another program holds (`true`), and when what
  /// was held is stored or undone (`false`): a script waits no more meanwhile.
  public var heldChanged: @Sendable (_ isHeld: Bool) -> Void

  public init(
    sync: @escaping @MainActor @Sendable (SyncRequest) async -> Result<Synced, StorageFailure>,
    mayHaveChanged: @escaping @Sendable () -> Bool = { true },
    watch: @escaping @Sendable () -> AsyncStream<Void> = { AsyncStream { $0.finish() } },
    heldChanged: @escaping @Sendable (_ isHeld: Bool) -> Void = { _ in }
  ) {
    self.sync = sync
    self.mayHaveChanged = mayHaveChanged
    self.watch = watch
    self.heldChanged = heldChanged
  }

  /// No database: a sync stores nothing and finds nothing.
  public static let none = StorageClient(
    sync: { _ in .success(Synced()) }, mayHaveChanged: { false })
}
