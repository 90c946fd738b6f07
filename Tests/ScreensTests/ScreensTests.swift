import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Screens
import Testing

@MainActor
struct ScreensTests {
  /// A terminal of 16 rows: the favorites list shows 12 of them, the feed 13 entries.
  private let size = Size(columns: 60, rows: 16)

  private func makeStore(
    _ screens: ScreensState? = nil, favoritePrimes: PersistentArray<Int> = [],
    activityCount: Int = 0
  ) -> TestStore<ScreensFeatureState, ScreensAction, Void> {
    TestStore(
      initialState: ScreensFeatureState(
        screens: screens ?? ScreensState(size: size), favoritePrimes: favoritePrimes,
        activityCount: activityCount),
      reducer: ScreensReducer(), environment: ())
  }

  @Test func pageOpened_showsThePage() async {
    let store = makeStore()
    await store.send(.pageOpened(.favorites)) { $0.screens.page = .favorites }
    await store.send(.pageOpened(.counter)) { $0.screens.page = .counter }
  }

  @Test func openingTheActivityFeed_startsAtItsNewest() async {
    let store = makeStore(
      ScreensState(page: .favorites, activityEnd: 3, size: size), activityCount: 40)
    await store.send(.pageOpened(.activity)) {
      $0.screens.page = .activity
      $0.screens.activityEnd = nil
    }
  }

  @Test func selectionMoved_staysWithinTheList_andNotesItsPrime() async {
    let store = makeStore(favoritePrimes: [2, 3, 5])
    await store.send(.selectionMoved(by: 1)) {
      $0.screens.selection = ScreensState.Selection(row: 1, top: 0, prime: 3)
    }
    await store.send(.selectionMoved(by: 5)) {
      $0.screens.selection = ScreensState.Selection(row: 2, top: 0, prime: 5)
    }
    await store.send(.selectionMoved(by: -9)) {
      $0.screens.selection = ScreensState.Selection(row: 0, top: 0, prime: 2)
    }
  }

  @Test func selectionMoved_pastTheLastVisibleRow_scrollsTheList() async {
    let store = makeStore(favoritePrimes: PersistentArray(Array(1...30)))
    await store.send(.selectionMoved(by: 12)) {
      $0.screens.selection = ScreensState.Selection(row: 12, top: 1, prime: 13)
    }
    await store.send(.selectionMoved(by: -12)) {
      $0.screens.selection = ScreensState.Selection(row: 0, top: 0, prime: 1)
    }
  }

  /// A recording may hold any step, selection or size: the moves saturate at the list's ends
  /// rather than overflow.
  @Test func movesOfAnySize_stopAtTheEnds() async {
    let store = makeStore(
      ScreensState(
        selection: .init(row: .max, top: .max, prime: nil), activityEnd: .min,
        size: Size(columns: .max, rows: .max)),
      favoritePrimes: PersistentArray(Array(1...30)), activityCount: 20)
    await store.send(.selectionMoved(by: .max)) {
      $0.screens.selection = ScreensState.Selection(row: 29, top: 0, prime: 30)
    }
    await store.send(.selectionMoved(by: .min)) {
      $0.screens.selection = ScreensState.Selection(row: 0, top: 0, prime: 1)
    }
    await store.send(.terminalResized(Size(columns: .min, rows: .min))) {
      $0.screens.size = Size(columns: .min, rows: .min)
    }
    // One row for the list and one for the feed: the feed can pass over 19 of 20 entries.
    await store.send(.selectionMoved(by: .max)) {
      $0.screens.selection = ScreensState.Selection(row: 29, top: 29, prime: 30)
    }
    await store.send(.activityScrolled(by: .max)) { $0.screens.activityEnd = 1 }
    await store.send(.activityScrolled(by: .min)) { $0.screens.activityEnd = nil }
    // Pages of any count, on any size, stop at the ends too.
    await store.send(.terminalResized(Size(columns: .max, rows: .max))) {
      $0.screens.size = Size(columns: .max, rows: .max)
    }
    await store.send(.selectionPaged(by: .min)) {
      $0.screens.selection = ScreensState.Selection(row: 0, top: 0, prime: 1)
    }
    await store.send(.selectionPaged(by: .max)) {
      $0.screens.selection = ScreensState.Selection(row: 29, top: 0, prime: 30)
    }
    await store.send(.activityPaged(by: .max))
    await store.send(.terminalResized(Size(columns: 60, rows: 7))) {
      $0.screens.size = Size(columns: 60, rows: 7)
    }
    await store.send(.activityPaged(by: .max)) { $0.screens.activityEnd = 4 }
    await store.send(.activityPaged(by: .min)) { $0.screens.activityEnd = nil }
  }

