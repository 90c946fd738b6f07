import AppCore
import AppTestSupport
import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritesLedger
import Foundation
import NthPrimeClient
import NthPrimeLookup
import Screens
import Testing

@MainActor
struct AppHistoryTests {
  func makeStore(
    _ state: AppState = AppState(), nthPrime: NthPrimeClient = .answering([7: 17])
  ) -> TestStore<History<AppState>, AppHistoryAction, AppEnvironment> {
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

  static let save = AppAction.counter(
    .destination(.presented(.primeModal(.saveFavoritePrimeTapped))))
  private static let remove = AppAction.counter(
    .destination(.presented(.primeModal(.removeFavoritePrimeTapped))))

  @Test func undoAndRedo_whereNothingChangedSince_takeTheVersionsTheStepWentBetween() {
    let environment = AppEnvironment(
      nthPrime: .failing, fileClient: .noop, now: { Date(timeIntervalSince1970: 0) })
    let store = Store(
      initialState: History(AppState(count: 7, counterDestination: .primeModal(alert: nil))),
      reducer: AppHistoryReducer(), environment: environment)
    let start = store.state.present.undoable
    store.send(.step(Self.save))
    let end = store.state.present.undoable
    // Undoing and redoing again and again flips between the two versions, and so costs the
    // step however often it is done, rather than a longer way between versions each time.
    for _ in 0..<3 {
      store.send(.undo)
      #expect(store.state.present.undoable.isIdentical(to: start))
      store.send(.redo)
      #expect(store.state.present.undoable.isIdentical(to: end))
    }
  }

  @Test func undoAndRedo_thatEndAtAStepsEnd_takeItsVersion_afterAnotherSessionsChange() {
    let environment = AppEnvironment(
      nthPrime: .failing, fileClient: .noop, now: { Date(timeIntervalSince1970: 0) })
    let store = Store(
      initialState: History(AppState(count: 17, counterDestination: .primeModal(alert: nil))),
      reducer: AppHistoryReducer(), environment: environment)
    store.send(.step(Self.save))
    // Another session had saved 5, and stored it first: the favorites and the feed are new
    // arrays from now on.
    let feed =
      [Activity(id: UUID(), kind: .added, prime: 5, timestamp: Date(timeIntervalSince1970: 0))]
      + Array(store.state.present.activityFeed)
    store.send(
      .step(.storageChanged(StoredFavorites(favoritePrimes: [5, 17], activityFeed: feed))))
    store.send(.step(.counter(.countEntered(19))))
    store.send(.step(.counter(.isPrimeTapped)))
    store.send(.step(Self.save))
    let end = store.state.present.undoable
    // Back over both saves and forward again: the first save's undo and redo are changes.
    store.send(.travel(by: -3))
    store.send(.travel(by: 3))
    #expect(store.state.present.favoritePrimes == [5, 17, 19])
    #expect(store.state.present.undoable.isIdentical(to: end))
  }

  /// A recording may ask to travel any number of steps: the travel goes as far as the history
  /// goes, and the words say how many were asked for.
  @Test func aTravelOfAnySize_goesAsFarAsTheHistory_andSaysAllThereWere() {
    let environment = AppEnvironment(
      nthPrime: .failing, fileClient: .noop, now: { Date(timeIntervalSince1970: 0) })
    let store = Store(
      initialState: History(AppState()), reducer: AppHistoryReducer(), environment: environment)
    store.send(.step(.counter(.incrTapped)))
    store.send(.step(.counter(.incrTapped)))
    store.send(.travel(by: .min))
    #expect(store.state.present.count == 0)
    #expect(
      store.state.present.screens.notice
        == .travelled(
          Travel(isBack: true, steps: 2, requested: .max, count: 0, favorites: [])))
    store.send(.travel(by: .max))
    #expect(store.state.present.count == 2)
    #expect(store.state.undoCount == 2)
  }

