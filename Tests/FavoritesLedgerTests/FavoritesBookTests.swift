import FavoritesLedger
import Foundation
import Testing

/// An entry of the tests' feeds, with an identity of its own: no state is shared between the
/// tests, which run in parallel.
struct Entry: LedgerEntry, Hashable {
  let id = UUID()
  let prime: Int
  let kind: EntryKind
}

func saved(_ prime: Int) -> Entry {
  Entry(prime: prime, kind: .added)
}

func removed(_ prime: Int) -> Entry {
  Entry(prime: prime, kind: .removed)
}

/// A book in two arrays, with the ledger's placement: the least a book can be.
struct Book: FavoritesBook {
  var favorites: [Int] = []
  var feed: [Entry] = []

  func isFavorite(_ prime: Int) -> Bool { favorites.contains(prime) }
  func latestEntry(for prime: Int) -> Entry? { feed.last { $0.prime == prime } }
  func holds(_ entry: Entry) -> Bool { feed.contains(entry) }
  func entry(_ id: UUID) -> Entry? { feed.last { $0.id == id } }

  mutating func write(_ entry: Entry) {
    feed.append(entry)
    setSaved(entry.prime, entry.saves)
  }

  mutating func erase(_ entry: Entry) {
    feed.removeAll { $0.id == entry.id }
    setSaved(entry.prime, !entry.saves)
  }

  private mutating func setSaved(_ prime: Int, _ saves: Bool) {
    guard saves else { return favorites.removeAll { $0 == prime } }
    let later = Ledger.place(
      ofSaved: prime, feedFromTheEnd: feed.reversed(), favoritesFromTheEnd: favorites.reversed())
    favorites.insert(prime, at: favorites.count - later)
  }
}

/// Expects `change` to return `expected`, in a statement of its own: `#expect` does not take a
/// mutation.
func check<Result: Equatable>(
  _ book: inout Book, _ expected: Result, sourceLocation: SourceLocation = #_sourceLocation,
  _ change: (inout Book) -> Result
) {
  let result = change(&book)
  #expect(result == expected, sourceLocation: sourceLocation)
}

struct FavoritesBookTests {
  @Test func anEntry_isWrittenOnlyWhereItChangesItsPrime_andOnce() {
    var book = Book()
    let five = saved(5)
    book.append(five)
    #expect(book.favorites == [5])
    check(&book, false) { $0.append(saved(5)) }
    check(&book, true) { $0.takeBack(five) }
    #expect(book.feed.isEmpty && book.favorites.isEmpty)

    check(&book, true) { $0.append(five) }
    check(&book, false) { $0.append(five) }
    check(&book, false) { $0.append(removed(7)) }
    #expect(book.feed == [five] && book.favorites == [5])
  }

  @Test func onlyAPrimesLatestEntry_isTakenBack() {
    var book = Book()
    let five = saved(5)
    let removal = removed(5)
    book.append(five)
    book.append(removal)
    check(&book, false) { $0.takeBack(five) }
    check(&book, true) { $0.takeBack(removal) }
    check(&book, true) { $0.takeBack(five) }
    check(&book, false) { $0.takeBack(five) }
    #expect(book.feed.isEmpty && book.favorites.isEmpty)
  }

  @Test func aRemovalTakenBack_putsThePrimeWhereItsSaveDoes_amongSavesOfBothOrders() {
    var book = Book()
    for prime in [2, 3, 5, 7] { book.append(saved(prime)) }
    let removal = removed(3)
    book.append(removal)
    book.append(removed(5))
    book.append(saved(5))
    book.append(saved(11))
    #expect(book.favorites == [2, 7, 5, 11])
    check(&book, true) { $0.takeBack(removal) }
    // 3's save came before 7's and the new save of 5.
    #expect(book.favorites == [2, 3, 7, 5, 11])
  }

  @Test func undo_takesBackOnlyAPrimesLatest_elseNeedsANewEntry_orFindsItDone() {
    var book = Book()
    let two = saved(2)
    for entry in [two, removed(2), saved(2)] { book.append(entry) }
    check(&book, .needsNewEntry) { $0.undo(two) }
    book.append(removed(2))
    check(&book, .alreadyDone) { $0.undo(two) }
    let three = saved(3)
    book.append(three)
    check(&book, .done) { $0.undo(three) }
    #expect(book.favorites.isEmpty)
  }