  @Test func selectionPaged_movesTheSelectionAndTheRowsShown_aPageAtATime() async {
    // 12 of the 30 rows show.
    let store = makeStore(favoritePrimes: PersistentArray(Array(1...30)))
    await store.send(.selectionPaged(by: 1)) {
      $0.screens.selection = ScreensState.Selection(row: 12, top: 12, prime: 13)
    }
    // The last page shows the last 12 rows.
    await store.send(.selectionPaged(by: 1)) {
      $0.screens.selection = ScreensState.Selection(row: 24, top: 18, prime: 25)
    }
    await store.send(.selectionPaged(by: 1)) {
      $0.screens.selection = ScreensState.Selection(row: 29, top: 18, prime: 30)
    }
    await store.send(.selectionPaged(by: 1))
    await store.send(.selectionPaged(by: -1)) {
      $0.screens.selection = ScreensState.Selection(row: 17, top: 6, prime: 18)
    }
    await store.send(.selectionPaged(by: -2)) {
      $0.screens.selection = ScreensState.Selection(row: 0, top: 0, prime: 1)
    }
  }

  @Test func selectionMovedToFirstOrLast_reachesTheEnd_ofAnyList() async {
    let store = makeStore(favoritePrimes: PersistentArray(1...100_000))
    await store.send(.selectionMovedToLast) {
      $0.screens.selection = ScreensState.Selection(row: 99_999, top: 99_988, prime: 100_000)
    }
    await store.send(.selectionMovedToFirst) {
      $0.screens.selection = ScreensState.Selection(row: 0, top: 0, prime: 1)
    }
    let empty = makeStore()
    await empty.send(.selectionMovedToLast)
    await empty.send(.selectionPaged(by: 1))
  }

  @Test func activityPaged_andScrolledToEitherEnd_moveWithinTheFeed() async {
    // 40 entries, 13 shown: 27 can be passed over.
    let store = makeStore(ScreensState(page: .activity, size: size), activityCount: 40)
    await store.send(.activityPaged(by: 1)) { $0.screens.activityEnd = 27 }
    await store.send(.activityPaged(by: 1)) { $0.screens.activityEnd = 14 }
    await store.send(.activityPaged(by: 1)) { $0.screens.activityEnd = 13 }
    await store.send(.activityPaged(by: -1)) { $0.screens.activityEnd = 26 }
    await store.send(.activityScrolledToNewest) { $0.screens.activityEnd = nil }
    await store.send(.activityScrolledToOldest) { $0.screens.activityEnd = 13 }
    await store.send(.activityScrolledToOldest)
    await store.send(.activityPaged(by: -3)) { $0.screens.activityEnd = nil }
  }

  @Test func helpOpened_coversThePage_untilHelpClosed() async {
    let store = makeStore(ScreensState(page: .favorites, size: size), favoritePrimes: [2])
    await store.send(.helpOpened) { $0.screens.destination = .help }
    await store.send(.helpClosed) { $0.screens.destination = nil }
  }

  @Test func theSelection_followsItsPrime_whenARowAboveGoes() {
    var feature = ScreensFeatureState(
      screens: ScreensState(selection: .init(row: 2, top: 0, prime: 5), size: size),
      favoritePrimes: [2, 3, 5, 7], activityCount: 0)
    feature.favoritePrimes = [3, 5, 7]
    #expect(feature.selection == ScreensState.Selection(row: 1, top: 0, prime: 5))
    // A prime no longer there leaves the selection on its row, now the next prime's.
    feature.favoritePrimes = [3, 7]
    #expect(feature.selection == ScreensState.Selection(row: 1, top: 0, prime: 7))
    feature.favoritePrimes = []
    #expect(feature.selection == ScreensState.Selection(row: 0, top: 0, prime: nil))
  }

  @Test func activityScrolled_movesWithinTheFeed() async {
    // 20 entries, 13 shown: 7 can be passed over.
    let store = makeStore(ScreensState(page: .activity, size: size), activityCount: 20)
    await store.send(.activityScrolled(by: 1)) { $0.screens.activityEnd = 19 }
    await store.send(.activityScrolled(by: 10)) { $0.screens.activityEnd = 13 }
    await store.send(.activityScrolled(by: -6)) { $0.screens.activityEnd = 19 }
    await store.send(.activityScrolled(by: -1)) { $0.screens.activityEnd = nil }
    await store.send(.activityScrolled(by: -1))
  }

