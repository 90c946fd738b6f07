import Alerts
import AppCore
import AppTestSupport
import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritePrimesFormat
import FavoritesLedger
import FileClient
import Foundation
import NthPrimeClient
import NthPrimeLookup
import Screens
import Testing

private func at(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

@MainActor
struct AppCoreTests {
  private func makeStore(
    _ state: AppState = AppState(),
    nthPrime: NthPrimeClient = .answering([7: 17, 2: 3, 5: 11]),
    fileClient: FileClient = .failing
  ) -> TestStore<AppState, AppAction, AppEnvironment> {
    // Readings at t = 1000, 1001, 1002, … seconds: each distinct and known.
    let clock = SteppingClock(from: at(1000), by: 1)
    let ids = IncrementingUUIDs()
    return TestStore(
      initialState: state,
      reducer: AppReducer(),
      environment: AppEnvironment(
        nthPrime: nthPrime, fileClient: fileClient, now: { clock.now() }, uuid: { ids.next() })
    )
  }

  private static let save = AppAction.counter(
    .destination(.presented(.primeModal(.saveFavoritePrimeTapped))))
  private static let remove = AppAction.counter(
    .destination(.presented(.primeModal(.removeFavoritePrimeTapped))))

  @Test func dismissingTheLookup_cancelsItThroughThePullbacks_andNothingArrives() async {
    let (answers, answer) = AsyncStream<Int>.makeStream()
    let store = makeStore(
      AppState(count: 7),
      nthPrime: NthPrimeClient { _ in
        for await prime in answers { return prime }
        throw CancellationError()
      })
    let request = await store.send(.counter(.nthPrimeTapped)) {
      $0.counterLookup = NthPrimeLookupState(n: 7)
    }
    await store.receive(.counter(.nthPrimeLookup(.presented(.started))))
    await store.send(.counter(.nthPrimeLookup(.dismiss))) {
      $0.counterLookup = nil
      $0.screens.notice = .feature(.cancelled)
    }
    answer.yield(17)
    await request.finish()
    await store.finish()
  }

  @Test func eachScreensLookup_isItsOwn_andDismissingOneLeavesTheOther() async {
    let (answers, answer) = AsyncStream<Int>.makeStream()
    let store = makeStore(
      AppState(count: 7, favoritePrimes: [11]),
      nthPrime: NthPrimeClient { n in
        guard n == 11 else {
          for await prime in answers { return prime }
          throw CancellationError()
        }
        return 31
      })
    let counterLookup = await store.send(.counter(.nthPrimeTapped)) {
      $0.counterLookup = NthPrimeLookupState(n: 7)
    }
    await store.receive(.counter(.nthPrimeLookup(.presented(.started))))
    await store.send(.screens(.pageOpened(.favorites))) { $0.screens.page = .favorites }
    await store.send(.favoritePrimes(.primeTapped(at: 0))) {
      $0.favoritesLookup = NthPrimeLookupState(n: 11)
    }
    await store.receive(.favoritePrimes(.nthPrimeLookup(.presented(.started))))
    await store.receive(
      .favoritePrimes(.nthPrimeLookup(.presented(.answered(n: 11, .success(31)))))
    ) {
      $0.favoritesLookup = nil
      $0.favoritesDestination = .alert(.nthPrime(n: 11, prime: 31))
    }
    await store.send(.counter(.nthPrimeLookup(.dismiss))) {
      $0.counterLookup = nil
      $0.screens.notice = .feature(.cancelled)
    }
    answer.yield(17)
    await counterLookup.finish()
    await store.finish()
  }

  @Test func counterActions_reachTheAppState() async {
    let store = makeStore()
    await store.send(.counter(.incrTapped)) { $0.count = 1 }
    await store.send(.counter(.countEntered(6))) { $0.count = 6 }
    await store.send(.counter(.isPrimeTapped)) { $0.counterDestination = .primeModal(alert: nil) }
    await store.send(.counter(.destination(.dismiss))) { $0.counterDestination = nil }
  }

  @Test func savingInTheModal_addsAFeedEntry_removingAddsAnother() async {
    let store = makeStore(AppState(count: 7, counterDestination: .primeModal(alert: nil)))
    await store.send(Self.save) {
      $0.favoritePrimes = [7]
      $0.screens.notice = .feature(.saved(7))
      $0.activityFeed = [Activity(id: UUID(1), kind: .added, prime: 7, timestamp: at(1000))]
    }
    await store.send(Self.remove) {
      $0.favoritePrimes = []
      $0.screens.notice = .feature(.removed(7))
      $0.activityFeed.append(Activity(id: UUID(2), kind: .removed, prime: 7, timestamp: at(1001)))
    }
  }

  @Test func refusedSaves_addNoFeedEntry() async {
    let store = makeStore(
      AppState(count: 7, favoritePrimes: [7], counterDestination: .primeModal(alert: nil)))
    await store.send(Self.save) {
      $0.counterDestination = .primeModal(alert: .failure("7 is a favorite prime already"))
    }
    await store.send(.alertsDismissed) { $0.counterDestination = .primeModal(alert: nil) }
    await store.send(.counter(.countEntered(8))) {
      $0.count = 8
      $0.counterDestination = nil
    }
    await store.send(.counter(.isPrimeTapped)) { $0.counterDestination = .primeModal(alert: nil) }
    await store.send(Self.save) {
      $0.counterDestination = .primeModal(
        alert: .failure("8 is not prime, so it cannot be a favorite"))
    }
    await store.send(Self.remove) {
      $0.counterDestination = .primeModal(alert: .failure("8 is not a favorite prime"))
    }
  }

  @Test func deletingSeveralRows_addsAFeedEntryForEach() async {
    let store = makeStore(
      AppState(favoritePrimes: [2, 3, 5, 7], screens: ScreensState(page: .favorites)))
    await store.send(.favoritePrimes(.deleteFavoritePrimes([3, 1]))) {
      $0.favoritePrimes = [2, 5]
      $0.screens.notice = .feature(.deleted([3, 7]))
      $0.activityFeed = [
        Activity(id: UUID(1), kind: .removed, prime: 3, timestamp: at(1000)),
        Activity(id: UUID(2), kind: .removed, prime: 7, timestamp: at(1000)),
      ]
    }
  }

  @Test func deletingRowsPastTheEnd_changesNothing_andAddsNoFeedEntry() async {
    let store = makeStore(
      AppState(favoritePrimes: [2, 3], screens: ScreensState(page: .favorites)))
    await store.send(.favoritePrimes(.deleteFavoritePrimes([2, 5]))) {
      $0.favoritesDestination = .alert(.failure("there is no 3rd favorite prime: there are 2"))
    }
    await store.send(.favoritePrimes(.destination(.dismiss))) { $0.favoritesDestination = nil }
    await store.send(.favoritePrimes(.deleteFavoritePrimes([0, 5]))) {
      $0.favoritesDestination = .alert(.failure("there is no 6th favorite prime: there are 2"))
    }
  }

  @Test func loadingFavorites_addsThePrimesNotYetFavorites_andRecordsThem() async throws {
    let files = InMemoryFiles([FavoritePrimesFile.name: Data("[3, 5, 4, 7, 5]".utf8)])
    let store = makeStore(AppState(favoritePrimes: [2, 3]), fileClient: .inMemory(files))
    await store.send(.favoritePrimes(.loadButtonTapped(file: nil)))
    await store.receive(
      .favoritePrimes(
        .loadResponse(.success(ImportedPrimes(primes: [3, 5, 7], notPrime: [4], repeated: [5]))))
    ) {
      $0.favoritePrimes = [2, 3, 5, 7]
      $0.screens.notice = .feature(
        .imported(found: 3, added: 2, skipped: [.init("4", .notPrime), .init("5", .listedTwice)]))
      $0.activityFeed = [
        Activity(id: UUID(1), kind: .added, prime: 5, timestamp: at(1000)),
        Activity(id: UUID(2), kind: .added, prime: 7, timestamp: at(1000)),
      ]
    }
  }

  @Test func storageChanged_replacesTheFavoritesAndTheFeed() async {
    let store = makeStore(AppState(count: 3, favoritePrimes: [2]))
    let feed = [Activity(id: UUID(9), kind: .added, prime: 5, timestamp: at(1))]
    await store.send(.storageChanged(StoredFavorites(favoritePrimes: [5], activityFeed: feed))) {
      $0.favoritePrimes = [5]
      $0.activityFeed = PersistentArray(feed)
    }
  }

  /// Another session undid a removal of 3 and saved 11: 3 goes back where its save puts it, and
  /// 11 last; an entry memory never held, taken back, changes nothing.
  @Test func storageUpdated_takesInWhatAnotherSessionChanged_asTheLedgerSays() async {
    let entry = { (id: UInt64, kind: Activity.Kind, prime: Int) in
      Activity(id: UUID(id), kind: kind, prime: prime, timestamp: at(1))
    }
    let undone = entry(3, .removed, 3)
    let removal = entry(4, .removed, 2)
    let feed = [entry(1, .added, 2), entry(2, .added, 3), entry(5, .added, 5), undone]
    let store = makeStore(
      AppState(favoritePrimes: [2, 5], activityFeed: PersistentArray(feed)))
    await store.send(.storageUpdated(StoredUpdate(takenBack: [undone.id], appended: [removal]))) {
      $0.favoritePrimes = [3, 5]
      $0.activityFeed = PersistentArray(feed.dropLast() + [removal])
    }
    let eleven = entry(11, .added, 11)
    await store.send(.storageUpdated(StoredUpdate(takenBack: [UUID(99)], appended: [eleven]))) {
      $0.favoritePrimes = [3, 5, 11]
      $0.activityFeed.append(eleven)
    }
  }

  @Test func feedTimestamps_areKeptToTheMillisecond() async {
    let store = TestStore(
      initialState: AppState(count: 7, counterDestination: .primeModal(alert: nil)),
      reducer: AppReducer(),
      environment: AppEnvironment(
        nthPrime: .failing, fileClient: .failing,
        now: { Date(timeIntervalSince1970: 1_700_000_000.123_456) }, uuid: { UUID(1) }))
    await store.send(Self.save) {
      $0.favoritePrimes = [7]
      $0.screens.notice = .feature(.saved(7))
      $0.activityFeed = [
        Activity(
          id: UUID(1), kind: .added, prime: 7, timestamp: Date(milliseconds: 1_700_000_000_123))
      ]
    }
    #expect(store.state.activityFeed[0].timestamp.milliseconds == 1_700_000_000_123)
  }

  @Test func nthPrime_fromTheCounter_showsTheAlertOnTheCounter() async {
    let store = makeStore(AppState(count: 7))
    // How the features fit together: the lookup's own tests assert that it started.
    store.exhaustivity = .off
    await store.send(.counter(.nthPrimeTapped)) { $0.counterLookup = NthPrimeLookupState(n: 7) }
    await store.receive(.counter(.nthPrimeLookup(.presented(.answered(n: 7, .success(17)))))) {
      $0.counterLookup = nil
      $0.counterDestination = .alert(.nthPrime(n: 7, prime: 17))
    }
  }

  @Test func nthPrime_fromTheFavorites_showsTheAlertOnTheFavorites() async {
    let store = makeStore(AppState(favoritePrimes: [5], screens: ScreensState(page: .favorites)))
    // How the features fit together: the lookup's own tests assert that it started.
    store.exhaustivity = .off
    await store.send(.favoritePrimes(.primeTapped(at: 0))) {
      $0.favoritesLookup = NthPrimeLookupState(n: 5)
    }
    await store.receive(.favoritePrimes(.nthPrimeLookup(.presented(.answered(n: 5, .success(11))))))
    {
      $0.favoritesLookup = nil
      $0.favoritesDestination = .alert(.nthPrime(n: 5, prime: 11))
    }
    store.exhaustivity = .on
    await store.send(.favoritePrimes(.destination(.dismiss))) { $0.favoritesDestination = nil }
  }

  @Test func fullFlow_countToAPrime_saveIt_deleteIt_seeBothFeedEntries() async {
    let store = makeStore()
    for expected in 1...7 {
      await store.send(.counter(.incrTapped)) { $0.count = expected }
    }
    await store.send(.counter(.isPrimeTapped)) { $0.counterDestination = .primeModal(alert: nil) }
    await store.send(Self.save) {
      $0.favoritePrimes = [7]
      $0.screens.notice = .feature(.saved(7))
      $0.activityFeed = [Activity(id: UUID(1), kind: .added, prime: 7, timestamp: at(1000))]
    }
    await store.send(.counter(.destination(.dismiss))) { $0.counterDestination = nil }
    #expect(store.state.favoritePrimesState.favoritePrimes == [7])
    await store.send(.screens(.pageOpened(.favorites))) { $0.screens.page = .favorites }
    await store.send(.favoritePrimes(.deleteFavoritePrimes([0]))) {
      $0.favoritePrimes = []
      $0.screens.notice = .feature(.deleted([7]))
      $0.activityFeed.append(Activity(id: UUID(2), kind: .removed, prime: 7, timestamp: at(1001)))
    }
  }

  @Test func fullFlow_saveTwoPrimes_askForTheNthPrime_saveToDisk() async throws {
    let files = InMemoryFiles()
    let store = makeStore(fileClient: .inMemory(files))
    await store.send(.counter(.countEntered(2))) { $0.count = 2 }
    await store.send(.counter(.isPrimeTapped)) { $0.counterDestination = .primeModal(alert: nil) }
    await store.send(Self.save) {
      $0.favoritePrimes = [2]
      $0.screens.notice = .feature(.saved(2))
      $0.activityFeed = [Activity(id: UUID(1), kind: .added, prime: 2, timestamp: at(1000))]
    }
    await store.send(.counter(.destination(.dismiss))) { $0.counterDestination = nil }
    await store.send(.counter(.nthPrimeTapped)) { $0.counterLookup = NthPrimeLookupState(n: 2) }
    await store.receive(.counter(.nthPrimeLookup(.presented(.started))))
    await store.receive(.counter(.nthPrimeLookup(.presented(.answered(n: 2, .success(3)))))) {
      $0.counterLookup = nil
      $0.counterDestination = .alert(.nthPrime(n: 2, prime: 3))
    }
    await store.send(.alertsDismissed) { $0.counterDestination = nil }
    await store.send(.counter(.countEntered(7))) { $0.count = 7 }
    await store.send(.counter(.isPrimeTapped)) { $0.counterDestination = .primeModal(alert: nil) }
    await store.send(Self.save) {
      $0.favoritePrimes = [2, 7]
      $0.screens.notice = .feature(.saved(7))
      $0.activityFeed.append(Activity(id: UUID(2), kind: .added, prime: 7, timestamp: at(1001)))
    }
    await store.send(.favoritePrimes(.saveButtonTapped(file: nil)))
    await store.receive(
      .favoritePrimes(.saveResponse(.success(2), file: FavoritePrimesFile.name))
    ) {
      $0.screens.notice = .feature(.exported(count: 2, file: FavoritePrimesFile.name))
    }
    let saved = try #require(files[FavoritePrimesFile.name])
    #expect(try FavoritePrimesFile.decode(saved) == ImportedPrimes(primes: [2, 7]))
  }

  @Test func store_runsTheAppReducer() {
    let environment = AppEnvironment(
      nthPrime: .failing, fileClient: .noop, now: { Date(timeIntervalSince1970: 0) })
    let store = Store(initialState: AppState(), reducer: AppReducer(), environment: environment)
    store.send(.counter(.incrTapped))
    #expect(store.state.count == 1)
  }

  @Test func deletingAHostileRangeOfRows_isRefused_withoutWalkingIt() async {
    let store = TestStore(
      initialState: AppState(favoritePrimes: [2, 7], screens: ScreensState(page: .favorites)),
      reducer: AppReducer(),
      environment: AppEnvironment(
        nthPrime: .failing, fileClient: .failing, now: { at(1000) }, uuid: { UUID(1) }))
    await store.send(
      .favoritePrimes(.deleteFavoritePrimes(IndexSet(integersIn: 1..<4_000_000_000_000_000_000)))
    ) {
      $0.favoritesDestination = .alert(.failure("there is no 3rd favorite prime: there are 2"))
    }
  }

  @Test func alertsDismissed_dismissesTheAlertsOfBothScreens_andLeavesTheModal() async {
    let store = makeStore(
      AppState(
        counterDestination: .primeModal(alert: .failure("a")),
        favoritesDestination: .alert(.failure("b"))))
    #expect(
      store.state.alertDismissals == [
        .counter(.destination(.presented(.primeModal(.alertDismissed)))),
        .favoritePrimes(.destination(.dismiss)),
      ])
    await store.send(.alertsDismissed) {
      $0.counterDestination = .primeModal(alert: nil)
      $0.favoritesDestination = nil
    }
    #expect(store.state.alertDismissals.isEmpty)
    // With nothing shown, it changes nothing.
    await store.send(.alertsDismissed)
  }

  @Test func aScreensControl_onAnotherPage_isRefused_andChangesNothingElse() async {
    let store = makeStore(AppState(count: 7, favoritePrimes: [2]))
    for action: AppAction in [
      .favoritePrimes(.deleteFavoritePrimes([0])), .favoritePrimes(.primeTapped(at: 0)),
    ] {
      await store.send(action) { $0.screens.notice = .refused(needs: .favorites) }
      // Read, the refusal goes, as an alert does.
      await store.send(.alertsDismissed) { $0.screens.notice = nil }
    }
    await store.send(.screens(.pageOpened(.activity))) { $0.screens.page = .activity }
    for action: AppAction in [
      .counter(.incrTapped), .counter(.decrTapped), .counter(.countEntered(3)),
      .counter(.countAdjusted(by: 2)), .counter(.isPrimeTapped), .counter(.nthPrimeTapped),
      .counter(.favoriteCommand(.removeFavoritePrimeTapped)),
    ] {
      await store.send(action) { $0.screens.notice = .refused(needs: .counter) }
      await store.send(.alertsDismissed) { $0.screens.notice = nil }
    }
    // On the history page, the counter's controls act, as the REPL's counter screen's do.
    let history = makeStore(
      AppState(
        count: 7,
        screens: ScreensState(
          page: .history(ScreensState.HistoryVisit(openedAt: 0, returnPage: .favorites)))))
    await history.send(.counter(.incrTapped)) { $0.count = 8 }
  }

  @Test func featureViews_readAndWriteTheAppState_storedOnce() {
    var state = AppState(count: 7, favoritePrimes: [2])
    #expect(state.counter.count == 7)
    #expect(state.counter.favoritePrimes == [2])
    state.counter.favoritePrimes.append(7)
    #expect(state.favoritePrimesState.favoritePrimes == [2, 7])
    state.favoritePrimesState.notice = .deleted([7])
    #expect(state.counter.notice == .deleted([7]))
    #expect(state.screens.notice == .feature(.deleted([7])))
    state.counter.destination = .alert(.failure("no"))
    #expect(state.counterDestination == .alert(.failure("no")))
    #expect(state.favoritePrimesState.destination == nil)
  }

  @Test func eachScreensWriteBack_leavesWhatItDidNotChange_asStored() {
    // A refusal is no news the screens can say: read as none, and written back as none, it
    // would be gone.
    var state = AppState(
      count: 7, favoritePrimes: [2], activityFeed: [],
      screens: ScreensState(notice: .refusedReadOnly("the directory is read-only")))
    let favorites = state.favoritePrimes
    let feed = state.activityFeed
    state.counter.count += 1
    state.favoritePrimesState.destination = .alert(.failure("no"))
    state.screensFeature.screens.selection = ScreensState.Selection()
    state.undoable.count += 1
    #expect(state.count == 9)
    #expect(state.favoritePrimes.isIdentical(to: favorites))
    #expect(state.activityFeed.isIdentical(to: feed))
    #expect(state.screens.notice == .refusedReadOnly("the directory is read-only"))
  }

  @Test func routineNews_isKept_whileAStorageProblemStands() {
    var state = AppState(screens: ScreensState(storageStatus: .failed("disk full")))
    state.counter.notice = .saved(7)
    #expect(state.screens.notice == .feature(.saved(7)))
    #expect(state.screens.storageProblem == "disk full")
  }
}

struct FileClientTests {
  @Test func inMemory_keepsWhatItSaves_inTheGivenBox() async throws {
    let files = InMemoryFiles()
    let client = FileClient.inMemory(files)
    try await client.save("a", Data([1]))
    let data = try await client.load("a")
    #expect(data == Data([1]))
    #expect(files["a"] == Data([1]))
  }
}

struct NthPrimeClientTests {
  @Test func answering_knowsItsTable_andFailsOtherwise() async throws {
    let client = NthPrimeClient.answering([3: 5])
    #expect(try await client.nthPrime(3) == 5)
    await #expect(throws: NthPrimeClientFailure.self) { try await client.nthPrime(4) }
    await #expect(throws: NthPrimeClientFailure.self) {
      try await NthPrimeClient.failing.nthPrime(1)
    }
    #expect(NthPrimeClientFailure().description == "the nth-prime lookup is unavailable")
  }
}
