import AppCore
import AppTestSupport
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import NthPrimeClient
import Screens
import Testing

@MainActor
struct AppHistoryTests {
  private func makeStore(
    _ state: AppState = AppState(), nthPrime: NthPrimeClient = .answering([7: 17])
  ) -> TestStore<History<AppState>, HistoryAction<AppAction>, AppEnvironment> {
    let ids = IncrementingUUIDs()
    return TestStore(
      initialState: History(state),
      reducer: AppHistoryReducer(),
      environment: AppEnvironment(
        nthPrime: nthPrime, fileClient: .failing,
        now: { Date(timeIntervalSince1970: 0) }, uuid: { ids.next() })
    )
  }

  @Test func store_undoesAStep() {
    let environment = AppEnvironment(
      nthPrime: .failing, fileClient: .noop, now: { Date(timeIntervalSince1970: 0) })
    let store = Store(
      initialState: History(AppState()), reducer: AppHistoryReducer(), environment: environment)
    store.send(.step(.counter(.incrTapped)))
    store.send(.undo)
    #expect(store.state.present.count == 0)
    #expect(store.state.canRedo)
  }

  @Test func undoAndRedo_withNothingToTakeBack_onlySaySo() async {
    let store = makeStore(AppState(count: 3))
    await store.send(.undo) { $0.present.alert = .nothingToDo("nothing to undo") }
    await store.send(.step(.counter(.alertDismissed))) { $0.present.alert = nil }
    await store.send(.redo) { $0.present.alert = .nothingToDo("nothing to redo") }
    await store.send(.step(.counter(.alertDismissed))) { $0.present.alert = nil }
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.count = 4
      $0.record(before: AppState(count: 3))
    }
    await store.send(.redo) { $0.present.alert = .nothingToDo("nothing to redo") }
  }

  @Test func undoOfASave_removesTheFavoriteAndItsFeedEntry_redoBringsThemBack() async {
    let store = makeStore(AppState(count: 7))
    await store.send(.step(.counter(.primeModal(.saveFavoritePrimeTapped)))) {
      $0.present.favoritePrimes = [7]
      $0.present.activityFeed = [
        Activity(id: UUID(1), kind: .added, prime: 7, timestamp: Date(timeIntervalSince1970: 0))
      ]
      $0.present.counter.primeModal.alert = .notice("saved 7 to your favorite primes")
      $0.record(before: AppState(count: 7))
    }
    await store.send(.undo) {
      // The save's confirmation is news until the next step, which the undo is.
      $0.present.counter.primeModal.alert = nil
      $0.undo()
      $0.present.screens.travelled = .undone
    }
    #expect(store.state.present.favoritePrimes == [])
    #expect(store.state.present.activityFeed == [])
    await store.send(.redo) {
      $0.present.screens.travelled = nil
      $0.redo()
      $0.present.screens.travelled = .redone
      $0.present.counter.primeModal.alert = nil
    }
    #expect(store.state.present.favoritePrimes == [7])
  }

  @Test func nthPrimeLookups_areNotUndoSteps_undoGoesToTheCountChange() async {
    let store = makeStore(AppState(count: 6))
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.count = 7
      $0.record(before: AppState(count: 6))
    }
    await store.send(.step(.counter(.nthPrimeTapped))) {
      $0.present.isNthPrimeRequestInFlight = true
    }
    await store.receive(
      .feedback(.counter(.nthPrimeLookup(.answered(n: 7, .success(17)))), step: 2)
    ) {
      $0.present.isNthPrimeRequestInFlight = false
      $0.present.alert = .nthPrime(n: 7, prime: 17)
    }
    await store.send(.step(.counter(.alertDismissed))) { $0.present.alert = nil }
    #expect(store.state.undoCount == 1)
    await store.send(.undo) {
      $0.undo()
      $0.present.screens.travelled = .undone
    }
    #expect(store.state.present == AppState(count: 6, screens: ScreensState(travelled: .undone)))
    #expect(store.state.canRedo)
  }

  @Test func undoWhileALookupIsInFlight_keepsTheFlag() async {
    let (answers, answer) = AsyncStream<Int>.makeStream()
    let store = makeStore(
      AppState(count: 6),
      nthPrime: NthPrimeClient { _ in
        for await prime in answers { return prime }
        throw CancellationError()
      })
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.count = 7
      $0.record(before: AppState(count: 6))
    }
    await store.send(.step(.counter(.nthPrimeTapped))) {
      $0.present.isNthPrimeRequestInFlight = true
    }
    await store.send(.undo) {
      $0.undo()
      $0.present.screens.travelled = .undone
      $0.present.isNthPrimeRequestInFlight = true
    }
    answer.yield(17)
    await store.receive(
      .feedback(.counter(.nthPrimeLookup(.answered(n: 7, .success(17)))), step: 2)
    ) {
      $0.present.isNthPrimeRequestInFlight = false
      $0.present.alert = .nthPrime(n: 7, prime: 17)
    }
  }

  @Test func dismissingAnAlert_isNotAnUndoStep() async {
    let store = makeStore(AppState(count: 1, alert: .notice("hello")))
    await store.send(.step(.counter(.alertDismissed))) { $0.present.alert = nil }
    #expect(!store.state.canUndo)
  }

  @Test func refusedIncr_atTheLargestCount_isNoStep_undoGoesBackBeforeTheSet() async {
    let store = makeStore()
    await store.send(.step(.counter(.countEntered(.max)))) {
      $0.present.count = .max
      $0.record(before: AppState())
    }
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.alert = .failure(
        "the count cannot go above 9223372036854775807; it stays at 9223372036854775807")
    }
    #expect(store.state.undoCount == 1)
    await store.send(.undo) {
      $0.undo()
      $0.present.screens.travelled = .undone
      $0.present.alert = nil
    }
    #expect(store.state.present.count == 0)
  }

  @Test func failedLoad_isNoStep_andKeepsTheRedoStack() async {
    let store = makeStore()
    await store.send(.step(.counter(.countEntered(5)))) {
      $0.present.count = 5
      $0.record(before: AppState())
    }
    await store.send(.undo) {
      $0.undo()
      $0.present.screens.travelled = .undone
    }
    await store.send(.step(.favoritePrimes(.loadButtonTapped(file: nil)))) {
      $0.present.screens.travelled = nil
    }
    await store.receive(
      .feedback(
        .favoritePrimes(
          .loadResponse(.failure(ErrorMessage("could not read favorite-primes.json")))),
        step: 2)
    ) {
      $0.present.alert = .failure(
        "could not load the favorite primes: could not read favorite-primes.json")
    }
    #expect(store.state.canRedo)
    await store.send(.redo) {
      $0.redo()
      $0.present.screens.travelled = .redone
      $0.present.alert = nil
    }
    #expect(store.state.present.count == 5)
  }

  @Test func undoAndRedo_dismissTheAlert() async {
    let store = makeStore(AppState(count: 6), nthPrime: .answering([6: 13, 7: 17]))
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.count = 7
      $0.record(before: AppState(count: 6))
    }
    await store.send(.step(.counter(.nthPrimeTapped))) {
      $0.present.isNthPrimeRequestInFlight = true
    }
    await store.receive(
      .feedback(.counter(.nthPrimeLookup(.answered(n: 7, .success(17)))), step: 2)
    ) {
      $0.present.isNthPrimeRequestInFlight = false
      $0.present.alert = .nthPrime(n: 7, prime: 17)
    }
    await store.send(.undo) {
      $0.undo()
      $0.present.screens.travelled = .undone
      $0.present.alert = nil
    }
    await store.send(.step(.counter(.nthPrimeTapped))) {
      $0.present.screens.travelled = nil
      $0.present.isNthPrimeRequestInFlight = true
    }
    await store.receive(
      .feedback(.counter(.nthPrimeLookup(.answered(n: 6, .success(13)))), step: 3)
    ) {
      $0.present.isNthPrimeRequestInFlight = false
      $0.present.alert = .nthPrime(n: 6, prime: 13)
    }
    await store.send(.redo) {
      $0.redo()
      $0.present.screens.travelled = .redone
      $0.present.alert = nil
    }
  }

  @Test func exportAndItsAlert_areNoStep() async {
    let store = makeStore(AppState(count: 7, favoritePrimes: [7]))
    await store.send(.step(.favoritePrimes(.saveButtonTapped(file: nil))))
    await store.receive(
      .feedback(
        .favoritePrimes(
          .saveResponse(.failure(ErrorMessage("could not write favorite-primes.json")))),
        step: 1)
    ) {
      $0.present.alert = .failure(
        "could not save the favorite primes: could not write favorite-primes.json")
    }
    #expect(!store.state.canUndo)
  }

  @Test func whatAnotherSessionStored_isNoStep_andKeepsTheRedoStack() async {
    let store = makeStore()
    await store.send(.step(.counter(.countEntered(5)))) {
      $0.present.count = 5
      $0.record(before: AppState())
    }
    await store.send(.undo) {
      $0.undo()
      $0.present.screens.travelled = .undone
    }
    let feed = [Activity(id: UUID(9), kind: .added, prime: 11, timestamp: .init(milliseconds: 1))]
    await store.send(
      .step(.storageChanged(StoredFavorites(favoritePrimes: [11], activityFeed: feed)))
    ) {
      $0.present.favoritePrimes = [11]
      $0.present.activityFeed = PersistentArray(feed)
    }
    #expect(!store.state.canUndo)
    #expect(store.state.canRedo)
  }
}
