import Alerts
import ComposableArchitecture
import NthPrimeClient
import NthPrimeLookup
import PrimeModal

/// The counter screen's state: the count and the favorites, which the app stores once and the
/// counter shares, the destination it presents, and a running lookup.
public struct CounterState: Equatable, Sendable {
  /// The count; a step past either end of `Int` leaves it as it is.
  public var count: Int
  /// The favorite primes, which the prime modal edits.
  public var favoritePrimes: PersistentArray<Int>
  /// What the last step did (saved, removed): a notice, which needs no answer.
  public var notice: Notice?
  /// What is presented over the counter, if anything: an alert, or the prime modal.
  public var destination: Destination?
  /// The nth-prime lookup, while one runs; the counter is frozen meanwhile.
  public var nthPrimeLookup: NthPrimeLookupState?

  /// Creates the counter's state; with no arguments, the count 0 with nothing on top.
  ///
  /// ```swift
  /// CounterState(count: 7)
  /// ```
  public init(
    count: Int = 0,
    favoritePrimes: PersistentArray<Int> = [],
    notice: Notice? = nil,
    destination: Destination? = nil,
    nthPrimeLookup: NthPrimeLookupState? = nil
  ) {
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.notice = notice
    self.destination = destination
    self.nthPrimeLookup = nthPrimeLookup
  }

  /// What the counter can present: one destination at a time.
  ///
  /// Held in a box (`indirect`), as a presented feature's state usually is: the counter's state
  /// is read and written back on every counter action, and one reference copies for less than
  /// an enum of alerts, which is copied through calls to its value witnesses.
  public indirect enum Destination: Equatable, Sendable {
    /// A message to read: the lookup's answer, or why the count cannot move.
    case alert(Alert)
    /// The prime modal, with its own alert over it, if any. The count and the favorites it
    /// shows are the counter's.
    case primeModal(alert: Alert?)

    /// The alert to read on top, if any: the counter's, or the modal's over the modal.
    public var alert: Alert? {
      switch self {
      case .alert(let alert): alert
      case .primeModal(let alert): alert
      }
    }
  }
}

extension CounterState: NthPrimeLookupPresenting {
  /// The lookup's alerts are presented as the counter's own are: as its destination.
  public mutating func showAlert(_ alert: Alert) {
    destination = .alert(alert)
  }
}

/// The counter's destination, with the state each presented feature works on: the prime modal's
/// is derived from the counter's count and favorites.
public enum CounterDestinationState: Equatable, Sendable {
  case alert(Alert)
  case primeModal(PrimeModalState)
}

/// What happens in the counter's destination: only the prime modal acts; an alert is dismissed.
public enum CounterDestinationAction: Equatable, Sendable {
  case primeModal(PrimeModalAction)
}

extension CounterState {
  /// The presented destination, each feature's state derived: the prime modal sees the count and
  /// the favorites, and writes back the favorites; its own alert is the destination's, and
  /// what its save or remove said becomes the counter's notice.
  public var presented: CounterDestinationState? {
    get {
      switch destination {
      case .alert(let alert):
        return .alert(alert)
      case .primeModal(let alert):
        var modal = Self.primeModalFields.child(of: self)
        modal.alert = alert
        return .primeModal(modal)
      case nil:
        return nil
      }
    }
    set {
      switch newValue {
      case .alert(let alert):
        destination = .alert(alert)
      case .primeModal(let modal):
        Self.primeModalFields.write(modal, into: &self)
        if let notice = modal.notice { self.notice = notice }
        destination = .primeModal(alert: modal.alert)
      case nil:
        destination = nil
      }
    }
  }

  /// The prime modal's fields that are the counter's: the count, which it only reads, and the
  /// favorites.
  @inline(__always)
  static var primeModalFields: DerivedState<CounterState, PrimeModalState> {
    .fields
      .reading(\.count, as: \.count)
      .shared(\.favoritePrimes, as: \.favoritePrimes)
      .making { count, favoritePrimes in
        PrimeModalState(count: count, favoritePrimes: favoritePrimes)
      }
  }
}

/// What happens on the counter screen, its prime modal and its lookup included.
public enum CounterAction: Equatable, Sendable {
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
  /// "What is the nth prime?" was tapped: a lookup for the count's prime starts.
  case nthPrimeTapped
  /// Something happened in the running lookup, or it was dismissed (cancelled).
  case nthPrimeLookup(PresentationAction<NthPrimeLookupAction>)
  /// Something happened in the presented destination, or it was dismissed.
  case destination(PresentationAction<CounterDestinationAction>)
  /// The prime modal's save or remove, asked for on the counter itself, as the REPL's `save`
  /// and `remove` are: on the open modal it is the modal's own action; with the modal closed,
  /// the modal opens for it and closes after, and an alert it raises is presented on the counter.
  case favoriteCommand(PrimeModalAction)
}

