import Alerts
import ComposableArchitecture
import NthPrimeClient

/// The nth-prime lookup's state: whether a lookup runs, and the alert that shows its answer.
///
/// A screen that offers the lookup derives this from its own state, so that the answer shows in
/// the screen's one alert and the screen can freeze itself while a lookup runs:
///
/// ```swift
/// public var nthPrimeLookup: NthPrimeLookupState {
///   get { NthPrimeLookupState(isInFlight: isNthPrimeRequestInFlight, alert: alert) }
///   set {
///     isNthPrimeRequestInFlight = newValue.isInFlight
///     alert = newValue.alert
///   }
/// }
/// ```
public struct NthPrimeLookupState: Equatable, Sendable {
  /// True from the question until its answer or its cancellation; a question asked meanwhile
  /// is ignored.
  public var isInFlight: Bool
  /// The screen's alert, which the answer, or why there is none, replaces.
  public var alert: Alert?

  /// Creates the lookup's state; with no arguments, no lookup runs and nothing is shown.
  public init(isInFlight: Bool = false, alert: Alert? = nil) {
    self.isInFlight = isInFlight
    self.alert = alert
  }
}

/// What happens to an nth-prime lookup.
public enum NthPrimeLookupAction: Codable, Equatable, Sendable {
  /// The `n`th prime was asked for.
  case asked(n: Int)
  /// The person stopped waiting for the answer.
  case cancelled
  /// The lookup for the `n`th prime ended, with the prime or what went wrong.
  case answered(n: Int, Result<Int, ErrorMessage>)
}

/// Looks up nth primes, one at a time, and shows the answer as an alert.
///
/// A question while a lookup runs is ignored; a question for n < 1 is answered at once, with an
/// alert that says why there is no such prime. Cancelling stops the lookup, and no answer
/// arrives.
///
/// Every embedding cancels by the same identifier, so a store runs one lookup at a time, and
/// the screens that embed it in one store must derive their state from one flag, as the app's
/// do: a question from a screen with a flag of its own would cancel another screen's lookup
/// and leave that screen's flag set.
///
/// Counter and FavoritePrimes each embed it, pulled back along their derived
/// ``NthPrimeLookupState`` and their `nthPrimeLookup` actions, with the client from their
/// environment:
///
/// ```swift
/// NthPrimeLookupReducer().pullback(
///   state: \.nthPrimeLookup, action: .nthPrimeLookup, environment: { $0.nthPrime })
/// ```
public struct NthPrimeLookupReducer: Reducer {
  /// Creates the reducer, which keeps no state of its own: every instance cancels the same
  /// lookup.
  public init() {}

  public func reduce(
    into state: inout NthPrimeLookupState, action: NthPrimeLookupAction,
    environment nthPrime: NthPrimeClient
  ) -> Effect<NthPrimeLookupAction> {
    switch action {
    case .asked(let n):
      guard !state.isInFlight else { return .none }
      if let invalid = Alert(invalidN: n) {
        state.alert = invalid
        return .none
      }
      state.isInFlight = true
      return .run { send in
        await send(.answered(n: n, await Result { try await nthPrime.nthPrime(n) }))
      }
      .cancellable(id: LookupID(), cancelInFlight: true)

    case .cancelled:
      guard state.isInFlight else { return .none }
      state.isInFlight = false
      return .cancel(id: LookupID())

    case .answered(let n, let result):
      state.isInFlight = false
      state.alert = Alert(n: n, lookup: result)
      return .none
    }
  }
}

/// Identifies the running lookup, so that it can be cancelled.
private struct LookupID: Hashable, Sendable {}
