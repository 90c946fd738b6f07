import Alerts
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import NthPrimeClient
import Testing

private struct LookupFailed: Error, CustomStringConvertible {
  var description: String { "the engine is out of order" }
}

/// An nth-prime lookup the test answers when it chooses.
private final class ControlledLookup: Sendable {
  private let stream: AsyncStream<Result<Int, LookupFailed>>
  private let continuation: AsyncStream<Result<Int, LookupFailed>>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream()
  }

  func answer(_ result: Result<Int, LookupFailed>) {
    continuation.yield(result)
  }

  func lookup(_ n: Int) async throws -> Int {
    for await result in stream { return try result.get() }
    throw CancellationError()
  }
}

@MainActor
struct CounterTests {
  private func makeStore(
    _ state: CounterState = CounterState(),
    nthPrime: @escaping @Sendable (Int) async throws -> Int = { _ in
      Issue.record("nthPrime should not be called")
      return 0
    }
  ) -> TestStore<CounterState, CounterAction, CounterEnvironment> {
    TestStore(
      initialState: state, reducer: CounterReducer(),
      environment: CounterEnvironment(nthPrime: NthPrimeClient(nthPrime: nthPrime)))
  }

  @Test func incrAndDecrTapped_changeTheCount() async {
    let store = makeStore()
    await store.send(.incrTapped) { $0.count = 1 }
    await store.send(.incrTapped) { $0.count = 2 }
    await store.send(.decrTapped) { $0.count = 1 }
    await store.send(.decrTapped) { $0.count = 0 }
    await store.send(.decrTapped) { $0.count = -1 }
  }

  @Test func countEntered_setsTheCount() async {
    let store = makeStore()
    await store.send(.countEntered(1_000_003)) { $0.count = 1_000_003 }
    await store.send(.countEntered(-4)) { $0.count = -4 }
  }

  @Test func changingTheCount_closesThePrimeModal() async {
    let store = makeStore(CounterState(count: 7, isPrimeModalShown: true))
    await store.send(.incrTapped) {
      $0.count = 8
      $0.isPrimeModalShown = false
    }
  }

  @Test func decrTappedAndCountEntered_closeThePrimeModal_too() async {
    let store = makeStore(CounterState(count: 7, isPrimeModalShown: true))
    await store.send(.decrTapped) {
      $0.count = 6
      $0.isPrimeModalShown = false
    }
    await store.send(.isPrimeTapped) { $0.isPrimeModalShown = true }
    await store.send(.countEntered(11)) {
      $0.count = 11
      $0.isPrimeModalShown = false
    }
  }

  @Test func incrTapped_atIntMax_leavesTheCountWithAMessage() async {
    let store = makeStore(CounterState(count: .max))
    await store.send(.incrTapped) {
      $0.alert = .failure(
        "the count cannot go above 9223372036854775807; it stays at 9223372036854775807")
    }
  }

  @Test func decrTapped_atIntMin_leavesTheCountWithAMessage() async {
    let store = makeStore(CounterState(count: .min))
    await store.send(.decrTapped) {
      $0.alert = .failure(
        "the count cannot go below -9223372036854775808; it stays at -9223372036854775808")
    }
  }

  @Test func countAdjusted_movesTheCountUpOrDown_andClosesTheModal() async {
    let store = makeStore(CounterState(count: 7, isPrimeModalShown: true))
    await store.send(.countAdjusted(by: 5)) {
      $0.count = 12
      $0.isPrimeModalShown = false
    }
    await store.send(.countAdjusted(by: -20)) { $0.count = -8 }
  }

  @Test func countAdjusted_pastEitherEnd_leavesTheCountWithAMessage() async {
    let store = makeStore(CounterState(count: .max - 5, isPrimeModalShown: true))
    await store.send(.countAdjusted(by: 6)) {
      $0.alert = .failure(
        "the count cannot go above 9223372036854775807; it stays at 9223372036854775802")
    }
    await store.send(.alertDismissed) { $0.alert = nil }
    await store.send(.countAdjusted(by: .max)) {
      $0.alert = .failure(
        "the count cannot go above 9223372036854775807; it stays at 9223372036854775802")
    }
    await store.send(.alertDismissed) { $0.alert = nil }
    await store.send(.countEntered(-5)) {
      $0.count = -5
      $0.isPrimeModalShown = false
    }
    await store.send(.countAdjusted(by: .min)) {
      $0.alert = .failure("the count cannot go below -9223372036854775808; it stays at -5")
    }
  }

  @Test func countAdjusted_whileALookupIsInFlight_isIgnored() async {
    let store = makeStore(CounterState(count: 7, isNthPrimeRequestInFlight: true))
    await store.send(.countAdjusted(by: 3))
  }

