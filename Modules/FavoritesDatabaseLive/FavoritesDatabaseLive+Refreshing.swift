import FavoritesDatabase
import Foundation
import GRDB

/// Refreshing: whether `data_version` moved since the last read or write, and reading what
/// other programs changed.
extension LiveConnection {
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
}
