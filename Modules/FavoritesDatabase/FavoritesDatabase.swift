import FavoritesLedger
import Foundation

/// Where the favorite primes and the activity feed are kept between sessions.
///
/// The interface only: the live value, one SQLite database in the data directory, lives in
/// `FavoritesDatabaseLive`, which only the executable links. Tests use ``noop`` or ``failing``.
/// The app speaks to it in changes, never in SQL: after each command it writes the feed entries
/// appended since the last write and those taken back by undo, and the favorites follow from
/// them.
///
/// ```swift
/// let database = FavoritesDatabase.live(directory: directory)
/// _ = try await database.open()
/// let added = [entry(.added, 2), entry(.added, 3), entry(.added, 5)]
/// _ = try await database.write(.init(appended: added))
/// let removed = entry(.removed, 3)
/// _ = try await database.write(.init(appended: [removed]))
/// #expect(try await database.write(.init(takenBack: [removed])) == nil)
/// let contents = try await FavoritesDatabase.live(directory: directory).open().contents
/// #expect(contents.favoritePrimes == [2, 3, 5])
/// ```
public struct FavoritesDatabase: Sendable {
  /// The database's file name in the data directory; SQLite keeps its `-wal` and `-shm` files
  /// beside it.
  public static let fileName = "primetime.sqlite"

  /// Opens the database, creating or migrating it as needed, and returns what it holds.
  public var open: @Sendable () async throws -> Opened
  /// Writes one change in one transaction. Returns the database's contents when they differ
  /// from what the writer holds (another session changed them, or part of the change no longer
  /// applied), else `nil`.
  public var write: @Sendable (_ change: Change) async throws -> Contents?
  /// Returns what another session changed since this one last read or wrote, else `nil`: the
  /// change itself where the database can tell it, else everything it holds.
  public var refresh: @Sendable () async throws -> Refreshed?
  /// Whether another session may have changed the database since this one last read or wrote:
  /// one cheap statement that waits for no lock, asked before every command, so not `async`
  /// (a hop to another thread would cost more than the question). `false` means ``refresh``
  /// would return `nil`.
  public var mayHaveChanged: @Sendable () throws -> Bool
  /// Why the database can be read and not written, as the session last found (its data
  /// directory cannot be written): `nil` while it can be written. A database opened for reading
  /// only is opened again for writing by the first ``refresh`` after it can be written, and
  /// ``mayHaveChanged`` says `true` until then.
  public var readOnly: @Sendable () -> String?

  /// Creates a database from its operations: how the live value is built, and how a test builds
  /// a double.
  ///
  /// ```swift
  /// FavoritesDatabase(
  ///   open: { Opened() }, write: { _ in nil }, refresh: { nil }, mayHaveChanged: { false })
  /// ```
  ///
  /// - Parameters:
  ///   - mayHaveChanged: By default, always `true`: every command asks ``refresh``.
  ///   - readOnly: By default, always `nil`: the database can be written.
  public init(
    open: @escaping @Sendable () async throws -> Opened,
    write: @escaping @Sendable (_ change: Change) async throws -> Contents?,
    refresh: @escaping @Sendable () async throws -> Refreshed?,
    mayHaveChanged: @escaping @Sendable () throws -> Bool = { true },
    readOnly: @escaping @Sendable () -> String? = { nil }
  ) {
    self.open = open
    self.write = write
    self.refresh = refresh
    self.mayHaveChanged = mayHaveChanged
    self.readOnly = readOnly
  }
}

extension FavoritesDatabase {
  /// Everything the database holds.
  public struct Contents: Equatable, Sendable {
    /// The favorite primes, in their order.
    public var favoritePrimes: [Int]
    /// The activity feed, oldest first.
    public var activityFeed: [Activity]

    /// Creates contents; empty by default, as a new database holds.
    public init(favoritePrimes: [Int] = [], activityFeed: [Activity] = []) {
      self.favoritePrimes = favoritePrimes
      self.activityFeed = activityFeed
    }
  }