  @Test func undoOfARemoval_takesBackItsEntry_whenItIsStillThePrimesLast_whateverCameBefore()
    throws
  {
    let at = Date(timeIntervalSince1970: 0)
    let saved7 = Activity(id: UUID(70), kind: .added, prime: 7, timestamp: at)
    let saved11 = Activity(id: UUID(110), kind: .added, prime: 11, timestamp: at)
    let environment = AppEnvironment(
      nthPrime: .failing, fileClient: .noop, now: { at }, uuid: IncrementingUUIDs().next)
    let store = Store(
      initialState: History(
        AppState(
          count: 7, favoritePrimes: [7, 11], counterDestination: .primeModal(alert: nil),
          activityFeed: [saved7, saved11])),
      reducer: AppHistoryReducer(), environment: environment)
    store.send(.step(Self.remove))
    let removed = try #require(store.state.present.activityFeed.last)
    // An older entry of 7 is gone from what is stored; the removal is still 7's last entry.
    store.send(
      .step(
        .storageChanged(
          StoredFavorites(
            favoritePrimes: [11], activityFeed: [saved11, removed]))))
    store.send(.undo)
    #expect(store.state.present.activityFeed == [saved11])
    // With no save of 7 left in the feed to place it by, it goes last.
    #expect(store.state.present.favoritePrimes == [11, 7])
  }

