import FavoritesDatabase
import FavoritesLedger
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
  private struct Known {
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

  /// A database open for reading only: why, and how other programs' commits are seen.
  ///
  /// With a write-ahead log and its shared-memory file beside it, SQLite reads the log through
  /// them and `data_version` tells of each commit (`seesCommits`). Without, the file is opened
  /// as immutable (a reader in WAL mode otherwise creates the shared-memory file, in a directory
  /// it cannot write), which sees no commit: the database and its log are looked at instead, and
  /// opened again when they changed.
  private struct ReadOnly {
    var reason: String
    var seesCommits: Bool
    /// The database and its log as they were just before they were read.
    var files: [FileStamp?]
    /// Whether the files were last written long enough before they were looked at that a later
    /// write shows in their stamps: a file system's clock may tick as seldom as once a second.
    var isSettled: Bool
    /// What was read.
    var contents: FavoritesDatabase.Contents

    /// Whether the database, opened as immutable, is to be read again: its files changed, or
    /// they were too fresh to tell.
    func needsAnotherLook(at path: String) -> Bool {
      !isSettled || files != LiveConnection.fileStamps(path)
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
  private let known = Mutex(Known())
  private let hooks: Hooks
  private let busy: BusyWait

  init(directory: URL, wait: DatabaseWait, hooks: Hooks) {
    self.directory = directory
    self.hooks = hooks
    busy = BusyWait(
      wait: wait, path: directory.appending(path: FavoritesDatabase.fileName).path,
      sleep: hooks.sleep)
  }

  var path: String { directory.appending(path: FavoritesDatabase.fileName).path }

  private func queue() throws -> DatabaseQueue {
    guard let queue = known.withLock({ $0.queue }) else {
      throw FavoritesDatabaseError("the database is not open")
    }
    return queue
  }

  private struct Found: Sendable {
    var isNew: Bool
    var contents: FavoritesDatabase.Contents
    var dataVersion: Int
    var cursor: Schema.Cursor
    var notices: [String]
    /// Whether a version-1 file that could not be read was moved aside.
    var movedAside = false
  }

  func open() async throws -> FavoritesDatabase.Opened {
    var notices: [String] = []
    var movedAside = false
    try createDirectory()
    if let reason = unwritable() { return try await openReadOnly(because: reason) }
    // A corrupt file that another session moves aside first is gone when this one tries to:
    // open again, and find the other's new database.
    for _ in 0..<3 {
      // Sessions open one at a time: one that finds the file corrupt moves it (and its WAL and
      // shared-memory files) aside before another can start a new database in its place.
      let lock = try lockDirectory()
      defer { unlockDirectory(lock) }
      let queue: DatabaseQueue
      let opened: Found
      // The file this attempt opens and checks: only that one may be moved aside.
      var checked: FileIdentity?
      do {
        try createFile()
        checked = FileIdentity(path: path)
        try checkHeader()
        // Opening reads the schema, which may wait too.
        let path = path
        queue = try busy.during { try DatabaseQueue(path: path, configuration: configuration) }
        let directory = directory
        opened = try await queue.writeWithoutTransaction { db in
          try busy.during {
            try Schema.checkIntegrity(db)
            try Schema.checkVersion(db, path: path)
            var found = Found(
              isNew: false, contents: FavoritesDatabase.Contents(), dataVersion: 0,
              cursor: Schema.Cursor(), notices: [])
            // A database that needs no change is read as any reader reads it, waiting for no
            // writer: a session that only reads never waits for another program's write. What
            // is read and the version it is read at are one snapshot.
            var isCurrent = false
            try db.inTransaction(.deferred) {
              isCurrent = try Schema.isCurrent(db)
              if isCurrent {
                found.contents = try Schema.contents(db)
                found.dataVersion = try Schema.dataVersion(db)
                found.cursor = try Schema.cursor(db)
              }
              return .commit
            }
            guard !isCurrent else { return found }
            // Persistent: set once, for this connection and every later one.
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.inTransaction(.immediate) {
              found.isNew = try Schema.migrate(db, path: path)
              if found.isNew {
                found.movedAside = try LegacyFiles.importFiles(
                  in: directory, into: db, notices: &found.notices)
              }
              found.contents = try Schema.contents(db)
              found.dataVersion = try Schema.dataVersion(db)
              found.cursor = try Schema.cursor(db)
              return .commit
            }
            return found
          }
        }
      } catch let error as Unusable {
        switch moveAside(reason: error.reason, checked: checked) {
        case .moved(let notice):
          notices.append(notice)
          movedAside = true
        case .gone: break
        case .failed(let reason): throw FavoritesDatabaseError(reason)
        }
        continue
      } catch let error as DatabaseError
        where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
      {
        let reason =
          error.resultCode == .SQLITE_NOTADB
          ? "it is not a database" : "its disk image is malformed"
        switch moveAside(reason: reason, checked: checked) {
        case .moved(let notice):
          notices.append(notice)
          movedAside = true
        case .gone: break
        case .failed(let reason): throw FavoritesDatabaseError(reason)
        }
        continue
      } catch let error as FavoritesDatabaseError {
        throw error
      } catch {
        throw FavoritesDatabaseError("could not open \(path): \(Self.describe(error))")
      }
      notices += opened.notices
      movedAside = movedAside || opened.movedAside
      if opened.isNew { LegacyFiles.markMigrated(in: directory, notices: &notices) }
      known.withLock {
        $0.queue = queue
        $0.dataVersion = opened.dataVersion
        $0.cursor = opened.cursor
        $0.read(opened.contents)
        $0.readOnly = nil
      }
      return FavoritesDatabase.Opened(
        contents: opened.contents, notices: notices, movedAside: movedAside)
    }
    throw FavoritesDatabaseError("could not open \(path): it keeps turning out unusable")
  }

  /// Opens the database for reading only, where this session cannot write it: what is stored
  /// is read, after SQLite's integrity check unless `checkingIntegrity` is `false` (a database
  /// read again), and nothing is created, migrated or moved aside. Where there is no database,
  /// or an empty file, the version-1 files, if any, are read into memory.
  ///
  /// - Throws: ``FavoritesDatabaseError`` where the directory or the database cannot be read,
  ///   and where a write-ahead log has no shared-memory file beside it: SQLite would have to
  ///   create one to read the log.
  private func openReadOnly(
    because reason: String, checkingIntegrity: Bool = true
  ) async throws -> FavoritesDatabase.Opened {
    let denied = hooks.access(directory.path, R_OK | X_OK)
    guard denied == 0 else {
      throw FavoritesDatabaseError(
        "could not read the data directory \(directory.path): \(Self.reason(denied))")
    }
    let path = path
    // A writer that closes deletes the shared memory just before the log: a log alone for a
    // moment is that, and is looked at again; a log alone for a second cannot be read.
    var logSize = try Self.size(of: path + "-wal") ?? 0
    var looks = 0
    while logSize > 0, try Self.size(of: path + "-shm") == nil {
      guard looks < 20 else {
        throw FavoritesDatabaseError(
          "could not read \(path): its write-ahead log has no shared-memory file beside it, "
            + "which SQLite cannot make in a directory it cannot write")
      }
      looks += 1
      hooks.sleep(.milliseconds(50))
      logSize = try Self.size(of: path + "-wal") ?? 0
    }
    // Taken before anything is read: a write made while this reads is seen at the next look.
    let files = Self.fileStamps(path)
    let isSettled = files.allSatisfy { $0?.isSettled(at: hooks.now()) ?? true }
    let size = try Self.size(of: path) ?? 0
    var readOnly = ReadOnly(
      reason: reason, seesCommits: size > 0 && logSize > 0, files: files, isSettled: isSettled,
      contents: FavoritesDatabase.Contents())
    guard size > 0 else {
      var notices: [String] = []
      let directory = directory
      let contents = try DatabaseQueue().inDatabase { db in
        _ = try Schema.migrate(db, path: path)
        try LegacyFiles.importFiles(in: directory, into: db, movesAside: false, notices: &notices)
        return try Schema.contents(db)
      }
      readOnly.contents = contents
      known.withLock {
        $0.queue = nil
        $0.read(contents)
        $0.readOnly = readOnly
      }
      return FavoritesDatabase.Opened(contents: contents, notices: notices, readOnly: reason)
    }
    do {
      var configuration = configuration
      configuration.readonly = true
      let queue = try DatabaseQueue(
        path: readOnly.seesCommits ? path : Self.immutable(path), configuration: configuration)
      let (contents, version) = try await queue.read { db in
        try busy.during {
          if checkingIntegrity { try Schema.checkIntegrity(db) }
          return (try Schema.readOnlyContents(db, path: path), try Schema.dataVersion(db))
        }
      }
      readOnly.contents = contents
      known.withLock {
        $0.queue = queue
        $0.dataVersion = version
        $0.read(contents)
        $0.readOnly = readOnly
      }
      return FavoritesDatabase.Opened(contents: contents, readOnly: reason)
    } catch let error as FavoritesDatabaseError {
      throw error
    } catch {
      throw FavoritesDatabaseError("could not read \(path): \(Self.describe(error))")
    }
  }

  /// Why the database is open for reading only, while it is.
  var readOnly: String? { known.withLock { $0.readOnly?.reason } }

  /// Why this session cannot write the database, if it cannot: it may not write the data
  /// directory (where SQLite creates its log beside the database), or one of the database's
  /// files there.
  private func unwritable() -> String? {
    let denied = hooks.access(directory.path, W_OK)
    guard denied == 0 else {
      return "the data directory \(directory.path) is not writable (\(Self.reason(denied)))"
    }
    for file in [path, path + "-wal", path + "-shm"] {
      let denied = hooks.access(file, W_OK)
      if denied != 0 && denied != ENOENT {
        return "\(file) is not writable (\(Self.reason(denied)))"
      }
    }
    return nil
  }

  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// The size of the file at `path`, or `nil` where there is none.
  ///
  /// - Throws: ``FavoritesDatabaseError`` where it cannot be looked at.
  private static func size(of path: String) throws -> Int64? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      guard errno == ENOENT else {
        throw FavoritesDatabaseError("could not read \(path): \(reason(errno))")
      }
      return nil
    }
    return Int64(info.st_size)
  }

  /// The URI that opens the database at `path` as immutable: SQLite then takes no lock and
  /// creates no file beside it. `%`, `?` and `#` are escaped, as a URI's path needs.
  static func immutable(_ path: String) -> String {
    var escaped = ""
    for character in path {
      switch character {
      case "%": escaped += "%25"
      case "?": escaped += "%3f"
      case "#": escaped += "%23"
      default: escaped.append(character)
      }
    }
    return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?immutable=1"
  }

  private struct Written: Sendable {
    var written: [UUID] = []
    /// For each entry taken back, its prime's latest entry after it.
    var takenBack: [UUID: UUID?] = [:]
    var contents: FavoritesDatabase.Contents?
    var version = 0
    var cursor = Schema.Cursor()
  }

  func write(_ change: FavoritesDatabase.Change) async throws -> FavoritesDatabase.Contents? {
    if let reason = readOnly { throw FavoritesDatabaseError("could not write \(path): \(reason)") }
    let queue = try queue()
    let known = known.withLock { $0 }
    do {
      let beforeWriting = hooks.beforeWriting
      let result = try await queue.writeWithoutTransaction { db in
        try busy.during {
          var result = Written()
          beforeWriting()
          try db.inTransaction(.immediate) {
            result.version = try Schema.dataVersion(db)
            var isExact = result.version == known.dataVersion && !change.returnsContents
            var book = StoredBook(db: db)
            for entry in change.takenBack {
              guard known.ownEntries.contains(entry.id), try book.takeBack(entry) else {
                isExact = false
                continue
              }
              result.takenBack.updateValue(
                try book.latestEntry(for: entry.prime)?.id, forKey: entry.id)
            }
            for entry in change.appended {
              guard !known.isOthers(entry.id) else {
                isExact = false
                continue
              }
              // Redo writes again an entry its undo took back: only if nothing happened to its
              // prime since.
              let wasTakenBack = result.takenBack[entry.id] ?? known.takenBack[entry.id]
              let written =
                if let latest = wasTakenBack {
                  try book.bringBack(entry, ifLatestIs: latest)
                } else {
                  try book.append(entry)
                }
              guard written else {
                isExact = false
                continue
              }
              result.written.append(entry.id)
            }
            result.contents = isExact ? nil : try Schema.contents(db)
            result.cursor = try Schema.cursor(db)
            return .commit
          }
          return result
        }
      }
      self.known.withLock {
        $0.dataVersion = result.version
        $0.cursor = result.cursor
        $0.ownEntries.formUnion(result.written)
        $0.takenBack.merge(result.takenBack) { $1 }
        $0.read(result.contents)
      }
      // Tells a session that watches the directory of the write once it can be read: the
      // commit writes the log before it publishes it, so a look prompted by those writes can
      // come too early, and nothing else would prompt another.
      _ = utimensat(AT_FDCWD, path, nil, 0)
      return result.contents
    } catch {
      throw FavoritesDatabaseError(
        "could not write \(path): \(Self.describe(error))", isHeld: error is BusyWait.Failure)
    }
  }

  /// Whether `data_version` moved since this connection last read or wrote: one cached
  /// statement, on the caller's thread, outside any transaction. A reader in WAL mode waits for
  /// no writer, so this does not park the thread. Open for reading only, it is also `true` once
  /// the database can be written, and, opened as immutable, where its files changed or were too
  /// fresh to tell (``ReadOnly``).
  func mayHaveChanged() throws -> Bool {
    let (queue, lastVersion, readOnly) = known.withLock { ($0.queue, $0.dataVersion, $0.readOnly) }
    if let readOnly {
      // Once it can be written, the refresh opens it for writing; opened as immutable, it has
      // changed where its files have.
      guard unwritable() != nil else { return true }
      guard readOnly.seesCommits else { return readOnly.needsAnotherLook(at: path) }
      guard queue != nil else { return false }
    }
    guard let queue else { throw FavoritesDatabaseError("the database is not open") }
    do {
      // Asked on the caller's thread, it waits for nothing: a database held at this moment
      // may have changed, and the refresh that follows waits for it.
      return try queue.inDatabase { db in
        try busy.withoutWaiting { try Schema.dataVersion(db) != lastVersion }
      }
    } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
      return true
    } catch {
      throw FavoritesDatabaseError("could not read \(path): \(Self.describe(error))")
    }
  }

  func refresh() async throws -> FavoritesDatabase.Refreshed? {
    if let readOnly = known.withLock({ $0.readOnly }) {
      // Opened again, for writing or for reading, it has changed only where what it holds did.
      guard let reason = unwritable() else {
        known.withLock { $0.queue = nil }
        let contents = try await open().contents
        return contents == readOnly.contents ? nil : .contents(contents)
      }
      guard readOnly.seesCommits else {
        guard readOnly.needsAnotherLook(at: path) else { return nil }
        let contents = try await openReadOnly(because: reason, checkingIntegrity: false).contents
        return contents == readOnly.contents ? nil : .contents(contents)
      }
      guard known.withLock({ $0.queue }) != nil else { return nil }
      return try await readEverything()
    }
    return try await readUpdate()
  }

  /// Reads everything again, where it changed: a database open for reading only, whose
  /// schema may have no record of what was taken back.
  private func readEverything() async throws -> FavoritesDatabase.Refreshed? {
    let queue = try queue()
    let lastVersion = known.withLock { $0.dataVersion }
    do {
      let (version, contents) = try await queue.read { db -> (Int, FavoritesDatabase.Contents?) in
        try busy.during {
          guard try Schema.dataVersion(db) != lastVersion else { return (lastVersion, nil) }
          return (try Schema.dataVersion(db), try Schema.contents(db))
        }
      }
      known.withLock {
        $0.dataVersion = version
        $0.read(contents)
        if let contents { $0.readOnly?.contents = contents }
      }
      return contents.map { .contents($0) }
    } catch {
      throw FavoritesDatabaseError("could not read \(path): \(Self.describe(error))")
    }
  }

  /// Reads what other sessions changed since the last read or write, where they changed
  /// anything: the entries taken back and appended after the session's cursor.
  private func readUpdate() async throws -> FavoritesDatabase.Refreshed? {
    let queue = try queue()
    let (lastVersion, cursor) = known.withLock { ($0.dataVersion, $0.cursor) }
    do {
      let read = try await queue.writeWithoutTransaction {
        db -> (Int, Schema.Cursor, FavoritesDatabase.Update)? in
        try busy.during {
          // Outside a transaction, one cached statement: what nearly every command costs.
          guard try Schema.dataVersion(db) != lastVersion else { return nil }
          var read: (Int, Schema.Cursor, FavoritesDatabase.Update)?
          try db.inTransaction(.deferred) {
            read = (
              try Schema.dataVersion(db), try Schema.cursor(db),
              try Schema.update(after: cursor, db)
            )
            return .commit
          }
          return read
        }
      }
      guard let (version, cursor, update) = read else { return nil }
      known.withLock {
        $0.dataVersion = version
        $0.cursor = cursor
        $0.read(update)
      }
      return update == FavoritesDatabase.Update() ? nil : .update(update)
    } catch {
      throw FavoritesDatabaseError("could not read \(path): \(Self.describe(error))")
    }
  }

  // MARK: - Files

  private var configuration: Configuration {
    var configuration = Configuration()
    // Another program's transaction is waited for, and the session told of a long wait.
    configuration.busyMode = .callback { [busy] tries in busy.shouldRetry(tries: tries) }
    // Every commit is on disk before the command returns.
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
    return configuration
  }

  private func createDirectory() throws {
    do {
      try AtomicFile.createDirectory(directory.path, permissions: 0o700)
    } catch let error as FileError {
      var info = stat()
      let isInTheWay = stat(error.path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR
      let cause =
        if error.path == directory.path {
          error.reason
        } else if isInTheWay {
          "\(error.path) is in the way: it is not a directory"
        } else {
          "could not create \(error.path): \(error.reason)"
        }
      throw FavoritesDatabaseError(
        "could not create the data directory \(directory.path): \(cause)")
    }
  }

  /// Creates the database file, readable by its owner only, if it is not there; SQLite gives
  /// its WAL and shared-memory files the same permissions.
  /// Throws ``Unusable`` for a file that is not empty and does not start as an SQLite
  /// database does: SQLite would take a file shorter than its header for a new database and
  /// write over it.
  private func checkHeader() throws {
    guard let handle = FileHandle(forReadingAtPath: path) else { return }
    defer { try? handle.close() }
    let header = (try? handle.read(upToCount: 16)) ?? Data()
    guard header.isEmpty || header == Data("SQLite format 3\0".utf8) else {
      throw Unusable(reason: "it is not a database (its header is not SQLite's)")
    }
  }

  private func createFile() throws {
    let fd = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw FavoritesDatabaseError("could not open \(path): \(String(cString: strerror(errno)))")
    }
    close(fd)
  }

  /// Takes an exclusive lock on the data directory (no file of its own is needed), waiting for
  /// another session's open to end as for a database held. Returns the descriptor that holds
  /// it, or -1 where the directory cannot be opened or locked (a file system without locks):
  /// the open then goes on unserialized.
  private func lockDirectory() throws -> Int32 {
    let fd = Glibc.open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return -1 }
    do {
      try busy.during {
        var tries = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
          guard errno == EWOULDBLOCK else { throw Unlockable() }
          // Given up: the wait's end says why.
          guard busy.shouldRetry(tries: tries) else { throw CancellationError() }
          tries += 1
        }
      }
    } catch is Unlockable {
      close(fd)
      return -1
    } catch {
      close(fd)
      throw FavoritesDatabaseError("could not open \(path): \(Self.describe(error))")
    }
    return fd
  }

  /// A directory that cannot be locked.
  private struct Unlockable: Error {}

  private func unlockDirectory(_ fd: Int32) {
    guard fd >= 0 else { return }
    _ = flock(fd, LOCK_UN)
    close(fd)
  }

  private enum MoveAside {
    case moved(String)
    case gone
    case failed(String)
  }

  /// Moves the database (and its WAL and shared-memory files) to a name no other file has,
  /// if it is still the file that was checked: another session may have moved that one aside
  /// first and started a new database in its place, which is then left alone (`.gone`).
  private func moveAside(reason: String, checked: FileIdentity?) -> MoveAside {
    hooks.beforeMovingAside()
    guard let checked, FileIdentity(path: path) == checked else { return .gone }
    let aside = MovedAside.path(for: path, at: Date())
    guard rename(path, aside) == 0 else {
      if errno == ENOENT { return .gone }
      return .failed(
        "\(path) cannot be used (\(reason)) nor moved aside: \(String(cString: strerror(errno)))")
    }
    for extra in ["-wal", "-shm"] { rename(path + extra, aside + extra) }
    return .moved("\(path) could not be used (\(reason)); moved it to \(aside) and started anew")
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

/// A file as it is now: which file, its size, and when it or its inode last changed. Another
/// stamp of the same path says whether it changed, as far as the file system's clock can tell.
struct FileStamp: Equatable {
  var identity: FileIdentity
  var size: Int64
  var modified: timespec
  var changed: timespec

  /// The stamp of the file at `path`, or `nil` when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    identity = FileIdentity(info)
    size = Int64(info.st_size)
    modified = info.st_mtim
    changed = info.st_ctim
  }

  /// Whether the file last changed two seconds or more before `now`: a write after the stamp
  /// then gives it another time, however seldom the file system's clock ticks.
  func isSettled(at now: Date) -> Bool {
    let last = max(modified.tv_sec, changed.tv_sec)
    return Double(last) + 2 <= now.timeIntervalSince1970
  }

  static func == (a: FileStamp, b: FileStamp) -> Bool {
    a.identity == b.identity && a.size == b.size && a.modified.tv_sec == b.modified.tv_sec
      && a.modified.tv_nsec == b.modified.tv_nsec && a.changed.tv_sec == b.changed.tv_sec
      && a.changed.tv_nsec == b.changed.tv_nsec
  }
}

extension LiveConnection {
  /// The stamps of the database at `path` and of its log.
  static func fileStamps(_ path: String) -> [FileStamp?] {
    [FileStamp(path: path), FileStamp(path: path + "-wal")]
  }
}

/// Which file a path names: its device and inode.
struct FileIdentity: Equatable {
  var device: UInt64
  var inode: UInt64

  /// The identity of the file at `path`, or `nil` when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// The identity of the file that `info` describes.
  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
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
