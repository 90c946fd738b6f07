import Alerts
import ComposableArchitecture
import Primes

/// The state of the prime modal: the count it describes, the favorites it edits, its alert, and
/// the notice of its last save or remove.
///
/// The count and the favorites are not the modal's own: whoever presents it derives this state
/// from where they are stored, and writes the favorites and the notice back.
public struct PrimeModalState: Equatable, Sendable {
  /// The number the modal describes: prime or not, favorite or not.
  public var count: Int
  /// The favorite primes, in the order they were saved; a save appends, a remove takes out the
  /// count wherever it is.
  public var favoritePrimes: PersistentArray<Int>
  /// Why the last save or remove did nothing: the modal's one dialog, shown over it.
  public var alert: Alert?
  /// What the last save or remove did: a notice, which needs no answer.
  public var notice: Notice?

  /// Creates the modal's state; with no arguments, the count 0, which is not prime.
  ///
  /// ```swift
  /// PrimeModalState(count: 2, favoritePrimes: [2, 3])
  /// ```
  public init(
    count: Int = 0, favoritePrimes: PersistentArray<Int> = [], alert: Alert? = nil,
    notice: Notice? = nil
  ) {
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.alert = alert
    self.notice = notice
  }
}

/// What a person can do in the prime modal.
public enum PrimeModalAction: Equatable, Sendable {
  /// "Save to favorite primes" was tapped.
  case saveFavoritePrimeTapped
  /// "Remove from favorite primes" was tapped.
  case removeFavoritePrimeTapped
  /// The modal's alert was dismissed; the modal stays open.
  case alertDismissed
}

/// Saves the count as a favorite when it is a prime not saved yet, and removes it when it is
/// one, and says so in a notice; a save or remove that does not apply changes nothing else, and
/// its alert says why.
///
/// ```swift
/// var state = PrimeModalState(count: 7)
/// _ = PrimeModalReducer().reduce(into: &state, action: .saveFavoritePrimeTapped, environment: ())
/// #expect(state.favoritePrimes == [7])
/// ```
public struct PrimeModalReducer: Reducer {
  public init() {}

  public func reduce(
    into state: inout PrimeModalState, action: PrimeModalAction, environment: Void
  ) -> Effect<PrimeModalAction> {
    switch action {
    case .saveFavoritePrimeTapped:
      if !state.isCountPrime {
        state.alert = .failure("\(state.count) is not prime, so it cannot be a favorite")
      } else if state.isFavorite {
        state.alert = .failure("\(state.count) is a favorite prime already")
      } else {
        state.favoritePrimes.append(state.count)
        state.notice = .saved(state.count)
      }
      return .none

    case .removeFavoritePrimeTapped:
      if let index = state.favoritePrimes.lastIndex(of: state.count) {
        state.favoritePrimes.remove(at: index)
        state.notice = .removed(state.count)
      } else {
        state.alert = .failure("\(state.count) is not a favorite prime")
      }
      return .none

    case .alertDismissed:
      state.alert = nil
      return .none
    }
  }
}

extension PrimeModalState {
  /// Whether the count is prime: only a prime can be saved.
  public var isCountPrime: Bool { isPrime(count) }

  /// Whether the count is a favorite, which decides whether the modal offers to save it or to
  /// remove it.
  public var isFavorite: Bool { favoritePrimes.contains(count) }

  /// The modal's headline: "7 is prime 🎉" or "6 is not prime :(".
  ///
  /// ```swift
  /// PrimeModalState(count: 6).title  // "6 is not prime :("
  /// ```
  public var title: String {
    isCountPrime ? "\(count) is prime 🎉" : "\(count) is not prime :("
  }

  /// The one action the modal offers: save a prime that is not a favorite, remove one that is,
  /// or nothing when the count is not prime.
  ///
  /// ```swift
  /// PrimeModalState(count: 7).offeredAction  // .saveFavoritePrimeTapped
  /// ```
  public var offeredAction: PrimeModalAction? {
    guard isCountPrime else { return nil }
    return isFavorite ? .removeFavoritePrimeTapped : .saveFavoritePrimeTapped
  }
}
