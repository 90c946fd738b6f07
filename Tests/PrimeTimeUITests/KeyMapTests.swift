import Alerts
import AppCore
import AppTestSupport
import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritesLedger
import Foundation
import NthPrimeClient
import NthPrimeLookup
import PrimeTimeUI
import Screens
import Testing

/// Every key of `primetime ui`, pressed as the full screen presses it: mapped to its action by
/// ``AppView/action(for:in:)`` from the state, and sent through a `TestStore` of the whole app,
/// which checks everything the action changes.
@MainActor
struct KeyMapTests {
  private typealias AppTestStore = TestStore<
    History<AppState>, AppHistoryAction, AppEnvironment
  >

  private static let size = Size(columns: 60, rows: 16)
  private nonisolated static let epoch = Date(timeIntervalSince1970: 0)

  private func makeStore(
    _ state: AppState = AppState(), nthPrime: NthPrimeClient = .answering([7: 17, 5: 11])
  ) -> AppTestStore {
    var state = state
    state.screens.size = Self.size
    let ids = IncrementingUUIDs()
    return TestStore(
      initialState: History(state), reducer: AppHistoryReducer(),
      environment: AppEnvironment(
        nthPrime: nthPrime, fileClient: .failing, now: { Self.epoch }, uuid: { ids.next() }))
  }

  /// Presses a key, which must do something, and checks what it changed.
  @discardableResult
  private func press(
    _ key: Key, _ store: AppTestStore,
    _ update: ((inout History<AppState>) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> TestStoreTask {
    let action = try #require(
      AppView.action(for: key, in: store.state.present), "\(key) does nothing",
      sourceLocation: sourceLocation)
    return await store.send(action, assert: update)
  }

  /// Expects a key to do nothing now.
  private func expectNothing(
    _ key: Key, _ store: AppTestStore, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      AppView.action(for: key, in: store.state.present) == nil, sourceLocation: sourceLocation)
  }

  private func added(_ prime: Int, id: UInt64) -> Activity {
    Activity(id: UUID(id), kind: .added, prime: prime, timestamp: Self.epoch)
  }

  private func removed(_ prime: Int, id: UInt64) -> Activity {
    Activity(id: UUID(id), kind: .removed, prime: prime, timestamp: Self.epoch)
  }

  @Test func counterKeys_count_andOtherKeysDoNothing() async throws {
    let store = makeStore()
    try await press(.character("+"), store) {
      $0.record(before: AppState(screens: ScreensState(size: Self.size)))
      $0.present.count = 1
    }
    try await press(.character("="), store) {
      $0.record(before: $0.present)
      $0.present.count = 2
    }
    try await press(.character("-"), store) {
      $0.record(before: $0.present)
      $0.present.count = 1
    }
    expectNothing(.character("x"), store)
    expectNothing(.up, store)
    expectNothing(.escape, store)
    expectNothing(.other, store)
  }

  @Test func primeModal_savesWithANotice_andTheNextKeyActsAsUsual() async throws {
    let store = makeStore(AppState(count: 7))
    try await press(.character("p"), store) {
      $0.present.counterDestination = .primeModal(alert: nil)
    }
    expectNothing(.character("+"), store)
    expectNothing(.character("u"), store)
    try await press(.character("s"), store) {
      $0.record(before: $0.present)
      $0.present.favoritePrimes = [7]
      $0.present.activityFeed = [self.added(7, id: 1)]
      $0.present.screens.notice = .feature(.saved(7))
    }
    // A confirmation is a notice on the last rows; the modal stays, and takes the next key.
    #expect(store.state.present.counterDestination == .primeModal(alert: nil))
    try await press(.character("s"), store) {
      $0.present.screens.notice = nil
      $0.record(before: $0.present)
      $0.present.favoritePrimes = []
      $0.present.activityFeed = [self.added(7, id: 1), self.removed(7, id: 2)]
      $0.present.screens.notice = .feature(.removed(7))
    }
    try await press(.escape, store) {
      $0.present.counterDestination = nil
      $0.present.screens.notice = nil
    }
  }

