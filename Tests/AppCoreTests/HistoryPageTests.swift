import AppCore
import AppTestSupport
import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritePrimesFormat
import FavoritesLedger
import Foundation
import Screens
import Testing

/// The history page over the app's history, and the steps in words.
@MainActor
struct HistoryPageTests {
  private func makeStore(_ state: AppState = AppState()) -> Store<
    History<AppState>, AppHistoryAction
  > {
    let ids = IncrementingUUIDs()
    return Store(
      initialState: History(state), reducer: AppHistoryReducer(),
      environment: AppEnvironment(
        nthPrime: .failing, fileClient: .noop, now: { Date(timeIntervalSince1970: 0) },
        uuid: { ids.next() }))
  }

  /// Counts to 3 and saves it, then to 5 and saves it: seven steps.
  private func saveThreeAndFive(_ store: Store<History<AppState>, AppHistoryAction>) {
    for _ in 0..<3 { store.send(.step(.counter(.incrTapped))) }
    save(store)
    for _ in 0..<2 { store.send(.step(.counter(.incrTapped))) }
    save(store)
  }

  /// Opens the prime modal and saves the count.
  private func save(_ store: Store<History<AppState>, AppHistoryAction>) {
    store.send(.step(.counter(.isPrimeTapped)))
    store.send(.step(.counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped))))))
  }

  @Test func steps_areListedInWords() {
    let store = makeStore()
    saveThreeAndFive(store)
    store.send(.step(.counter(.destination(.presented(.primeModal(.removeFavoritePrimeTapped))))))
    store.send(.step(.screens(.pageOpened(.favorites))))
    store.send(.step(.favoritePrimes(.deleteFavoritePrimes([0]))))
    store.send(
      .step(
        .favoritePrimes(
          .loadResponse(.success(ImportedPrimes(primes: [2, 3, 7], notPrime: [], repeated: []))))))
    store.send(.step(.favoritePrimes(.deleteFavoritePrimes([0, 1]))))
    let history = store.state
    #expect(
      (0..<history.stepCount).map(history.title(at:)) == [
        "count 0 → 1", "count 1 → 2", "count 2 → 3", "saved 3", "count 3 → 4", "count 4 → 5",
        "saved 5", "removed 5", "removed 3", "loaded 3 primes", "deleted 2 primes",
      ])
  }

  @Test func movingOnThePage_travels_andEscGoesBack() {
    let store = makeStore()
    saveThreeAndFive(store)
    store.send(.step(.screens(.pageOpened(.favorites))))
    store.send(.historyPage(.opened))
    #expect(store.state.present.screens.historyVisit?.returnPage == .favorites)
    store.send(.historyPage(.moved(by: -2)))
    #expect(store.state.present.favoritePrimes == [3])
    #expect(store.state.present.count == 4)
    #expect((store.state.undoCount, store.state.redoCount) == (5, 2))
    store.send(.historyPage(.cancelled))
    #expect(store.state.present.favoritePrimes == [3, 5])
    #expect(store.state.present.count == 5)
    #expect(store.state.present.screens.page == .favorites)
  }

  @Test func enter_staysWhereTheMarkerIs_andRedoGoesOn() {
    let store = makeStore()
    saveThreeAndFive(store)
    store.send(.historyPage(.opened))
    store.send(.historyPage(.moved(by: -1)))
    store.send(.historyPage(.kept))
    #expect(store.state.present.screens.page == .counter)
    #expect(store.state.present.favoritePrimes == [3])
    store.send(.redo)
    #expect(store.state.present.favoritePrimes == [3, 5])
  }

  @Test func aJump_isTheSameAsThatManyUndos() {
    let jumped = makeStore()
    let stepped = makeStore()
    saveThreeAndFive(jumped)
    saveThreeAndFive(stepped)
    jumped.send(.travel(by: -6))
    for _ in 0..<6 { stepped.send(.undo) }
    // The same but for what each says it did.
    #expect(
      jumped.state.present.screens.notice
        == .travelled(Travel(isBack: true, steps: 6, requested: 6, count: 1, favorites: [])))
    #expect(
      stepped.state.present.screens.notice
        == .travelled(Travel(isBack: true, steps: 1, requested: 1, count: 1, favorites: [])))
    #expect(withoutNotice(jumped.state) == withoutNotice(stepped.state))
    jumped.send(.travel(by: 4))
    for _ in 0..<4 { stepped.send(.redo) }
    #expect(withoutNotice(jumped.state) == withoutNotice(stepped.state))
  }

  private func withoutNotice(_ history: History<AppState>) -> History<AppState> {
    var history = history
    history.present.screens.notice = nil
    return history
  }

  @Test func anAlertThatArrivesBeforeTheHistoryPage_goesWithItsFirstMove() {
    let store = makeStore(
      AppState(favoritesDestination: .alert(.failure("could not save the favorite primes"))))
    store.send(.historyPage(.opened))
    // The history page shows no alert, so none waits behind it to appear later.
    #expect(store.state.present.favoritesDestination == nil)
  }

  @Test func aStepThatSavesAndRemoves_namesThePrimes_notHowMany() {
    let at = Date(timeIntervalSince1970: 0)
    let before = AppState(favoritePrimes: [3])
    var after = AppState(favoritePrimes: [11])
    after.activityFeed = [
      Activity(id: UUID(1), kind: .added, prime: 11, timestamp: at),
      Activity(id: UUID(2), kind: .removed, prime: 3, timestamp: at),
    ]
    #expect(AppState.stepWords(from: before, to: after) == "saved 11, removed 3")
    after.activityFeed.append(Activity(id: UUID(3), kind: .added, prime: 13, timestamp: at))
    #expect(AppState.stepWords(from: before, to: after) == "saved 2 primes, removed 3")
  }

  @Test func aMoveThatTakesEntriesBack_namesWhatItUndid() {
    // A move back over a save takes the save's entry back: the prime is no favorite after it.
    let at = Date(timeIntervalSince1970: 0)
    let saved = Activity(id: UUID(1), kind: .added, prime: 5, timestamp: at)
    let removed = Activity(id: UUID(2), kind: .removed, prime: 3, timestamp: at)
    let before = AppState(favoritePrimes: [5], activityFeed: [saved, removed])
    #expect(AppState.stepWords(from: before, to: AppState()) == "saved 3, removed 5")
  }

  @Test func travel_withNothingThatWay_saysSo() {
    let store = makeStore()
    store.send(.travel(by: -2))
    #expect(store.state.present.screens.notice == .nothingToUndo)
    store.send(.step(.counter(.incrTapped)))
    store.send(.travel(by: 2))
    #expect(store.state.present.screens.notice == .nothingToRedo)
  }

  @Test func anotherSessionsChange_isNoStep_andInNoStepsWords() {
    let store = makeStore()
    saveThreeAndFive(store)
    var feed = store.state.present.activityFeed
    feed.append(
      Activity(id: UUID(99), kind: .added, prime: 11, timestamp: Date(timeIntervalSince1970: 0)))
    store.send(
      .step(
        .storageChanged(StoredFavorites(favoritePrimes: [3, 5, 11], activityFeed: Array(feed)))))
    store.send(.step(.counter(.incrTapped)))
    store.send(.step(.counter(.incrTapped)))
    save(store)
    let titles = ["count 4 → 5", "saved 5", "count 5 → 6", "count 6 → 7", "saved 7"]
    #expect(store.state.stepCount == 10)
    #expect((5..<10).map(store.state.title(at:)) == titles)
    store.send(.travel(by: -4))
    #expect((5..<10).map(store.state.title(at:)) == titles)
    store.send(.travel(by: 2))
    #expect((5..<10).map(store.state.title(at:)) == titles)
  }
}