extension CasePath<CounterAction, PresentationAction<NthPrimeLookupAction>> {
  /// The lookup's actions within the counter's.
  public static var nthPrimeLookup: Self {
    Self(CounterAction.nthPrimeLookup) { if case .nthPrimeLookup(let a) = $0 { a } else { nil } }
  }
}

extension CasePath<CounterAction, PresentationAction<CounterDestinationAction>> {
  /// The destination's actions within the counter's.
  public static var destination: Self {
    Self(CounterAction.destination) { if case .destination(let a) = $0 { a } else { nil } }
  }
}

extension CasePath<CounterDestinationState, PrimeModalState> {
  /// The prime modal, one of the counter's destinations.
  public static var primeModal: Self {
    Self(CounterDestinationState.primeModal) {
      if case .primeModal(let modal) = $0 { modal } else { nil }
    }
  }
}

extension CasePath<CounterDestinationAction, PrimeModalAction> {
  /// The prime modal's actions among the destination's.
  public static var primeModal: Self {
    Self(CounterDestinationAction.primeModal) { if case .primeModal(let a) = $0 { a } else { nil } }
  }
}

/// The counter's dependencies: only the lookup's, since counting and the modal need none.
public struct CounterEnvironment: Sendable {
  /// Finds the `n`th prime, 1-based, for the lookup.
  public var nthPrime: NthPrimeClient

  /// Creates the counter's environment from its one client.
  public init(nthPrime: NthPrimeClient) {
    self.nthPrime = nthPrime
  }
}

/// The counter screen: its own rules, with its destination and the lookup it presents, and the
/// prime modal's save and remove asked for on the counter itself
/// (``CounterAction/favoriteCommand(_:)``).
///
/// ```swift
/// let store = TestStore(
///   initialState: CounterState(count: 7),
///   reducer: CounterReducer(),
///   environment: CounterEnvironment(nthPrime: .answering([7: 17]))
/// )
/// await store.send(.nthPrimeTapped) { $0.nthPrimeLookup = NthPrimeLookupState(n: 7) }
/// ```
public struct CounterReducer: Reducer {
  public init() {}

  public func reduce(
    into state: inout CounterState, action: CounterAction, environment: CounterEnvironment
  ) -> Effect<CounterAction> {
    if case .favoriteCommand(let command) = action {
      return runInPrimeModal(command, in: &state, environment: environment)
    }
    return CountingReducer()
      .ifLet(\.presented, action: .destination, environment: { _ in () }) {
        PrimeModalReducer().pullback(state: .primeModal, action: .primeModal)
      }
      .ifLet(\.nthPrimeLookup, action: .nthPrimeLookup, environment: { $0.nthPrime }) {
        NthPrimeLookupReducer()
      }
      .reduce(into: &state, action: action, environment: environment)
  }

  /// Runs a modal's action from the counter: on the open modal as its own, and otherwise in the
  /// modal opened for it, which then closes, leaving its alert, if any, over the counter. Either
  /// way the action goes through the modal as presented, as a tap in it would.
  private func runInPrimeModal(
    _ command: PrimeModalAction, in state: inout CounterState, environment: CounterEnvironment
  ) -> Effect<CounterAction> {
    let isOpen = if case .primeModal = state.destination { true } else { false }
    if !isOpen { state.destination = .primeModal(alert: nil) }
    let effect = reduce(
      into: &state, action: .destination(.presented(.primeModal(command))),
      environment: environment)
    if !isOpen, case .primeModal(let alert) = state.destination {
      state.destination = alert.map(CounterState.Destination.alert)
    }
    return effect
  }
}

/// The counter's own rules: counting, opening the prime modal, and starting and ending the
/// lookup for the count's prime.
///
/// While a lookup runs, incr, decr and entered counts change nothing, as the original app
/// disabled those buttons. The count never overflows: a step past either end leaves it as it
/// is, with a message. A change of the count closes the prime modal.
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
      guard state.nthPrimeLookup == nil else { return .none }
      state.count = count
      closePrimeModal(in: &state)
      return .none

    case .isPrimeTapped:
      if case .primeModal = state.destination { return .none }
      state.destination = .primeModal(alert: nil)
      return .none

    case .nthPrimeTapped:
      return state.startLookup(n: state.count).map { .send(.nthPrimeLookup($0)) } ?? .none

    case .nthPrimeLookup(let action):
      state.lookupActed(action)
      return .none

    case .destination, .favoriteCommand:
      return .none
    }
  }

  private func adjustCount(of state: inout CounterState, by amount: Int) {
    guard state.nthPrimeLookup == nil else { return }
    let (count, overflow) = state.count.addingReportingOverflow(amount)
    guard !overflow else {
      let end = amount > 0 ? "above \(Int.max)" : "below \(Int.min)"
      state.destination = .alert(.failure("the count cannot go \(end); it stays at \(state.count)"))
      return
    }
    state.count = count
    closePrimeModal(in: &state)
  }

  /// The prime modal describes the count, so a new count closes it.
  private func closePrimeModal(in state: inout CounterState) {
    if case .primeModal = state.destination { state.destination = nil }
  }
}
