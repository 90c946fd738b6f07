/// The ledger's rules that read whole feeds: where a saved prime stands among the favorites,
/// and how two versions of a feed differ.
public enum Ledger {
  /// Where a saved `prime` stands among the favorites: before every favorite saved after its
  /// own last save, which are the last ones, the favorites being in the order of their last
  /// saving entries in the feed (``FavoritesBook``).
  ///
  /// The feed is read from its end back to the prime's last save, and the favorites from their
  /// end, so that the cost follows how long ago that save was, not how many there are.
  ///
  /// ```swift
  /// Ledger.place(ofSaved: 3, feedFromTheEnd: feed.reversed(), favoritesFromTheEnd: [7, 5, 2])
  /// ```
  ///
  /// - Parameters:
  ///   - feedFromTheEnd: The feed, newest entry first.
  ///   - favoritesFromTheEnd: The favorites, last first.
  /// - Returns: How many of the last favorites `prime` goes before: 0 where it goes last (no
  ///   favorite was saved after it, or no entry saves it).
  public static func place<Entry: LedgerEntry>(
    ofSaved prime: Int, feedFromTheEnd: some Sequence<Entry>,
    favoritesFromTheEnd: some Sequence<Int>
  ) -> Int {
    var savedLater: Set<Int> = []
    for entry in feedFromTheEnd where entry.saves {
      if entry.prime == prime {
        guard !savedLater.isEmpty else { return 0 }
        return favoritesFromTheEnd.prefix { savedLater.contains($0) }.count
      }
      savedLater.insert(entry.prime)
    }
    return 0
  }

  /// How a feed changed from `old` to `new`: the entries `new` no longer holds (taken back),
  /// and those it holds anew (appended), each oldest first.
  ///
  /// The feeds share a beginning; only what follows it is compared. That is found from the
  /// end, reading each feed a window at a time (a window twice the last), so that the cost
  /// follows what differs, not the length of the feeds.
  ///
  /// ```swift
  /// let difference = Ledger.difference(from: [a, b], to: [a, c])
  /// #expect(difference.takenBack == [b] && difference.appended == [c])
  /// ```
  ///
  /// - Parameters:
  ///   - oldCount, newCount: The feeds' lengths.
  ///   - old, new: The feeds' entries at the positions in a range.
  public static func difference<Entry: LedgerEntry>(
    from oldCount: Int, _ old: (Range<Int>) -> [Entry],
    to newCount: Int, _ new: (Range<Int>) -> [Entry]
  ) -> FeedDifference<Entry> {
    var shared = min(oldCount, newCount)
    var window = 8
    search: while shared > 0 {
      let low = max(0, shared - window)
      let oldWindow = old(low..<shared)
      let newWindow = new(low..<shared)
      for index in oldWindow.indices.reversed() where oldWindow[index].id == newWindow[index].id {
        shared = low + index + 1
        break search
      }
      shared = low
      window *= 2
    }
    let oldTail = old(shared..<oldCount)
    let newTail = new(shared..<newCount)
    let oldIDs = Set(oldTail.map(\.id))
    let newIDs = Set(newTail.map(\.id))
    let appended = newTail.filter { !oldIDs.contains($0.id) }
    let kept = oldTail.filter { newIDs.contains($0.id) }
    return FeedDifference(
      takenBack: oldTail.filter { !newIDs.contains($0.id) }, appended: appended,
      isInOrder: newTail.map(\.id).elementsEqual((kept + appended).map(\.id)))
  }

  /// ``difference(from:_:to:_:)`` of two arrays.
  public static func difference<Entry: LedgerEntry>(
    from old: [Entry], to new: [Entry]
  ) -> FeedDifference<Entry> {
    difference(from: old.count, { Array(old[$0]) }, to: new.count, { Array(new[$0]) })
  }
}

/// How a feed changed between two versions.
public struct FeedDifference<Entry: LedgerEntry> {
  /// The entries taken back, oldest first.
  public var takenBack: [Entry]
  /// The entries appended, oldest first.
  public var appended: [Entry]
  /// Whether the new feed is the old one with the entries taken back left out and those
  /// appended added last: what a book that follows the ledger's rules holds after the change.
  /// `false` where the new one holds kept entries in another order, or appended entries before
  /// kept ones.
  public var isInOrder: Bool
}

extension FeedDifference: Equatable where Entry: Equatable {}
extension FeedDifference: Sendable where Entry: Sendable {}
