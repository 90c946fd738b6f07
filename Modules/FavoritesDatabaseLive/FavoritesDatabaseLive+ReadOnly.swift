import FavoritesDatabase
import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

/// The read-only fallback: where the session cannot write the data directory or the
/// database's files, the database is opened for reading only.
extension LiveConnection {
  /// A database open for reading only: why, and how other programs' commits are seen.
  ///
  /// With a write-ahead log and its shared-memory file beside it, SQLite reads the log through
  /// them and `data_version` tells of each commit (`seesCommits`). Without, the file is opened
  /// as immutable (a reader in WAL mode otherwise creates the shared-memory file, in a directory
  /// it cannot write), which sees no commit: the database and its log are looked at instead, and
  /// opened again when they changed.
  struct ReadOnly {
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

  /// Opens the database for reading only, where this session cannot write it: what is stored
  /// is read, after SQLite's integrity check unless `checkingIntegrity` is `false` (a database
  /// read again), and nothing is created, migrated or moved aside. Where there is no database,
  /// or an empty file, the version-1 files, if any, are read into memory.
  ///
  /// - Throws: ``FavoritesDatabaseError`` where the directory or the database cannot be read,
  ///   and where a write-ahead log has no shared-memory file beside it: SQLite would have to
  ///   create one to read the log.
  func openReadOnly(
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
  func unwritable() -> String? {
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
}
