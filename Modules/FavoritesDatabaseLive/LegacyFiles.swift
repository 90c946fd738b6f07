import FavoritePrimesFormat
import FavoritesDatabase
import FavoritesLedger
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
/// Feed entries that do not follow from the ones before them (a prime added twice, or removed
/// when it was not a favorite) are left out, as the ledger leaves them out, and entries stamped
/// with the time of the migration are added where the feed and the favorites disagree, so that
/// the feed replays to exactly the favorites. The favorites are in the order of their last
/// saves in that feed, as every session keeps them. Numbers in the favorites file that are not
/// prime, or repeat a prime, are left out with a notice. A file that cannot be read is moved
/// aside.
enum LegacyFiles {
  static let favoritesName = FavoritePrimesFile.name
  static let feedName = "activity-feed.json"

  private struct Feed: Decodable {
    struct Entry: Decodable {
      var type: Activity.Kind
      var prime: Int
      var timestamp: Date
    }
    var version: Int
    var activityFeed: [Entry]
  }

  /// Imports the files found in `directory` into the new database `db`; with neither file there,
  /// it writes nothing. A file that cannot be read is moved aside, unless `movesAside` is
  /// `false` (a directory read, not written).
  ///
  /// - Returns: Whether a file that could not be read was moved aside.
  @discardableResult
  static func importFiles(
    in directory: URL, into db: Database, movesAside: Bool = true, notices: inout [String]
  ) throws -> Bool {
    var movedAside = false
    let favorites = read(
      favoritesName, in: directory, movesAside: movesAside, notices: &notices,
      movedAside: &movedAside
    ) { data in
      try FavoritePrimesFile.decode(data)
    }.map { imported in
      if let skipped = imported.skipped { notices.append("\(favoritesName): skipped \(skipped)") }
      return imported.primes
    }
    let feed = read(
      feedName, in: directory, movesAside: movesAside, notices: &notices, movedAside: &movedAside
    ) { data in
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      let file = try decoder.decode(Feed.self, from: data)
      guard file.version == 1 else {
        throw Unusable(reason: "it is not a version-1 activity-feed file")
      }
      return file.activityFeed
    }
    guard favorites != nil || feed != nil else { return movedAside }

    // The old feed, kept where the ledger would have written each entry, and then made to end
    // at the favorites: by the ledger's rules, as any session's feed.
    var book = ImportedFeed()
    for old in feed ?? [] {
      book.append(
        Activity(id: UUID(), kind: old.type, prime: old.prime, timestamp: old.timestamp))
    }
    let now = Date().milliseconds
    let wanted = favorites.map(Set.init) ?? Set(book.savedOrder)
    for prime in book.savedOrder where !wanted.contains(prime) {
      book.append(
        Activity(id: UUID(), kind: .removed, prime: prime, milliseconds: now))
    }
    for prime in favorites ?? [] {
      book.append(
        Activity(id: UUID(), kind: .added, prime: prime, milliseconds: now))
    }
    // The favorites in the order of their last saves in the feed, as the ledger orders them.
    for prime in book.savedOrder {
      try db.execute(sql: "INSERT INTO favorite (prime) VALUES (?)", arguments: [prime])
    }
    for entry in book.entries { try Schema.insert(entry, position: nil, db) }
    return movedAside
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
    movedAside: inout Bool, _ decode: (Data) throws -> Value
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
        movedAside = true
        notices.append("\(url.path) could not be read; moved it to \(aside) and started without it")
      } else {
        notices.append("\(url.path) could not be read, nor moved aside; it was not imported")
      }
      return nil
    }
  }
}

/// The feed an import builds, as a book of the ledger: an entry goes in only where the
/// ledger's rules write it. It is never taken back.
private struct ImportedFeed: FavoritesBook {
  private(set) var entries: [Activity] = []
  /// The favorites, each with where its last save is in the feed.
  private var lastSave: [Int: Int] = [:]

  /// The favorites, each where its last save puts it: last saved last.
  var savedOrder: [Int] {
    lastSave.sorted { $0.value < $1.value }.map(\.key)
  }

  func isFavorite(_ prime: Int) -> Bool { lastSave[prime] != nil }

  func latestEntry(for prime: Int) -> Activity? {
    entries.last { $0.prime == prime }
  }

  /// Every entry is new: the import makes its identities.
  func holds(_ entry: Activity) -> Bool { false }

  func entry(_ id: UUID) -> Activity? { nil }

  mutating func write(_ entry: Activity) {
    entries.append(entry)
    lastSave[entry.prime] = entry.saves ? entries.count : nil
  }

  func erase(_ entry: Activity) {
    preconditionFailure("an import takes nothing back")
  }
}
