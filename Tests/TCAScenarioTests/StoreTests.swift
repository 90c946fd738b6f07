/// TCA's `StoreTests.swift`, translated: a store's effects, scopes, queued actions and
/// cancellation, where this core has a counterpart (a store's observers for a view store's
/// publisher, a task's `isInFlight` for the store's count of effects).
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

@MainActor
struct TCAStoreTests {
  @Test func testCancellableIsRemovedOnImmediatelyCompletingEffect() {
    let store = Store(
      initialState: 0, reducer: Reduce<Int, Int, Void> { _, _, _ in .none }, environment: ())

    let task = store.send(0)

    #expect(!task.isInFlight)
  }

  @Test func testCancellableIsRemovedWhenEffectCompletes() async {
    enum Action: Sendable { case start, end }
    let mainQueue = TestClock()
    let reducer = Reduce<Int, Action, TestClock> { _, action, mainQueue in
      switch action {
      case .start:
        let sleep = mainQueue.sleeper(for: .seconds(1))
        return .run { send in
          guard await sleep() else { return }
          await send(.end)
        }
      case .end:
        return .none
      }
    }
    let store = Store(initialState: 0, reducer: reducer, environment: mainQueue)

    let task = store.send(.start)

    #expect(task.isInFlight)

    await mainQueue.advance(by: .seconds(2))
    await task.finish()

    #expect(!task.isInFlight)
  }

  @Test func testScopedStoreReceivesUpdatesFromParent() {
    let counterReducer = Reduce<Int, Int, Void> { state, _, _ in
      state += 1
      return .none
    }

    let parentStore = Store(initialState: 0, reducer: counterReducer, environment: ())
    let childStore = parentStore.scope(state: { String($0) }, action: { $0 })

    // A view store's publisher starts with the current state; observers here do not.
    var values = [childStore.state]
    let token = childStore.subscribe { values.append($0) }

    #expect(values == ["0"])

    parentStore.send(0)

    #expect(values == ["0", "1"])
    token.cancel()
  }

  @Test func testParentStoreReceivesUpdatesFromChild() {
    let counterReducer = Reduce<Int, Int, Void> { state, _, _ in
      state += 1
      return .none
    }

    let parentStore = Store(initialState: 0, reducer: counterReducer, environment: ())
    let childStore = parentStore.scope(state: { String($0) }, action: { $0 })

    var values = [parentStore.state]
    let token = parentStore.subscribe { values.append($0) }

    #expect(values == [0])

    childStore.send(0)

    #expect(values == [0, 1])
    token.cancel()
  }

  @Test func testScopeCallCount_OneLevel_NoSubscription() {
    var numCalls1 = 0
    let store = Store(
      initialState: 0, reducer: Reduce<Int, Int, Void> { _, _, _ in .none }, environment: ()
    )
    .scope(
      state: { (count: Int) -> Int in
        numCalls1 += 1
        return count
      },
      action: { $0 }
    )

    #expect(numCalls1 == 0)
    store.send(0)
    #expect(numCalls1 == 0)
  }

  @Test func testLotsOfSynchronousActions() {
    enum Action: Sendable { case incr, noop }
    let reducer = Reduce<Int, Action, Void> { state, action, _ in
      switch action {
      case .incr:
        state += 1
        return .send(state >= 100_000 ? .noop : .incr)
      case .noop:
        return .none
      }
    }

    let store = Store(initialState: 0, reducer: reducer, environment: ())
    store.send(.incr)
    #expect(store.state == 100_000)
  }

  @Test func testActionQueuing() async {
    let subject = Subject<Void>()

    enum Action: Equatable, Sendable {
      case incrementTapped
      case `init`
      case doIncrement
    }

    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action, Void> { state, action, _ in
        switch action {
        case .incrementTapped:
          subject.send()
          return .none

        case .`init`:
          let increments = subject.stream()
          return .run { send in
            for await _ in increments { await send(.doIncrement) }
          }

        case .doIncrement:
          state += 1
          return .none
        }
      },
      environment: ()
    )

