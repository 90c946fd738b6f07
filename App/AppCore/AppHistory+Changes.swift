import ComposableArchitecture
import Foundation

extension AppState.Undoable {
  /// Makes in the present the change a step made from `old` to `new`, leaving what other
  /// sessions changed: how undo takes a step back (from the state it left to the one it started
  /// from) and how redo makes it again (the other way).
  ///
  /// The count is this session's alone, and becomes `new`'s. For the favorites, the change is
  /// the feed entries it takes back and the ones it adds, prime by prime:
  /// - a prime that is already as the change would leave it (another session removed the prime
  ///   this undo would remove) is left alone, and a note says so;
  /// - otherwise the prime is saved or removed. The feed says so by taking back the step's own
  ///   entry, or bringing it back in its place, where nothing happened to the prime since; else
  ///   by a new entry, from `environment`'s clock and identities.
  ///
  /// ```swift
  /// notes += present.makeChange(from: from, to: to, environment: environment)
  /// ```
  ///
  /// - Returns: What other sessions had already done of the change, one note per prime:
  ///   `17 had already been removed in another session`.
  public mutating func makeChange(
    from old: Self, to new: Self, environment: AppEnvironment
  ) -> [String] {
    if isIdentical(to: old) {
      // Nothing changed since the step's end: the change leaves exactly the other end. Taking
      // that very version, rather than an equal one, keeps undo and redo of the step from
      // reading its ends ever further from the present (each read of a kept version of a
      // persistent array replays the changes between).
      self = new
      return []
    }
    if new.count != old.count { count = new.count }
    let (takenBack, added) = Self.entries(from: old.activityFeed, to: new.activityFeed)
    var notes: [String] = []
    for entry in takenBack.reversed() {
      let saves = entry.kind == .removed
      guard favoritePrimes.contains(entry.prime) != saves else {
        notes.append(Self.note(prime: entry.prime, saved: saves))
        continue
      }
      // The step's own entry is still its prime's last: take it back, as the database does.
      if lastEntry(for: entry.prime)?.id == entry.id,
        let place = activityFeed.lastIndex(where: { $0.id == entry.id })
      {
        activityFeed.remove(at: place)
        setSaved(entry.prime, saves, placedAsIn: new.favoritePrimes)
      } else {
        append(saves ? .added : .removed, entry.prime, environment: environment)
      }
    }
    for entry in added {
      let saves = entry.kind == .added
      guard favoritePrimes.contains(entry.prime) != saves else {
        notes.append(Self.note(prime: entry.prime, saved: saves))
        continue
      }
      // Nothing happened to the prime since the step's start: the entry goes back in its place.
      let untouched =
        lastEntry(for: entry.prime) == Self.lastEntry(for: entry.prime, in: old.activityFeed)
      if untouched && !activityFeed.contains(entry) {
        bringBack(entry, placedAsIn: new)
      } else {
        append(entry.kind, entry.prime, environment: environment)
      }
    }
    if self == new {
      // What changed since the step was undone in the meantime, so the change left exactly
      // the other end after all: taking that very version lets the next undo or redo of the
      // step take the shortcut above.
      self = new
    }
    return notes
  }

  /// The feed's last entry for `prime`, looked for from the end.
  static func lastEntry(for prime: Int, in feed: PersistentArray<Activity>) -> Activity? {
    feed.last { $0.prime == prime }
  }

  func lastEntry(for prime: Int) -> Activity? {
    Self.lastEntry(for: prime, in: activityFeed)
  }

  /// Whether `other` is this very version of the undoable state, not only an equal one:
  /// constant time.
  public func isIdentical(to other: Self) -> Bool {
    count == other.count && favoritePrimes.isIdentical(to: other.favoritePrimes)
      && activityFeed.isIdentical(to: other.activityFeed)
  }

