import FavoritesDatabase
import FileClient
import FileClientLive
import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

extension FavoritesDatabase {
  /// One SQLite database, `primetime.sqlite` in `directory`, in WAL mode.
  ///
  /// Every change is one `BEGIN IMMEDIATE` transaction; another program's transaction is waited
  /// for, and `wait` hears of a wait that goes on past a second and may give it up. Reading,
  /// the open of a current database included, waits for no writer. A file that is not a usable
  /// PrimeTime database is moved aside, never overwritten; one from a later schema version is
  /// refused and left as it is. On the first start, the version-1 JSON files are imported and
  /// renamed `.migrated`.
  ///
  /// Where the session cannot write the data directory or the database's files, the database
  /// is opened for reading only ``FavoritesDatabase/Opened/readOnly``: what it holds is read,
  /// and nothing is created, migrated or moved aside. Once they can be written, the next
  /// ``FavoritesDatabase/refresh`` opens it for writing.
  ///
  /// ```swift
  /// let database = FavoritesDatabase.live(directory: directory)
  /// ```
  ///
  /// - Parameters:
  ///   - directory: The data directory; created (0700) when missing.
  ///   - wait: What the session does while another program holds the database.
  public static func live(directory: URL, wait: DatabaseWait = DatabaseWait()) -> FavoritesDatabase
  {
    live(directory: directory, wait: wait, hooks: LiveConnection.Hooks())
  }

  /// The live database, with hooks where tests stand in for another session.
  static func live(
    directory: URL, wait: DatabaseWait = DatabaseWait(), hooks: LiveConnection.Hooks
  ) -> FavoritesDatabase {
    let connection = LiveConnection(directory: directory, wait: wait, hooks: hooks)
    return FavoritesDatabase(
      open: { try await connection.open() },
      write: { change in try await connection.write(change) },
      refresh: { try await connection.refresh() },
      mayHaveChanged: { try connection.mayHaveChanged() },
      readOnly: { connection.readOnly }
    )
  }
}

/// A session's connection, and what it knows: the database's `data_version` when it last read
/// or wrote, the feed entries it wrote itself (the only ones its undo may take back), and for
/// each entry its undo took back, its prime's latest entry after it (redo may write it again only
/// if nothing happened to its prime since).
final class LiveConnection: Sendable {
  struct Known {
    var queue: DatabaseQueue?
    var dataVersion: Int = 0
    /// How far the session has read the feed and the entries taken back.
    var cursor = Schema.Cursor()
    var ownEntries: Set<UUID> = []
    var readEntries: Set<UUID> = []
    /// For each entry undo took back, its prime's latest entry just after: redo writes it again
    /// only while that is still the latest.
    var takenBack: [UUID: UUID?] = [:]
    /// Why the database is open for reading only, while it is.
    var readOnly: ReadOnly?

    /// Notes the entries of contents just read.
    mutating func read(_ contents: FavoritesDatabase.Contents?) {
      guard let contents else { return }
      readEntries.formUnion(contents.activityFeed.lazy.map(\.id))
    }

    /// Notes the entries of an update just read.
    mutating func read(_ update: FavoritesDatabase.Update) {
      readEntries.formUnion(update.appended.lazy.map(\.id))
    }

    /// Whether the entry is another session's: read here, and not written by this one.
    func isOthers(_ id: UUID) -> Bool {
      readEntries.contains(id) && !ownEntries.contains(id)
    }
  }

  /// Moments where tests stand in for another session, or for another user; nothing, in the app.
  struct Hooks: Sendable {
    /// Runs between finding a file unusable and moving it aside.
    var beforeMovingAside: @Sendable () -> Void = {}
    /// Runs on the connection's thread just before a write begins its transaction.
    var beforeWriting: @Sendable () -> Void = {}
    /// Sleeps between tries while another program holds the database.
    var sleep: @Sendable (Duration) -> Void = { duration in
      let (seconds, attoseconds) = duration.components
      Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
    }
    /// The error that reading or writing (`R_OK`, `W_OK`, `X_OK`) the file or directory at a
    /// path meets, or 0 where it may: the system's answer (`access`), in the app. Tests running
    /// as root, whom no mode stops, stand in for a user who may not.
    var access: @Sendable (_ path: String, _ mode: Int32) -> Int32 = { path, mode in
      Glibc.access(path, mode) == 0 ? 0 : errno
    }
    /// The time now, against which a read-only database's files are judged settled.
    var now: @Sendable () -> Date = { Date() }
  }

  let directory: URL
  let known = Mutex(Known())
  let hooks: Hooks
  let busy: BusyWait

  init(directory: URL, wait: DatabaseWait, hooks: Hooks) {
    self.directory = directory
    self.hooks = hooks
    busy = BusyWait(
      wait: wait, path: directory.appending(path: FavoritesDatabase.fileName).path,
      sleep: hooks.sleep)
  }

  var path: String { directory.appending(path: FavoritesDatabase.fileName).path }

  func queue() throws -> DatabaseQueue {
    guard let queue = known.withLock({ $0.queue }) else {
      throw FavoritesDatabaseError("the database is not open")
    }
    return queue
  }

  static func describe(_ error: any Error) -> String {
    if let error = error as? DatabaseError {
      return oneLine(error.message ?? "\(error.resultCode)")
    }
    if let error = error as? FavoritesDatabaseError { return error.description }
    if let error = error as? Unusable { return error.reason }
    if let error = error as? BusyWait.Failure { return error.description }
    return FileError.reason(of: error)
  }
}

/// A file that is not a usable PrimeTime database: corrupt, or another program's.
struct Unusable: Error {
  var reason: String
}

/// A message from SQLite in one line: its integrity check's and its errors' may hold several.
func oneLine(_ text: String) -> String {
  text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
    .filter { !$0.isEmpty }.joined(separator: "; ")
}
