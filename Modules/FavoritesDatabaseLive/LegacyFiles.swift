import FavoritePrimesFormat
import FavoritesDatabase
import Foundation
import GRDB

/// The version-1 storage, two JSON files, imported once into a new database; the favorites file
/// is read as `load-favorites` reads it (``FavoritePrimesFile``), so it may also be the original
/// app's bare array, `[2, 3, 7]`.
///
/// ```json
/// {"version":1,"favoritePrimes":[2,3,7]}
/// {"version":1,"activityFeed":[{"type":"added","prime":7,"timestamp":"2026-11-22T07:30:00Z"}]}
/// ```
///
/// The favorites keep their order. Feed entries that do not follow from the ones before them
/// (a prime added twice, or removed when it was not a favorite) are left out, and entries
/// stamped with the time of the migration are added where the feed and the favorites disagree,
/// so that the feed replays to exactly the favorites. Numbers in the favorites file that are not
/// prime, or repeat a prime, are left out with a notice. A file that cannot be read is moved
/// aside.
enum LegacyFiles {
  static let favoritesName = FavoritePrimesFile.name
  static let feedName = "activity-feed.json"

  private struct Feed: Decodable {
    struct Entry: Decodable {
      var type: FavoritesDatabase.Entry.Kind
      var prime: Int
      var timestamp: Date
    }
    var version: Int
    var activityFeed: [Entry]
  }

  /// Imports the files found in `directory` into the new database `db`; with neither file there,
  /// it writes nothing. A file that cannot be read is moved aside, unless `movesAside` is
  /// `false` (a directory read, not written).
  static func importFiles(
    in directory: URL, into db: Database, movesAside: Bool = true, notices: inout [String]
  ) throws {
    let favorites = read(
      favoritesName, in: directory, movesAside: movesAside, notices: &notices
    ) { data in
      try FavoritePrimesFile.decode(data)
    }.map { imported in
      if let skipped = imported.skipped { notices.append("\(favoritesName): skipped \(skipped)") }
      return imported.primes
    }
    let feed = read(feedName, in: directory, movesAside: movesAside, notices: &notices) { data in
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      let file = try decoder.decode(Feed.self, from: data)
      guard file.version == 1 else {
        throw Unusable(reason: "it is not a version-1 activity-feed file")
      }
      return file.activityFeed
    }
    guard favorites != nil || feed != nil else { return }

    var entries: [FavoritesDatabase.Entry] = []
    var replayed: [Int] = []
    var present = Set<Int>()
    for old in feed ?? [] {
      let follows =
        old.type == .added ? present.insert(old.prime).inserted : present.remove(old.prime) != nil
      guard follows else { continue }
      if old.type == .added { replayed.append(old.prime) }
      entries.append(
        FavoritesDatabase.Entry(
          id: UUID(), kind: old.type, prime: old.prime,
          milliseconds: Int64((old.timestamp.timeIntervalSince1970 * 1000).rounded())))
    }
    let primes = favorites ?? replayed.filter { present.contains($0) }
    let now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
    let wanted = Set(primes)
    for prime in replayed where present.contains(prime) && !wanted.contains(prime) {
      entries.append(
        FavoritesDatabase.Entry(id: UUID(), kind: .removed, prime: prime, milliseconds: now))
    }
    for prime in primes where !present.contains(prime) {
      entries.append(
        FavoritesDatabase.Entry(id: UUID(), kind: .added, prime: prime, milliseconds: now))
      present.insert(prime)
    }
    // The favorites in the order of their last saves in the feed, as the ledger orders them
    // (`FavoritesBook`), each once.
    var lastSave: [Int: Int] = [:]
    for (index, entry) in entries.enumerated() where entry.kind == .added {
      lastSave[entry.prime] = index
    }
    for prime in wanted.sorted(by: { lastSave[$0, default: 0] < lastSave[$1, default: 0] }) {
      try db.execute(sql: "INSERT INTO favorite (prime) VALUES (?)", arguments: [prime])
    }
    for entry in entries { try Schema.insert(entry, position: nil, db) }
  }

  /// Renames the imported files `<name>.migrated`, once the database holds them.
  static func markMigrated(in directory: URL, notices: inout [String]) {
    var renamed: [String] = []
    for name in [favoritesName, feedName] {
      let url = directory.appending(path: name)
      guard FileManager.default.fileExists(atPath: url.path) else { continue }
      if rename(url.path, url.path + ".migrated") == 0 { renamed.append(name) }
    }
    if !renamed.isEmpty {
      notices.append(
        "moved \(renamed.joined(separator: " and ")) into \(FavoritesDatabase.fileName); "
          + "the old files are kept as .migrated")
    }
  }

  private static func read<Value>(
    _ name: String, in directory: URL, movesAside: Bool, notices: inout [String],
    _ decode: (Data) throws -> Value
  ) -> Value? {
    let url = directory.appending(path: name)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    do {
      return try decode(try Data(contentsOf: url))
    } catch {
      guard movesAside else {
        notices.append("\(url.path) could not be read; it was left as it is")
        return nil
      }
      let aside = MovedAside.path(for: url.path, at: Date())
      if rename(url.path, aside) == 0 {
        notices.append("\(url.path) could not be read; moved it to \(aside) and started without it")
      } else {
        notices.append("\(url.path) could not be read, nor moved aside; it was not imported")
      }
      return nil
    }
  }
}