  @Test func redo_writesAnEntryAgainLast_onlyWhileItsPrimesLatestIsAsUndoLeft() {
    var book = Book()
    book.append(saved(2))
    let three = saved(3)
    book.append(three)
    check(&book, .done) { $0.undo(three) }
    book.append(saved(13))
    check(&book, .done) { $0.redo(three, ifLatestIs: nil) }
    #expect(book.feed.map(\.prime) == [2, 13, 3] && book.favorites == [2, 13, 3])

    check(&book, .done) { $0.undo(three) }
    let theirs = saved(3)
    book.append(theirs)
    check(&book, .alreadyDone) { $0.redo(three, ifLatestIs: nil) }
    book.append(removed(3))
    check(&book, .needsNewEntry) { $0.redo(three, ifLatestIs: nil) }
    let latest = book.latestEntry(for: 3)?.id
    check(&book, .done) { $0.redo(three, ifLatestIs: latest) }
  }

  /// What one book changed, applied by another, leaves both alike: here the other undid a
  /// removal, saved a prime and undid that, and redid an entry both held.
  @Test func aBook_applyingWhatAnotherChanged_endsAsIt() {
    var mine = Book()
    let removal = removed(3)
    for entry in [saved(2), saved(3), saved(5), removal] { mine.append(entry) }
    var theirs = mine
    let seven = saved(7)
    theirs.append(seven)
    check(&theirs, true) { $0.takeBack(removal) }
    check(&theirs, true) { $0.takeBack(seven) }
    let eleven = saved(11)
    theirs.append(eleven)
    mine.apply(takenBack: [removal.id, seven.id], appended: [eleven])
    #expect(mine.feed == theirs.feed && mine.favorites == theirs.favorites)
    #expect(mine.favorites == [2, 3, 5, 11])
  }

  @Test func aPlace_isBeforeTheFavoritesSavedLater_orLast() {
    let feed = [saved(2), saved(3), saved(5), saved(7), removed(3)]
    #expect(
      Ledger.place(ofSaved: 3, feedFromTheEnd: feed.reversed(), favoritesFromTheEnd: [7, 5, 2])
        == 2)
    #expect(
      Ledger.place(ofSaved: 7, feedFromTheEnd: feed.reversed(), favoritesFromTheEnd: [7, 5, 2])
        == 0)
    #expect(
      Ledger.place(ofSaved: 11, feedFromTheEnd: feed.reversed(), favoritesFromTheEnd: [7, 5, 2])
        == 0)
    // Only the favorites saved later count, however many came before.
    #expect(
      Ledger.place(
        ofSaved: 3, feedFromTheEnd: feed.reversed(), favoritesFromTheEnd: [7, 5, 13, 11, 2])
        == 2)
  }
}

struct FeedDifferenceTests {
  @Test func whatATailGainedAndLost_oldestFirst() {
    let (a, b, c) = (saved(2), saved(3), saved(5))
    let difference = Ledger.difference(from: [a, b], to: [a, c])
    #expect(difference.takenBack == [b] && difference.appended == [c])
    #expect(difference.isInOrder)
    #expect(Ledger.difference(from: [a, b], to: [a, b]).appended.isEmpty)
  }

  @Test func aDifferenceFarFromTheEnd_isFoundThroughGrowingWindows() {
    let shared = (0..<100).map { saved($0) }
    let old = shared + [saved(1_000)] + (0..<40).map { removed($0) }
    let added = saved(2_000)
    let new = shared + [added]
    let difference = Ledger.difference(from: old, to: new)
    #expect(difference.appended == [added])
    #expect(difference.takenBack == Array(old[100...]))
    #expect(Ledger.difference(from: shared, to: shared).takenBack.isEmpty)
  }

  @Test func entriesMoved_orAppendedBeforeKeptOnes_areNotInOrder() {
    let (a, b, c) = (saved(2), saved(3), saved(5))
    #expect(!Ledger.difference(from: [a, b, c], to: [a, c, b]).isInOrder)
    let moved = Ledger.difference(from: [a, b], to: [a, c, b])
    #expect(moved.appended == [c] && moved.takenBack.isEmpty && !moved.isInOrder)
  }
}
