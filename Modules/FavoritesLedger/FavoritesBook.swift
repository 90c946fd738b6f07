/// What an entry of the activity feed does to its prime; stored and recorded by its raw value.
public enum EntryKind: String, Codable, Sendable {
  /// The prime became a favorite.
  case added
  /// The prime stopped being a favorite.
  case removed
}

/// An entry of the activity feed, as the ledger's rules read it: which prime it names, and
/// whether it saves that prime or removes it.
///
/// The feed's one entry type, `Activity`, is one; the rules' tests use entries of their own.
public protocol LedgerEntry: Identifiable, Equatable where ID: Hashable {
  /// The prime the entry saves or removes.
  var prime: Int { get }
  /// Whether the entry saves its prime or removes it.
  var kind: EntryKind { get }
}

extension LedgerEntry {
  /// Whether the entry saves its prime (an `added` entry), rather than removing it.
  public var saves: Bool { kind == .added }
}

/// Favorite primes and the activity feed that tells how they came to be, kept together: the
/// app's memory is one book, and the SQLite database another. Both follow the rules written
/// once here, in this protocol's extension; a book only says what it holds and carries out
/// what the rules decide.
///
/// The rules:
/// - **The feed is in the order its entries were written.** A new entry goes last. An entry
///   written again after undo took it back (redo) is written anew: last, at the time of the
///   redo.
/// - **An entry is written only where it changes its prime** (an `added` entry for a prime
///   that is no favorite, a `removed` one for a favorite) **and is not there already.**
/// - **Only a prime's latest entry can be taken back**: a later entry, of either session, has
///   built on it. Taking it back reverses it.
/// - **Redo writes an entry again only where nothing happened to its prime since undo took it
///   back**: its prime's latest entry is still the one undo left.
/// - **The favorites are in the order of their last saving entries in the feed**: a new
///   favorite goes last, and one that undo brings back goes where its save puts it.
///
/// ```swift
/// var book = Book()
/// let five = saved(5)
/// book.append(five)
/// #expect(book.favorites == [5])
/// ```
public protocol FavoritesBook {
  associatedtype Entry: LedgerEntry
  /// What reading or writing the book may throw: `Never` for one in memory.
  associatedtype Failure: Error

  /// Whether `prime` is a favorite.
  func isFavorite(_ prime: Int) throws(Failure) -> Bool
  /// The feed's latest entry for `prime`, if it has one.
  func latestEntry(for prime: Int) throws(Failure) -> Entry?
  /// Whether the feed holds `entry`.
  func holds(_ entry: Entry) throws(Failure) -> Bool
  /// The feed's entry with identity `id`, if it holds one.
  func entry(_ id: Entry.ID) throws(Failure) -> Entry?
  /// Writes `entry` last in the feed and saves or removes its prime: a saved prime goes last
  /// among the favorites, its save being the latest.
  mutating func write(_ entry: Entry) throws(Failure)
  /// Erases `entry`, its prime's latest, from the feed, and reverses it: a saved prime stops
  /// being a favorite, and a removed one comes back where its last save in the feed puts it.
  mutating func erase(_ entry: Entry) throws(Failure)
}

extension FavoritesBook {
  /// Whether writing `entry` would change the book: it is not there, and its prime is not
  /// already as the entry leaves it.
  public func changes(with entry: Entry) throws(Failure) -> Bool {
    guard try isFavorite(entry.prime) != entry.saves else { return false }
    return try !holds(entry)
  }

  /// Writes `entry` if it changes the book.
  ///
  /// - Returns: Whether it was written.
  @discardableResult
  public mutating func append(_ entry: Entry) throws(Failure) -> Bool {
    guard try changes(with: entry) else { return false }
    try write(entry)
    return true
  }

  /// Takes `entry` back if it is its prime's latest, reversing it.
  ///
  /// - Returns: Whether it was taken back.
  public mutating func takeBack(_ entry: Entry) throws(Failure) -> Bool {
    guard try latestEntry(for: entry.prime)?.id == entry.id else { return false }
    try erase(entry)
    return true
  }

  /// Writes again an entry that undo took back, if nothing happened to its prime since:
  /// its latest entry is still `latest`, the one that undo left.
  ///
  /// - Parameter restamped: The entry as written again, last: the same entry with the time of
  ///   the redo, so that the feed stays in the order of its times. Called only to write it.
  /// - Returns: Whether it was written.
  public mutating func bringBack(
    _ entry: Entry, ifLatestIs latest: Entry.ID?, restamped: (Entry) -> Entry = { $0 }
  ) throws(Failure) -> Bool {
    guard try latestEntry(for: entry.prime)?.id == latest else { return false }
    return try append(restamped(entry))
  }

  /// Applies what another book of the same favorites changed (another session's writes to the
  /// database): each entry it took back, in the order taken back, is erased where this book
  /// holds it, its prime following as the entry is reversed, and each entry it appended is
  /// written last. Both books then hold the same feed and favorites.
  public mutating func apply(takenBack: [Entry.ID], appended: [Entry]) throws(Failure) {
    for id in takenBack {
      if let entry = try entry(id) { try erase(entry) }
    }
    for entry in appended where try !holds(entry) { try write(entry) }
  }

  /// Undoes `entry`, which a step wrote: takes it back where it is its prime's latest.
  ///
  /// - Returns: What undo found, and whether it needs a new entry of its own.
  public mutating func undo(_ entry: Entry) throws(Failure) -> Outcome {
    if try isFavorite(entry.prime) == !entry.saves { return .alreadyDone }
    return try takeBack(entry) ? .done : .needsNewEntry
  }

  /// Does again `entry`, which a step wrote and undo took back: writes it again where nothing
  /// happened to its prime since (``bringBack(_:ifLatestIs:restamped:)``), its latest entry
  /// being `latest`, the one before `entry`.
  ///
  /// - Returns: What redo found, and whether it needs a new entry of its own.
  public mutating func redo(
    _ entry: Entry, ifLatestIs latest: Entry.ID?, restamped: (Entry) -> Entry = { $0 }
  ) throws(Failure) -> Outcome {
    if try isFavorite(entry.prime) == entry.saves { return .alreadyDone }
    return try bringBack(entry, ifLatestIs: latest, restamped: restamped) ? .done : .needsNewEntry
  }
}

/// What undo or redo of one entry found.
public enum Outcome: Equatable, Sendable {
  /// The entry was taken back, or written again.
  case done
  /// The prime was already as undo or redo would leave it: another session had done it.
  case alreadyDone
  /// The prime is to change, and the entry cannot be taken back or written again (something
  /// happened to its prime since): a new entry, saving or removing it, is written instead.
  case needsNewEntry
}