  @Test func aRefusal_isADialog_thatEnterOrEscCloses() async throws {
    let store = makeStore(AppState(count: 6, counterDestination: .primeModal(alert: nil)))
    expectNothing(.character("s"), store)  // 6 is not prime: the modal offers nothing
    let prime = makeStore(
      AppState(count: 7, counterDestination: .primeModal(alert: .failure("7 is a favorite"))))
    expectNothing(.character("s"), prime)
    expectNothing(.character("+"), prime)
    // Esc closes the modal's alert, and the modal is there under it.
    try await press(.escape, prime) { $0.present.counterDestination = .primeModal(alert: nil) }
    try await press(.escape, prime) { $0.present.counterDestination = nil }
  }

  @Test func nthPrime_showsTheAnswerInADialog() async throws {
    let store = makeStore(AppState(count: 7))
    // How the features fit together: the lookup's own tests assert that it started.
    store.exhaustivity = .off
    try await press(.character("n"), store) {
      $0.present.counterLookup = NthPrimeLookupState(n: 7)
    }
    await store.receive(
      .feedback(.counter(.nthPrimeLookup(.presented(.answered(n: 7, .success(17))))), step: 1)
    ) {
      $0.present.counterLookup = nil
      $0.present.counterDestination = .alert(.nthPrime(n: 7, prime: 17))
    }
    store.exhaustivity = .on
    expectNothing(.character("+"), store)
    expectNothing(.character("f"), store)
    try await press(.enter, store) { $0.present.counterDestination = nil }
  }

  /// A lookup that answers nothing until it is cancelled.
  private static let endless = NthPrimeClient(nthPrime: { _ in
    let (answers, continuation) = AsyncStream<Int>.makeStream()
    defer { continuation.finish() }
    for await answer in answers { return answer }
    throw CancellationError()
  })

  @Test func aRunningLookup_freezesTheKeys_andEscCancelsIt() async throws {
    let store = makeStore(AppState(count: 7), nthPrime: Self.endless)
    let lookup = try await press(.character("n"), store) {
      $0.present.counterLookup = NthPrimeLookupState(n: 7)
    }
    await store.receive(.feedback(.counter(.nthPrimeLookup(.presented(.started))), step: 1))
    expectNothing(.character("+"), store)
    expectNothing(.character("u"), store)
    expectNothing(.enter, store)
    // Cancelling says so, as the REPL does.
    try await press(.escape, store) {
      $0.present.counterLookup = nil
      $0.present.screens.notice = .feature(.cancelled)
    }
    await lookup.finish()
  }

  @Test func aRunningLookup_isCancelled_onATerminalTooSmallToShowIt() async throws {
    let store = makeStore(AppState(count: 7), nthPrime: Self.endless)
    let lookup = try await press(.character("n"), store) {
      $0.present.counterLookup = NthPrimeLookupState(n: 7)
    }
    await store.receive(.feedback(.counter(.nthPrimeLookup(.presented(.started))), step: 1))
    let tiny = Size(columns: 30, rows: 8)
    await store.send(.step(.screens(.terminalResized(tiny)))) { $0.present.screens.size = tiny }
    try await press(.interrupt, store) {
      $0.present.counterLookup = nil
      $0.present.screens.notice = .feature(.cancelled)
    }
    await lookup.finish()
    // With nothing to cancel, Ctrl-C quits, also on a small terminal.
    try await press(.interrupt, store) {
      $0.present.screens.notice = nil
      $0.present.screens.ending = .quit
    }
  }

  @Test func sigint_cancelsALookup_andOtherwiseEndsTheApp() async throws {
    let store = makeStore(AppState(count: 7), nthPrime: Self.endless)
    let lookup = try await press(.character("n"), store) {
      $0.present.counterLookup = NthPrimeLookupState(n: 7)
    }
    await store.receive(.feedback(.counter(.nthPrimeLookup(.presented(.started))), step: 1))
    await store.send(AppView.action(forSignal: SIGINT, in: store.state.present)) {
      $0.present.counterLookup = nil
      $0.present.screens.notice = .feature(.cancelled)
    }
    await lookup.finish()
    await store.send(AppView.action(forSignal: SIGTERM, in: store.state.present)) {
      $0.present.screens.ending = .signal(SIGTERM)
    }
  }

