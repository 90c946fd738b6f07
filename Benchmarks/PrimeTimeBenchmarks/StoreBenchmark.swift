import AppCore
import ComposableArchitecture
import Counter
import FavoritePrimes
import FavoritesLedger
import FileClient
import Foundation
import NthPrimeClient
import PrimeTimeUI
import Screens

/// The cost of composition: dispatch through the composed app reducer against a hand-written
/// one, scoping, large states, long histories, many subscribers and the REPL itself.
@MainActor
enum StoreBenchmark {
  static let environment = AppEnvironment(
    nthPrime: .failing, fileClient: .noop,
    now: { Date(timeIntervalSince1970: 0) })

  /// The same behaviour as the app for counter incr, written as one switch; refused off the
  /// counter's page by the app's own rule, as the app refuses it.
  struct FusedReducer: Reducer {
    func reduce(
      into state: inout AppState, action: AppAction, environment: AppEnvironment
    ) -> Effect<AppAction> {
      switch action {
      case .counter(.incrTapped):
        guard !state.refuseOffItsScreen(action), state.counterLookup == nil else { return .none }
        let (count, overflow) = state.count.addingReportingOverflow(1)
        guard !overflow else {
          state.counterDestination = .alert(
            .failure("the count cannot go above \(Int.max); it stays at \(state.count)"))
          return .none
        }
        state.count = count
        if case .primeModal = state.counterDestination { state.counterDestination = nil }
        return .none
      default:
        return .none
      }
    }
  }

  /// The same behaviour again as one switch, but through the counter's derived state, read and
  /// written back through the key path `\AppState.counter`, as the composed reducer's pullback
  /// does: what the derivation costs, the projection through a computed key path included,
  /// without the composition.
  struct DerivedReducer: Reducer {
    func reduce(
      into state: inout AppState, action: AppAction, environment: AppEnvironment
    ) -> Effect<AppAction> {
      switch action {
      case .counter(.incrTapped):
        guard !state.refuseOffItsScreen(action) else { return .none }
        Self.incr(&state[keyPath: \AppState.counter])
        return .none
      default:
        return .none
      }
    }

    static func incr(_ counter: inout CounterState) {
      guard counter.nthPrimeLookup == nil else { return }
      let (count, overflow) = counter.count.addingReportingOverflow(1)
      guard !overflow else {
        counter.destination = .alert(
          .failure("the count cannot go above \(Int.max); it stays at \(counter.count)"))
        return
      }
      counter.count = count
      if case .primeModal = counter.destination { counter.destination = nil }
    }
  }

