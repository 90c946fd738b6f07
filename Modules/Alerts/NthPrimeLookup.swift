import ComposableArchitecture

/// The nth-prime lookup that Counter and FavoritePrimes both offer: start it unless one is
/// running, cancel it, and turn its answer into an alert.
///
/// A feature keeps `isInFlight` and `alert` in its state and calls these from its reducer.
///
/// ```swift
/// case .nthPrimeTapped:
///   return NthPrimeLookup.start(
///     n: state.count, isInFlight: &state.isNthPrimeRequestInFlight, alert: &state.alert,
///     id: NthPrimeRequestID(), nthPrime: environment.nthPrime.nthPrime,
///     response: CounterAction.nthPrimeResponse)
/// ```
public enum NthPrimeLookup {
  /// Starts a lookup of the nth prime, as a cancellable effect that answers with `response`.
  /// While a lookup runs, does nothing; for n < 1, shows the alert that says why at once.
  ///
  /// - Parameters:
  ///   - n: Which prime to look up.
  ///   - isInFlight: Whether a lookup runs; set while this one does.
  ///   - alert: The feature's alert.
  ///   - id: The lookup's cancellation identifier.
  ///   - nthPrime: The lookup.
  ///   - response: Wraps the answer in the feature's action.
  /// - Returns: The lookup's effect.
  public static func start<Action: Sendable>(
    n: Int,
    isInFlight: inout Bool,
    alert: inout Alert?,
    id: some Hashable & Sendable,
    nthPrime: @escaping @Sendable (Int) async throws -> Int,
    response: @escaping @Sendable (Int, Result<Int, ErrorMessage>) -> Action
  ) -> Effect<Action> {
    guard !isInFlight else { return .none }
    if let invalid = Alert(invalidN: n) {
      alert = invalid
      return .none
    }
    isInFlight = true
    return .run { send in
      await send(response(n, await Result { try await nthPrime(n) }))
    }
    .cancellable(id: id, cancelInFlight: true)
  }

  /// Cancels the running lookup, if any.
  ///
  /// ```swift
  /// case .nthPrimeCancelTapped:
  ///   return NthPrimeLookup.cancel(
  ///     isInFlight: &state.isNthPrimeRequestInFlight, id: NthPrimeRequestID())
  /// ```
  public static func cancel<Action: Sendable>(
    isInFlight: inout Bool, id: some Hashable & Sendable
  ) -> Effect<Action> {
    guard isInFlight else { return .none }
    isInFlight = false
    return .cancel(id: id)
  }

  /// Ends the lookup with its answer, or what went wrong, as the alert.
  ///
  /// ```swift
  /// case .nthPrimeResponse(let n, let result):
  ///   NthPrimeLookup.finish(n: n, result, isInFlight: &state.isNthPrimeRequestInFlight,
  ///     alert: &state.alert)
  /// ```
  public static func finish(
    n: Int, _ result: Result<Int, ErrorMessage>, isInFlight: inout Bool, alert: inout Alert?
  ) {
    isInFlight = false
    alert = Alert(n: n, lookup: result)
  }
}
