import ComposableArchitecture
import Testing

@MainActor
struct StoreTests {
  private func makeStore() -> Store<ParentState, ParentAction> {
    Store(
      initialState: ParentState(),
      reducer: childReducer.pullback(
        state: \ParentState.child, action: .child,
        environment: { (_: Void) in () }),
      environment: ()
    )
  }

  @Test func send_changesStateBeforeReturning() {
    let store = makeStore()
    store.send(.child(.incr))
    #expect(store.state.child.count == 1)
  }

  @Test func effectActions_comeBackInOrder() async {
    var seen: [Int] = []
    let store = Store(
      initialState: ChildState(),
      reducer: combine {
        childReducer
        Reduce { state, action, _ in
          if case .echoed = action { seen.append(state.count) }
          return .none
        }
      },
      environment: ()
    )
    await store.send(.startEcho(Array(1...50))).finish()
    #expect(seen == Array(1...50))
    #expect(store.state.count == 50)
  }

  @Test func scope_readsChildStateFromParent_andRoutesSendsThroughParent() {
    let store = makeStore()
    let child = store.scope(state: \.child, action: ParentAction.child)
    child.send(.incr)
    #expect(store.state.child.count == 1)
    #expect(child.state.count == 1)
    store.send(.child(.decr))
    store.send(.child(.decr))
    #expect(child.state.count == -1)
  }

  @Test func scope_threeLevelsDeep_routesBothWays() {
    let store = makeStore()
    let deep = store.scope(state: { $0 }, action: { $0 })
      .scope(state: \.child, action: ParentAction.child)
      .scope(state: \.count, action: { (_: Void) in ChildAction.incr })
    deep.send(())
    deep.send(())
    #expect(store.state.child.count == 2)
    #expect(deep.state == 2)
  }

  @Test func subscribe_callsObserverAfterEveryAction() {
    let store = makeStore()
    var counts: [Int] = []
    let token = store.subscribe { counts.append($0.child.count) }
    store.send(.child(.incr))
    store.send(.child(.incr))
    #expect(counts == [1, 2])
    _ = token
  }

  @Test func subscription_endsWhenTokenIsReleased() {
    let store = makeStore()
    var calls = 0
    var token: StoreSubscription? = store.subscribe { _ in calls += 1 }
    store.send(.child(.incr))
    #expect(calls == 1)
    token = nil
    store.send(.child(.incr))
    #expect(calls == 1)
    _ = token
  }

  @Test func subscription_endsOnCancel_andOthersGoOn() {
    let store = makeStore()
    var first = 0
    var second = 0
    let token1 = store.subscribe { _ in first += 1 }
    let token2 = store.subscribe { _ in second += 1 }
    store.send(.child(.incr))
    token1.cancel()
    store.send(.child(.incr))
    #expect(first == 1)
    #expect(second == 2)
    _ = token2
  }

  @Test func subscription_doesNotRetainObserver() {
    final class Observer {}
    let store = makeStore()
    weak var weakObserver: Observer?
    var token: StoreSubscription?
    do {
      let observer = Observer()
      weakObserver = observer
      token = store.subscribe { _ in _ = observer }
    }
    #expect(weakObserver != nil)
    token = nil
    #expect(weakObserver == nil)
    _ = token
  }

  @Test func scopedSubscription_seesChildState() {
    let store = makeStore()
    let child = store.scope(state: \.child, action: ParentAction.child)
    var counts: [Int] = []
    let token = child.subscribe { counts.append($0.count) }
    store.send(.child(.incr))
    child.send(.incr)
    #expect(counts == [1, 2])
    _ = token
  }

  @Test func scopedEquatableState_tellsItsObserversOnlyOfItsOwnChanges() {
    let store = makeStore()
    let child = store.scope(state: { $0.child }, action: ParentAction.child)
    var changes = 0
    var counts: [Int] = []
    let changeToken = child.subscribe(onChange: { changes += 1 })
    let stateToken = child.subscribe { counts.append($0.count) }
    store.send(.other("not the child's"))
    #expect(changes == 0)
    #expect(counts == [])
    child.send(.incr)
    store.send(.other("again"))
    child.send(.decr)
    #expect(changes == 2)
    #expect(counts == [1, 0])
    _ = (changeToken, stateToken)
  }

  @Test func scopedEquatableObserver_sendingFromItsNotification_isToldOfEachChangeOnce() {
    let store = makeStore()
    let child = store.scope(state: { $0.child }, action: ParentAction.child)
    var counts: [Int] = []
    let token = child.subscribe { state in
      counts.append(state.count)
      if state.count == 1 { child.send(.incr) }
    }
    store.send(.child(.incr))
    store.send(.other("leaves the child as it is"))
    #expect(counts == [1, 2])
    _ = token
  }

