import FavoritesDatabase
import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

extension FavoritesDatabase {
  /// The database's file name in the data directory.
  public static let fileName = "primetime.sqlite"

  /// One SQLite database, `primetime.sqlite` in `directory`, in WAL mode.
  ///
  /// Every change is one `BEGIN IMMEDIATE` transaction; another session's transaction is
  /// waited for (a busy timeout), never reported as a failure. A file that is not a usable
  /// PrimeTime database is moved aside, never overwritten; one from a later schema version is
  /// refused and left as it is. On the first start, the version-1 JSON files are imported and
  /// renamed `.migrated`.
  ///
  /// ```swift
  /// let database = FavoritesDatabase.live(directory: URL(filePath: "/home/me/.local/share/primetime"))
  /// ```
  ///
  /// - Parameter directory: The data directory; created (0700) when missing.
  /// - Returns: The client.
  public static func live(directory: URL) -> FavoritesDatabase {
    let connection = LiveConnection(directory: directory)
    return FavoritesDatabase(
      open: { try connection.open() },
      write: { change in try connection.write(change) },
      refresh: { try connection.refresh() }
    )
  }
}

/// A session's connection, and what it knows: the database's `data_version` when it last read
/// or wrote, and the feed entries it wrote itself (the only ones its undo may take back).
final class LiveConnection: Sendable {
  private struct Known {
    var queue: DatabaseQueue?
    var dataVersion: Int = 0
    var ownEntries: Set<UUID> = []
    var readEntries: Set<UUID> = []

    /// Notes the entries of contents just read.
    mutating func read(_ contents: FavoritesDatabase.Contents?) {
      guard let contents else { return }
      readEntries.formUnion(contents.activityFeed.lazy.map(\.id))
    }
  }

  let directory: URL
  private let known = Mutex(Known())

  init(directory: URL) {
    self.directory = directory
  }

  var path: String { directory.appending(path: FavoritesDatabase.fileName).path }

  private func queue() throws -> DatabaseQueue {
    guard let queue = known.withLock({ $0.queue }) else {
      throw FavoritesDatabaseError("the database is not open")
    }
    return queue
  }

  func open() throws -> FavoritesDatabase.Opened {
    var notices: [String] = []
    try createDirectory()
    // A corrupt file that another session moves aside first is gone when this one tries to:
    // open again, and find the other's new database.
    for _ in 0..<3 {
      let queue: DatabaseQueue
      let opened: (isNew: Bool, contents: FavoritesDatabase.Contents, dataVersion: Int)
      do {
        try createFile()
        queue = try DatabaseQueue(path: path, configuration: Self.configuration)
        opened = try queue.writeWithoutTransaction { db in
          try Schema.checkIntegrity(db)
          try Schema.checkVersion(db, path: path)
          // Persistent: set once, for this connection and every later one.
          try db.execute(sql: "PRAGMA journal_mode = WAL")
          var isNew = false
          var contents = FavoritesDatabase.Contents()
          try db.inTransaction(.immediate) {
            isNew = try Schema.migrate(db, path: path)
            if isNew { try LegacyFiles.importFiles(in: directory, into: db, notices: &notices) }
            contents = try Schema.contents(db)
            return .commit
          }
          return (isNew, contents, try Schema.dataVersion(db))
        }
      } catch let error as Unusable {
        switch moveAside(reason: error.reason) {
        case .moved(let notice): notices.append(notice)
        case .gone: break
        case .failed(let reason): throw FavoritesDatabaseError(reason)
        }
        continue
      } catch let error as DatabaseError
        where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
      {
        switch moveAside(reason: "it is not a database (\(error.resultCode))") {
        case .moved(let notice): notices.append(notice)
        case .gone: break
        case .failed(let reason): throw FavoritesDatabaseError(reason)
        }
        continue
      } catch let error as FavoritesDatabaseError {
        throw error
      } catch {
        throw FavoritesDatabaseError("could not open \(path): \(Self.describe(error))")
      }
      if opened.isNew { LegacyFiles.markMigrated(in: directory, notices: &notices) }
      known.withLock {
        $0.queue = queue
        $0.dataVersion = opened.dataVersion
        $0.read(opened.contents)
      }
      return FavoritesDatabase.Opened(contents: opened.contents, notices: notices)
    }
    throw FavoritesDatabaseError("could not open \(path): it keeps turning out unusable")
  }

