import Alerts
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import NthPrimeClient
import NthPrimeLookup
import Testing

@MainActor
struct CounterTests {
  /// A store whose lookups fail: a lookup the test did not expect sends back an answer that the
  /// test store reports as not received.
  private func makeStore(
    _ state: CounterState = CounterState()
  ) -> TestStore<CounterState, CounterAction, CounterEnvironment> {
    TestStore(
      initialState: state, reducer: CounterReducer(),
      environment: CounterEnvironment(nthPrime: .failing))
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

  @Test func nthPrimeTapped_asksTheLookupForTheCountsPrime_andShowsTheAnswer() async {
    let store = TestStore(
      initialState: CounterState(count: 7),
      reducer: CounterReducer(),
      environment: CounterEnvironment(nthPrime: .answering([7: 17]))
    )
    await store.send(.nthPrimeTapped) { $0.isNthPrimeRequestInFlight = true }
    await store.receive(.nthPrimeLookup(.answered(n: 7, .success(17)))) {
      $0.isNthPrimeRequestInFlight = false
      $0.alert = .nthPrime(n: 7, prime: 17)
    }
    await store.send(.alertDismissed) { $0.alert = nil }
  }

  @Test(arguments: [0, -1, Int.min])
  func nthPrimeTapped_withTheCountBelowOne_failsAtOnceWithoutALookup(n: Int) async {
    let store = makeStore(CounterState(count: n))
    await store.send(.nthPrimeTapped) {
      $0.alert = .failure("there is no \(ordinal(n)) prime: n must be at least 1")
    }
  }

  @Test func whileALookupRuns_theCounterIsFrozen_untilItsAnswer() async {
    let store = makeStore(CounterState(count: 7, isNthPrimeRequestInFlight: true))
    await store.send(.incrTapped)
    await store.send(.decrTapped)
    await store.send(.countEntered(100))
    await store.send(.nthPrimeTapped)
    await store.send(.nthPrimeLookup(.answered(n: 7, .success(17)))) {
      $0.isNthPrimeRequestInFlight = false
      $0.alert = .nthPrime(n: 7, prime: 17)
    }
    await store.send(.incrTapped) { $0.count = 8 }
  }

  @Test func nthPrimeLookupCancelled_unfreezesTheCounter() async {
    let store = makeStore(CounterState(count: 7, isNthPrimeRequestInFlight: true))
    await store.send(.nthPrimeLookup(.cancelled)) { $0.isNthPrimeRequestInFlight = false }
    await store.send(.incrTapped) { $0.count = 8 }
  }

  @Test func nthPrimeLookup_isTheCountersFlagAndAlert() {
    var state = CounterState(count: 7)
    state.nthPrimeLookup = NthPrimeLookupState(isInFlight: true, alert: .notice("asked"))
    #expect(state.isNthPrimeRequestInFlight)
    #expect(state.alert == .notice("asked"))
    #expect(state.nthPrimeLookup == NthPrimeLookupState(isInFlight: true, alert: .notice("asked")))
  }

  @Test func primeModalView_sharesCountAndFavorites() {
    var state = CounterState(count: 7, favoritePrimes: [2, 3])
    #expect(state.primeModal.title == "7 is prime 🎉")
    state.primeModal.favoritePrimes.append(7)
    #expect(state.favoritePrimes == [2, 3, 7])
  }
}
