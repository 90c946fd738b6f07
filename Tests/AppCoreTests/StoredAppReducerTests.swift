import AppCore
import AppTestSupport
import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritesLedger
import Foundation
import NthPrimeClient
import NthPrimeLookup
import Screens
import Synchronization
import Testing

/// Storage as the app's effects: each change is written by the effect of the action that made
/// it, and what storage finds comes back as actions, the recorded ones sent on.
@MainActor
struct StoredAppReducerTests {
  /// A database as the storage client sees it: each turn of a sync is answered in order from
  /// `answers` (nothing to take in, once they run out), and each request is kept.
  final class Database: Sendable {
    let answers = Mutex<[Result<Synced, StorageFailure>]>([])
    /// The answers as given, which the test expects back.
    let given: [Result<Synced, StorageFailure>]
    let requests = Mutex<[SyncRequest]>([])
    let held = Mutex<[Bool]>([])
    /// Whether another session wrote since the last look, as the database says.
    let othersWrote = Mutex(true)
    let changes: AsyncStream<Void>
    let change: AsyncStream<Void>.Continuation
    /// What the first turn waits for before it answers, if anything.
    let firstWaitsFor: AsyncStream<Void>?

    init(
      _ answers: [Result<Synced, StorageFailure>] = [], firstWaitsFor: AsyncStream<Void>? = nil
    ) {
      self.firstWaitsFor = firstWaitsFor
      self.answers.withLock { $0 = answers }
      given = answers
      (changes, change) = AsyncStream<Void>.makeStream()
    }

    var client: StorageClient {
      StorageClient(
        sync: { request in
          let turn = self.requests.withLock {
            $0.append(request)
            return $0.count
          }
          if turn == 1, let gate = self.firstWaitsFor {
            for await _ in gate { break }
          }
          return self.answers.withLock { $0.isEmpty ? .success(Synced()) : $0.removeFirst() }
        },
        mayHaveChanged: { self.othersWrote.withLock { $0 } },
        watch: { self.changes },
        heldChanged: { isHeld in self.held.withLock { $0.append(isHeld) } })
    }
  }

  static let save = AppAction.counter(.favoriteCommand(.saveFavoritePrimeTapped))
  static let remove = AppAction.counter(.favoriteCommand(.removeFavoritePrimeTapped))

  static func entry(_ id: UInt64, _ prime: Int, _ kind: Activity.Kind = .added) -> Activity {
    Activity(id: UUID(id), kind: kind, prime: prime, timestamp: Date(timeIntervalSince1970: 0))
  }

  func makeStore(
    _ state: AppState = AppState(count: 7), database: Database,
    givesUpWhenHeld: Bool = false, nthPrime: NthPrimeClient = .answering([7: 17])
  ) -> TestStore<History<AppState>, AppHistoryAction, AppEnvironment> {
    var state = state
    state.sync = StorageSync(stored: state.activityFeed, givesUpWhenHeld: givesUpWhenHeld)
    let ids = IncrementingUUIDs()
    var environment = AppEnvironment(
      nthPrime: nthPrime, fileClient: .failing, now: { Date(timeIntervalSince1970: 0) },
      uuid: { ids.next() })
    environment.storage = database.client
    return TestStore(
      initialState: History(state), reducer: StoredAppReducer(), environment: environment)
  }

  /// Saves 7, the count, into a session with no favorites and no sync under way: the step,
  /// whose effect starts a turn that writes `seven`.
  func saveSeven(
    _ store: TestStore<History<AppState>, AppHistoryAction, AppEnvironment>, _ seven: Activity
  ) async {
    await store.send(.step(Self.save)) {
      $0.record(before: $0.present)
      $0.present.favoritePrimes = [7]
      $0.present.activityFeed = [seven]
      $0.present.screens.notice = .feature(.saved(7))
      $0.present.sync?.isSyncing = true
    }
  }