  @Test func undoAndRedo_withNothingToTakeBack_onlySaySo_inANotice() async {
    let store = makeStore(AppState(count: 3))
    await store.send(.undo) { $0.present.screens.notice = .nothingToUndo }
    await store.send(.redo) { $0.present.screens.notice = .nothingToRedo }
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.screens.notice = nil
      $0.present.count = 4
      $0.record(before: AppState(count: 3))
    }
    await store.send(.redo) { $0.present.screens.notice = .nothingToRedo }
  }

  @Test func undoOfASave_removesTheFavoriteAndItsFeedEntry_redoBringsThemBack() async {
    let store = makeStore(AppState(count: 7, counterDestination: .primeModal(alert: nil)))
    await store.send(.step(Self.save)) {
      $0.record(before: $0.present)
      $0.present.favoritePrimes = [7]
      $0.present.activityFeed = [
        Activity(id: UUID(1), kind: .added, prime: 7, timestamp: Date(timeIntervalSince1970: 0))
      ]
      $0.present.screens.notice = .feature(.saved(7))
    }
    await store.send(.undo) {
      // The save's notice stands until the next step, which the undo is; the undo says
      // what it left, as it was when it was done.
      $0.present.screens.notice = nil
      $0.undo()
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 7, favorites: []))
    }
    #expect(store.state.present.favoritePrimes == [])
    #expect(store.state.present.activityFeed == [])
    await store.send(.redo) {
      $0.present.screens.notice = nil
      $0.redo()
      $0.present.screens.notice = .travelled(
        Travel(isBack: false, steps: 1, requested: 1, count: 7, favorites: [7]))
    }
    #expect(store.state.present.favoritePrimes == [7])
  }

  @Test func nthPrimeLookups_areNotUndoSteps_undoGoesToTheCountChange() async {
    let store = makeStore(AppState(count: 6))
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.count = 7
      $0.record(before: AppState(count: 6))
    }
    // How the features fit together: the lookup's own tests assert that it started. (Not
    // before: an assertion that records a step is made again on the state that has it.)
    store.exhaustivity = .off
    await store.send(.step(.counter(.nthPrimeTapped))) {
      $0.present.counterLookup = NthPrimeLookupState(n: 7)
    }
    await store.receive(
      .feedback(.counter(.nthPrimeLookup(.presented(.answered(n: 7, .success(17))))), step: 2)
    ) {
      $0.present.counterLookup = nil
      $0.present.counterDestination = .alert(.nthPrime(n: 7, prime: 17))
    }
    store.exhaustivity = .on
    await store.send(.step(.counter(.destination(.dismiss)))) {
      $0.present.counterDestination = nil
    }
    #expect(store.state.undoCount == 1)
    await store.send(.undo) {
      $0.undo()
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 6, favorites: []))
    }
    // What undo restores never brings back the dismissed answer, nor the finished lookup.
    #expect(
      store.state.present
        == AppState(
          count: 6,
          screens: ScreensState(
            notice: .travelled(
              Travel(isBack: true, steps: 1, requested: 1, count: 6, favorites: [])))))
    #expect(store.state.canRedo)
  }

  @Test func undoWhileALookupRuns_keepsTheLookup() async {
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
      $0.present.counterLookup = NthPrimeLookupState(n: 7)
    }
    await store.receive(.feedback(.counter(.nthPrimeLookup(.presented(.started))), step: 2))
    await store.send(.undo) {
      $0.undo()
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 6, favorites: []))
      $0.present.counterLookup = NthPrimeLookupState(n: 7)
    }
    answer.yield(17)
    await store.receive(
      .feedback(.counter(.nthPrimeLookup(.presented(.answered(n: 7, .success(17))))), step: 2)
    ) {
      $0.present.counterLookup = nil
      $0.present.counterDestination = .alert(.nthPrime(n: 7, prime: 17))
    }
  }

  @Test func dismissingAnAlert_isNotAnUndoStep() async {
    let store = makeStore(AppState(count: 1, counterDestination: .alert(.failure("hello"))))
    await store.send(.step(.counter(.destination(.dismiss)))) {
      $0.present.counterDestination = nil
    }
    #expect(!store.state.canUndo)
  }

  @Test func undoAndRedo_neverBringBackADismissedDialog() async {
    let store = makeStore(AppState(count: 6))
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.count = 7
      $0.record(before: AppState(count: 6))
    }
    await store.send(.step(.counter(.isPrimeTapped))) {
      $0.present.counterDestination = .primeModal(alert: nil)
    }
    await store.send(.step(Self.save)) {
      $0.record(before: $0.present)
      $0.present.favoritePrimes = [7]
      $0.present.activityFeed = [
        Activity(id: UUID(1), kind: .added, prime: 7, timestamp: Date(timeIntervalSince1970: 0))
      ]
      $0.present.screens.notice = .feature(.saved(7))
    }
    await store.send(.step(.counter(.destination(.dismiss)))) {
      $0.present.screens.notice = nil
      $0.present.counterDestination = nil
    }
    // Undo and redo restore the count and the favorites only: the modal stays closed.
    await store.send(.undo) {
      $0.travel(by: -1, restoring: \.undoable)
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 7, favorites: []))
    }
    await store.send(.undo) {
      $0.present.screens.notice = nil
      $0.travel(by: -1, restoring: \.undoable)
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 6, favorites: []))
    }
    await store.send(.redo) {
      $0.present.screens.notice = nil
      $0.travel(by: 1, restoring: \.undoable)
      $0.present.screens.notice = .travelled(
        Travel(isBack: false, steps: 1, requested: 1, count: 7, favorites: []))
    }
    #expect(store.state.present.counterDestination == nil)
  }

  @Test func refusedIncr_atTheLargestCount_isNoStep_undoGoesBackBeforeTheSet() async {
    let store = makeStore()
    await store.send(.step(.counter(.countEntered(.max)))) {
      $0.present.count = .max
      $0.record(before: AppState())
    }
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.counterDestination = .alert(
        .failure(
          "the count cannot go above 9223372036854775807; it stays at 9223372036854775807"))
    }
    #expect(store.state.undoCount == 1)
    await store.send(.step(.alertsDismissed)) { $0.present.counterDestination = nil }
    await store.send(.undo) {
      $0.undo()
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 0, favorites: []))
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
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 0, favorites: []))
    }
    await store.send(.step(.favoritePrimes(.loadButtonTapped(file: nil)))) {
      $0.present.screens.notice = nil
    }
    await store.receive(
      .feedback(
        .favoritePrimes(
          .loadResponse(.failure(ErrorMessage("could not read favorite-primes.json")))),
        step: 2)
    ) {
      $0.present.favoritesDestination = .alert(
        .failure("could not load the favorite primes: could not read favorite-primes.json"))
    }
    #expect(store.state.canRedo)
    await store.send(.step(.favoritePrimes(.destination(.dismiss)))) {
      $0.present.favoritesDestination = nil
    }
    await store.send(.redo) {
      $0.redo()
      $0.present.screens.notice = .travelled(
        Travel(isBack: false, steps: 1, requested: 1, count: 5, favorites: []))
    }
    #expect(store.state.present.count == 5)
  }

  @Test func exportAndItsAlert_areNoStep() async {
    let store = makeStore(AppState(count: 7, favoritePrimes: [7]))
    await store.send(.step(.favoritePrimes(.saveButtonTapped(file: nil))))
    await store.receive(
      .feedback(
        .favoritePrimes(
          .saveResponse(
            .failure(ErrorMessage("could not write favorite-primes.json")),
            file: "favorite-primes.json")),
        step: 1)
    ) {
      $0.present.favoritesDestination = .alert(
        .failure("could not save the favorite primes: could not write favorite-primes.json"))
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
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 0, favorites: []))
    }
    let feed = [Activity(id: UUID(9), kind: .added, prime: 11, timestamp: .init(milliseconds: 1))]
    await store.send(
      .step(.storageChanged(StoredFavorites(favoritePrimes: [11], activityFeed: feed)))
    ) {
      $0.present.favoritePrimes = [11]
      $0.present.activityFeed = PersistentArray(feed)
    }
    // The undo's notice says what it left when it was done; another session's change does not
    // rewrite it.
    #expect(
      store.state.present.screens.notice
        == .travelled(Travel(isBack: true, steps: 1, requested: 1, count: 0, favorites: [])))
    #expect(!store.state.canUndo)
    #expect(store.state.canRedo)
  }

  // MARK: - Undo and redo as changes to what is stored now

  /// A store in which this session saved 17, as its one step, and another session then
  /// removed it.
  private func storeWhereAnotherSessionRemovedASavedPrime() async -> TestStore<
    History<AppState>, AppHistoryAction, AppEnvironment
  > {
    let start = AppState(count: 17, counterDestination: .primeModal(alert: nil))
    let store = makeStore(start)
    let at = Date(timeIntervalSince1970: 0)
    let saved = Activity(id: UUID(1), kind: .added, prime: 17, timestamp: at)
    await store.send(.step(Self.save)) {
      $0.record(before: start)
      $0.present.favoritePrimes = [17]
      $0.present.activityFeed = [saved]
      $0.present.screens.notice = .feature(.saved(17))
    }
    // Another session removes 17.
    let removed = Activity(id: UUID(50), kind: .removed, prime: 17, timestamp: at)
    await store.send(
      .step(.storageChanged(StoredFavorites(favoritePrimes: [], activityFeed: [saved, removed])))
    ) {
      $0.changeOutsideSteps {
        $0.favoritePrimes = []
        $0.activityFeed = [saved, removed]
      }
    }
    return store
  }

  /// Opens the history page of a store whose one step is a save, from the counter.
  private func openTheHistoryPageAfterTheSave(
    _ store: TestStore<History<AppState>, AppHistoryAction, AppEnvironment>
  ) async {
    await store.send(.historyPage(.opened)) {
      $0.present.screens.notice = nil
      $0.present.screens.page = .history(
        ScreensState.HistoryVisit(openedAt: 1, returnPage: .counter))
    }
  }

  @Test func movingOnTheHistoryPage_saysWhatAnotherSessionHadAlreadyDone_andOnlyThen() async {
    let store = await storeWhereAnotherSessionRemovedASavedPrime()
    let at = Date(timeIntervalSince1970: 0)
    await openTheHistoryPageAfterTheSave(store)
    // A step back takes back nothing, and the page says why, as undo does.
    await store.send(.historyPage(.moved(by: -1))) {
      $0.travel(by: -1, changing: \.undoable) { _, _, _ in }
      $0.present.screens.notice = .travelled(
        Travel(
          isBack: true, steps: 1, requested: 1,
          step: .favorites(saved: .one(17), removed: .none),
          alreadyDone: [.init(prime: 17, saved: false)], count: 17, favorites: []))
    }
    // A step forward saves 17 again; nothing was done already, so the page says nothing.
    await store.send(.historyPage(.moved(by: 1))) {
      $0.present.screens.notice = nil
      $0.travel(by: 1, changing: \.undoable) { present, _, _ in
        present.favoritePrimes = [17]
        present.activityFeed.append(
          Activity(id: UUID(2), kind: .added, prime: 17, timestamp: at))
      }
    }
  }

  /// The store of ``storeWhereAnotherSessionRemovedASavedPrime()`` as a replay runs it, with
  /// the travels of earlier formats (``ReplayReducer``).
  private func replaying(
    _ store: TestStore<History<AppState>, AppHistoryAction, AppEnvironment>
  ) -> TestStore<History<AppState>, ReplayedAction, AppEnvironment> {
    let ids = IncrementingUUIDs()
    return TestStore(
      initialState: store.state, reducer: ReplayReducer(),
      environment: AppEnvironment(
        nthPrime: .failing, fileClient: .failing, now: { Date(timeIntervalSince1970: 0) },
        uuid: { ids.next() }))
  }

  @Test func aRecordingOfVersion7_movesOnTheHistoryPage_sayingNothing_asItWasMade() async {
    let app = await storeWhereAnotherSessionRemovedASavedPrime()
    await openTheHistoryPageAfterTheSave(app)
    let store = replaying(app)
    await store.send(.quietHistoryPage(.moved(by: -1), restoring: false)) {
      $0.travel(by: -1, changing: \.undoable) { _, _, _ in }
    }
  }

  @Test func aRecordingBeforeVersion7_movesOnTheHistoryPage_byRestoring_sayingNothing() async {
    let app = await storeWhereAnotherSessionRemovedASavedPrime()
    await openTheHistoryPageAfterTheSave(app)
    let store = replaying(app)
    // Back to the state before the save, as it was when the step was made: another session's
    // removal of 17 is not left, it is restored over, and nothing is said of it.
    await store.send(.quietHistoryPage(.moved(by: -1), restoring: true)) {
      $0.travel(by: -1, restoring: \.undoable)
    }
  }

  @Test func aRestoringTravel_keepsTheFavoritesSelectionOnItsPrime() async {
    let environment = AppEnvironment(
      nthPrime: .failing, fileClient: .failing, now: { Date(timeIntervalSince1970: 0) },
      uuid: { UUID(1) })
    let app = Store(
      initialState: History(
        AppState(
          favoritePrimes: [2, 3, 5],
          screens: ScreensState(page: .favorites, selection: .init(row: 1, top: 0, prime: 3)))),
      reducer: AppHistoryReducer(), environment: environment)
    app.send(.step(.favoritePrimes(.deleteFavoritePrimes([1]))))
    #expect(app.state.present.screens.selection == .init(row: 1, top: 0, prime: 5))
    let store = TestStore(
      initialState: app.state, reducer: ReplayReducer(), environment: environment)
    // The travel of an earlier format brings 3 back above 5: the selection stays on 5.
    await store.send(.restoringTravel(by: -1)) {
      $0.present.screens.notice = nil
      $0.travel(by: -1, restoring: \.undoable)
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 0, favorites: [2, 3, 5]))
      $0.present.screens.selection = .init(row: 2, top: 0, prime: 5)
    }
  }

  @Test func aRestoringTravel_restoresTheStatesAStepWentBetween_andSaysWhatItLeft() async {
    let store = replaying(await storeWhereAnotherSessionRemovedASavedPrime())
    let at = Date(timeIntervalSince1970: 0)
    let saved = Activity(id: UUID(1), kind: .added, prime: 17, timestamp: at)
    // Undo restores the state before the save, whatever another session did since.
    await store.send(.restoringTravel(by: -1)) {
      $0.present.screens.notice = nil
      $0.travel(by: -1, restoring: \.undoable)
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 17, favorites: []))
    }
    // Redo restores the state after it: the save, and its one entry, with no new one.
    await store.send(.restoringTravel(by: 1)) {
      $0.present.screens.notice = nil
      $0.travel(by: 1, restoring: \.undoable)
      $0.present.screens.notice = .travelled(
        Travel(isBack: false, steps: 1, requested: 1, count: 17, favorites: [17]))
    }
    #expect(store.state.present.activityFeed == [saved])
    // The app's own actions run as the app runs them.
    await store.send(.app(.step(.counter(.countEntered(18))))) {
      $0.present.screens.notice = nil
      $0.record(before: $0.present)
      $0.present.count = 18
      $0.present.counterDestination = nil
    }
  }

  @Test func undoOfASaveAnotherSessionTookBack_saysSo_andRedoSavesItAgain() async {
    let store = await storeWhereAnotherSessionRemovedASavedPrime()
    let at = Date(timeIntervalSince1970: 0)
    // Undo has nothing left to take back, and says so; it takes no entry of the feed back.
    await store.send(.undo) {
      $0.present.screens.notice = nil
      $0.travel(by: -1, changing: \.undoable) { _, _, _ in }
      $0.present.screens.notice = .travelled(
        Travel(
          isBack: true, steps: 1, requested: 1,
          step: .favorites(saved: .one(17), removed: .none),
          alreadyDone: [.init(prime: 17, saved: false)], count: 17, favorites: []))
    }
    // Redo saves 17 again, by a new entry: the step's own entry is behind another's removal.
    let savedAgain = Activity(id: UUID(2), kind: .added, prime: 17, timestamp: at)
    await store.send(.redo) {
      $0.present.screens.notice = nil
      $0.travel(by: 1, changing: \.undoable) { present, _, _ in
        present.favoritePrimes = [17]
        present.activityFeed.append(savedAgain)
      }
      $0.present.screens.notice = .travelled(
        Travel(isBack: false, steps: 1, requested: 1, count: 17, favorites: [17]))
    }
    // And undo takes that save back again.
    await store.send(.undo) {
      $0.present.screens.notice = nil
      $0.travel(by: -1, changing: \.undoable) { present, _, _ in
        present.favoritePrimes = []
        present.activityFeed.append(
          Activity(id: UUID(3), kind: .removed, prime: 17, timestamp: at))
      }
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 17, favorites: []))
    }
  }

  /// A store of the app with history, the prime modal open on `count`, and known identities.
  private static func storeWithPrimeModalOpen(
    count: Int
  ) -> Store<History<AppState>, AppHistoryAction> {
    let ids = IncrementingUUIDs()
    return Store(
      initialState: History(AppState(count: count, counterDestination: .primeModal(alert: nil))),
      reducer: AppHistoryReducer(),
      environment: AppEnvironment(
        nthPrime: .failing, fileClient: .noop, now: { Date(timeIntervalSince1970: 0) },
        uuid: { ids.next() }))
  }

  @Test func undoOfARemoval_bringsThePrimeBackInItsPlace_besideAnotherSessionsSave() {
    let store = Self.storeWithPrimeModalOpen(count: 5)
    store.send(.step(Self.save))
    store.send(.step(.counter(.countEntered(7))))
    store.send(.step(.counter(.isPrimeTapped)))
    store.send(.step(Self.save))
    store.send(.step(.counter(.countEntered(5))))
    store.send(.step(.counter(.isPrimeTapped)))
    store.send(.step(Self.remove))
    #expect(store.state.present.favoritePrimes == [7])
    var feed = Array(store.state.present.activityFeed)
    feed.append(Activity(id: UUID(50), kind: .added, prime: 11, timestamp: .init(milliseconds: 1)))
    store.send(
      .step(.storageChanged(StoredFavorites(favoritePrimes: [7, 11], activityFeed: feed))))
    store.send(.undo)
    #expect(store.state.present.favoritePrimes == [5, 7, 11])
    #expect(store.state.present.activityFeed.map(\.prime) == [5, 7, 11])
    #expect(
      store.state.present.screens.notice
        == .travelled(
          Travel(isBack: true, steps: 1, requested: 1, count: 5, favorites: [5, 7, 11])))
    // Redo writes the removal again, last.
    store.send(.redo)
    #expect(store.state.present.favoritePrimes == [7, 11])
    #expect(store.state.present.activityFeed.map(\.prime) == [5, 7, 11, 5])
  }

  /// Redo after another session's save writes the step's entry again last, with the time of
  /// the redo, so that the feed, newest last, stays in time order.
  @Test func redoPastAnotherSessionsSave_writesItsEntryAgain_atTheTimeOfTheRedo() {
    // The save reads 1,000 ms, the redo 3,000.
    let clock = SteppingClock(from: Date(milliseconds: 1_000), by: 2)
    let ids = IncrementingUUIDs()
    let store = Store(
      initialState: History(AppState(count: 7, counterDestination: .primeModal(alert: nil))),
      reducer: AppHistoryReducer(),
      environment: AppEnvironment(
        nthPrime: .failing, fileClient: .noop, now: { clock.now() }, uuid: { ids.next() }))
    store.send(.step(Self.save))
    let saved = store.state.present.activityFeed.last
    store.send(.undo)
    let theirs = Activity(
      id: UUID(50), kind: .added, prime: 11, timestamp: .init(milliseconds: 2_000))
    store.send(
      .step(.storageChanged(StoredFavorites(favoritePrimes: [11], activityFeed: [theirs]))))
    store.send(.redo)
    #expect(store.state.present.favoritePrimes == [11, 7])
    #expect(store.state.present.activityFeed.map(\.id) == [theirs.id, saved?.id])
    #expect(store.state.present.activityFeed.map(\.timestamp.milliseconds) == [2_000, 3_000])
  }

  @Test func aStepAnotherSessionTookBack_isMarkedInTheHistory_butNotOneThisSessionUndidLater() {
    let store = Self.storeWithPrimeModalOpen(count: 17)
    store.send(.step(Self.save))
    store.send(.step(.counter(.countEntered(5))))
    store.send(.step(.counter(.isPrimeTapped)))
    store.send(.step(Self.save))
    store.send(.step(Self.remove))
    #expect(store.state.row(1).words == "saved 17")
    #expect(store.state.row(3).words == "saved 5")
    let removed = Activity(
      id: UUID(50), kind: .removed, prime: 17, timestamp: .init(milliseconds: 1))
    let feed = Array(store.state.present.activityFeed) + [removed]
    store.send(.step(.storageChanged(StoredFavorites(favoritePrimes: [], activityFeed: feed))))
    #expect(store.state.row(1).words == "saved 17 (taken back in another session)")
    #expect(store.state.row(3).words == "saved 5")
    #expect(store.state.row(4).words == "removed 5")
  }

  @Test func undoOfARemoval_putsThePrimeWhereItsSaveIs_beforeAPrimeAnotherSessionSavedLater() {
    let store = Self.storeWithPrimeModalOpen(count: 3)
    store.send(.step(Self.save))
    store.send(.step(.counter(.countEntered(7))))
    store.send(.step(.counter(.isPrimeTapped)))
    store.send(.step(Self.save))
    store.send(.step(Self.remove))
    let feed =
      Array(store.state.present.activityFeed)
      + [Activity(id: UUID(50), kind: .added, prime: 13, timestamp: .init(milliseconds: 1))]
    store.send(
      .step(.storageChanged(StoredFavorites(favoritePrimes: [3, 13], activityFeed: feed))))
    store.send(.undo)
    #expect(store.state.present.favoritePrimes == [3, 7, 13])
    store.send(.redo)
    store.send(.undo)
    #expect(store.state.present.favoritePrimes == [3, 7, 13])
  }
}