  @Test func scopedStateThatIsNotEquatable_tellsItsObserversOfEveryAction() {
    struct Opaque { var count: Int }
    let store = makeStore()
    let child = store.scope(state: { Opaque(count: $0.child.count) }, action: ParentAction.child)
    var changes = 0
    let token = child.subscribe(onChange: { changes += 1 })
    store.send(.other("not the child's"))
    store.send(.other("again"))
    #expect(changes == 2)
    _ = token
  }

  @Test func aScopedSubscription_throughScopesLetGo_isStillTold() {
    let store = makeStore()
    var changes = 0
    let token = store.scope(state: \.child, action: ParentAction.child)
      .scope(state: { $0 }, action: { $0 })
      .subscribe(onChange: { changes += 1 })
    store.send(.child(.incr))
    store.send(.other("not the child's"))
    #expect(changes == 1)
    _ = token
  }

  @Test func aScopedSubscription_keepsNeitherStoreAlive() {
    weak var released: Store<ParentState, ParentAction>?
    var token: StoreSubscription?
    do {
      let store = makeStore()
      released = store
      token = store.scope(state: \.child, action: ParentAction.child).subscribe(onChange: {})
    }
    #expect(released == nil)
    token?.cancel()
  }

  @Test func changeSubscription_isCalledAfterEveryAction_withTheStateAlreadyChanged() {
    let store = makeStore()
    var seen: [Int] = []
    let token = store.subscribe(onChange: { seen.append(store.state.child.count) })
    store.send(.child(.incr))
    store.send(.child(.incr))
    #expect(seen == [1, 2])
    _ = token
  }

  @Test func scopedChangeSubscription_isCalledForTheRootsActionsAndItsOwn() {
    let store = makeStore()
    let child = store.scope(state: \.child, action: ParentAction.child)
    var seen: [Int] = []
    let token = child.subscribe(onChange: { seen.append(child.state.count) })
    store.send(.child(.incr))
    child.send(.incr)
    #expect(seen == [1, 2])
    #expect(store.observerCount == 1)
    _ = token
  }

  @Test func changeSubscription_endsWhenTokenIsReleased_andDoesNotRetainAfterwards() {
    final class Observer {}
    let store = makeStore()
    weak var weakObserver: Observer?
    var calls = 0
    var token: StoreSubscription?
    do {
      let observer = Observer()
      weakObserver = observer
      token = store.subscribe(onChange: {
        _ = observer
        calls += 1
      })
    }
    store.send(.child(.incr))
    #expect(calls == 1)
    token = nil
    store.send(.child(.incr))
    #expect(calls == 1)
    #expect(weakObserver == nil)
    #expect(store.observerCount == 0)
    _ = token
  }

  @Test func bothKindsOfObserver_seeEveryState_whenOneSendsFromItsNotification() {
    let store = makeStore()
    var seenOnChange: [Int] = []
    var seenWithState: [Int] = []
    let onChange = store.subscribe(onChange: {
      seenOnChange.append(store.state.child.count)
      if store.state.child.count == 1 { store.send(.child(.incr)) }
    })
    let withState = store.subscribe { seenWithState.append($0.child.count) }
    store.send(.child(.incr))
    #expect(seenOnChange == [1, 2])
    #expect(seenWithState == [1, 2])
    _ = (onChange, withState)
  }

