import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import FavoritePrimes
import FileClient
import PrimeAlert
import PrimeModal
import PrimeTimeUI
import Testing

/// Each screen's keys, sent through a `TestStore` of its feature: the key, the action it
/// becomes, and the state that action leaves.
@MainActor
struct KeyMapTests {
  private func counter(
    _ state: CounterState = CounterState(),
    nthPrime: @escaping @Sendable (Int) async throws -> Int = { _ in
      Issue.record("nthPrime should not be called")
      return 0
    }
  ) -> TestStore<CounterState, CounterAction, CounterEnvironment> {
    TestStore(
      initialState: state, reducer: CounterReducer(),
      environment: CounterEnvironment(nthPrime: nthPrime))
  }

  /// The counter's action for a key, which the test requires there to be.
  private func press(
    _ key: Key, _ store: TestStore<CounterState, CounterAction, CounterEnvironment>
  ) throws -> CounterAction {
    try #require(CounterView.action(for: key, in: store.state))
  }

  @Test func counterKeys_countAndOpenTheModal() async throws {
    let store = counter()
    await store.send(try press(.character("+"), store)) { $0.count = 1 }
    await store.send(try press(.character("="), store)) { $0.count = 2 }
    await store.send(try press(.character("-"), store)) { $0.count = 1 }
    await store.send(try press(.character("+"), store)) { $0.count = 2 }
    await store.send(try press(.character("p"), store)) { $0.isPrimeModalShown = true }
    #expect(CounterView.action(for: .character("+"), in: store.state) == nil)
    await store.send(try press(.escape, store)) { $0.isPrimeModalShown = false }
    #expect(CounterView.action(for: .character("x"), in: store.state) == nil)
    #expect(CounterView.action(for: .up, in: store.state) == nil)
  }

  @Test func primeModalKeys_saveAndRemove_throughTheModalsOwnStore() async throws {
    let store = TestStore(
      initialState: PrimeModalState(count: 7), reducer: PrimeModalReducer(), environment: ())
    let save = try #require(PrimeModalView.action(for: .character("s"), in: store.state))
    await store.send(save) {
      $0.favoritePrimes = [7]
      $0.alert = .notice("saved 7 to your favorite primes")
    }
    #expect(PrimeModalView.action(for: .character("s"), in: store.state) == nil)
    let dismiss = try #require(PrimeModalView.action(for: .enter, in: store.state))
    await store.send(dismiss) { $0.alert = nil }
    let remove = try #require(PrimeModalView.action(for: .character("s"), in: store.state))
    await store.send(remove) {
      $0.favoritePrimes = []
      $0.alert = .notice("removed 7 from your favorite primes")
    }
    #expect(PrimeModalView.action(for: .character("s"), in: PrimeModalState(count: 6)) == nil)
    #expect(PrimeModalView.action(for: .escape, in: PrimeModalState(count: 7)) == nil)
  }

  @Test func nthPrimeKey_freezesTheCounter_andEscCancels() async throws {
    // A lookup that answers nothing until it is cancelled.
    let store = counter(CounterState(count: 7)) { _ in
      let (answers, continuation) = AsyncStream<Int>.makeStream()
      defer { continuation.finish() }
      for await answer in answers { return answer }
      throw CancellationError()
    }
    let lookup = await store.send(try press(.character("n"), store)) {
      $0.isNthPrimeRequestInFlight = true
    }
    #expect(CounterView.action(for: .character("+"), in: store.state) == nil)
    #expect(CounterView.action(for: .interrupt, in: store.state) == .nthPrimeCancelTapped)
    await store.send(try press(.escape, store)) { $0.isNthPrimeRequestInFlight = false }
    await lookup.finish()
    await store.finish()
  }