  /// A change since the last write: feed entries appended, and feed entries taken back by undo.
  ///
  /// The database applies it by the ledger's rules (`FavoritesBook`). Each
  /// appended `added` entry makes its prime a favorite, at the end; each `removed` entry
  /// removes it. An entry this writer took back earlier (redo) is written again, last. Taking
  /// an entry back reverses it, and puts a removed favorite back where its last save puts it.
  /// An entry that no longer applies (another session changed that prime since) is left out,
  /// and so is taking back an entry another session wrote, and writing again (redo) an entry
  /// taken back when its prime's feed changed since.
  public struct Change: Equatable, Sendable {
    /// Entries added to the feed, oldest first.
    public var appended: [Activity]
    /// Entries taken back from the feed, newest first.
    public var takenBack: [Activity]
    /// Whether the writer's feed holds entries in another order than the database, so that
    /// the write returns the contents even when every part of it applies.
    public var returnsContents: Bool

    /// Creates a change; the default is empty and writes nothing.
    public init(
      appended: [Activity] = [], takenBack: [Activity] = [], returnsContents: Bool = false
    ) {
      self.appended = appended
      self.takenBack = takenBack
      self.returnsContents = returnsContents
    }

    /// Whether there is nothing to write: no entries, and no contents asked for.
    public var isEmpty: Bool { appended.isEmpty && takenBack.isEmpty && !returnsContents }
  }

  /// What another session changed, as a refresh finds it.
  public enum Refreshed: Equatable, Sendable {
    /// Everything the database holds, where it cannot tell what changed (a database opened
    /// for reading only, or opened anew).
    case contents(Contents)
    /// What changed since the session last read or wrote: its cost follows the change, not
    /// the number of favorites.
    case update(Update)
  }

  /// What other sessions changed in the feed: the entries they took back, and those they
  /// appended. The favorites follow from them, by the ledger's rules.
  public struct Update: Equatable, Sendable {
    /// The identities of the entries taken back, in the order taken back.
    public var takenBack: [UUID]
    /// The entries appended, oldest first. An entry taken back and written again is in both.
    public var appended: [Activity]

    /// Creates an update; by default nothing changed.
    public init(takenBack: [UUID] = [], appended: [Activity] = []) {
      self.takenBack = takenBack
      self.appended = appended
    }
  }

  /// What opening found.
  public struct Opened: Equatable, Sendable {
    /// The database's contents, after any migration and import.
    public var contents: Contents
    /// One line for each thing the user should know: a database or file moved aside, files
    /// migrated.
    public var notices: [String]
    /// Why the database was opened for reading only, if it was: what is stored is shown, and
    /// nothing can be written. `nil` for a database that can be written.
    public var readOnly: String?
    /// Whether a damaged database was moved aside, and a new one started in its place: a
    /// session that reads it has changed what is on disk, and its notices say where the old
    /// one went.
    public var movedAside: Bool

    /// Creates the result of opening; by default an empty database that can be written, and no
    /// notices.
    public init(
      contents: Contents = Contents(), notices: [String] = [], readOnly: String? = nil,
      movedAside: Bool = false
    ) {
      self.contents = contents
      self.notices = notices
      self.readOnly = readOnly
      self.movedAside = movedAside
    }
  }
}

/// The error of ``FavoritesDatabase/failing``, and of a live database that cannot be used.
public struct FavoritesDatabaseError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, as one line for the user.
  public var description: String
  /// Whether another program held the database, and the wait for it ended without it.
  public var isHeld: Bool

  /// Creates the error from a line the user reads as is.
  public init(_ description: String, isHeld: Bool = false) {
    self.description = description
    self.isHeld = isHeld
  }
}

extension FavoritesDatabase {
  /// An empty database that accepts every change and keeps nothing.
  public static let noop = FavoritesDatabase(
    open: { Opened() }, write: { _ in nil }, refresh: { nil }, mayHaveChanged: { false })

  /// A database whose every call fails, for testing error paths.
  public static let failing = FavoritesDatabase(
    open: { throw FavoritesDatabaseError("could not open the database") },
    write: { _ in throw FavoritesDatabaseError("could not write the database") },
    refresh: { throw FavoritesDatabaseError("could not read the database") },
    mayHaveChanged: { throw FavoritesDatabaseError("could not read the database") }
  )
}