  func write(_ change: FavoritesDatabase.Change) throws -> FavoritesDatabase.Contents? {
    let queue = try queue()
    let (own, others, lastVersion) = known.withLock {
      ($0.ownEntries, $0.readEntries.subtracting($0.ownEntries), $0.dataVersion)
    }
    do {
      let (written, contents, version) = try queue.writeWithoutTransaction { db in
        var written: [UUID] = []
        var contents: FavoritesDatabase.Contents?
        var version = 0
        try db.inTransaction(.immediate) {
          version = try Schema.dataVersion(db)
          var isExact = version == lastVersion
          for entry in change.takenBack {
            guard own.contains(entry.id), try Schema.takeBack(entry.id, db) else {
              isExact = false
              continue
            }
          }
          for entry in change.appended {
            guard !others.contains(entry.id), try Schema.append(entry, db) else {
              isExact = false
              continue
            }
            written.append(entry.id)
          }
          contents = isExact ? nil : try Schema.contents(db)
          return .commit
        }
        return (written, contents, version)
      }
      known.withLock {
        $0.dataVersion = version
        $0.ownEntries.formUnion(written)
        $0.read(contents)
      }
      return contents
    } catch {
      throw FavoritesDatabaseError("could not write \(path): \(Self.describe(error))")
    }
  }

  func refresh() throws -> FavoritesDatabase.Contents? {
    let queue = try queue()
    let lastVersion = known.withLock { $0.dataVersion }
    do {
      let (version, contents) = try queue.read { db in
        let version = try Schema.dataVersion(db)
        return (version, version == lastVersion ? nil : try Schema.contents(db))
      }
      known.withLock {
        $0.dataVersion = version
        $0.read(contents)
      }
      return contents
    } catch {
      throw FavoritesDatabaseError("could not read \(path): \(Self.describe(error))")
    }
  }

  // MARK: - Files

  private static var configuration: Configuration {
    var configuration = Configuration()
    // Another session's transaction is waited for; a minute is far beyond any of PrimeTime's.
    configuration.busyMode = .timeout(60)
    // Every commit is on disk before the command returns.
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
    return configuration
  }

  private func createDirectory() throws {
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw FavoritesDatabaseError(
        "could not create the data directory \(directory.path): \(Self.describe(error))")
    }
  }

  /// Creates the database file, readable by its owner only, if it is not there; SQLite gives
  /// its WAL and shared-memory files the same permissions.
  private func createFile() throws {
    let fd = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw FavoritesDatabaseError("could not open \(path): \(String(cString: strerror(errno)))")
    }
    close(fd)
  }

  private enum MoveAside {
    case moved(String)
    case gone
    case failed(String)
  }

  /// Moves the database (and its WAL and shared-memory files) to a name no other file has.
  private func moveAside(reason: String) -> MoveAside {
    let stamp = Date().formatted(
      .iso8601.year().month().day().time(includingFractionalSeconds: false)
        .timeSeparator(.omitted).dateSeparator(.omitted))
    var aside = "\(path).unreadable-\(stamp)-\(getpid())"
    var suffix = 1
    while FileManager.default.fileExists(atPath: aside) {
      suffix += 1
      aside = "\(path).unreadable-\(stamp)-\(getpid())-\(suffix)"
    }
    guard rename(path, aside) == 0 else {
      if errno == ENOENT { return .gone }
      return .failed(
        "\(path) cannot be used (\(reason)) nor moved aside: \(String(cString: strerror(errno)))")
    }
    for extra in ["-wal", "-shm"] { rename(path + extra, aside + extra) }
    return .moved("\(path) could not be used (\(reason)); moved it to \(aside) and started anew")
  }

  static func describe(_ error: any Error) -> String {
    if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
    if let error = error as? FavoritesDatabaseError { return error.description }
    if let error = error as? Unusable { return error.reason }
    return (error as NSError).localizedDescription
  }
}

/// A file that is not a usable PrimeTime database: corrupt, or another program's.
struct Unusable: Error {
  var reason: String
}