  @Test func counterScreen_sendsAKey_toWhatIsOnTop() {
    var state = CounterState(count: 7, isPrimeModalShown: true)
    #expect(
      CounterView.target(of: .character("s"), in: state) == .primeModal(.saveFavoritePrimeTapped))
    #expect(CounterView.target(of: .escape, in: state) == .counter(.primeModalDismissed))
    #expect(CounterView.target(of: .character("q"), in: state) == .app)
    // An alert over the modal takes the keys; the modal's save waits until it is gone.
    state.alert = .notice("saved 7 to your favorite primes")
    #expect(CounterView.target(of: .character("s"), in: state) == .app)
    #expect(CounterView.target(of: .enter, in: state) == .counter(.alertDismissed))
    #expect(CounterView.isCovered(state))
    #expect(!CounterView.isCovered(CounterState()))
  }

  @Test func alertKeys_dismissTheAlert() async throws {
    let store = counter(CounterState(count: 7, alert: .nthPrime(n: 7, prime: 17)))
    #expect(CounterView.action(for: .character("+"), in: store.state) == nil)
    await store.send(try press(.enter, store)) { $0.alert = nil }
    let failed = counter(CounterState(count: 0, alert: .failure("no")))
    await failed.send(try press(.escape, failed)) { $0.alert = nil }
  }

  private func favorites(_ primes: PersistentArray<Int>)
    -> TestStore<FavoritePrimesState, FavoritePrimesAction, FavoritePrimesEnvironment>
  {
    TestStore(
      initialState: FavoritePrimesState(favoritePrimes: primes), reducer: FavoritePrimesReducer(),
      environment: FavoritePrimesEnvironment(
        fileClient: .failing,
        nthPrime: { n in
          #expect(n == 5)
          return 11
        }))
  }

  @Test func favoritesKeys_deleteTheSelectedRow() async throws {
    let store = favorites([2, 3, 5])
    let selection = FavoritesView.Selection(row: 1)
    let delete = try #require(
      FavoritesView.action(for: .character("d"), in: store.state, selection: selection))
    await store.send(delete) {
      $0.favoritePrimes = [2, 5]
      $0.alert = .notice("deleted 3")
    }
  }

  @Test func favoritesKeys_askForTheNthPrimeOfTheSelectedRow() async throws {
    let store = favorites([2, 3, 5])
    let selection = FavoritesView.Selection(row: 2)
    let nth = try #require(
      FavoritesView.action(for: .character("n"), in: store.state, selection: selection))
    await store.send(nth) { $0.isNthPrimeRequestInFlight = true }
    await store.receive(.nthPrimeResponse(n: 5, .success(11))) {
      $0.isNthPrimeRequestInFlight = false
      $0.alert = .nthPrime(n: 5, prime: 11)
    }
    let dismiss = try #require(
      FavoritesView.action(for: .enter, in: store.state, selection: selection))
    await store.send(dismiss) { $0.alert = nil }
  }

  @Test func favoritesKeys_onAnEmptyList_doNothing_butExportAndImport() {
    let empty = FavoritePrimesState()
    #expect(FavoritesView.action(for: .character("d"), in: empty, selection: .init()) == nil)
    #expect(FavoritesView.action(for: .character("n"), in: empty, selection: .init()) == nil)
    #expect(
      FavoritesView.action(for: .character("e"), in: empty, selection: .init())
        == .saveButtonTapped(file: nil))
    #expect(
      FavoritesView.action(for: .character("i"), in: empty, selection: .init())
        == .loadButtonTapped(file: nil))
  }

  @Test func selection_movesWithinTheList_andScrolls() {
    var selection = FavoritesView.Selection()
    selection = selection.moved(by: -1, count: 5, visible: 3)
    #expect(selection == .init(row: 0, top: 0))
    for _ in 1...3 { selection = selection.moved(by: 1, count: 5, visible: 3) }
    #expect(selection == .init(row: 3, top: 1))
    selection = selection.moved(by: 9, count: 5, visible: 3)
    #expect(selection == .init(row: 4, top: 2))
    selection = selection.moved(by: 0, count: 2, visible: 3)
    #expect(selection == .init(row: 1, top: 0))
  }

  @Test func keys_fromTerminalCodes() {
    let key = { (code: Int32) in Key(code: code, up: 259, down: 258, enter: 343) }
    #expect(key(43) == .character("+"))
    #expect(key(259) == .up)
    #expect(key(258) == .down)
    #expect(key(10) == .enter)
    #expect(key(27) == .escape)
    #expect(key(3) == .interrupt)
    #expect(key(4) == .endOfInput)
    #expect(key(26) == .suspend)
    #expect(key(410) == nil)
  }

  @Test func anEscapeSequenceTheTerminalDoesNotName_isDroppedWhole_notReadAsEsc() {
    let codes = { (text: String) in text.unicodeScalars.map { Int32($0.value) } }
    let keys = { (text: String) in Key.keys(fromCodes: codes(text), up: 259, down: 258, enter: 343)
    }
    #expect(keys("\u{1B}[1~+") == [.character("+")])  // Home, then +
    #expect(keys("j\u{1B}[4~\u{1B}[1;5Ck") == [.character("j"), .character("k")])
    #expect(keys("\u{1B}OH-") == [.character("-")])
    #expect(keys("\u{1B}") == [.escape])
    #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
    // Esc read together with a character is Alt and that character, which no screen uses.
    #expect(keys("\u{1B}q+") == [.character("+")])
    #expect(keys("\u{1B}[") == [])
    // An unfinished sequence takes only its own codes, not the key after it.
    #expect(Key.keys(fromCodes: [27, 91, 49, 259], up: 259, down: 258, enter: 343) == [.up])
    #expect(
      Key.keys(fromCodes: [259, 27, 258], up: 259, down: 258, enter: 343) == [.up, .escape, .down])
  }
}