  @Test func aSave_isWrittenByItsEffect_andAStepThatStoresNothingWritesNothing() async {
    let database = Database()
    let store = makeStore(database: database)
    let seven = Self.entry(1, 7)
    await saveSeven(store, seven)
    await store.receive(
      .storage(
        .synced(SyncRequest(stored: [], feed: [seven], readsOthers: false), .success(Synced())))
    ) {
      $0.present.sync?.stored = [seven]
      $0.present.sync?.isSyncing = false
    }
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.screens.notice = nil
      $0.record(before: $0.present)
      $0.present.count = 8
    }
    #expect(database.requests.withLock { $0.count } == 1)
  }

  @Test func aWriteThatFails_isKeptInMemory_andTheNextActionTriesAgain() async {
    let problem = "disk full; the changes are kept in memory"
    let database = Database([.failure(StorageFailure("disk full"))])
    let store = makeStore(database: database)
    let seven = Self.entry(1, 7)
    await saveSeven(store, seven)
    await store.receive(
      .storage(
        .synced(
          SyncRequest(stored: [], feed: [seven], readsOthers: false),
          .failure(StorageFailure("disk full"))))
    ) {
      $0.present.sync?.isSyncing = false
      $0.present.sync?.lastFailure = "disk full"
      $0.present.sync?.failures = 1
      $0.present.sync?.lastProblem = problem
    }
    await store.receive(.step(.screens(.storageFailed(problem)))) {
      $0.present.screens.storageStatus = .failed(problem)
    }
    // Any action tries again, and reads others' changes too, since a read may have failed.
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.screens.notice = nil
      $0.record(before: $0.present)
      $0.present.count = 8
      $0.present.sync?.isSyncing = true
    }
    await store.receive(
      .storage(
        .synced(SyncRequest(stored: [], feed: [seven], readsOthers: true), .success(Synced())))
    ) {
      $0.present.sync?.stored = [seven]
      $0.present.sync?.lastFailure = nil
    }
    await store.receive(.step(.screens(.storageRecovered))) {
      $0.present.screens.storageStatus = nil
    }
    await store.receive(.storage(.turnEnded)) {
      $0.present.sync?.isSyncing = false
    }
    #expect(store.state.present.sync?.unstored(store.state.present.activityFeed) == nil)
  }

  /// Another session's save, read as the watched files change while a lookup runs, is applied
  /// without a step, and the lookup goes on to its answer.
  @Test func anotherSessionsChange_arrivingMidLookup_isApplied_andTheLookupAnswers() async {
    let theirs = Self.entry(99, 3)
    let database = Database([
      .success(Synced(takeIn: .storageUpdated(StoredUpdate(appended: [theirs]))))
    ])
    let (answers, answer) = AsyncStream<Int>.makeStream()
    let store = makeStore(
      database: database,
      nthPrime: NthPrimeClient { _ in
        for await prime in answers { return prime }
        throw CancellationError()
      })
    let watch = await store.send(.storage(.watchStarted))
    let lookup = await store.send(.step(.counter(.nthPrimeTapped))) {
      $0.present.counterLookup = NthPrimeLookupState(n: 7)
    }
    await store.receive(.feedback(.counter(.nthPrimeLookup(.presented(.started))), step: 1))
    database.change.yield()
    await store.receive(.storage(.filesChanged)) {
      $0.present.sync?.isSyncing = true
    }
    await store.receive(
      .storage(.synced(SyncRequest(stored: [], feed: [], readsOthers: true), database.given[0]))
    )
    await store.receive(.step(.storageUpdated(StoredUpdate(appended: [theirs])))) {
      $0.changeOutsideSteps {
        $0.favoritePrimes = [3]
        $0.activityFeed = [theirs]
      }
      $0.present.sync?.stored = [theirs]
    }
    await store.receive(.storage(.turnEnded)) {
      $0.present.sync?.isSyncing = false
    }
    answer.yield(17)
    await store.receive(
      .feedback(.counter(.nthPrimeLookup(.presented(.answered(n: 7, .success(17))))), step: 1)
    ) {
      $0.present.counterLookup = nil
      $0.present.counterDestination = .alert(.nthPrime(n: 7, prime: 17))
    }
    await lookup.finish()
    await store.send(.storage(.sessionEnding)) {
      $0.present.sync?.isEnding = true
    }
    await watch.finish()
  }

  /// A script whose write gave up on a database another program held waits no more: a look
  /// for others' changes reads nothing, a step that stores nothing tries nothing, and a new
  /// change tries once. Once what was held is stored, waits go on as before.
  @Test func aScriptsHeldChange_isTriedAgainOnlyForANewChange_andNamedAtTheEnd() async {
    let held = StorageFailure("could not write d: held", isHeld: true)
    let database = Database([.failure(held), .failure(held)])
    let store = makeStore(AppState(count: 2), database: database, givesUpWhenHeld: true)
    store.exhaustivity = .off
    await store.send(.step(Self.save)).finish()
    await store.skipReceivedActions()
    #expect(database.held.withLock { $0 } == [true])
    #expect(store.state.present.sync?.held != nil)
    await store.send(.storage(.readRequested)).finish()
    await store.send(.step(.counter(.incrTapped))).finish()
    #expect(database.requests.withLock { $0.count } == 1)
    await store.send(.step(.counter(.decrTapped))).finish()
    await store.send(.step(Self.remove)).finish()
    await store.skipReceivedActions()
    #expect(database.requests.withLock { $0.count } == 2)
    #expect(
      store.state.present.sync?.unstored(store.state.present.activityFeed)
        == "could not write d: held; not stored: saved 2, removed 2; "
        + "make these changes again once no other program holds it")
    // The other program let go: the next change stores everything, and waits go on.
    await store.send(.step(Self.save)).finish()
    await store.skipReceivedActions()
    #expect(database.requests.withLock { $0.count } == 3)
    #expect(database.held.withLock { $0 } == [true, false])
    #expect(store.state.present.sync?.unstored(store.state.present.activityFeed) == nil)
  }

  /// A person's held change waits for nothing on a step that stores nothing, and is tried
  /// again before the next command, as the README says.
  @Test func aPersonsHeldChange_isTriedAgainBeforeTheNextCommand_notAfterAStepThatStoresNothing()
    async
  {
    let held = StorageFailure("could not write d: held", isHeld: true)
    let database = Database([.failure(held), .failure(held)])
    let store = makeStore(AppState(count: 2), database: database)
    store.exhaustivity = .off
    await store.send(.step(Self.save)).finish()
    await store.send(.step(.counter(.incrTapped))).finish()
    #expect(database.requests.withLock { $0.count } == 1)
    await store.send(.storage(.readRequested)).finish()
    await store.send(.storage(.readRequested)).finish()
    await store.skipReceivedActions()
    #expect(database.requests.withLock { $0.count } == 3)
    #expect(database.held.withLock { $0 } == [true, false])
    #expect(store.state.present.sync?.unstored(store.state.present.activityFeed) == nil)
  }

  /// Favorites that another program made read-only are said so as the database finds it, and
  /// writable again once it finds that.
  @Test func favoritesBecomeReadOnly_andWritableAgain_asTheDatabaseFinds() async {
    let reason = "the file system is read-only"
    let database = Database([
      .success(Synced(readOnly: reason)), .success(Synced()),
    ])
    let store = makeStore(database: database)
    await store.send(.storage(.readRequested)) {
      $0.present.sync?.isSyncing = true
    }
    await store.receive(
      .storage(.synced(SyncRequest(stored: [], feed: [], readsOthers: true), database.given[0]))
    )
    await store.receive(.step(.screens(.storageReadOnly(reason)))) {
      $0.present.screens.storageStatus = .readOnly(reason)
    }
    await store.receive(.storage(.turnEnded)) {
      $0.present.sync?.isSyncing = false
    }
    // While read-only, any action asks whether the favorites can be written again.
    await store.send(.step(.counter(.incrTapped))) {
      $0.record(before: $0.present)
      $0.present.count = 8
      $0.present.sync?.isSyncing = true
    }
    await store.receive(
      .storage(.synced(SyncRequest(stored: [], feed: [], readsOthers: true), .success(Synced())))
    )
    await store.receive(.step(.screens(.storageWritable))) {
      $0.present.screens.storageStatus = nil
    }
    await store.receive(.storage(.turnEnded)) {
      $0.present.sync?.isSyncing = false
    }
  }

  /// A request to read others' changes, with nothing to write, asks the database whether
  /// another session wrote: where none did, no turn runs, and the request's task has nothing
  /// to await.
  @Test func aReadRequest_whereNoOtherSessionWrote_runsNoTurn() async {
    let database = Database()
    database.othersWrote.withLock { $0 = false }
    let store = makeStore(database: database)
    let read = await store.send(.storage(.readRequested))
    #expect(!read.isInFlight)
    database.othersWrote.withLock { $0 = true }
    await store.send(.storage(.readRequested)) {
      $0.present.sync?.isSyncing = true
    }
    await store.receive(
      .storage(.synced(SyncRequest(stored: [], feed: [], readsOthers: true), .success(Synced())))
    ) {
      $0.present.sync?.isSyncing = false
    }
    #expect(database.requests.withLock { $0.count } == 1)
  }

  /// A change made while a read is under way is written on the next turn. What that read found
  /// is not applied, since applying it would drop the change: the write asks for everything
  /// stored instead.
  @Test func aChangeMadeWhileAReadIsUnderWay_isWrittenNext_askingForEverythingStored() async {
    let theirs = Self.entry(99, 3)
    let seven = Self.entry(1, 7)
    let everything = StoredFavorites(favoritePrimes: [3, 7], activityFeed: [theirs, seven])
    let (gate, release) = AsyncStream<Void>.makeStream()
    let database = Database(
      [
        .success(Synced(takeIn: .storageUpdated(StoredUpdate(appended: [theirs])))),
        .success(Synced(takeIn: .storageChanged(everything))),
      ], firstWaitsFor: gate)
    let store = makeStore(database: database)
    await store.send(.storage(.readRequested)) {
      $0.present.sync?.isSyncing = true
    }
    await store.send(.step(Self.save)) {
      $0.record(before: $0.present)
      $0.present.favoritePrimes = [7]
      $0.present.activityFeed = [seven]
      $0.present.screens.notice = .feature(.saved(7))
    }
    release.yield()
    await store.receive(
      .storage(.synced(SyncRequest(stored: [], feed: [], readsOthers: true), database.given[0]))
    ) {
      $0.present.sync?.missedRead = true
    }
    await store.receive(
      .storage(
        .synced(
          SyncRequest(stored: [], feed: [seven], readsOthers: false, asksForEverything: true),
          database.given[1]))
    ) {
      $0.present.sync?.stored = [seven]
      $0.present.sync?.missedRead = false
    }
    await store.receive(.step(.storageChanged(everything))) {
      $0.changeOutsideSteps {
        $0.favoritePrimes = [3, 7]
        $0.activityFeed = [theirs, seven]
      }
      $0.present.sync?.stored = [theirs, seven]
    }
    await store.receive(.storage(.turnEnded)) {
      $0.present.sync?.isSyncing = false
    }
  }

  /// The session's end stops the watch and lets the sync under way finish; where that sync
  /// failed, it tries once more, and then names what is not stored.
  @Test func theSessionsEnd_triesOnceMore_toStoreWhatTheSyncUnderWayCouldNot() async {
    let full = StorageFailure("disk full")
    let problem = "disk full; the changes are kept in memory"
    let seven = Self.entry(1, 7)
    let (gate, release) = AsyncStream<Void>.makeStream()
    let database = Database([.failure(full), .failure(full)], firstWaitsFor: gate)
    let store = makeStore(database: database)
    let write = SyncRequest(stored: [], feed: [seven], readsOthers: false)
    await saveSeven(store, seven)
    await store.send(.storage(.sessionEnding)) {
      $0.present.sync?.isEnding = true
      $0.present.sync?.triesAgainAtEnd = true
    }
    release.yield()
    await store.receive(.storage(.synced(write, .failure(full)))) {
      $0.present.sync?.triesAgainAtEnd = false
      $0.present.sync?.lastFailure = "disk full"
      $0.present.sync?.failures = 1
      $0.present.sync?.lastProblem = problem
    }
    await store.receive(.step(.screens(.storageFailed(problem)))) {
      $0.present.screens.storageStatus = .failed(problem)
    }
    await store.receive(.storage(.synced(write, .failure(full)))) {
      $0.present.sync?.isSyncing = false
      $0.present.sync?.failures = 2
    }
    await store.receive(.step(.screens(.storageFailed(problem))))
    // Nothing after the end starts a sync.
    await store.send(.step(.counter(.incrTapped))) {
      $0.present.screens.notice = nil
      $0.record(before: $0.present)
      $0.present.count = 8
    }
    #expect(database.requests.withLock { $0.count } == 2)
    #expect(
      store.state.present.sync?.unstored(store.state.present.activityFeed)
        == "disk full; the last changes are not stored")
  }

  /// Where the database's directory cannot be watched, every action reads others' changes,
  /// but storage's own events, such as a wait for the database, start nothing.
  @Test func unwatched_everyActionReadsOthersChanges_butStoragesOwnEventsDoNot() async {
    let database = Database()
    var state = AppState(count: 7)
    state.sync = StorageSync(stored: [], readsAfterEveryAction: true)
    let ids = IncrementingUUIDs()
    var environment = AppEnvironment(
      nthPrime: .failing, fileClient: .failing, now: { Date(timeIntervalSince1970: 0) },
      uuid: { ids.next() })
    environment.storage = database.client
    let store = TestStore(
      initialState: History(state), reducer: StoredAppReducer(), environment: environment)
    await store.send(.step(.screens(.storageWaiting("waiting for it")))) {
      $0.present.screens.storageStatus = .waiting("waiting for it")
    }
    await store.send(.step(.screens(.storageWaitEnded))) {
      $0.present.screens.storageStatus = nil
    }
    await store.send(.step(.counter(.incrTapped))) {
      $0.record(before: $0.present)
      $0.present.count = 8
      $0.present.sync?.isSyncing = true
    }
    await store.receive(
      .storage(.synced(SyncRequest(stored: [], feed: [], readsOthers: true), .success(Synced())))
    ) {
      $0.present.sync?.isSyncing = false
    }
    #expect(database.requests.withLock { $0.count } == 1)
  }

  /// Undo and redo store as a step does: the undo's write takes the save's entry back, and the
  /// redo's appends it again.
  @Test func undoAndRedo_areStored_asTheirEffects() async {
    let database = Database()
    let store = makeStore(database: database)
    store.exhaustivity = .off
    let seven = Self.entry(1, 7)
    await store.send(.step(Self.save)).finish()
    await store.send(.undo).finish()
    await store.send(.redo).finish()
    await store.skipReceivedActions()
    #expect(
      database.requests.withLock { $0 } == [
        SyncRequest(stored: [], feed: [seven], readsOthers: false),
        SyncRequest(stored: [seven], feed: [], readsOthers: false),
        SyncRequest(stored: [], feed: [seven], readsOthers: false),
      ])
    #expect(store.state.present.sync?.stored == [seven])
  }

  /// An undo back to what is stored leaves nothing held: waits go on as before, and nothing
  /// is tried.
  @Test func anUndo_backToWhatIsStored_leavesNothingHeld() async {
    let held = StorageFailure("could not write d: held", isHeld: true)
    let database = Database([.failure(held)])
    let store = makeStore(AppState(count: 2), database: database, givesUpWhenHeld: true)
    store.exhaustivity = .off
    await store.send(.step(Self.save)).finish()
    await store.skipReceivedActions()
    #expect(database.held.withLock { $0 } == [true])
    await store.send(.undo).finish()
    #expect(database.held.withLock { $0 } == [true, false])
    #expect(store.state.present.sync?.held == nil)
    #expect(database.requests.withLock { $0.count } == 1)
  }

  /// The session's end, with no sync under way, stores what is not stored yet: once, since
  /// storing failed before; where the sync under way succeeds, nothing more is tried.
  @Test func theSessionsEnd_storesWhatIsNotStoredYet_once() async {
    let full = StorageFailure("disk full")
    let database = Database([.failure(full)])
    let store = makeStore(database: database)
    store.exhaustivity = .off
    await store.send(.step(Self.save)).finish()
    await store.skipReceivedActions()
    #expect(store.state.present.sync?.unstored(store.state.present.activityFeed) != nil)
    await store.send(.storage(.sessionEnding)).finish()
    await store.skipReceivedActions()
    #expect(database.requests.withLock { $0.count } == 2)
    #expect(store.state.present.sync?.unstored(store.state.present.activityFeed) == nil)
    #expect(store.state.present.sync?.isSyncing == false)
  }

  @Test func theSessionsEnd_afterASyncThatSucceeds_triesNothingMore() async {
    let (gate, release) = AsyncStream<Void>.makeStream()
    let database = Database(firstWaitsFor: gate)
    let store = makeStore(database: database)
    store.exhaustivity = .off
    let save = await store.send(.step(Self.save))
    await store.send(.storage(.sessionEnding))
    #expect(store.state.present.sync?.triesAgainAtEnd == true)
    release.yield()
    await save.finish()
    await store.skipReceivedActions()
    #expect(database.requests.withLock { $0.count } == 1)
    #expect(store.state.present.sync?.triesAgainAtEnd == false)
    #expect(store.state.present.sync?.isSyncing == false)
  }
}
