import Alerts
import ComposableArchitecture
import NthPrimeClient
import NthPrimeLookup
import PrimeModal

/// The counter screen's state, which holds the favorites too: the prime modal it embeds edits
/// them in place.
public struct CounterState: Codable, Equatable, Sendable {
  /// The embedded prime modal's state: the count and the favorites. Stored here, not derived,
  /// so that the modal edits the favorites in place.
  public var primeModal: PrimeModalState
  /// Whether the prime modal is shown; a change of the count closes it.
  public var isPrimeModalShown: Bool
  /// Whether an nth-prime lookup is running; the counter is frozen meanwhile.
  public var isNthPrimeRequestInFlight: Bool
  /// The counter's one alert: a count that would overflow, or the lookup's answer.
  public var alert: Alert?

  /// Creates the counter's state; the count and the favorites go to the prime modal's state.
  ///
  /// ```swift
  /// CounterState(count: 7)
  /// ```
  public init(
    count: Int = 0,
    favoritePrimes: PersistentArray<Int> = [],
    isPrimeModalShown: Bool = false,
    isNthPrimeRequestInFlight: Bool = false,
    alert: Alert? = nil
  ) {
    self.primeModal = PrimeModalState(count: count, favoritePrimes: favoritePrimes)
    self.isPrimeModalShown = isPrimeModalShown
    self.isNthPrimeRequestInFlight = isNthPrimeRequestInFlight
    self.alert = alert
  }

  /// The count, stored in the prime modal's state so that the modal reads it in place.
  public var count: Int {
    get { primeModal.count }
    set { primeModal.count = newValue }
  }

  /// The favorite primes, which the embedded prime modal edits.
  public var favoritePrimes: PersistentArray<Int> {
    get { primeModal.favoritePrimes }
    set { primeModal.favoritePrimes = newValue }
  }

  /// The embedded lookup's state, derived: the flag that freezes the counter, and the
  /// counter's alert, where the answer shows.
  public var nthPrimeLookup: NthPrimeLookupState {
    get { NthPrimeLookupState(isInFlight: isNthPrimeRequestInFlight, alert: alert) }
    set {
      isNthPrimeRequestInFlight = newValue.isInFlight
      alert = newValue.alert
    }
  }
}

/// What happens on the counter screen, its prime modal and its lookup included. Recordings hold
/// these in the encoding Swift derives, so a case keeps its name and its labels.
public enum CounterAction: Codable, Equatable, Sendable {
  /// "+" was tapped.
  case incrTapped
  /// "−" was tapped.
  case decrTapped
  /// A count was entered directly; ignored while a lookup runs.
  case countEntered(Int)
  /// The count was moved by an amount: up when it is positive, down when it is negative.
  case countAdjusted(by: Int)
  /// "Is this prime?" was tapped: the prime modal opens.
  case isPrimeTapped
  /// The prime modal was dismissed.
  case primeModalDismissed
  /// "What is the nth prime?" was tapped: the embedded lookup is asked, with n = the count.
  case nthPrimeTapped
  /// Something happened in the embedded nth-prime lookup: it was cancelled, or it answered.
  case nthPrimeLookup(NthPrimeLookupAction)
  /// The counter's alert was dismissed; the modal's has its own dismissal.
  case alertDismissed
  /// Something happened in the prime modal, which the counter's reducer pulls back.
  case primeModal(PrimeModalAction)
}

extension CasePath<CounterAction, PrimeModalAction> {
  /// The prime modal's actions within the counter's.
  public static var primeModal: Self {
    Self(CounterAction.primeModal) { if case .primeModal(let a) = $0 { a } else { nil } }
  }
}

extension CasePath<CounterAction, NthPrimeLookupAction> {
  /// The lookup's actions within the counter's.
  public static var nthPrimeLookup: Self {
    Self(CounterAction.nthPrimeLookup) { if case .nthPrimeLookup(let a) = $0 { a } else { nil } }
  }
}

/// The counter's dependencies: only the lookup's, since counting and the modal need none.
public struct CounterEnvironment: Sendable {
  /// Finds the `n`th prime, 1-based, for the embedded lookup.
  public var nthPrime: NthPrimeClient

  /// Creates the counter's environment from its one client.
  public init(nthPrime: NthPrimeClient) {
    self.nthPrime = nthPrime
  }
}

/// The counter screen: its own rules, combined with the prime modal and the nth-prime lookup
/// it embeds.
///
/// ```swift
/// let store = TestStore(
///   initialState: CounterState(count: 7),
///   reducer: CounterReducer(),
///   environment: CounterEnvironment(nthPrime: .answering([7: 17]))
/// )
/// await store.send(.nthPrimeTapped) { $0.isNthPrimeRequestInFlight = true }
/// ```
public struct CounterReducer: Reducer {
  /// Creates the reducer, which keeps no state of its own: every instance behaves alike.
  public init() {}

  public func reduce(
    into state: inout CounterState, action: CounterAction, environment: CounterEnvironment
  ) -> Effect<CounterAction> {
    combine {
      CountingReducer()
      PrimeModalReducer().pullback(state: \.primeModal, action: .primeModal)
      NthPrimeLookupReducer().pullback(
        state: \.nthPrimeLookup, action: .nthPrimeLookup, environment: { $0.nthPrime })
    }
    .reduce(into: &state, action: action, environment: environment)
  }
}

/// The counter's own rules: counting, showing the prime modal, and asking the lookup for the
/// count's prime.
///
/// While a lookup runs, incr, decr and entered counts change nothing, as the original app
/// disabled those buttons. The count never overflows: a step past either end leaves it as it
/// is, with a message.
struct CountingReducer: Reducer {
  func reduce(
    into state: inout CounterState, action: CounterAction, environment: CounterEnvironment
  ) -> Effect<CounterAction> {
    switch action {
    case .incrTapped:
      adjustCount(of: &state, by: 1)
      return .none

    case .decrTapped:
      adjustCount(of: &state, by: -1)
      return .none

    case .countAdjusted(let amount):
      adjustCount(of: &state, by: amount)
      return .none

    case .countEntered(let count):
      guard !state.isNthPrimeRequestInFlight else { return .none }
      state.count = count
      state.isPrimeModalShown = false
      return .none

    case .isPrimeTapped:
      state.isPrimeModalShown = true
      return .none

    case .primeModalDismissed:
      state.isPrimeModalShown = false
      return .none

    case .nthPrimeTapped:
      // The tap is the counter's; the question, and what follows it, are the lookup's.
      let n = state.count
      return NthPrimeLookupReducer()
        .reduce(
          into: &state.nthPrimeLookup, action: .asked(n: n), environment: environment.nthPrime
        )
        .map(CounterAction.nthPrimeLookup)

    case .alertDismissed:
      state.alert = nil
      return .none

    case .primeModal, .nthPrimeLookup:
      return .none
    }
  }

  private func adjustCount(of state: inout CounterState, by amount: Int) {
    guard !state.isNthPrimeRequestInFlight else { return }
    let (count, overflow) = state.count.addingReportingOverflow(amount)
    guard !overflow else {
      let end = amount > 0 ? "above \(Int.max)" : "below \(Int.min)"
      state.alert = .failure("the count cannot go \(end); it stays at \(state.count)")
      return
    }
    state.count = count
    state.isPrimeModalShown = false
  }
}
