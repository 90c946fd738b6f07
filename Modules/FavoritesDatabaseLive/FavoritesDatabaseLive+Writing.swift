import FavoritesDatabase
import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

/// Writing a change: one `BEGIN IMMEDIATE` transaction that takes back and appends feed
/// entries by the ledger's rules.
extension LiveConnection {

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
}
