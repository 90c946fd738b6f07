import FavoritesDatabase
import FavoritesLedger
import Foundation
import GRDB

/// The database inside a write's transaction, as a book of the ledger: a change is stored by
/// the ledger's rules, and this carries them out in SQL, one indexed statement at a time.
struct StoredBook: FavoritesBook {
  let db: Database

  func isFavorite(_ prime: Int) throws -> Bool {
    try position(of: prime) != nil
  }

  func latestEntry(for prime: Int) throws -> Activity? {
    let row = try Row.fetchOne(
      db.cachedStatement(
        sql: "SELECT id, kind, prime, timestamp FROM activity WHERE prime = ? ORDER BY seq DESC"),
      arguments: [prime])
    return row.flatMap(Schema.entry)
  }

  func entry(_ id: UUID) throws -> Activity? {
    try Row.fetchOne(
      db.cachedStatement(sql: "SELECT id, kind, prime, timestamp FROM activity WHERE id = ?"),
      arguments: [id.uuidString]
    ).flatMap(Schema.entry)
  }

  func holds(_ entry: Activity) throws -> Bool {
    try Bool.fetchOne(
      db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM activity WHERE id = ?)"),
      arguments: [entry.id.uuidString]) ?? false
  }

  /// Saves the prime at a new position, after every other, or removes it, keeping its position
  /// in the entry.
  func write(_ entry: Activity) throws {
    let position = try position(of: entry.prime)
    if entry.saves {
      try db.execute(sql: "INSERT INTO favorite (prime) VALUES (?)", arguments: [entry.prime])
    } else if let position {
      try db.execute(sql: "DELETE FROM favorite WHERE position = ?", arguments: [position])
    }
    try Schema.insert(entry, position: entry.saves ? nil : position, db)
  }

  /// A removed prime comes back at the position it had, which its last save gave it.
  func erase(_ entry: Activity) throws {
    let position = try Int.fetchOne(
      db, sql: "SELECT position FROM activity WHERE id = ?", arguments: [entry.id.uuidString])
    // The schema's trigger notes it as taken back, for other sessions to read.
    try db.execute(sql: "DELETE FROM activity WHERE id = ?", arguments: [entry.id.uuidString])
    if entry.saves {
      try db.execute(sql: "DELETE FROM favorite WHERE prime = ?", arguments: [entry.prime])
    } else {
      try db.execute(
        sql: "INSERT INTO favorite (position, prime) VALUES (?, ?)",
        arguments: [position, entry.prime])
    }
  }

  private func position(of prime: Int) throws -> Int? {
    try Int.fetchOne(
      db.cachedStatement(sql: "SELECT position FROM favorite WHERE prime = ?"),
      arguments: [prime])
  }
}
