import ComposableArchitecture
import FavoritesLedger
import Foundation
import Screens

extension AppState.Undoable {
  /// Makes in the present the change a step made from `old` to `new`, leaving what other
  /// sessions changed: how undo takes a step back (from the state it left to the one it started
  /// from) and how redo makes it again (the other way).
  ///
  /// The count is this session's alone, and becomes `new`'s. For the favorites, the change is
  /// the feed entries it takes back and the ones it adds, each undone or done again by the
  /// ledger's rules (`FavoritesBook`), which the database follows too:
  /// - a prime that is already as the change would leave it (another session removed the prime
  ///   this undo would remove) is left alone, and a note says so;
  /// - otherwise the prime is saved or removed. The feed says so by taking back the step's own
  ///   entry, or writing it again, last and at the time of the redo, where nothing happened to
  ///   the prime since; else by a new entry, from `environment`'s clock and identities.
  ///
  /// ```swift
  /// alreadyDone += present.makeChange(from: from, to: to, environment: environment)
  /// ```
  ///
  /// - Returns: What other sessions had already done of the change, one per prime.
  public mutating func makeChange(
    from old: Self, to new: Self, environment: AppEnvironment
  ) -> [Travel.AlreadyDone] {
    if isIdentical(to: old) {
      // Nothing changed since the step's end: the change leaves exactly the other end. Taking
      // that very version, rather than an equal one, keeps undo and redo of the step from
      // reading its ends ever further from the present (each read of a kept version of a
      // persistent array replays the changes between).
      self = new
      return []
    }
    if new.count != old.count { count = new.count }
    let difference = FeedDifference(from: old.activityFeed, to: new.activityFeed)
    var alreadyDone: [Travel.AlreadyDone] = []
    for entry in difference.takenBack.reversed() {
      switch undo(entry) {
      case .done: break
      case .alreadyDone: alreadyDone.append(.init(prime: entry.prime, saved: !entry.saves))
      case .needsNewEntry: append(entry.saves ? .removed : .added, entry.prime, environment)
      }
    }
    for entry in difference.appended {
      // Nothing may have happened to the prime since the step's start, where its latest entry
      // was the one before this.
      let latest = Self.lastEntry(for: entry.prime, in: old.activityFeed)?.id
      let outcome = redo(entry, ifLatestIs: latest) { entry in
        Activity(id: entry.id, kind: entry.kind, prime: entry.prime, timestamp: environment.now())
      }
      switch outcome {
      case .done: break
      case .alreadyDone: alreadyDone.append(.init(prime: entry.prime, saved: entry.saves))
      case .needsNewEntry: append(entry.kind, entry.prime, environment)
      }
    }
    if self == new {
      // What changed since the step was undone in the meantime, so the change left exactly
      // the other end after all: taking that very version lets the next undo or redo of the
      // step take the shortcut above.
      self = new
    }
    return alreadyDone
  }

  /// The feed's last entry for `prime`, looked for from the end.
  static func lastEntry(for prime: Int, in feed: PersistentArray<Activity>) -> Activity? {
    feed.last { $0.prime == prime }
  }

  /// Whether `other` is this very version of the undoable state, not only an equal one:
  /// constant time.
  public func isIdentical(to other: Self) -> Bool {
    count == other.count && favoritePrimes.isIdentical(to: other.favoritePrimes)
      && activityFeed.isIdentical(to: other.activityFeed)
  }

  /// Saves or removes `prime` by a new entry of the feed, as a save or a removal now is.
  private mutating func append(
    _ kind: Activity.Kind, _ prime: Int, _ environment: AppEnvironment
  ) {
    write(
      Activity(id: environment.uuid(), kind: kind, prime: prime, timestamp: environment.now()))
  }
}

extension AppState.Undoable {
  /// Applies what another session changed in the database: each entry taken back is erased
  /// where memory holds it, its prime following as the ledger reverses it, and each entry
  /// appended is written last. The cost follows the update: a
  /// taken-back entry is looked for from the end of the feed.
  mutating func apply(_ update: StoredUpdate) {
    self.apply(takenBack: update.takenBack, appended: update.appended)
  }
}

/// The favorites and the feed in memory, as a book of the ledger: undo and redo of a step change
/// them by its rules.
extension AppState.Undoable: FavoritesBook {
  public func isFavorite(_ prime: Int) -> Bool {
    favoritePrimes.contains(prime)
  }

  /// Looked for from the end, where a step's entries usually are.
  public func latestEntry(for prime: Int) -> Activity? {
    Self.lastEntry(for: prime, in: activityFeed)
  }

  public func holds(_ entry: Activity) -> Bool {
    activityFeed.contains(entry)
  }

  /// Looked for from the end, where another session's undo usually finds it.
  public func entry(_ id: UUID) -> Activity? {
    activityFeed.last { $0.id == id }
  }

  public mutating func write(_ entry: Activity) {
    activityFeed.append(entry)
    setSaved(entry.prime, entry.saves)
  }

  public mutating func erase(_ entry: Activity) {
    guard let place = activityFeed.lastIndex(where: { $0.id == entry.id }) else { return }
    activityFeed.remove(at: place)
    setSaved(entry.prime, !entry.saves)
  }

  /// Saves `prime` where the ledger places it, or removes it.
  private mutating func setSaved(_ prime: Int, _ saved: Bool) {
    guard saved else {
      while let place = favoritePrimes.lastIndex(of: prime) { favoritePrimes.remove(at: place) }
      return
    }
    let later = Ledger.place(
      ofSaved: prime, feedFromTheEnd: activityFeed.reversed(),
      favoritesFromTheEnd: favoritePrimes.reversed())
    favoritePrimes.insert(prime, at: favoritePrimes.count - later)
  }
}

extension FeedDifference<Activity> {
  /// How the feed changed from `old` to `new` (``Ledger/difference(from:_:to:_:)``), each read a
  /// window at a time.
  public init(from old: PersistentArray<Activity>, to new: PersistentArray<Activity>) {
    self = Ledger.difference(
      from: old.count, old.elements(in:), to: new.count, new.elements(in:))
  }
}
