import AppCore
import ComposableArchitecture
import FavoritesDatabase
import FavoritesLedger
import Foundation

/// The app's favorites and activity feed in the favorites database: what it holds at start,
/// and the client through which ``StoredAppReducer`` stores each change and reads other
/// sessions' (``client(watching:scriptWait:)``).
///
/// A change is a delta of the feed since what is stored: the entries appended, and those taken
/// back by undo; the database applies each to the favorites. Its cost does not depend on how
/// many favorites there are.
///
/// ```swift
/// let storage = Storage(database: .live(directory: directory))
/// let stored = try await storage.open().stored
/// ```
@MainActor
public final class Storage {
  private let database: FavoritesDatabase
  /// Why the stored favorites can be read and not changed, as the database said on opening:
  /// `nil` while they can be changed.
  public private(set) var readOnly: String?

  /// Creates the storage over a database; nothing is read or written until ``open()``.
  public init(database: FavoritesDatabase) {
    self.database = database
  }

  /// Opens the database: what it holds, one line for each thing the user should know, and
  /// whether a damaged database was moved aside. Where it can only be read, ``readOnly`` says
  /// why.
  ///
  /// - Throws: ``FavoritesDatabaseError`` when the data directory or database cannot be used.
  public func open() async throws -> (
    stored: StoredFavorites, notices: [String], movedAside: Bool
  ) {
    let opened = try await database.open()
    readOnly = opened.readOnly
    return (Self.stored(opened.contents), opened.notices, opened.movedAside)
  }

  /// The client of the opened database.
  ///
  /// - Parameters:
  ///   - watch: The watch of the database's directory, whose changes the client's `watch`
  ///     tells; `nil` tells none.
  ///   - scriptWait: For a script, the wait for the database, which a write that gave up on
  ///     another program's hold stops: each later change then fails at once, with one line.
  ///     `nil` for a person, whose every later action waits and tries again.
  nonisolated func client(
    watching watch: DirectoryWatch?, scriptWait: DatabaseWait?
  ) -> StorageClient {
    let database = self.database
    return StorageClient(
      sync: { @MainActor request in await Self.sync(request, database: database) },
      // A look that fails says it may have: the turn then fails with why.
      mayHaveChanged: { (try? database.mayHaveChanged()) ?? true },
      watch: { watch?.changes() ?? AsyncStream { $0.finish() } },
      heldChanged: { isHeld in
        if isHeld { scriptWait?.stopWaiting() } else { scriptWait?.resumeWaiting() }
      })
  }

  /// One turn of a sync: writes what changed from the stored feed to the request's, or, with
  /// nothing to write, reads other sessions' changes where the request asks for them. What it
  /// returns to take in, where what is stored differs from the feed and the favorites it
  /// gives: what other sessions changed since the last read
  /// (``AppAction/storageUpdated(_:)``), or, where the database cannot tell that or a write did
  /// not apply as memory made it, everything stored (``AppAction/storageChanged(_:)``).
  ///
  /// A feed that is the one stored costs next to nothing: at most one cheap statement to learn
  /// whether another session wrote; a take-in of others' changes costs what they changed.
  static func sync(
    _ request: SyncRequest, database: FavoritesDatabase
  ) async -> Result<Synced, StorageFailure> {
    var change =
      request.feed == request.stored
      ? FavoritesDatabase.Change() : Self.change(from: request.stored, to: request.feed)
    if request.asksForEverything { change.returnsContents = true }
    do {
      if change.isEmpty, try !request.readsOthers || !database.mayHaveChanged() {
        return .success(Synced(readOnly: database.readOnly()))
      }
      let refreshed =
        change.isEmpty
        ? try await database.refresh() : try await database.write(change).map { .contents($0) }
      let takeIn: AppAction? =
        switch refreshed {
        case nil: nil
        case .contents(let contents)?: .storageChanged(stored(contents))
        case .update(let update)?:
          .storageUpdated(StoredUpdate(takenBack: update.takenBack, appended: update.appended))
        }
      return .success(Synced(takeIn: takeIn, readOnly: database.readOnly()))
    } catch {
      let isHeld = (error as? FavoritesDatabaseError)?.isHeld == true
      return .failure(StorageFailure("\(error)", isHeld: isHeld))
    }
  }

  /// The change from one feed to another, as the ledger finds it
  /// (``FavoritesLedger/Ledger/difference(from:_:to:_:)``): entries taken back (newest first)
  /// and appended (oldest first).
  ///
  /// Where the new feed is not the old one with those taken back and those appended last
  /// (it holds entries of the old in another order, or appended entries before kept ones),
  /// the database will not hold them in the new feed's order: the change asks for the contents
  /// back (``FavoritesDatabase/Change/returnsContents``), so that memory takes the stored order.
  ///
  /// ```swift
  /// Storage.change(from: [a, b], to: [a, c])  // appended [c], takenBack [b]
  /// ```
  nonisolated static func change(
    from old: PersistentArray<Activity>, to new: PersistentArray<Activity>
  ) -> FavoritesDatabase.Change {
    let difference = FeedDifference(from: old, to: new)
    return FavoritesDatabase.Change(
      appended: Array(difference.appended), takenBack: difference.takenBack.reversed(),
      returnsContents: !difference.isInOrder)
  }

  private nonisolated static func stored(_ contents: FavoritesDatabase.Contents) -> StoredFavorites
  {
    StoredFavorites(
      favoritePrimes: contents.favoritePrimes, activityFeed: contents.activityFeed)
  }
}
