/// TCA's `Reducers/IfLetReducerTests.swift`, translated: an optional child lifted with `ifLet`,
/// whose effects end with it.
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

@MainActor
struct TCAIfLetReducerTests {
  @Test func testNilChild() async {
    enum Action: Equatable, Sendable { case void }
    let store = TestStore(
      initialState: Int?.none,
      reducer: Reduce<Int?, Action, Void>.empty
        .ifLet(\.self, action: .identity, environment: { $0 }) {
          Reduce<Int, Action, Void>.empty
        },
      environment: ()
    )

    await expectFailure(count: 1) {
      await store.send(.void)
    } matching: {
      // TCA's message: "An "ifLet" at "…" received a child action when child state was "nil".
      // …"
      $0.contains("a child that is not there") || $0.contains("child state was \"nil\"")
    }
  }

  @Test func testEffectCancellation() async {
    struct ChildState: Equatable {
      var count = 0
    }
    enum ChildAction: Equatable, Sendable {
      case timerButtonTapped
      case timerTick
    }
    struct ParentState: Equatable {
      var child: ChildState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(ChildAction)
      case childButtonTapped
    }
    let childAction = CasePath<ParentAction, ChildAction>(ParentAction.child) {
      if case .child(let action) = $0 { action } else { nil }
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
    let parent = Reduce<ParentState, ParentAction, TestClock> { state, action, _ in
      switch action {
      case .child:
        return .none
      case .childButtonTapped:
        state.child = state.child == nil ? ChildState() : nil
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { child }

    let clock = TestClock()
    let store = TestStore(initialState: ParentState(), reducer: parent, environment: clock)
    await store.send(.childButtonTapped) {
      $0.child = ChildState()
    }
    await store.send(.child(.timerButtonTapped))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.timerTick)) {
      $0.child?.count = 1
    }
    await store.receive(.child(.timerTick)) {
      $0.child?.count = 2
    }
    await store.send(.childButtonTapped) {
      $0.child = nil
    }
  }

  @Test func testGrandchildEffectCancellation() async {
    struct GrandChildState: Equatable {
      var count = 0
    }
    enum GrandChildAction: Equatable, Sendable {
      case timerButtonTapped
      case timerTick
    }
    struct ChildState: Equatable {
      var grandChild: GrandChildState?
    }
    enum ChildAction: Equatable, Sendable {
      case grandChild(GrandChildAction)
    }
    struct ParentState: Equatable {
      var child: ChildState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(ChildAction)
      case exitButtonTapped
      case startButtonTapped
    }
    let grandChildAction = CasePath<ChildAction, GrandChildAction>(ChildAction.grandChild) {
      if case .grandChild(let action) = $0 { action } else { nil }
    }
    let childAction = CasePath<ParentAction, ChildAction>(ParentAction.child) {
      if case .child(let action) = $0 { action } else { nil }
    }
    let grandChild = Reduce<GrandChildState, GrandChildAction, TestClock> {
      state, action, clock in
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
    let child = Reduce<ChildState, ChildAction, TestClock>.empty
      .ifLet(\.grandChild, action: grandChildAction, environment: { $0 }) { grandChild }
    let parent = Reduce<ParentState, ParentAction, TestClock> { state, action, _ in
      switch action {
      case .child:
        return .none
      case .exitButtonTapped:
        state.child = nil
        return .none
      case .startButtonTapped:
        state.child = ChildState(grandChild: GrandChildState())
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { child }

    let clock = TestClock()
    let store = TestStore(initialState: ParentState(), reducer: parent, environment: clock)
    await store.send(.startButtonTapped) {
      $0.child = ChildState(grandChild: GrandChildState())
    }
    await store.send(.child(.grandChild(.timerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.grandChild(.timerTick))) {
      $0.child?.grandChild?.count = 1
    }
    await store.send(.exitButtonTapped) {
      $0.child = nil
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
    struct FeatureState: Equatable {
      var child: ChildState?
    }
    enum FeatureAction: Equatable, Sendable {
      case child(ChildAction)
      case newChild
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
    let feature = Reduce<FeatureState, FeatureAction, TestClock> { state, action, _ in
      switch action {
      case .child:
        return .none
      case .newChild:
        guard let childState = state.child
        else { return .none }
        state.child = ChildState(id: childState.id + 1)
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { child }

    let mainQueue = TestClock()
    let store = TestStore(
      initialState: FeatureState(child: ChildState(id: 1)), reducer: feature,
      environment: mainQueue)

    await store.send(.child(.tap))
    await store.send(.newChild) {
      $0.child = ChildState(id: 2)
    }
    await store.send(.child(.tap))
    await mainQueue.advance()
    await store.receive(.child(.response(2))) {
      $0.child = ChildState(id: 2, value: 2)
    }
  }
}
