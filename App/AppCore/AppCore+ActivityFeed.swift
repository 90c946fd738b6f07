import ComposableArchitecture
import Foundation

/// What an action may change in the favorites, noted before the action runs so that the
/// entries can be written once it has.
enum PendingActivity {
  /// A save or removal in the prime modal: the number of favorites before it.
  case primeModal(favoritesBefore: Int)
  /// Rows deleted on the favorites screen: the primes they held, and the number of favorites
  /// before.
  case deleted([Int], favoritesBefore: Int)
  /// Favorites loaded from disk: the favorites before.
  case loaded(favoritesBefore: PersistentArray<Int>)
  /// The favorites and feed as stored, which replace the ones in memory.
  case stored(StoredFavorites)

  /// Notes what the action may change, or returns `nil` for an action that cannot change the
  /// favorites. The state is read only for actions that can.
  ///
  /// Every action is named, with no `default`: a new action must say whether it changes the
  /// favorites, or the feed would miss it. The counter's are named in its module,
  /// `CounterAction.canChangeFavorites`, beside them.
  ///
  /// Every action runs it, so it is inlined into the app's reducer: as a call of its own, with
  /// the copy of the action it takes, it was a measurable part of what composition costs
  /// (`dispatch.ratio`, Benchmarks/README.md).
  @inline(__always)
  init?(action: AppAction, before state: @autoclosure () -> AppState) {
    switch action {
    case .counter(let action):
      // The counter names its own actions, beside their declaration.
      guard action.canChangeFavorites else { return nil }
      self = .primeModal(favoritesBefore: state().favoritePrimes.count)
    case .favoritePrimes(.deleteFavoritePrimes(let rows)):
      let favorites = state().favoritePrimes
      self = .deleted(Self.primes(at: rows, in: favorites), favoritesBefore: favorites.count)
    case .favoritePrimes(.loadResponse(.success)):
      self = .loaded(favoritesBefore: state().favoritePrimes)
    case .favoritePrimes(.loadResponse(.failure)), .favoritePrimes(.saveButtonTapped),
      .favoritePrimes(.saveResponse), .favoritePrimes(.loadButtonTapped),
      .favoritePrimes(.primeTapped), .favoritePrimes(.nthPrimeLookup),
      .favoritePrimes(.destination):
      return nil
    case .storageChanged(let stored):
      self = .stored(stored)
    case .screens, .alertsDismissed:
      return nil
    }
  }

  /// The favorites at the given rows, leaving out rows past the end (a delete that names one
  /// deletes nothing, which ``record(into:now:uuid:)`` sees in the count).
  static func primes(at rows: IndexSet, in favorites: PersistentArray<Int>) -> [Int] {
    rows.intersection(IndexSet(integersIn: 0..<favorites.count)).map { favorites[$0] }
  }

  /// Appends to the feed what the action changed.
  func record(into state: inout AppState, now: () -> Date, uuid: () -> UUID) {
    switch self {
    case .primeModal(let before):
      let after = state.favoritePrimes.count
      guard after != before else { return }
      state.activityFeed.append(
        Activity(
          id: uuid(), kind: after > before ? .added : .removed, prime: state.count,
          timestamp: now()))

    case .deleted(let removed, let before):
      // A delete that names a row past the end is refused whole.
      guard state.favoritePrimes.count < before else { return }
      let now = now()
      state.activityFeed.append(
        contentsOf: removed.map { Activity(id: uuid(), kind: .removed, prime: $0, timestamp: now) })

    case .loaded(let before):
      let after = state.favoritePrimes
      guard before != after else { return }
      let now = now()
      let kept = Set(before).intersection(after)
      state.activityFeed.append(
        contentsOf: before.filter { !kept.contains($0) }.map {
          Activity(id: uuid(), kind: .removed, prime: $0, timestamp: now)
        })
      state.activityFeed.append(
        contentsOf: after.filter { !kept.contains($0) }.map {
          Activity(id: uuid(), kind: .added, prime: $0, timestamp: now)
        })

    case .stored(let stored):
      state.favoritePrimes = PersistentArray(stored.favoritePrimes)
      state.activityFeed = PersistentArray(stored.activityFeed)
    }
  }
}