  static func run(
    rounds: Int, scale: Double, log: (String) -> Void = { print($0) }
  ) async throws -> [(String, Double)] {
    let actions = max(1000, Int(2_000_000 * scale))
    var results: [(String, Double)] = []
    // Memory first, before other measurements leave freed memory behind for it to reuse.
    let longHistory = max(1000, Int(1_000_000 * scale))
    let bytes = bytesPerStep(
      steps: longHistory, favorites: firstPrimes(Int(100_000 * min(scale * 10, 1))))
    let favoriteBytes = bytesPerFavoriteStep(
      steps: max(1000, Int(100_000 * scale)),
      favorites: firstPrimes(Int(1_000_000 * min(scale * 10, 1))))
    var composed: [Double] = []
    var fused: [Double] = []
    var derived: [Double] = []
    var scoped: [Double] = []
    var root: [Double] = []
    for _ in 0..<rounds {
      composed.append(
        nsPerIncr(
          Store(initialState: AppState(), reducer: AppReducer(), environment: environment), actions)
      )
      fused.append(
        nsPerIncr(
          Store(initialState: AppState(), reducer: FusedReducer(), environment: environment),
          actions)
      )
      derived.append(
        nsPerIncr(
          Store(initialState: AppState(), reducer: DerivedReducer(), environment: environment),
          actions)
      )
      let store = Store(initialState: AppState(), reducer: AppReducer(), environment: environment)
      let deep = store.scope(state: \.counter, action: AppAction.counter)
        .scope(state: { $0 }, action: { $0 })
        .scope(state: { $0 }, action: { $0 })
      scoped.append(nanoseconds(actions) { deep.send(.incrTapped) })
      root.append(nanoseconds(actions) { store.send(.counter(.incrTapped)) })
    }
    results += [
      ("dispatch.composed.nsPerAction", median(composed)),
      ("dispatch.fused.nsPerAction", median(fused)),
      ("dispatch.derived.nsPerAction", median(derived)),
      ("dispatch.ratio", median(zip(composed, fused).map(/))),
      ("dispatch.composition.ratio", median(zip(composed, derived).map(/))),
      ("dispatch.scoped.ratio", median(zip(scoped, root).map(/))),
    ]

    // Scaling: the same actions with 1,000,000 favorites held (fewer below --scale 0.1), and
    // with 10.
    let manyPrimes = firstPrimes(Int(1_000_000 * min(scale * 10, 1)))
    let fewPrimes = Array(manyPrimes.prefix(10))
    var incrRatios: [Double] = []
    var favoriteRatios: [Double] = []
    var historyRatios: [Double] = []
    var undoSaveRatios: [Double] = []
    var undoSaveAfterOthersRatios: [Double] = []
    var takeInRatios: [Double] = []
    let favoriteRounds = max(1000, Int(100_000 * scale))
    for _ in 0..<rounds {
      let incrMany = nsPerIncr(
        Store(
          initialState: AppState(favoritePrimes: PersistentArray(manyPrimes)),
          reducer: AppReducer(),
          environment: environment), actions)
      let incrFew = nsPerIncr(
        Store(
          initialState: AppState(favoritePrimes: PersistentArray(fewPrimes)),
          reducer: AppReducer(),
          environment: environment), actions)
      incrRatios.append(incrMany / incrFew)
      // Fewer rounds with many favorites: each may cost a copy of them.
      favoriteRatios.append(
        nsPerSaveAndRemove(favorites: manyPrimes, max(100, favoriteRounds / 50))
          / nsPerSaveAndRemove(favorites: fewPrimes, favoriteRounds))
      historyRatios.append(
        nsPerSaveAndRemoveWithHistory(favorites: manyPrimes, max(100, favoriteRounds / 50))
          / nsPerSaveAndRemoveWithHistory(favorites: fewPrimes, favoriteRounds))
      undoSaveRatios.append(
        nsPerUndoAndRedoOfASave(favorites: manyPrimes, max(100, favoriteRounds / 50))
          / nsPerUndoAndRedoOfASave(favorites: fewPrimes, favoriteRounds))
      undoSaveAfterOthersRatios.append(
        nsPerUndoAndRedoOfASave(favorites: manyPrimes, 200, afterAnotherSessionsSave: true)
          / nsPerUndoAndRedoOfASave(favorites: fewPrimes, 200, afterAnotherSessionsSave: true))
      // As many rounds with many favorites: a take-in copies nothing, and an append that
      // outgrows the feed's storage (once in as many appends as it holds) is part of its cost.
      takeInRatios.append(
        nsPerTakeInOfASaveAndARemoval(favorites: manyPrimes, favoriteRounds)
          / nsPerTakeInOfASaveAndARemoval(favorites: fewPrimes, favoriteRounds))
    }
    results += [
      ("scaling.incr.ratio", median(incrRatios)),
      ("scaling.favorite.ratio", median(favoriteRatios)),
      ("scaling.favoriteWithHistory.ratio", median(historyRatios)),
      ("scaling.undoSave.ratio", median(undoSaveRatios)),
      ("scaling.undoSaveAfterOthers.ratio", median(undoSaveAfterOthersRatios)),
      ("scaling.takeIn.ratio", median(takeInRatios)),
    ]

    // History: undo + redo after 1,000,000 steps (at --scale 1) and after 100; memory per step.
    var undoRatios: [Double] = []
    for _ in 0..<rounds {
      undoRatios.append(nsPerUndoRedo(steps: longHistory) / nsPerUndoRedo(steps: 100))
    }
    results.append(("history.undo.ratio", median(undoRatios)))

    // A jump across the whole history, against as many undos one at a time, each on a history
    // of its own with the same steps.
    let jumpSteps = max(1000, Int(10_000 * min(scale * 10, 1)))
    var jumpRatios: [Double] = []
    for _ in 0..<rounds {
      let jumping = historyOfIncrs(jumpSteps)
      let undoing = historyOfIncrs(jumpSteps)
      let jump = nanoseconds(1) { jumping.send(.travel(by: -jumpSteps)) }
      let undos = nanoseconds(1) { for _ in 0..<jumpSteps { undoing.send(.undo) } }
      precondition(jumping.state.undoCount == 0 && undoing.state.undoCount == 0)
      jumpRatios.append(jump / undos)
    }
    results.append(("history.jump.ratio", median(jumpRatios)))
    results.append(("history.bytesPerStep", bytes))
    results.append(("history.favoriteBytesPerStep", favoriteBytes))

    // Subscribers: the cost of telling 1,000 of them of a change, per subscriber.
    let subscriberStore = Store(
      initialState: AppState(), reducer: AppReducer(), environment: environment)
    // Each observer reads the count and adds it to a sum, a pointer's worth of work of its own.
    let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    sum.initialize(to: 0)
    defer { sum.deallocate() }
    let tokens = (0..<1000).map { _ in subscriberStore.subscribe { sum.pointee &+= $0.count } }
    let notifies = max(100, Int(20_000 * scale))
    let perSend = median(
      (0..<rounds).map { _ in nanoseconds(notifies) { subscriberStore.send(.counter(.incrTapped)) }
      })
    results.append(("subscribers.nsPerNotify", perSend / Double(tokens.count)))

    // One view: incr through the app's store with one view subscribed to the counter's scoped
    // store, as the full-screen app has, against the same store with none; in turns, in the
    // opposite order every other round. A view subscribes to be told of changes and reads the
    // state when it draws, which is not measured here. For comparison, the same with an
    // observer handed the counter's state at each action.
    var oneObserverRatios: [Double] = []
    var oneStateObserverRatios: [Double] = []
    for round in 0..<rounds {
      let bare = Store(initialState: AppState(), reducer: AppReducer(), environment: environment)
      let viewed = Store(initialState: AppState(), reducer: AppReducer(), environment: environment)
      let counter = viewed.scope(state: { $0.counter }, action: AppAction.counter)
      let view = counter.subscribe(onChange: { sum.pointee &+= 1 })
      let observed = Store(
        initialState: AppState(), reducer: AppReducer(), environment: environment)
      let observedCounter = observed.scope(state: { $0.counter }, action: AppAction.counter)
      let observer = observedCounter.subscribe { sum.pointee &+= $0.count }
      let stores = [bare, viewed, observed]
      var times = [0.0, 0.0, 0.0]
      for index in round.isMultiple(of: 2) ? [0, 1, 2] : [2, 1, 0] {
        times[index] = nanoseconds(actions) { stores[index].send(.counter(.incrTapped)) }
      }
      let (without, withView, withObserver) = (times[0], times[1], times[2])
      oneObserverRatios.append(withView / without)
      oneStateObserverRatios.append(withObserver / without)
      view.cancel()
      observer.cancel()
    }
    results.append(("subscribers.oneObserver.ratio", median(oneObserverRatios)))
    results.append(("subscribers.oneStateObserver.ratio", median(oneStateObserverRatios)))

    // A view is told only of what it shows: a view of the favorites, subscribed to the
    // favorites' scoped store, over actions that change only the count, which it does not show.
    // A count: how many times it is told, per action.
    let unseen = Store(initialState: AppState(), reducer: AppReducer(), environment: environment)
    let favoritesView = unseen.scope(
      state: { $0.favoritePrimesState }, action: AppAction.favoritePrimes)
    var unseenCalls = 0
    let unseenSubscription = favoritesView.subscribe(onChange: { unseenCalls += 1 })
    let unseenActions = max(1000, actions / 100)
    for _ in 0..<unseenActions { unseen.send(.counter(.incrTapped)) }
    unseenSubscription.cancel()
    results.append(("ui.redraw.callsPerUnseenAction", Double(unseenCalls) / Double(unseenActions)))

    // A redraw draws only what is visible: the favorites screen with 20,000 favorites against
    // 10, on the same terminal.
    let size = Size(columns: 80, rows: 24)
    let redraws = max(1000, Int(200_000 * scale))
    let longList = FavoritePrimesState(favoritePrimes: PersistentArray(firstPrimes(20_000)))
    let shortList = FavoritePrimesState(favoritePrimes: PersistentArray(firstPrimes(10)))
    var redrawRatios: [Double] = []
    for _ in 0..<rounds {
      let long = nanoseconds(redraws) {
        blackHole(
          FavoritesView.draw(
            longList, selection: .init(row: 19_999, top: 19_980), progress: 0,
            size: size, charset: .unicode))
      }
      let short = nanoseconds(redraws) {
        blackHole(
          FavoritesView.draw(
            shortList, selection: .init(row: 9, top: 0), progress: 0, size: size,
            charset: .unicode))
      }
      redrawRatios.append(long / short)
    }
    results.append(("ui.redraw.ratio", median(redrawRatios)))

    // The history page draws only the steps that show: 10,000 steps against 30, which fill
    // the same rows of the same terminal, the marker in the middle of each. (Against a history
    // shorter than the screen, the ratio would count the rows drawn, not the steps kept.)
    let longHistory10k = historyOfIncrs(10_000, size: size)
    let shortHistory = historyOfIncrs(30, size: size)
    for store in [longHistory10k, shortHistory] {
      store.send(.historyPage(.opened))
      store.send(.historyPage(.moved(by: -store.state.stepCount / 2)))
    }
    var historyRedrawRatios: [Double] = []
    for _ in 0..<rounds {
      let long = nanoseconds(redraws / 10) {
        blackHole(
          AppView.draw(longHistory10k.state, progress: 0, localTime: .gmt, charset: .unicode))
      }
      let short = nanoseconds(redraws / 10) {
        blackHole(AppView.draw(shortHistory.state, progress: 0, localTime: .gmt, charset: .unicode))
      }
      historyRedrawRatios.append(long / short)
    }
    results.append(("ui.historyRedraw.ratio", median(historyRedrawRatios)))

    // A held-down key: each + mapped to its action as the full screen maps it, sent through the
    // counter's scoped store, and the screen drawn after each (the app draws once for all the
    // keys read together). Not measured: writing the screen to the terminal and storing the
    // change.
    let keyStore = Store(
      initialState: AppState(screens: ScreensState(size: size)), reducer: AppReducer(),
      environment: environment)
    let keyCounter = keyStore.scope(state: \.counter, action: AppAction.counter)
    var keyRates: [Double] = []
    for _ in 0..<rounds {
      let perKey = nanoseconds(actions) {
        if case .step(.counter(let action)) = AppView.action(
          for: .character("+"), in: keyStore.state)
        {
          keyCounter.send(action)
        }
        blackHole(AppView.draw(keyStore.state, progress: 0, localTime: .gmt, charset: .unicode))
      }
      keyRates.append(1e9 / perKey)
    }
    results.append(("ui.keysPerSecond", median(keyRates)))

    // The REPL: piped incr lines through the real binary, without a recording
    // (`--no-record`) and with the one every session keeps, taken in turns; a recorded step's
    // cost is the difference per line.
    let lines = max(1000, Int(100_000 * scale))
    var plain: [Double] = []
    var recorded: [Double] = []
    for _ in 0..<rounds {
      plain.append(try replSeconds(lines: lines, recording: false))
      recorded.append(try replSeconds(lines: lines, recording: true))
    }
    results += [
      ("repl.commandsPerSecond", Double(lines) / median(plain)),
      ("repl.recordedCommandsPerSecond", Double(lines) / median(recorded)),
      ("repl.recording.ratio", median(zip(plain, recorded).map(/))),
      (
        "repl.nsPerRecordedStep",
        median(zip(recorded, plain).map { ($0 - $1) * 1e9 / Double(lines) })
      ),
    ]

    printTable(results, log: log)
    return results
  }

