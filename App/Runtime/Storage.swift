import AppCore
import ComposableArchitecture
import FavoritesDatabase
import FavoritesLedger
import Foundation

/// Keeps the app's favorites and activity feed in the favorites database: reads them at start,
/// picks up other sessions' changes before each command, and writes this session's change
/// after it.
///
/// A change is a delta of the feed since the last write: the entries appended, and those taken
/// back by undo; the database applies each to the favorites. Its cost does not depend on how
/// many favorites there are. A failed write keeps the change in memory, and the next write
/// includes it.
///
/// ```swift
/// let storage = Storage(database: .live(directory: directory))
/// let stored = try await storage.open().stored
/// ```
@MainActor
public final class Storage {
  private let database: FavoritesDatabase
  /// The feed as the database holds it, as far as this session knows.
  private var synced: PersistentArray<Activity> = []
  /// Whether memory did not take in what the last read returned: the next write then asks for
  /// everything stored, since no later read returns it again.
  private var missedATakeIn = false
  /// Why the stored favorites can be read and not changed, as the database last said: `nil`
  /// while they can be changed.
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
    let stored = Self.stored(opened.contents)
    synced = PersistentArray(stored.activityFeed)
    readOnly = opened.readOnly
    return (stored, opened.notices, opened.movedAside)
  }

  /// Whether `feed` is the one last written or read, so that there is nothing to write. Costs a
  /// comparison of identities when the feed did not change.
  public func isSynced(_ feed: PersistentArray<Activity>) -> Bool {
    guard feed == synced else { return false }
    // Equal but apart (the feed as read, and as memory took it in): sharing it makes the next
    // look a comparison of identities.
    synced = feed
    return true
  }

  /// Writes what changed in `feed` since the last write, or, with nothing to write, reads other
  /// sessions' changes (unless `readingOthers` is `false`). Returns what memory is to take in
  /// when what is stored differs from `feed` and the favorites it gives: what other sessions
  /// changed since the last read (``AppAction/storageUpdated(_:)``), or, where the database
  /// cannot tell that or a write did not apply as memory made it, everything stored
  /// (``AppAction/storageChanged(_:)``). Once memory took it in, ``tookIn(_:)`` says so.
  ///
  /// A feed that is the one last synced costs next to nothing: one comparison, and at most one
  /// cheap statement to learn whether another session wrote; a take-in of others' changes
  /// costs what they changed. Afterwards ``readOnly`` says whether the favorites can be
  /// changed, which a read may have found anew.
  public func sync(
    _ feed: PersistentArray<Activity>, readingOthers: Bool = true
  ) async throws -> AppAction? {
    defer { readOnly = database.readOnly() }
    var change = feed == synced ? FavoritesDatabase.Change() : Self.change(from: synced, to: feed)
    if missedATakeIn { change.returnsContents = true }
    if change.isEmpty, try !readingOthers || !database.mayHaveChanged() {
      synced = feed
      return nil
    }
    let refreshed =
      change.isEmpty
      ? try await database.refresh() : try await database.write(change).map { .contents($0) }
    if change.returnsContents { missedATakeIn = false }
    // What memory holds, written, until it takes in what is returned (`tookIn(_:)`).
    synced = feed
    switch refreshed {
    case nil:
      return nil
    case .contents(let contents)?:
      return .storageChanged(Self.stored(contents))
    case .update(let update)?:
      return .storageUpdated(
        StoredUpdate(takenBack: update.takenBack, appended: update.appended))
    }
  }

  /// Notes that memory took in what ``sync(_:readingOthers:)`` returned, leaving `feed`: the
  /// feed as stored, kept as that very version, so that the next look is a comparison of
  /// identities.
  public func tookIn(_ feed: PersistentArray<Activity>) {
    synced = feed
  }

  /// What `feed` changed that is not stored, in words, oldest first: `saved 2`, `removed 7`,
  /// and `undid saving 5` for an entry an undo took back.
  public func unstored(_ feed: PersistentArray<Activity>) -> [String] {
    let change = Self.change(from: synced, to: feed)
    func words(_ entry: Activity) -> String {
      switch entry.kind {
      case .added: "saved \(entry.prime)"
      case .removed: "removed \(entry.prime)"
      }
    }
    return change.takenBack.reversed().map { entry in
      switch entry.kind {
      case .added: "undid saving \(entry.prime)"
      case .removed: "undid removing \(entry.prime)"
      }
    } + change.appended.map(words)
  }

  /// Notes that memory did not take in what ``sync(_:readingOthers:)`` returned (it changed in
  /// the meantime): the next sync writes what memory changed since and asks for everything
  /// stored.
  public func missedTakeIn() {
    missedATakeIn = true
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