  @Test func theActivityScroll_keepsItsEntries_whenOthersArrive() {
    var feature = ScreensFeatureState(
      screens: ScreensState(page: .activity, activityEnd: 18, size: size), favoritePrimes: [],
      activityCount: 20)
    #expect(feature.activityScroll == 2)
    feature.activityCount = 23
    #expect(feature.activityScroll == 5)
    // Entries taken back by undo past the end leave the feed at its newest.
    feature.activityCount = 15
    #expect(feature.activityScroll == 0)
  }

  @Test func terminalResized_isRemembered() async {
    let store = makeStore()
    await store.send(.terminalResized(Size(columns: 30, rows: 8))) {
      $0.screens.size = Size(columns: 30, rows: 8)
    }
  }

  @Test func theLaunchWarning_staysUntilClosed() async {
    let store = makeStore()
    await store.send(.launchWarned("favorites are kept in memory only")) {
      $0.screens.destination = .launchWarning("favorites are kept in memory only")
    }
    await store.send(.launchWarningClosed) { $0.screens.destination = nil }
  }

  @Test func aStorageProblem_staysUntilStorageRecovers() async {
    let store = makeStore()
    await store.send(.storageFailed("disk full; the changes are kept in memory")) {
      $0.screens.storageStatus = .failed("disk full; the changes are kept in memory")
    }
    #expect(store.state.screens.storageProblem == "disk full; the changes are kept in memory")
    await store.send(.storageRecovered) { $0.screens.storageStatus = nil }
  }

  @Test func aWaitForTheDatabase_standsUntilItEnds_andWhatComesNextSaysTheRest() async {
    let store = makeStore()
    let waiting = "waiting for another program that holds primetime.sqlite"
    await store.send(.storageWaiting(waiting)) { $0.screens.storageStatus = .waiting(waiting) }
    #expect(store.state.screens.storageProblem == nil)
    // A write that was failing waits again: the wait stands in place of the failure, and the
    // write's end says how it went.
    await store.send(.storageWaitEnded) { $0.screens.storageStatus = nil }
    await store.send(.storageFailed("disk full")) {
      $0.screens.storageStatus = .failed("disk full")
    }
    await store.send(.storageWaiting(waiting)) { $0.screens.storageStatus = .waiting(waiting) }
    await store.send(.storageWaitEnded) { $0.screens.storageStatus = nil }
    // The end of a wait clears no failure, nor a recovery a wait.
    await store.send(.storageFailed("disk full")) {
      $0.screens.storageStatus = .failed("disk full")
    }
    await store.send(.storageWaitEnded)
    await store.send(.storageWaiting(waiting)) { $0.screens.storageStatus = .waiting(waiting) }
    await store.send(.storageRecovered)
  }

  @Test func readOnlyFavorites_standUntilWritable_overAFailureOrAWait() async {
    let store = makeStore()
    let reason = "the data directory /d is not writable (Permission denied)"
    await store.send(.storageReadOnly(reason)) { $0.screens.storageStatus = .readOnly(reason) }
    #expect(store.state.screens.readOnly == reason)
    // A read that fails, or waits, leaves them read-only: the app goes on refusing changes.
    await store.send(.storageFailed("could not read /d/primetime.sqlite"))
    await store.send(.storageWaiting("waiting for another program"))
    await store.send(.storageRecovered)
    await store.send(.storageWaitEnded)
    await store.send(.storageWritable) { $0.screens.storageStatus = nil }
    // Writable news clears nothing else.
    await store.send(.storageFailed("disk full")) {
      $0.screens.storageStatus = .failed("disk full")
    }
    await store.send(.storageWritable)
    await store.send(.storageReadOnly(reason)) { $0.screens.storageStatus = .readOnly(reason) }
  }

  @Test func quitTapped_endsTheApp_andALaterSignalChangesNothing() async {
    let store = makeStore()
    await store.send(.quitTapped) { $0.screens.ending = .quit }
    await store.send(.signalReceived(15))
  }

  @Test func aSignal_endsTheApp_andAKeyReadWithItDoesNotTurnItIntoAQuit() async {
    let store = makeStore()
    await store.send(.signalReceived(15)) { $0.screens.ending = .signal(15) }
    await store.send(.quitTapped)
  }
}