  @Test func isPrimeTapped_opensTheModal_dismissClosesIt() async {
    let store = makeStore()
    await store.send(.isPrimeTapped) { $0.isPrimeModalShown = true }
    await store.send(.primeModalDismissed) { $0.isPrimeModalShown = false }
  }

  @Test func primeModalActions_editTheFavorites() async {
    let store = makeStore(CounterState(count: 7, favoritePrimes: [2], isPrimeModalShown: true))
    await store.send(.primeModal(.saveFavoritePrimeTapped)) {
      $0.favoritePrimes = [2, 7]
      $0.primeModal.alert = .notice("saved 7 to your favorite primes")
    }
    await store.send(.primeModal(.alertDismissed)) { $0.primeModal.alert = nil }
    await store.send(.primeModal(.removeFavoritePrimeTapped)) {
      $0.favoritePrimes = [2]
      $0.primeModal.alert = .notice("removed 7 from your favorite primes")
    }
  }

  @Test func nthPrimeTapped_happyPath_showsTheAlert() async {
    let store = makeStore(CounterState(count: 7)) { n in
      #expect(n == 7)
      return 17
    }
    await store.send(.nthPrimeTapped) { $0.isNthPrimeRequestInFlight = true }
    await store.receive(.nthPrimeResponse(n: 7, .success(17))) {
      $0.isNthPrimeRequestInFlight = false
      $0.alert = .nthPrime(n: 7, prime: 17)
    }
    #expect(store.state.alert?.message == "the 7th prime is 17")
    await store.send(.alertDismissed) { $0.alert = nil }
  }

  @Test func nthPrimeTapped_looksUpTheNthPrime_andShowsIt() async {
    let store = TestStore(
      initialState: CounterState(count: 7),
      reducer: CounterReducer(),
      environment: CounterEnvironment(nthPrime: .answering([7: 17]))
    )
    await store.send(.nthPrimeTapped) { $0.isNthPrimeRequestInFlight = true }
    await store.receive(.nthPrimeResponse(n: 7, .success(17))) {
      $0.isNthPrimeRequestInFlight = false
      $0.alert = .nthPrime(n: 7, prime: 17)
    }
  }

  @Test func nthPrimeTapped_failedLookup_endsTheRequestWithAMessage() async {
    let store = makeStore(CounterState(count: 7)) { _ in throw LookupFailed() }
    await store.send(.nthPrimeTapped) { $0.isNthPrimeRequestInFlight = true }
    await store.receive(
      .nthPrimeResponse(n: 7, .failure(ErrorMessage("the engine is out of order")))
    ) {
      $0.isNthPrimeRequestInFlight = false
      $0.alert = .failure("could not find the 7th prime: the engine is out of order")
    }
  }

  @Test(arguments: [0, -1, Int.min])
  func nthPrimeTapped_withNBelowOne_failsAtOnceWithoutALookup(n: Int) async {
    let store = makeStore(CounterState(count: n))
    await store.send(.nthPrimeTapped) {
      $0.alert = .failure("there is no \(ordinal(n)) prime: n must be at least 1")
    }
  }

  @Test func whileALookupIsInFlight_counterAndFurtherLookupsAreIgnored() async {
    let lookup = ControlledLookup()
    let store = makeStore(CounterState(count: 7)) { try await lookup.lookup($0) }
    await store.send(.nthPrimeTapped) { $0.isNthPrimeRequestInFlight = true }
    await store.send(.incrTapped)
    await store.send(.decrTapped)
    await store.send(.countEntered(100))
    await store.send(.nthPrimeTapped)
    lookup.answer(.success(17))
    await store.receive(.nthPrimeResponse(n: 7, .success(17))) {
      $0.isNthPrimeRequestInFlight = false
      $0.alert = .nthPrime(n: 7, prime: 17)
    }
    await store.send(.incrTapped) { $0.count = 8 }
  }

  @Test func nthPrimeCancelTapped_cancelsTheLookup_andNothingArrives() async {
    let lookup = ControlledLookup()
    let store = makeStore(CounterState(count: 7)) { try await lookup.lookup($0) }
    let request = await store.send(.nthPrimeTapped) { $0.isNthPrimeRequestInFlight = true }
    await store.send(.nthPrimeCancelTapped) { $0.isNthPrimeRequestInFlight = false }
    lookup.answer(.success(17))
    await request.finish()
    await store.finish()
  }

  @Test func nthPrimeCancelTapped_withNothingInFlight_changesNothing() async {
    let store = makeStore()
    await store.send(.nthPrimeCancelTapped)
  }

  @Test func primeModalView_sharesCountAndFavorites() {
    var state = CounterState(count: 7, favoritePrimes: [2, 3])
    #expect(state.primeModal.title == "7 is prime 🎉")
    state.primeModal.favoritePrimes.append(7)
    #expect(state.favoritePrimes == [2, 3, 7])
  }
}
