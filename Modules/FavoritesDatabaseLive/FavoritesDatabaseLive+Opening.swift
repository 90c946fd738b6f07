import FavoritesDatabase
import FileClient
import FileClientLive
import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

/// Opening the database for writing: creating the data directory and the file, checking the
/// file's header, integrity and schema version, migrating and importing the version-1 files,
/// and moving aside a file that is not a usable database.
extension LiveConnection {
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

  var configuration: Configuration {
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
}
