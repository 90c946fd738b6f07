import Alerts
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import NthPrimeClient
import NthPrimeLookup
import PrimeModal
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

  private let modal = CounterState.Destination.primeModal(alert: nil)

  @Test func whatCoversTheCounter_isHeldInABox_oneReferenceWide() {
    // The counter's state is read and written back on every counter action; what covers it
    // copies as one reference (Benchmarks/README.md).
    #expect(MemoryLayout<CounterState.Destination?>.size == MemoryLayout<AnyObject>.size)
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
    let store = makeStore(CounterState(count: 7, destination: modal))
    await store.send(.incrTapped) {
      $0.count = 8
      $0.destination = nil
    }
  }

  @Test func decrTappedAndCountEntered_closeThePrimeModal_too() async {
    let store = makeStore(CounterState(count: 7, destination: modal))
    await store.send(.decrTapped) {
      $0.count = 6
      $0.destination = nil
    }
    await store.send(.isPrimeTapped) { $0.destination = self.modal }
    await store.send(.countEntered(11)) {
      $0.count = 11
      $0.destination = nil
    }
  }

  @Test func incrTapped_atIntMax_leavesTheCountWithAMessage() async {
    let store = makeStore(CounterState(count: .max))
    await store.send(.incrTapped) {
      $0.destination = .alert(
        .failure(
          "the count cannot go above 9223372036854775807; it stays at 9223372036854775807"))
    }
  }

  @Test func decrTapped_atIntMin_leavesTheCountWithAMessage() async {
    let store = makeStore(CounterState(count: .min))
    await store.send(.decrTapped) {
      $0.destination = .alert(
        .failure(
          "the count cannot go below -9223372036854775808; it stays at -9223372036854775808"))
    }
  }

  @Test func countAdjusted_movesTheCountUpOrDown_andClosesTheModal() async {
    let store = makeStore(CounterState(count: 7, destination: modal))
    await store.send(.countAdjusted(by: 5)) {
      $0.count = 12
      $0.destination = nil
    }
    await store.send(.countAdjusted(by: -20)) { $0.count = -8 }
  }

  @Test func countAdjusted_pastEitherEnd_leavesTheCountWithAMessage() async {
    let store = makeStore(CounterState(count: .max - 5))
    await store.send(.countAdjusted(by: 6)) {
      $0.destination = .alert(
        .failure(
          "the count cannot go above 9223372036854775807; it stays at 9223372036854775802"))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.countAdjusted(by: .max)) {
      $0.destination = .alert(
        .failure(
          "the count cannot go above 9223372036854775807; it stays at 9223372036854775802"))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.countEntered(-5)) { $0.count = -5 }
    await store.send(.countAdjusted(by: .min)) {
      $0.destination = .alert(
        .failure("the count cannot go below -9223372036854775808; it stays at -5"))
    }
  }

  @Test func countAdjusted_whileALookupRuns_isIgnored() async {
    let store = makeStore(CounterState(count: 7, nthPrimeLookup: NthPrimeLookupState(n: 7)))
    await store.send(.countAdjusted(by: 3))
  }

  @Test func isPrimeTapped_opensTheModal_dismissClosesIt() async {
    let store = makeStore()
    await store.send(.isPrimeTapped) { $0.destination = self.modal }
    // Tapped again, the modal stays as it is.
    await store.send(.isPrimeTapped)
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func primeModalActions_editTheFavorites_andSaySoInANotice() async {
    let store = makeStore(CounterState(count: 7, favoritePrimes: [2], destination: modal))
    await store.send(.destination(.presented(.primeModal(.saveFavoritePrimeTapped)))) {
      $0.favoritePrimes = [2, 7]
      $0.notice = .saved(7)
    }
    await store.send(.destination(.presented(.primeModal(.saveFavoritePrimeTapped)))) {
      $0.destination = .primeModal(alert: .failure("7 is a favorite prime already"))
    }
    // The modal's alert is dismissed, and the modal stays.
    await store.send(.destination(.presented(.primeModal(.alertDismissed)))) {
      $0.destination = self.modal
    }
    await store.send(.destination(.presented(.primeModal(.removeFavoritePrimeTapped)))) {
      $0.favoritePrimes = [2]
      $0.notice = .removed(7)
    }
  }

  @Test func aModalActionWithTheModalClosed_isReportedAndChangesNothing() async {
    let store = makeStore(CounterState(count: 7))
    let reports = await issuesReported {
      await store.send(.destination(.presented(.primeModal(.saveFavoritePrimeTapped))))
    }
    #expect(reports.count == 1)
    #expect(reports.first?.contains("not there") == true)
    #expect(store.state == CounterState(count: 7))
  }

  @Test func aFavoriteCommand_onTheOpenModal_isTheModalsOwnAction() async {
    let store = makeStore(CounterState(count: 7, destination: modal))
    await store.send(.favoriteCommand(.saveFavoritePrimeTapped)) {
      $0.favoritePrimes = [7]
      $0.notice = .saved(7)
    }
    await store.send(.favoriteCommand(.saveFavoritePrimeTapped)) {
      $0.destination = .primeModal(alert: .failure("7 is a favorite prime already"))
    }
  }

  @Test func aFavoriteCommand_withTheModalClosed_opensItForTheActionAndClosesItAfter() async {
    let store = makeStore(CounterState(count: 7, favoritePrimes: [2]))
    await store.send(.favoriteCommand(.saveFavoritePrimeTapped)) {
      $0.favoritePrimes = [2, 7]
      $0.notice = .saved(7)
    }
    await store.send(.favoriteCommand(.removeFavoritePrimeTapped)) {
      $0.favoritePrimes = [2]
      $0.notice = .removed(7)
    }
    // What the modal refuses is said over the counter, with the modal closed again.
    await store.send(.favoriteCommand(.removeFavoritePrimeTapped)) {
      $0.destination = .alert(.failure("7 is not a favorite prime"))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.countEntered(8)) { $0.count = 8 }
    await store.send(.favoriteCommand(.saveFavoritePrimeTapped)) {
      $0.destination = .alert(.failure("8 is not prime, so it cannot be a favorite"))
    }
  }

  @Test func anAlert_coversTheModal_untilItIsDismissed_andDismissalClosesWhatCovers() async {
    let store = makeStore(CounterState(count: 7, destination: .alert(.failure("no"))))
    let reports = await issuesReported {
      await store.send(.destination(.presented(.primeModal(.saveFavoritePrimeTapped))))
    }
    #expect(reports.count == 1)
    #expect(reports.first?.contains("a case the state is not in") == true)
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func nthPrimeTapped_startsALookupForTheCountsPrime_andShowsTheAnswer() async {
    let store = TestStore(
      initialState: CounterState(count: 7),
      reducer: CounterReducer(),
      environment: CounterEnvironment(nthPrime: .answering([7: 17]))
    )
    await store.send(.nthPrimeTapped) { $0.nthPrimeLookup = NthPrimeLookupState(n: 7) }
    await store.receive(.nthPrimeLookup(.presented(.started)))
    await store.receive(.nthPrimeLookup(.presented(.answered(n: 7, .success(17))))) {
      $0.nthPrimeLookup = nil
      $0.destination = .alert(.nthPrime(n: 7, prime: 17))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test(arguments: [0, -1, Int.min])
  func nthPrimeTapped_withTheCountBelowOne_failsAtOnceWithoutALookup(n: Int) async {
    let store = makeStore(CounterState(count: n))
    await store.send(.nthPrimeTapped) {
      $0.destination = .alert(.failure("there is no \(ordinal(n)) prime: n must be at least 1"))
    }
  }

  @Test func whileALookupRuns_theCounterIsFrozen_untilItsAnswer() async {
    let store = makeStore(CounterState(count: 7, nthPrimeLookup: NthPrimeLookupState(n: 7)))
    await store.send(.incrTapped)
    await store.send(.decrTapped)
    await store.send(.countEntered(100))
    await store.send(.nthPrimeTapped)
    await store.send(.nthPrimeLookup(.presented(.answered(n: 7, .success(17))))) {
      $0.nthPrimeLookup = nil
      $0.destination = .alert(.nthPrime(n: 7, prime: 17))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.incrTapped) { $0.count = 8 }
  }

  @Test func dismissingTheLookup_cancelsIt_unfreezesTheCounter_andSaysSo() async {
    let (answers, answer) = AsyncStream<Int>.makeStream()
    let store = TestStore(
      initialState: CounterState(count: 7), reducer: CounterReducer(),
      environment: CounterEnvironment(
        nthPrime: NthPrimeClient { _ in
          for await prime in answers { return prime }
          throw CancellationError()
        }))
    let task = await store.send(.nthPrimeTapped) {
      $0.nthPrimeLookup = NthPrimeLookupState(n: 7)
    }
    await store.receive(.nthPrimeLookup(.presented(.started)))
    await store.send(.nthPrimeLookup(.dismiss)) {
      $0.nthPrimeLookup = nil
      $0.notice = .cancelled
    }
    // An answer after the dismissal never arrives.
    answer.yield(17)
    answer.finish()
    await task.finish()
    await store.send(.incrTapped) { $0.count = 8 }
    await store.finish()
  }

  @Test func thePrimeModalsState_isDerived_fromTheCountAndTheFavorites() {
    var state = CounterState(count: 7, favoritePrimes: [2, 3], destination: modal)
    guard case .primeModal(var modalState) = state.presented else {
      Issue.record("the modal is not presented")
      return
    }
    #expect(modalState.title == "7 is prime 🎉")
    modalState.favoritePrimes.append(7)
    modalState.notice = .saved(7)
    state.presented = .primeModal(modalState)
    #expect(state.favoritePrimes == [2, 3, 7])
    #expect(state.notice == .saved(7))
    #expect(state.destination == modal)
  }

  @Test func thePrimeModal_onlyReadsTheCount_andTakesNoNewsButItsOwn() {
    var state = CounterState(count: 7, notice: .removed(7), destination: modal)
    guard case .primeModal(var modalState) = state.presented else {
      Issue.record("the modal is not presented")
      return
    }
    #expect(modalState == PrimeModalState(count: 7))
    modalState.count = 8
    state.presented = .primeModal(modalState)
    #expect(state.count == 7)
    #expect(state.notice == .removed(7))
  }
}
