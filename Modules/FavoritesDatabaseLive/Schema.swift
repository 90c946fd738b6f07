import FavoritesDatabase
import FavoritesLedger
import Foundation
import GRDB

/// The database's tables, their versioned migrations, and the statements on them.
///
/// ```sql
/// favorite(position INTEGER PRIMARY KEY AUTOINCREMENT, prime INTEGER NOT NULL UNIQUE)
/// activity(seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
///          kind TEXT NOT NULL, prime INTEGER NOT NULL, timestamp INTEGER NOT NULL,
///          position INTEGER)
/// takenback(seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL)
/// ```
///
/// Favorites are ordered by `position`, the feed by `seq`; neither is ever reused. A favorite
/// takes a new position when an entry saves it, so the favorites are in the order of their
/// last saves in the feed, as the ledger orders them (`FavoritesBook`). A `removed` entry keeps
/// the position the favorite had (`position`), so that undo puts it back there. `timestamp` is in milliseconds since 1970. The schema
/// version is `PRAGMA user_version`.
enum Schema {
  /// The migrations, in order: the schema version is the number applied.
  static let migrations: [@Sendable (Database) throws -> Void] = [
    { db in
      try db.execute(
        sql: """
          CREATE TABLE favorite (
            position INTEGER PRIMARY KEY AUTOINCREMENT,
            prime INTEGER NOT NULL UNIQUE);
          CREATE TABLE activity (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL CHECK (kind IN ('added', 'removed')),
            prime INTEGER NOT NULL,
            timestamp INTEGER NOT NULL,
            position INTEGER);
          CREATE INDEX activity_by_prime ON activity(prime, seq);
          """)
    },
    // Version 2: every entry taken out of the feed, in the order taken, whoever takes it (a
    // trigger), so that another session reads what changed since it last looked rather than
    // everything; and the favorites in the order of their last saves in the feed, as the
    // ledger orders them, which an import of the version-1 files did not keep.
    { db in
      try db.execute(
        sql: """
          CREATE TABLE takenback (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL,
            entry INTEGER NOT NULL);
          CREATE TRIGGER activity_taken_back AFTER DELETE ON activity BEGIN
            INSERT INTO takenback (id, entry) VALUES (old.id, old.seq);
          END;
          CREATE TEMP TABLE saved_order AS
            SELECT prime, row_number() OVER (
              ORDER BY (
                SELECT max(seq) FROM activity
                WHERE activity.prime = favorite.prime AND kind = 'added'),
              position) AS rank
            FROM favorite;
          UPDATE favorite SET position = -position;
          UPDATE favorite
            SET position = (SELECT rank FROM saved_order WHERE saved_order.prime = favorite.prime);
          DROP TABLE saved_order;
          """)
    },
  ]

  static var version: Int { migrations.count }

  /// Throws ``Unusable`` unless SQLite finds the file sound.
  static func checkIntegrity(_ db: Database) throws {
    let result = try String.fetchAll(db, sql: "PRAGMA integrity_check")
    guard result == ["ok"] else {
      throw Unusable(reason: "it is damaged: \(oneLine(result.prefix(1).joined()))")
    }
  }

  /// Throws ``FavoritesDatabaseError`` for a database of a later schema version, before
  /// anything is written to it.
  static func checkVersion(_ db: Database, path: String) throws {
    let found = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    if found > version {
      throw FavoritesDatabaseError(
        "\(path) has schema version \(found); this PrimeTime knows version "
          + "\(version) and earlier, so it leaves the database alone (use a newer PrimeTime)")
    }
  }

  /// Whether the database is one of this version in WAL mode, with its tables: one that
  /// ``migrate(_:path:)`` would leave as it is.
  static func isCurrent(_ db: Database) throws -> Bool {
    guard try Int.fetchOne(db, sql: "PRAGMA user_version") == version,
      try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal"
    else { return false }
    return try hasItsTables(tables(db), version: version)
  }

  /// The names of the database's own tables.
  private static func tables(_ db: Database) throws -> [String] {
    try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
  }

  /// Whether `tables` has every table of PrimeTime's at schema `version`: the favorites and
  /// the feed, and from version 2 the entries taken back.
  private static func hasItsTables(_ tables: [String], version: Int) -> Bool {
    Set(tables).isSuperset(of: ["favorite", "activity"] + (version >= 2 ? ["takenback"] : []))
  }

  /// Brings the schema to the current version. Returns whether the database was new.
  ///
  /// - Throws: ``Unusable`` for another program's database; ``FavoritesDatabaseError`` for a
  ///   later schema version, which is left as it is.
  static func migrate(_ db: Database, path: String) throws -> Bool {
    try checkVersion(db, path: path)
    let found = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    let tables = try tables(db)
    if found == 0 && !tables.isEmpty {
      throw Unusable(reason: "it is another program's database")
    }
    if found < 0 {
      throw Unusable(reason: "its schema version (\(found)) is not one PrimeTime writes")
    }
    if found > 0 && !hasItsTables(tables, version: found) {
      throw Unusable(reason: "its tables are missing")
    }
    guard found < version else { return false }
    for migration in migrations[found...] { try migration(db) }
    try db.execute(sql: "PRAGMA user_version = \(version)")
    return found == 0
  }

