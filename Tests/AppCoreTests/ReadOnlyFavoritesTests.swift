import AppCore
import AppTestSupport
import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritePrimesFormat
import FavoritesLedger
import Foundation
import Screens
import Testing

/// While the stored favorites are read-only, the app refuses this session's own change of them
/// whole, whoever sends it, and says why; everything else goes on as ever.
extension AppHistoryTests {
  private static let reason = "the data directory /d is not writable (Permission denied)"
  private nonisolated static let at = Date(timeIntervalSince1970: 0)

  private func readOnly(_ state: AppState) -> AppState {
    var state = state
    state.screens.storageStatus = .readOnly(Self.reason)
    return state
  }

  @Test func aSave_isRefusedWhole_andSaysWhy_whileACountStepGoesOn() async {
    let store = makeStore(readOnly(AppState(count: 7, counterDestination: .primeModal(alert: nil))))
    await store.send(.step(Self.save)) {
      $0.present.screens.notice = .refusedReadOnly(Self.reason)
    }
    #expect(!store.state.canUndo)
    // The command form, with the modal closed, leaves it closed.
    await store.send(.step(.counter(.destination(.dismiss)))) {
      $0.present.screens.notice = nil
      $0.present.counterDestination = nil
    }
    await store.send(.step(.counter(.favoriteCommand(.saveFavoritePrimeTapped)))) {
      $0.present.screens.notice = .refusedReadOnly(Self.reason)
    }
    // The next step is news of its own, and the count is no stored favorite.
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.screens.notice = nil
      $0.record(before: $0.present)
      $0.present.count = 8
    }
  }

  @Test func aDeleteAndALoadsAnswer_areRefused_andTheirAlertsDismissedWithTheRefusal() async {
    let favorites = readOnly(
      AppState(favoritePrimes: [2, 3], screens: ScreensState(page: .favorites)))
    let store = makeStore(favorites)
    await store.send(.step(.favoritePrimes(.deleteFavoritePrimes([0])))) {
      $0.present.screens.notice = .refusedReadOnly(Self.reason)
    }
    await store.send(.step(.alertsDismissed)) { $0.present.screens.notice = nil }
    await store.send(
      .feedback(.favoritePrimes(.loadResponse(.success(ImportedPrimes(primes: [5])))), step: 0)
    ) {
      $0.present.screens.notice = .refusedReadOnly(Self.reason)
    }
    #expect(store.state.present.favoritePrimes == [2, 3])
    #expect(store.state.present.activityFeed == [])
  }

  @Test func undoAndTravel_thatWouldChangeTheFavorites_areRefused_untilTheyAreWritable() async {
    let start = AppState(count: 7, counterDestination: .primeModal(alert: nil))
    let store = makeStore(start)
    let saved = Activity(id: UUID(1), kind: .added, prime: 7, timestamp: Self.at)
    await store.send(.step(Self.save)) {
      $0.record(before: start)
      $0.present.favoritePrimes = [7]
      $0.present.activityFeed = [saved]
      $0.present.screens.notice = .feature(.saved(7))
    }
    // The count's change closes the modal.
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.screens.notice = nil
      $0.record(before: $0.present)
      $0.present.count = 8
      $0.present.counterDestination = nil
    }
    await store.send(.step(.screens(.storageReadOnly(Self.reason)))) {
      $0.present.screens.storageStatus = .readOnly(Self.reason)
    }
    // The count's step is undone; the save's undo is refused, and so is a travel past it.
    await store.send(.undo) {
      $0.travel(by: -1, changing: \.undoable) { present, _, _ in present.count = 7 }
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 7, favorites: [7]))
    }
    await store.send(.undo) { $0.present.screens.notice = .refusedReadOnly(Self.reason) }
    // Refused too: the notice already says so, and stays.
    await store.send(.travel(by: -1))
    await store.send(.historyPage(.opened)) {
      $0.present.screens.notice = nil
      $0.present.screens.page = .history(
        ScreensState.HistoryVisit(openedAt: 1, returnPage: .counter))
    }
    await store.send(.historyPage(.moved(by: -1))) {
      $0.present.screens.notice = .refusedReadOnly(Self.reason)
    }
    #expect(store.state.undoCount == 1)
    // Writable again: the same undo goes through.
    await store.send(.step(.screens(.storageWritable))) { $0.present.screens.storageStatus = nil }
    await store.send(.historyPage(.moved(by: -1))) {
      $0.present.screens.notice = nil
      $0.travel(by: -1, changing: \.undoable) { present, _, _ in
        present.favoritePrimes = []
        present.activityFeed = []
      }
    }
    #expect(store.state.present.favoritePrimes == [])
    // Read-only again: the save's redo is refused too.
    await store.send(.step(.screens(.storageReadOnly(Self.reason)))) {
      $0.present.screens.storageStatus = .readOnly(Self.reason)
    }
    await store.send(.historyPage(.kept)) {
      $0.present.screens.page = .counter
    }
    await store.send(.redo) { $0.present.screens.notice = .refusedReadOnly(Self.reason) }
    #expect(store.state.canRedo)
  }

  @Test func anotherSessionsChange_isTakenIn_whileReadOnly() async {
    let store = makeStore(readOnly(AppState()))
    let feed = [Activity(id: UUID(9), kind: .added, prime: 11, timestamp: Self.at)]
    await store.send(
      .step(.storageChanged(StoredFavorites(favoritePrimes: [11], activityFeed: feed)))
    ) {
      $0.present.favoritePrimes = [11]
      $0.present.activityFeed = PersistentArray(feed)
    }
  }

  @Test func theLaunchWarning_standsOverARefusal() async {
    var state = readOnly(AppState(count: 7, counterDestination: .primeModal(alert: nil)))
    state.screens.destination = .launchWarning("favorites are read-only: …")
    let store = makeStore(state)
    await store.send(.step(Self.save)) {
      $0.present.screens.notice = .refusedReadOnly(Self.reason)
    }
    #expect(store.state.present.favoritePrimes == [])
    #expect(store.state.present.screens.launchWarning == "favorites are read-only: …")
  }
}
