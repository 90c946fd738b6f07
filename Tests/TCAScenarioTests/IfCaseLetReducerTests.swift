/// TCA's `Reducers/IfCaseLetReducerTests.swift`, translated: a child in one case of an enum
/// state, lifted with `pullback(state:action:)` on case paths where TCA uses `ifCaseLet`, and
/// whose effects end when the state leaves its case or the child takes another id.
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

@MainActor
struct TCAIfCaseLetReducerTests {
  @Test func testChildAction() async {
    let store = TestStore(
      initialState: Result<Int, SomeError>.success(0),
      reducer: Reduce<Result<Int, SomeError>, Result<Int, SomeError>, Void>(
        combine {
          Reduce<Int, Int, Void> { state, action, _ in
            state = action
            return state < 0 ? .run { await $0(0) } : .none
          }
          .pullback(state: success, action: success, environment: { (_: Void) in () })
          Reduce { _, _, _ in .none }
        }),
      environment: ()
    )

    await store.send(.success(1)) {
      $0 = .success(1)
    }
    await store.send(.failure(SomeError()))
    await store.send(.success(-1)) {
      $0 = .success(-1)
    }
    await store.receive(.success(0)) {
      $0 = .success(0)
    }
  }

  @Test func testNilChild() async {
    let store = TestStore(
      initialState: Result<Int, SomeError>.failure(SomeError()),
      reducer: Reduce<Int, Int, Void>.empty.pullback(state: success, action: success),
      environment: ()
    )

    await expectFailure(count: 1) {
      await store.send(.success(1))
    } matching: {
      // TCA's message: "An "ifCaseLet" at "…" received a child action when child state was set
      // to a different case. …"
      $0.contains("a case the state is not in") || $0.contains("different case")
    }
  }

  @Test func testEffectCancellation_Siblings() async {
    struct ChildState: Equatable {
      var count = 0
    }
    enum ChildAction: Equatable, Sendable {
      case timerButtonTapped
      case timerTick
    }
    enum ParentState: Equatable {
      case child1(ChildState)
      case child2(ChildState)
    }
    enum ParentAction: Equatable, Sendable {
      case child1(ChildAction)
      case child1ButtonTapped
      case child2(ChildAction)
      case child2ButtonTapped
    }
    let child1State = CasePath<ParentState, ChildState>(ParentState.child1) {
      if case .child1(let state) = $0 { state } else { nil }
    }
    let child2State = CasePath<ParentState, ChildState>(ParentState.child2) {
      if case .child2(let state) = $0 { state } else { nil }
    }
    let child1Action = CasePath<ParentAction, ChildAction>(ParentAction.child1) {
      if case .child1(let action) = $0 { action } else { nil }
    }
    let child2Action = CasePath<ParentAction, ChildAction>(ParentAction.child2) {
      if case .child2(let action) = $0 { action } else { nil }
    }
    let child = Reduce<ChildState, ChildAction, TestClock> { state, action, clock in
      switch action {
      case .timerButtonTapped:
        let timer = clock.timer(interval: .seconds(1))
        return .run { send in
          for await _ in timer {
            await send(.timerTick)
          }
        }
      case .timerTick:
        state.count += 1
        return .none
      }
    }
    // TCA's `Reduce { … }.ifCaseLet(child1) { Child() }.ifCaseLet(child2) { Child() }`: the
    // children run first.
    let parent = Reduce<ParentState, ParentAction, TestClock>(
      combine {
        child.pullback(state: child1State, action: child1Action, environment: { $0 })
        child.pullback(state: child2State, action: child2Action, environment: { $0 })
        Reduce { state, action, _ in
          switch action {
          case .child1:
            return .none
          case .child1ButtonTapped:
            state = .child1(ChildState())
            return .none
          case .child2:
            return .none
          case .child2ButtonTapped:
            state = .child2(ChildState())
            return .none
          }
        }
      })

    let clock = TestClock()
    let store = TestStore(
      initialState: ParentState.child1(ChildState()), reducer: parent, environment: clock)
    await store.send(.child1(.timerButtonTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.timerTick)) {
      $0 = .child1(ChildState(count: 1))
    }
    await store.send(.child2ButtonTapped) {
      $0 = .child2(ChildState())
    }
  }

  @Test func testIdentifiableChild() async {
    struct ChildState: Equatable, Identifiable {
      let id: Int
      var value = 0
    }
    enum ChildAction: Equatable, Sendable {
      case tap
      case response(Int)
    }
    enum FeatureState: Equatable {
      case child(ChildState)
    }
    enum FeatureAction: Equatable, Sendable {
      case child(ChildAction)
      case newChild
    }
    let childState = CasePath<FeatureState, ChildState>(FeatureState.child) {
      if case .child(let state) = $0 { state } else { nil }
    }
    let childAction = CasePath<FeatureAction, ChildAction>(FeatureAction.child) {
      if case .child(let action) = $0 { action } else { nil }
    }
    let child = Reduce<ChildState, ChildAction, TestClock> { state, action, mainQueue in
      switch action {
      case .tap:
        let sleep = mainQueue.sleeper(for: .seconds(0))
        return .run { [id = state.id] send in
          guard await sleep() else { return }
          await send(.response(id))
        }
      case .response(let value):
        state.value = value
        return .none
      }
    }
    let feature = Reduce<FeatureState, FeatureAction, TestClock>(
      combine {
        child.pullback(state: childState, action: childAction, environment: { $0 })
        Reduce { state, action, _ in
          switch action {
          case .child:
            return .none
          case .newChild:
            guard case .child(let childState) = state
            else { return .none }
            state = .child(ChildState(id: childState.id + 1))
            return .none
          }
        }
      })

    let mainQueue = TestClock()
    let store = TestStore(
      initialState: FeatureState.child(ChildState(id: 1)), reducer: feature,
      environment: mainQueue)

    await store.send(.child(.tap))
    await store.send(.newChild) {
      $0 = .child(ChildState(id: 2))
    }
    await store.send(.child(.tap))
    await mainQueue.advance()
    await store.receive(.child(.response(2))) {
      $0 = .child(ChildState(id: 2, value: 2))
    }
  }
}

private struct SomeError: Error, Equatable {}

/// `Result.success`'s case, of the state and of the action alike.
private let success = CasePath<Result<Int, SomeError>, Int>(Result.success) {
  if case .success(let value) = $0 { value } else { nil }
}