  @Test func afterEachAction_isHandedEveryAction_withTheStateItLeft_inTheOrderTheyRan() async {
    var log: [String] = []
    let store = Store(
      initialState: ChildState(), reducer: childReducer, environment: (),
      afterEachAction: { action, state in log.append("\(action) \(state.count)") })
    // An observer's action runs after every observer has seen the state, and is handed over too.
    let observer = store.subscribe { state in
      log.append("observer \(state.count)")
      if state.count == 1 { store.send(.decr) }
    }
    store.send(.incr)
    await store.send(.startEcho([5, 6])).finish()
    // Each action is handed over before any observer is told of it.
    #expect(
      log == [
        "incr 1", "observer 1", "decr 0", "observer 0", "startEcho([5, 6]) 0", "observer 0",
        "echoed(5) 5", "observer 5", "echoed(6) 6", "observer 6",
      ])
    _ = observer
  }

  @Test func anObserverSubscribedDuringANotification_isFirstCalledForTheNextAction() {
    let store = makeStore()
    var later: [StoreSubscription] = []
    var seenWithState: [Int] = []
    var seenOnChange: [Int] = []
    let first = store.subscribe(onChange: {
      guard later.isEmpty else { return }
      later.append(store.subscribe { seenWithState.append($0.child.count) })
    })
    let second = store.subscribe { _ in
      guard later.count == 1 else { return }
      later.append(store.subscribe(onChange: { seenOnChange.append(store.state.child.count) }))
    }
    store.send(.child(.incr))
    #expect(seenWithState.isEmpty && seenOnChange.isEmpty)
    store.send(.child(.incr))
    #expect(seenWithState == [2])
    #expect(seenOnChange == [2])
    _ = (first, second, later)
  }

  @Test func changeSubscriptionCancelledDuringNotification_isNotCalledAgain() {
    let store = makeStore()
    var secondCalls = 0
    var second: StoreSubscription?
    let first = store.subscribe(onChange: { second?.cancel() })
    second = store.subscribe(onChange: { secondCalls += 1 })
    store.send(.child(.incr))
    store.send(.child(.incr))
    #expect(secondCalls == 0)
    #expect(store.observerCount == 1)
    _ = first
  }

  @Test func store_isReleasedWhenNoLongerReferenced() {
    weak var weakStore: Store<ParentState, ParentAction>?
    do {
      let store = makeStore()
      weakStore = store
      store.send(.child(.incr))
    }
    #expect(weakStore == nil)
  }

  @Test func sendTask_finish_waitsForEffectsFedBackTransitively() async {
    // .startEcho feeds back .echoed; a second reducer turns .echoed(1) into another echo.
    let store = Store(
      initialState: ChildState(),
      reducer: combine {
        childReducer
        Reduce { _, action, _ in
          if case .echoed(1) = action {
            return .run { send in await send(.startEcho([2, 3])) }
          }
          return .none
        }
      },
      environment: ()
    )
    let task = store.send(.startEcho([1]))
    #expect(task.isInFlight)
    await task.finish()
    #expect(!task.isInFlight)
    #expect(store.state.count == 3)
  }

  @Test func sendTask_withoutEffects_isNotInFlight() async {
    let store = makeStore()
    let task = store.send(.child(.incr))
    #expect(!task.isInFlight)
    await task.finish()
  }

  @Test func observerSendingDuringNotification_isHandled() {
    let store = makeStore()
    var token: StoreSubscription?
    token = store.subscribe { state in
      if state.child.count == 1 { store.send(.child(.incr)) }
    }
    store.send(.child(.incr))
    #expect(store.state.child.count == 2)
    _ = token
  }

  @Test func observerSendingDuringNotification_everyObserverSeesEveryStateInOrder() {
    let store = makeStore()
    var seenByFirst: [Int] = []
    var seenBySecond: [Int] = []
    let first = store.subscribe { state in
      seenByFirst.append(state.child.count)
      if state.child.count == 1 { store.send(.child(.incr)) }
    }
    let second = store.subscribe { seenBySecond.append($0.child.count) }
    store.send(.child(.incr))
    #expect(seenByFirst == [1, 2])
    #expect(seenBySecond == [1, 2])
    _ = (first, second)
  }

  @Test func cancelledSubscriptions_areRemovedWithoutASend() {
    let store = makeStore()
    let kept = store.subscribe { _ in }
    for _ in 0..<1000 {
      store.subscribe { _ in }.cancel()
      _ = store.subscribe { _ in }
    }
    #expect(store.observerCount == 1)
    _ = kept
  }

  @Test func subscriptionCancelledDuringNotification_isNotCalledAgain() {
    let store = makeStore()
    var secondCalls = 0
    var second: StoreSubscription?
    let first = store.subscribe { _ in second?.cancel() }
    second = store.subscribe { _ in secondCalls += 1 }
    store.send(.child(.incr))
    store.send(.child(.incr))
    #expect(secondCalls == 0)
    _ = first
  }

  @Test func anObserverReleasedWithItsSubscription_endsTheSubscriptionsItHeld() {
    let store = makeStore()
    var innerCalls = 0
    var inner: StoreSubscription? = store.subscribe { _ in innerCalls += 1 }
    var outer: StoreSubscription? = store.subscribe { [inner] _ in _ = inner }
    inner = nil
    #expect(store.observerCount == 2)
    // Cancelled from another observer while the store notifies: the outer observer goes, and
    // with it the last hold on the inner subscription, whose deinit cancels it in turn.
    let canceller = store.subscribe { _ in outer = nil }
    store.send(.child(.incr))
    #expect(store.observerCount == 1)
    store.send(.child(.incr))
    #expect(innerCalls == 1)
    _ = (canceller, outer)
  }

  @Test func releasedStore_cancelsEveryEffect_notOnlyCancellableOnes() async {
    let probe = CancellationProbe()
    do {
      let store = Store(
        initialState: ChildState(),
        reducer: Reduce<ChildState, ChildAction, Void> { _, _, _ in
          .run { _ in await probe.runUntilCancelled() }
        },
        environment: ()
      )
      store.send(.incr)
      await probe.started()
    }
    #expect(probe.wasCancelled)
  }
}