  /// The entries that are in `old` and not in `new`, and those in `new` and not in `old`,
  /// oldest first. The feeds share a beginning; only what follows it is compared, and it is
  /// found from the end, reading each feed a window at a time (a window twice the last), so
  /// that the cost follows what differs, not the length of the feeds.
  static func entries(
    from old: PersistentArray<Activity>, to new: PersistentArray<Activity>
  ) -> (takenBack: [Activity], added: [Activity]) {
    var shared = min(old.count, new.count)
    var window = 8
    search: while shared > 0 {
      let low = max(0, shared - window)
      let olds = old.elements(in: low..<shared)
      let news = new.elements(in: low..<shared)
      for index in olds.indices.reversed() where olds[index].id == news[index].id {
        shared = low + index + 1
        break search
      }
      shared = low
      window *= 2
    }
    let oldTail = old.elements(in: shared..<old.count)
    let newTail = new.elements(in: shared..<new.count)
    let oldIDs = Set(oldTail.map(\.id))
    let newIDs = Set(newTail.map(\.id))
    return (oldTail.filter { !newIDs.contains($0.id) }, newTail.filter { !oldIDs.contains($0.id) })
  }

  /// What another session had already done: `17 had already been saved in another session`.
  static func note(prime: Int, saved: Bool) -> String {
    "\(prime) had already been \(saved ? "saved" : "removed") in another session"
  }

  /// Brings back an entry that undo took back, in its place in the feed (after the entry that
  /// came before it in `reference`), as the database does, and saves or removes its prime.
  mutating func bringBack(_ entry: Activity, placedAsIn step: Self) {
    // Looked up from the end, where a step's entries usually are.
    let reference = step.activityFeed
    let index: Int
    switch reference.lastIndex(where: { $0.id == entry.id }) {
    case 0?: index = 0
    case let place?:
      let previous = reference[place - 1].id
      index = activityFeed.lastIndex { $0.id == previous }.map { $0 + 1 } ?? activityFeed.count
    case nil: index = activityFeed.count
    }
    activityFeed.insert(entry, at: index)
    setSaved(entry.prime, entry.kind == .added, placedAsIn: step.favoritePrimes)
  }

  /// Saves or removes `prime` by a new entry of the feed, last, as a save or a removal now is.
  mutating func append(_ kind: Activity.Kind, _ prime: Int, environment: AppEnvironment) {
    activityFeed.append(
      Activity(id: environment.uuid(), kind: kind, prime: prime, timestamp: environment.now()))
    setSaved(prime, kind == .added)
  }

  /// Saves or removes `prime`. A saved prime goes where the database puts it, the favorites
  /// being in the order they were saved: before the first prime that followed it in
  /// `reference` and is still a favorite; failing that, before the first favorite whose last
  /// save in the feed comes after its own; else last.
  mutating func setSaved(
    _ prime: Int, _ saved: Bool, placedAsIn reference: PersistentArray<Int> = []
  ) {
    guard saved else {
      while let place = favoritePrimes.lastIndex(of: prime) { favoritePrimes.remove(at: place) }
      return
    }
    favoritePrimes.insert(prime, at: index(forSaved: prime, placedAsIn: reference))
  }

  /// Where a saved prime goes. Both rules start from the end, where a step's primes and entries
  /// usually are: a prime saved last, with no favorite saved after it, is placed without a
  /// look at the rest.
  private func index(forSaved prime: Int, placedAsIn reference: PersistentArray<Int>) -> Int {
    if let place = reference.lastIndex(of: prime),
      let next = reference[(place + 1)...].first(where: favoritePrimes.contains)
    {
      return favoritePrimes.lastIndex(of: next) ?? favoritePrimes.count
    }
    // The primes saved after the prime's own last save, read back from the end of the feed.
    var savedLater: Set<Int> = []
    for entry in activityFeed.reversed() where entry.kind == .added {
      if entry.prime == prime {
        // The first of them among the favorites, each looked up from the end.
        return savedLater.compactMap { favoritePrimes.lastIndex(of: $0) }.min()
          ?? favoritePrimes.count
      }
      savedLater.insert(entry.prime)
    }
    return favoritePrimes.count
  }
}