  /// What a database opened for reading only holds, where it cannot be migrated: one of this
  /// version with its tables, or nothing, for one never written (no version and no tables).
  ///
  /// - Throws: ``FavoritesDatabaseError`` for a later schema version, and for a file that is not
  ///   a PrimeTime database of this version, which can be neither read nor moved aside.
  static func readOnlyContents(_ db: Database, path: String) throws -> FavoritesDatabase.Contents {
    try checkVersion(db, path: path)
    let found = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    let tables = try tables(db)
    if found == 0 && tables.isEmpty { return FavoritesDatabase.Contents() }
    // Every version has the favorites and the feed.
    guard found >= 1, hasItsTables(tables, version: 1) else {
      throw FavoritesDatabaseError(
        "\(path) holds no PrimeTime favorites (another program's database, or one without "
          + "its tables); it cannot be moved aside while the directory is read-only")
    }
    return try contents(db)
  }

  /// SQLite's count of commits by other connections, as this one sees it.
  static func dataVersion(_ db: Database) throws -> Int {
    try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
  }

  /// How far a session has read the feed and the entries taken back: what came after is what
  /// it has yet to sync.
  struct Cursor: Equatable, Sendable {
    var appended = 0
    var takenBack = 0
  }

  /// Where the feed and the entries taken back end now.
  static func cursor(_ db: Database) throws -> Cursor {
    Cursor(
      appended: try Int.fetchOne(db, sql: "SELECT coalesce(max(seq), 0) FROM activity") ?? 0,
      takenBack: try Int.fetchOne(db, sql: "SELECT coalesce(max(seq), 0) FROM takenback") ?? 0)
  }

  /// What changed after `cursor`: the entries taken back, in the order taken back, and those
  /// appended, oldest first. An entry taken back and written again is in both. An entry both
  /// appended and taken back since is in neither: the session never read it.
  static func update(after cursor: Cursor, _ db: Database) throws -> FavoritesDatabase.Update {
    let takenBack = try String.fetchAll(
      db, sql: "SELECT id FROM takenback WHERE seq > ? AND entry <= ? ORDER BY seq",
      arguments: [cursor.takenBack, cursor.appended]
    ).compactMap(UUID.init(uuidString:))
    let appended = try Row.fetchAll(
      db, sql: "SELECT id, kind, prime, timestamp FROM activity WHERE seq > ? ORDER BY seq",
      arguments: [cursor.appended]
    ).compactMap(entry)
    return FavoritesDatabase.Update(takenBack: takenBack, appended: appended)
  }

  /// Everything in the database: the favorites by position, the feed by `seq`. A feed row that
  /// cannot be read (``entry(_:)``) is skipped.
  static func contents(_ db: Database) throws -> FavoritesDatabase.Contents {
    let favorites = try Int.fetchAll(db, sql: "SELECT prime FROM favorite ORDER BY position")
    let feed = try Row.fetchAll(
      db, sql: "SELECT id, kind, prime, timestamp FROM activity ORDER BY seq"
    ).compactMap(entry)
    return FavoritesDatabase.Contents(favoritePrimes: favorites, activityFeed: feed)
  }

  /// The entry a feed row holds, or `nil` where a field cannot be read: an `id` or `kind` it
  /// does not know, a `prime` that is no integer, a `timestamp` that is no integer of
  /// ``Activity/exactMilliseconds`` (what another program may have written).
  static func entry(_ row: Row) -> Activity? {
    guard let id = UUID(uuidString: row["id"]),
      let kind = Activity.Kind(rawValue: row["kind"]),
      let prime = Int.fromDatabaseValue(row["prime"]),
      let milliseconds = Int64.fromDatabaseValue(row["timestamp"]),
      Activity.exactMilliseconds.contains(milliseconds)
    else { return nil }
    return Activity(id: id, kind: kind, prime: prime, milliseconds: milliseconds)
  }

  /// Inserts a feed entry as it is, last in the feed; a `removed` entry keeps the `position`
  /// its favorite had.
  static func insert(_ entry: Activity, position: Int?, _ db: Database) throws {
    try db.execute(
      sql: """
        INSERT INTO activity (id, kind, prime, timestamp, position) VALUES (?, ?, ?, ?, ?)
        """,
      arguments: [
        entry.id.uuidString, entry.kind.rawValue, entry.prime, entry.timestamp.milliseconds,
        position,
      ])
  }
}