  @Test func favorites_selectDelete_andTheNoticeGivesWayToTheNextKey() async throws {
    let store = makeStore(AppState(favoritePrimes: [2, 3, 5]))
    try await press(.character("f"), store) { $0.present.screens.page = .favorites }
    try await press(.character("j"), store) {
      $0.present.screens.selection = .init(row: 1, top: 0, prime: 3)
    }
    try await press(.character("d"), store) {
      $0.record(before: $0.present)
      $0.present.favoritePrimes = [2, 5]
      $0.present.activityFeed = [self.removed(3, id: 1)]
      $0.present.screens.notice = .feature(.deleted([3]))
      // The selection stays on its row, now 5's, and moves with 5 from now on.
      $0.present.screens.selection = .init(row: 1, top: 0, prime: 5)
    }
    #expect(store.state.present.favoritesDestination == nil)
    try await press(.character("u"), store) {
      $0.present.screens.notice = nil
      _ = $0.undo()
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 0, favorites: [2, 3, 5]))
      $0.present.screens.selection = .init(row: 2, top: 0, prime: 5)
    }
    try await press(.up, store) {
      $0.present.screens.notice = nil
      $0.present.screens.selection = .init(row: 1, top: 0, prime: 3)
    }
  }

  @Test func undoAndRedo_sayWhatTheyLeft_untilTheNextKey() async throws {
    let store = makeStore(AppState(count: 3))
    try await press(.character("u"), store) {
      $0.present.screens.notice = .nothingToUndo
    }
    // Nothing to undo is routine: a notice, and the next key acts.
    #expect(store.state.present.counterDestination == nil)
    try await press(.character("+"), store) {
      $0.present.screens.notice = nil
      $0.record(before: $0.present)
      $0.present.count = 4
    }
    try await press(.character("u"), store) {
      _ = $0.undo()
      $0.present.screens.notice = .travelled(
        Travel(isBack: true, steps: 1, requested: 1, count: 3, favorites: []))
    }
    try await press(.character("r"), store) {
      $0.present.screens.notice = nil
      _ = $0.redo()
      $0.present.screens.notice = .travelled(
        Travel(isBack: false, steps: 1, requested: 1, count: 4, favorites: []))
    }
    try await press(.character("f"), store) {
      $0.present.screens.notice = nil
      $0.present.screens.page = .favorites
    }
  }

  @Test func theHistory_travelsWithItsMarker_andEscGoesBack_EnterStays() async throws {
    let store = makeStore(AppState(count: 1))
    for count in 2...3 {
      try await press(.character("+"), store) {
        $0.record(before: $0.present)
        $0.present.count = count
      }
    }
    let visit = ScreensState.HistoryVisit(openedAt: 2, returnPage: .counter)
    try await press(.character("h"), store) {
      $0.present.screens.page = .history(visit)
    }
    try await press(.character("k"), store) { $0.travel(by: -1, restoring: \.undoable) }
    try await press(.up, store) { $0.travel(by: -1, restoring: \.undoable) }
    // The marker stays within the steps.
    try await press(.up, store)
    try await press(.character("j"), store) { $0.travel(by: 1, restoring: \.undoable) }
    try await press(.character("G"), store) { $0.travel(by: 1, restoring: \.undoable) }
    try await press(.character("g"), store) { $0.travel(by: -2, restoring: \.undoable) }
    // The marker stays within the steps.
    try await press(.up, store)
    // Keys of other pages do nothing here.
    for key in [Key.character("+"), .character("f"), .character("d")] {
      expectNothing(key, store)
    }
    try await press(.escape, store) {
      $0.present.screens.page = .counter
      $0.travel(by: 2, restoring: \.undoable)
    }
    try await press(.character("h"), store) {
      $0.present.screens.page = .history(visit)
    }
    try await press(.up, store) { $0.travel(by: -1, restoring: \.undoable) }
    try await press(.enter, store) {
      $0.present.screens.page = .counter
    }
    #expect(store.state.present.count == 2)
  }

  @Test func onTheHistoryPage_uAndR_moveTheMarkerBackAndForward_asUndoAndRedo() async throws {
    let store = makeStore(AppState(count: 1))
    for count in 2...3 {
      try await press(.character("+"), store) {
        $0.record(before: $0.present)
        $0.present.count = count
      }
    }
    let visit = ScreensState.HistoryVisit(openedAt: 2, returnPage: .counter)
    try await press(.character("h"), store) {
      $0.present.screens.page = .history(visit)
    }
    #expect(
      AppView.action(for: .character("u"), in: store.state.present) == .historyPage(.moved(by: -1)))
    try await press(.character("u"), store) { $0.travel(by: -1, restoring: \.undoable) }
    try await press(.character("u"), store) { $0.travel(by: -1, restoring: \.undoable) }
    #expect(store.state.present.count == 1)
    // The marker stays within the steps.
    try await press(.character("u"), store)
    try await press(.character("r"), store) { $0.travel(by: 1, restoring: \.undoable) }
    #expect(store.state.present.count == 2)
    try await press(.enter, store) { $0.present.screens.page = .counter }
  }

  @Test func theActivityFeed_scrolls_andGoesBack() async throws {
    let feed = PersistentArray((1...20).map { added($0, id: UInt64($0)) })
    let store = makeStore(AppState(activityFeed: feed, screens: ScreensState(page: .favorites)))
    try await press(.character("a"), store) { $0.present.screens.page = .activity }
    try await press(.down, store) { $0.present.screens.activityEnd = 19 }
    try await press(.character("k"), store) { $0.present.screens.activityEnd = nil }
    // Undo and redo act here too, as everywhere.
    try await press(.character("u"), store) {
      $0.present.screens.notice = .nothingToUndo
    }
    try await press(.character("c"), store) {
      $0.present.screens.notice = nil
      $0.present.screens.page = .favorites
    }
    try await press(.escape, store) { $0.present.screens.page = .counter }
  }

  @Test func onTheFavorites_pageKeysAndTheEnds_moveTheSelection() async throws {
    // 12 of the 30 rows show.
    let store = makeStore(
      AppState(favoritePrimes: PersistentArray(1...30), screens: ScreensState(page: .favorites)))
    try await press(.pageDown, store) {
      $0.present.screens.selection = ScreensState.Selection(row: 12, top: 12, prime: 13)
    }
    try await press(.end, store) {
      $0.present.screens.selection = ScreensState.Selection(row: 29, top: 18, prime: 30)
    }
    try await press(.pageUp, store) {
      $0.present.screens.selection = ScreensState.Selection(row: 17, top: 6, prime: 18)
    }
    try await press(.home, store) {
      $0.present.screens.selection = ScreensState.Selection(row: 0, top: 0, prime: 1)
    }
    try await press(.character("G"), store) {
      $0.present.screens.selection = ScreensState.Selection(row: 29, top: 18, prime: 30)
    }
    try await press(.character("g"), store) {
      $0.present.screens.selection = ScreensState.Selection(row: 0, top: 0, prime: 1)
    }
  }

  @Test func onTheActivityFeed_pageKeysAndTheEnds_scrollIt() async throws {
    // 20 entries, 13 shown: 7 can be passed over.
    let feed = PersistentArray((1...20).map { added($0, id: UInt64($0)) })
    let store = makeStore(AppState(activityFeed: feed, screens: ScreensState(page: .activity)))
    try await press(.pageDown, store) { $0.present.screens.activityEnd = 13 }
    try await press(.pageUp, store) { $0.present.screens.activityEnd = nil }
    try await press(.character("G"), store) { $0.present.screens.activityEnd = 13 }
    try await press(.character("g"), store) { $0.present.screens.activityEnd = nil }
    try await press(.end, store) { $0.present.screens.activityEnd = 13 }
    try await press(.home, store) { $0.present.screens.activityEnd = nil }
  }

  @Test func questionMarkOrF1_showTheKeys_andAnyKeyClosesThem_doingNothingElse() async throws {
    let store = makeStore(
      AppState(favoritePrimes: [2, 3], screens: ScreensState(page: .favorites)))
    for key in [Key.character("d"), .character("q"), .interrupt, .escape, .other] {
      try await press(.character("?"), store) { $0.present.screens.destination = .help }
      try await press(key, store) { $0.present.screens.destination = nil }
    }
    try await press(.f1, store) { $0.present.screens.destination = .help }
    try await press(.endOfInput, store) { $0.present.screens.ending = .quit }
  }

  @Test func whileALookupRuns_theKeysShowToo_andEscClosesThemBeforeItCancels() async throws {
    let store = makeStore(AppState(count: 7, counterLookup: NthPrimeLookupState(n: 7)))
    try await press(.character("?"), store) { $0.present.screens.destination = .help }
    try await press(.escape, store) { $0.present.screens.destination = nil }
    try await press(.escape, store) {
      $0.present.counterLookup = nil
      $0.present.screens.notice = .feature(.cancelled)
    }
  }

  @Test func helpThatIsOpen_whenTheTerminalShrinks_givesWayToQuittingAndCancelling() async throws {
    var state = AppState(count: 7, counterLookup: NthPrimeLookupState(n: 7))
    state.screens.destination = .help
    state.screens.size = Size(columns: 30, rows: 8)
    #expect(AppView.action(for: .escape, in: state) == state.lookupCancellation.map { .step($0) })
    #expect(state.lookupCancellation != nil)
    #expect(AppView.action(for: .character("x"), in: state) == nil)
    state.counterLookup = nil
    #expect(AppView.action(for: .character("q"), in: state) == .step(.screens(.quitTapped)))
    #expect(AppView.action(for: .escape, in: state) == nil)
  }

  @Test func theKeysHelp_leavesWhatTheLastStepSaid() async throws {
    let store = makeStore(
      AppState(
        screens: ScreensState(
          notice: .travelled(Travel(isBack: true, steps: 1, requested: 1, count: 1, favorites: [])))
      ))
    try await press(.character("?"), store) { $0.present.screens.destination = .help }
    try await press(.character("x"), store) { $0.present.screens.destination = nil }
    #expect(
      store.state.present.screens.notice
        == .travelled(Travel(isBack: true, steps: 1, requested: 1, count: 1, favorites: [])))
    #expect(!store.state.canUndo)
  }

  @Test func onTheHistoryPage_homeEndAndThePageKeys_moveTheMarker() async throws {
    let store = makeStore(AppState(count: 0))
    for count in 1...30 {
      try await press(.character("+"), store) {
        $0.record(before: $0.present)
        $0.present.count = count
      }
    }
    try await press(.character("h"), store) {
      $0.present.screens.page = .history(
        ScreensState.HistoryVisit(openedAt: 30, returnPage: .counter))
    }
    let page = Layout.listRows(in: Self.size)
    try await press(.home, store) { $0.travel(by: -30, restoring: \.undoable) }
    try await press(.pageDown, store) { $0.travel(by: page, restoring: \.undoable) }
    try await press(.pageUp, store) { $0.travel(by: -page, restoring: \.undoable) }
    try await press(.end, store) { $0.travel(by: 30, restoring: \.undoable) }
  }

  @Test func onATerminalTooSmall_theKeysDoNotShow() {
    var state = AppState(count: 7, counterLookup: NthPrimeLookupState(n: 7))
    state.screens.size = Size(columns: 39, rows: 12)
    #expect(AppView.action(for: .character("?"), in: state) == nil)
    state.counterLookup = nil
    #expect(AppView.action(for: .f1, in: state) == nil)
  }

  @Test func anAlertThatArrivesOnTheActivityFeed_doesNotTakeItsKeys() async throws {
    // An import's failure arrives after `a` was pressed: the feed shows no alert, so none may
    // take its keys.
    let feed = PersistentArray((1...20).map { added($0, id: UInt64($0)) })
    let store = makeStore(
      AppState(
        favoritesDestination: .alert(
          .failure("could not load the favorite primes: there is no file x.json")),
        activityFeed: feed, screens: ScreensState(page: .activity)))
    try await press(.character("j"), store) { $0.present.screens.activityEnd = 19 }
    try await press(.character("c"), store) { $0.present.screens.page = .favorites }
    // Back on the favorites, the alert covers the list and takes its keys.
    expectNothing(.character("j"), store)
    try await press(.enter, store) { $0.present.favoritesDestination = nil }
  }

  @Test func quitting_worksFromEveryLayer() async throws {
    for state in [
      AppState(), AppState(counterDestination: .alert(.failure("no"))),
      AppState(count: 7, counterDestination: .primeModal(alert: nil)),
      AppState(screens: ScreensState(page: .activity)),
      AppState(screens: ScreensState(size: Size(columns: 20, rows: 5))),
    ] {
      for key in [Key.character("q"), .interrupt, .endOfInput] {
        let store = makeStore(state)
        if state.screens.size != ScreensState().size {
          await store.send(.step(.screens(.terminalResized(state.screens.size)))) {
            $0.present.screens.size = state.screens.size
          }
        }
        try await press(key, store) { $0.present.screens.ending = .quit }
      }
    }
  }

  @Test func theLaunchWarning_isClosedByAnyKey_andQuittingKeysQuit() async throws {
    let store = makeStore()
    await store.send(.step(.screens(.launchWarned("favorites are kept in memory only")))) {
      $0.present.screens.destination = .launchWarning("favorites are kept in memory only")
    }
    try await press(.other, store) { $0.present.screens.destination = nil }
    try await press(.character("+"), store) {
      $0.record(before: $0.present)
      $0.present.count = 1
    }
    let quitting = makeStore(AppState(screens: ScreensState(destination: .launchWarning("warned"))))
    try await press(.character("q"), quitting) { $0.present.screens.ending = .quit }
  }

  @Test func onATerminalTooSmall_pageKeysDoNothing() {
    let store = makeStore()
    var state = store.state.present
    state.screens.size = Size(columns: 39, rows: 12)
    for key in [Key.character("+"), .character("f"), .character("u"), .escape, .enter] {
      #expect(AppView.action(for: key, in: state) == nil)
    }
  }

  /// ncurses' codes for the keys that are no byte of their own.
  private static let keyCodes = KeyCodes(
    up: 259, down: 258, pageUp: 339, pageDown: 338, home: 262, end: 360, f1: 265, enter: 343)

  @Test func keys_fromTerminalCodes() {
    let key = { (code: Int32) in Key(code: code, codes: Self.keyCodes) }
    #expect(key(43) == .character("+"))
    #expect(key(259) == .up)
    #expect(key(258) == .down)
    #expect(key(339) == .pageUp)
    #expect(key(338) == .pageDown)
    #expect(key(262) == .home)
    #expect(key(360) == .end)
    #expect(key(265) == .f1)
    #expect(key(63) == .character("?"))
    #expect(key(10) == .enter)
    #expect(key(27) == .escape)
    #expect(key(3) == .interrupt)
    #expect(key(4) == .endOfInput)
    #expect(key(26) == .suspend)
    #expect(key(410) == nil)
  }

  @Test func anEscapeSequenceTheTerminalDoesNotName_isDroppedWhole_notReadAsEsc() {
    let codes = { (text: String) in text.unicodeScalars.map { Int32($0.value) } }
    let keys = { (text: String) in Key.keys(fromCodes: codes(text), keyCodes: Self.keyCodes) }
    #expect(keys("\u{1B}[1~+") == [.character("+")])  // Home, then +
    #expect(keys("j\u{1B}[4~\u{1B}[1;5Ck") == [.character("j"), .character("k")])
    #expect(keys("\u{1B}OH-") == [.character("-")])
    #expect(keys("\u{1B}") == [.escape])
    #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
    // Esc read together with a character is Alt and that character, which no screen uses.
    #expect(keys("\u{1B}q+") == [.character("+")])
    #expect(keys("\u{1B}[") == [])
    // An unfinished sequence takes only its own codes, not the key after it.
    #expect(Key.keys(fromCodes: [27, 91, 49, 259], keyCodes: Self.keyCodes) == [.up])
    #expect(
      Key.keys(fromCodes: [259, 27, 258], keyCodes: Self.keyCodes) == [.up, .escape, .down])
  }
}