    await store.send(.`init`)
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) {
      $0 = 1
    }
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) {
      $0 = 2
    }
    subject.finish()
    // The subject's completion reaches the effect's task a moment later.
    await store.finish()
  }

  @Test func testCascadingTaskCancellation() async {
    enum Action: Equatable, Sendable { case task, response, response1, response2 }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action, Void> { _, action, _ in
        switch action {
        case .task:
          return .run { send in await send(.response) }
        case .response:
          return .merge(
            .run { _ in await neverEnding() },
            .run { send in await send(.response1) }
          )
        case .response1:
          return .merge(
            .run { _ in await neverEnding() },
            .run { send in await send(.response2) }
          )
        case .response2:
          return .run { _ in await neverEnding() }
        }
      },
      environment: ()
    )

    let task = await store.send(.task)
    await store.receive(.response)
    await store.receive(.response1)
    await store.receive(.response2)
    await task.cancel()
  }

  @Test func testTaskCancellationEmpty() async {
    enum Action: Equatable, Sendable { case task }

    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action, Void> { _, action, _ in
        switch action {
        case .task:
          return .run { _ in await neverEnding() }
        }
      },
      environment: ()
    )

    await store.send(.task).cancel()
  }

  @Test func testScopeCancellation() async {
    let neverEndingTask = Task { await neverEnding() }

    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Int, Void> { _, _, _ in
        .run { _ in
          await neverEndingTask.value
        }
      },
      environment: ()
    )
    let scopedStore = store.scope(state: { $0 }, action: { $0 })

    let sendTask = scopedStore.send(0)
    await Task.yield()
    neverEndingTask.cancel()
    await sendTask.finish()
    #expect(!sendTask.isInFlight)
  }

  @Test func testReEntrantAction() async {
    struct State: Equatable {
      var count = 0
      var isOn = false
      var subjectCount = 0
    }
    enum Action: Equatable, Sendable {
      case onAppear
      case subjectEmitted
      case tap
    }
    let subject = Subject<Void>()
    let feature = Reduce<State, Action, Void> { state, action, _ in
      switch action {
      case .onAppear:
        let emissions = subject.stream()
        return .run { send in
          for await _ in emissions { await send(.subjectEmitted) }
        }
      case .subjectEmitted:
        if state.isOn {
          state.count += 1
        }
        state.subjectCount += 1
        return .none
      case .tap:
        state.isOn = true
        subject.send()
        state.isOn = false
        return .none
      }
    }

    let store = Store(initialState: State(), reducer: feature, environment: ())
    store.send(.onAppear)
    store.send(.tap)
    await waitUntil(store) { $0.subjectCount == 1 }
    #expect(store.state == State(count: 0, isOn: false, subjectCount: 1))
    subject.finish()
  }

  @Test func testRootStoreCancellationIsolation() async {
    let clock = TestClock()
    let store1 = Store(
      initialState: IsolationState(), reducer: rootStoreCancellationIsolation,
      environment: clock)
    let store2 = Store(
      initialState: IsolationState(), reducer: rootStoreCancellationIsolation,
      environment: clock)
    let task1 = store1.send(.tap)
    let task2 = store2.send(.tap)
    store2.send(.cancelButtonTapped)
    await clock.advance()
    await task1.finish()
    await task2.finish()
    #expect(store1.state.count == 42)
    #expect(store2.state.count == 0)
  }

  @Test func testRootStoreCancellationIsolation_TestStore() async {
    let clock = TestClock()
    let store1 = TestStore(
      initialState: IsolationState(), reducer: rootStoreCancellationIsolation,
      environment: clock)
    let store2 = TestStore(
      initialState: IsolationState(), reducer: rootStoreCancellationIsolation,
      environment: clock)
    await store1.send(.tap)
    await store2.send(.tap)
    await store2.send(.cancelButtonTapped)
    await clock.advance()
    await store1.receive(.response) {
      $0.count = 42
    }
  }

  /// TCA's `ModernStoreTests.cancellation`, whose hope that cancelling the root effect leaves
  /// the effects of the actions it fed back running is a known issue: those effects end with
  /// it.
  @Test func cancellation() async {
    struct State: Equatable { var count = 0 }
    enum Action: Sendable { case tap, response1, response2 }
    let clock = TestClock()
    let store = Store(
      initialState: State(),
      reducer: Reduce<State, Action, TestClock> { state, action, clock in
        switch action {
        case .tap:
          return .run { send in
            await send(.response1)
          }
        case .response1:
          state.count = 42
          let sleep = clock.sleeper(for: .seconds(1))
          return .run { send in
            guard await sleep() else { return }
            await send(.response2)
          }
        case .response2:
          state.count = 1729
          return .none
        }
      },
      environment: clock
    )
    let task = store.send(.tap)
    await waitUntil(store) { $0.count == 42 }
    #expect(store.state.count == 42)
    task.cancel()
    await clock.run()
    await task.finish()
    #expect(store.state.count == 42)
  }

  /// TCA's `ModernStoreTests.ParentChildLifecycle.parentChildLifecycle`: a store that presented
  /// a child, and was scoped to it, is released with its last reference.
  @Test func parentChildLifecycle() {
    struct ChildState: Equatable {
      var count = 0
    }
    enum ChildAction: Sendable {
      case incrementButtonTapped
    }
    struct ParentState: Equatable {
      var child: ChildState?
    }
    enum ParentAction: Sendable {
      case child(PresentationAction<ChildAction>)
      case presentButtonTapped
    }
    let childAction = CasePath<ParentAction, PresentationAction<ChildAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let child = Reduce<ChildState, ChildAction, Void> { state, action, _ in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
    let parent = Reduce<ParentState, ParentAction, Void> { state, action, _ in
      switch action {
      case .child:
        return .none
      case .presentButtonTapped:
        state.child = ChildState()
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { _ in () }) { child }

    weak var parentStore: Store<ParentState, ParentAction>?
    do {
      let store = Store(initialState: ParentState(), reducer: parent, environment: ())
      parentStore = store
      store.send(.presentButtonTapped)
      let childStore = store.scope(
        state: { $0.child }, action: { ParentAction.child(.presented($0)) })
      guard childStore.state != nil else {
        Issue.record("Child is 'nil'")
        return
      }
    }
    #expect(parentStore == nil)
  }
}

private struct IsolationState: Equatable {
  var count = 0
}

private enum IsolationAction: Equatable, Sendable {
  case cancelButtonTapped
  case response(Int)
  case tap
}

extension CasePath<IsolationAction, Int> {
  fileprivate static var response: Self {
    Self(IsolationAction.response) { if case .response(let value) = $0 { value } else { nil } }
  }
}

private enum IsolationCancelID: Hashable, Sendable { case effect }

@MainActor private let rootStoreCancellationIsolation = Reduce<
  IsolationState, IsolationAction, TestClock
> { state, action, clock in
  switch action {
  case .cancelButtonTapped:
    return .cancel(id: IsolationCancelID.effect)
  case .response(let value):
    state.count = value
    return .none
  case .tap:
    let sleep = clock.sleeper(for: .seconds(0))
    return .run { send in
      guard await sleep() else { return }
      await send(.response(42))
    }
    .cancellable(id: IsolationCancelID.effect)
  }
}