  static func nsPerIncr(_ store: Store<AppState, AppAction>, _ count: Int) -> Double {
    nanoseconds(count) { store.send(.counter(.incrTapped)) }
  }

  /// Keeps a value alive past the optimizer, so that the work that made it is measured.
  @inline(never)
  static func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
  }

  static func nanoseconds(_ count: Int, _ body: () -> Void) -> Double {
    let elapsed = seconds {
      for _ in 0..<count { body() }
    }
    return elapsed * 1e9 / Double(count)
  }

  static func nsPerSaveAndRemove(favorites: [Int], _ count: Int) -> Double {
    let prime = 2_147_483_647  // not among the first million primes
    let store = Store(
      initialState: AppState(
        count: prime, favoritePrimes: PersistentArray(favorites),
        counterDestination: .primeModal(alert: nil)),
      reducer: AppReducer(),
      environment: environment)
    // Once before timing: the first membership test makes the favorites' index.
    store.send(.counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped)))))
    store.send(.counter(.destination(.presented(.primeModal(.removeFavoritePrimeTapped)))))
    return nanoseconds(count) {
      store.send(.counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped)))))
      store.send(.counter(.destination(.presented(.primeModal(.removeFavoritePrimeTapped)))))
    }
  }

  /// A store with history whose count is a prime no favorite is, with the favorites given and
  /// a feed that adds each, after one save and removal: the first membership test makes the
  /// favorites' index, once, as after a load.
  static func historyStore(
    favorites: [Int], maximumDepth: Int = 10_000
  ) -> Store<History<AppState>, AppHistoryAction> {
    let prime = 2_147_483_647  // not among the first million primes
    let feed = favorites.map {
      Activity(id: UUID(), kind: .added, prime: $0, timestamp: Date(timeIntervalSince1970: 0))
    }
    let store = Store(
      initialState: History(
        AppState(
          count: prime, favoritePrimes: PersistentArray(favorites),
          counterDestination: .primeModal(alert: nil), activityFeed: PersistentArray(feed)),
        maximumDepth: maximumDepth),
      reducer: AppHistoryReducer(), environment: environment)
    store.send(.step(.counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped))))))
    store.send(.step(.counter(.destination(.presented(.primeModal(.removeFavoritePrimeTapped))))))
    return store
  }

  /// A save and a removal as undoable steps, with the favorites given and a feed that adds each.
  static func nsPerSaveAndRemoveWithHistory(favorites: [Int], _ count: Int) -> Double {
    let store = historyStore(favorites: favorites)
    return nanoseconds(count) {
      store.send(.step(.counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped))))))
      store.send(.step(.counter(.destination(.presented(.primeModal(.removeFavoritePrimeTapped))))))
    }
  }

  /// Another session's save and removal of a prime, each taken in as what it changed, with the
  /// favorites given and a feed that adds each.
  static func nsPerTakeInOfASaveAndARemoval(favorites: [Int], _ count: Int) -> Double {
    let store = historyStore(favorites: favorites)
    let other = 2_147_483_629  // a prime that is no favorite
    let entries = (0..<count + 1).map { _ in
      [Activity.Kind.added, .removed].map {
        Activity(id: UUID(), kind: $0, prime: other, timestamp: Date(timeIntervalSince1970: 0))
      }
    }
    // Once before timing: the first membership test of the stored arrays makes their index,
    // once, as after a load.
    for entry in entries[count] {
      store.send(.step(.storageUpdated(StoredUpdate(appended: [entry]))))
    }
    var round = 0
    return nanoseconds(count) {
      for entry in entries[round] {
        store.send(.step(.storageUpdated(StoredUpdate(appended: [entry]))))
      }
      round += 1
    }
  }

  /// Undo and redo of a save, as changes to what is there now, with the favorites given and a
  /// feed that adds each; with `afterAnotherSessionsSave`, another session saved a prime after
  /// the step, so that neither undo nor redo leaves one of the step's ends.
  static func nsPerUndoAndRedoOfASave(
    favorites: [Int], _ count: Int, afterAnotherSessionsSave: Bool = false
  ) -> Double {
    let store = historyStore(favorites: favorites)
    store.send(.step(.counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped))))))
    if afterAnotherSessionsSave {
      let other = 2_147_483_629  // a prime that is no favorite
      let state = store.state.present
      store.send(
        .step(
          .storageChanged(
            StoredFavorites(
              favoritePrimes: Array(state.favoritePrimes) + [other],
              activityFeed: Array(state.activityFeed) + [
                Activity(
                  id: UUID(), kind: .added, prime: other,
                  timestamp: Date(timeIntervalSince1970: 0))
              ]))))
      // Once before timing: the first membership test of the stored arrays makes their index,
      // once, as after a load.
      store.send(.undo)
      store.send(.redo)
    }
    return nanoseconds(count) {
      store.send(.undo)
      store.send(.redo)
    }
  }

  static func nsPerUndoRedo(steps: Int) -> Double {
    let store = Store(
      initialState: History(AppState(), maximumDepth: steps), reducer: AppHistoryReducer(),
      environment: environment)
    for _ in 0..<steps { store.send(.step(.counter(.incrTapped))) }
    return nanoseconds(100_000) {
      store.send(.undo)
      store.send(.redo)
    }
  }

  /// A store of the app with history, after `steps` steps that each count up.
  static func historyOfIncrs(
    _ steps: Int, size: Size = Size(columns: 80, rows: 24)
  ) -> Store<History<AppState>, AppHistoryAction> {
    let store = Store(
      initialState: History(AppState(screens: ScreensState(size: size)), maximumDepth: steps),
      reducer: AppHistoryReducer(), environment: environment)
    for _ in 0..<steps { store.send(.step(.counter(.incrTapped))) }
    return store
  }

  static func bytesPerStep(steps: Int, favorites: [Int]) -> Double {
    let store = Store(
      initialState: History(
        AppState(favoritePrimes: PersistentArray(favorites)), maximumDepth: steps),
      reducer: AppHistoryReducer(), environment: environment)
    let before = allocatedBytes()
    var peak = before
    for step in 0..<steps {
      store.send(.step(.counter(.incrTapped)))
      if step & 0xFFF == 0 { peak = max(peak, allocatedBytes()) }
    }
    let after = max(peak, allocatedBytes())
    precondition(store.state.undoCount == steps)
    return Double(after - before) / Double(steps)
  }

  /// Resident memory per undoable save or removal, with the favorites given and a feed that adds
  /// each: what history keeps of a step that changes them.
  static func bytesPerFavoriteStep(steps: Int, favorites: [Int]) -> Double {
    let store = historyStore(favorites: favorites, maximumDepth: steps + 2)
    let before = allocatedBytes()
    var peak = before
    for step in 0..<steps {
      store.send(
        .step(
          .counter(
            .destination(
              .presented(
                .primeModal(
                  step.isMultiple(of: 2) ? .saveFavoritePrimeTapped : .removeFavoritePrimeTapped))
            ))))
      if step & 0xFFF == 0 { peak = max(peak, allocatedBytes()) }
    }
    let after = max(peak, allocatedBytes())
    precondition(store.state.undoCount == steps + 2)
    return Double(after - before) / Double(steps)
  }

  /// Pipes `lines` incr commands through the binary, recorded as every session is (in the data
  /// directory) or with `--no-record`, and returns the seconds it took.
  static func replSeconds(lines: Int, recording: Bool) throws -> Double {
    let primetime = try primetimeExecutable()
    let home = FileManager.default.temporaryDirectory.appending(
      path: "primetime-benchmark-\(getpid())")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let input = Data(String(repeating: "incr\n", count: lines).utf8)
    var environment = ProcessInfo.processInfo.environment
    environment["PRIMETIME_HOME"] = home.path
    environment["PRIMETIME_RECORD"] = nil
    let arguments = recording ? [] : ["--no-record"]
    guard let run = runProcess(primetime, arguments, input: input, environment: environment),
      run.status == 0
    else { throw Unmeasured(description: "\(primetime) failed on piped input") }
    let sessions =
      (try? FileManager.default.contentsOfDirectory(
        atPath: home.appending(path: "sessions").path)) ?? []
    guard sessions.count == (recording ? 1 : 0) else {
      throw Unmeasured(description: "\(primetime) did not record as asked")
    }
    return run.seconds
  }

  static func firstPrimes(_ count: Int) -> [Int] {
    var limit = 100
    while Double(limit) / log(Double(limit)) < Double(count) * 1.2 { limit *= 2 }
    var composite = [Bool](repeating: false, count: limit + 1)
    var primes: [Int] = []
    for n in 2...limit where !composite[n] {
      primes.append(n)
      if primes.count == count { break }
      var m = n * n
      while m <= limit {
        composite[m] = true
        m += n
      }
    }
    return primes
  }

  /// Resident memory now, from /proc/self/statm.
  static func allocatedBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  static func printTable(_ results: [(String, Double)], log: (String) -> Void) {
    let targets: [String: (String, (Double) -> Bool)] = [
      "dispatch.ratio": ("≤ 2.0", { $0 <= 2.0 }),
      "dispatch.composition.ratio": ("≤ 1.5", { $0 <= 1.5 }),
      "dispatch.scoped.ratio": ("≤ 1.5", { $0 <= 1.5 }),
      "scaling.incr.ratio": ("≤ 1.5", { $0 <= 1.5 }),
      "scaling.favorite.ratio": ("≤ 1.5", { $0 <= 1.5 }),
      "scaling.favoriteWithHistory.ratio": ("≤ 1.5", { $0 <= 1.5 }),
      "scaling.undoSave.ratio": ("≤ 1.5", { $0 <= 1.5 }),
      "scaling.undoSaveAfterOthers.ratio": ("≤ 1.5", { $0 <= 1.5 }),
      "scaling.takeIn.ratio": ("≤ 1.5", { $0 <= 1.5 }),
      "subscribers.nsPerNotify": ("≤ 20", { $0 <= 20 }),
      "subscribers.oneObserver.ratio": ("≤ 1.5", { $0 <= 1.5 }),
      "subscribers.oneStateObserver.ratio": ("≤ 1.5", { $0 <= 1.5 }),
      "ui.redraw.ratio": ("≤ 1.5", { $0 <= 1.5 }),
      "ui.redraw.callsPerUnseenAction": ("= 0", { $0 == 0 }),
      "history.undo.ratio": ("≤ 2", { $0 <= 2 }),
      "history.jump.ratio": ("≤ 1.5", { $0 <= 1.5 }),
      "ui.historyRedraw.ratio": ("≤ 1.5", { $0 <= 1.5 }),
      "history.bytesPerStep": ("< 200", { $0 < 200 }),
      "history.favoriteBytesPerStep": ("< 1000", { $0 < 1000 }),
      "repl.commandsPerSecond": ("≥ 50000", { $0 >= 50_000 }),
      "repl.recording.ratio": ("≥ 0.8", { $0 >= 0.8 }),
      "repl.nsPerRecordedStep": ("≤ 2500", { $0 <= 2500 }),
    ]
    log("metric                          value        target    ")
    for (key, value) in results {
      let target = targets[key]
      let verdict = target.map { $0.1(value) ? "met" : "MISSED" } ?? ""
      log(
        key.padding(toLength: 32, withPad: " ", startingAt: 0)
          + String(format: "%12.3f", value) + "   "
          + (target?.0 ?? "").padding(toLength: 10, withPad: " ", startingAt: 0) + verdict)
    }
  }
}
