/// TCA's `ScopeTests.swift`, translated: a child in a struct's field and a child in an enum's
/// case, each lifted with `pullback`, as TCA's `Scope` lifts it.
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

@MainActor
struct TCAScopeTests {
  @Test func testStructChild() async {
    let store = TestStore(initialState: FeatureState(), reducer: feature, environment: ())

    await store.send(.child1(.incrementButtonTapped)) {
      $0.child1.count = 1
    }
    await store.send(.child1(.decrementButtonTapped)) {
      $0.child1.count = 0
    }
    await store.send(.child1(.decrementButtonTapped)) {
      $0.child1.count = -1
    }
    await store.receive(.child1(.incrementButtonTapped)) {
      $0.child1.count = 0
    }
  }

  @Test func testEnumChild() async {
    let store = TestStore(initialState: FeatureState(), reducer: feature, environment: ())

    await store.send(.child2(.count(1))) {
      $0.child2 = .count(1)
    }
    await store.send(.child2(.count(-1))) {
      $0.child2 = .count(-1)
    }
    await store.receive(.child2(.count(0))) {
      $0.child2 = .count(0)
    }
  }

  @Test func testNilChild() async {
    let store = TestStore(
      initialState: Child2State.count(0),
      reducer: Reduce<String, String, Void>.empty.pullback(
        state: CasePath<Child2State, String>.name, action: CasePath<Child2Action, String>.name),
      environment: ()
    )

    await expectFailure(count: 1) {
      await store.send(.name("Blob"))
    } matching: {
      // TCA's message: "A "Scope" at "…" received a child action when child state was set to a
      // different case. …"
      $0.contains("a case the state is not in") || $0.contains("different case")
    }
  }
}

private struct FeatureState: Equatable {
  var child1 = Child1State()
  var child2 = Child2State.count(0)
}

private enum FeatureAction: Equatable, Sendable {
  case child1(Child1Action)
  case child2(Child2Action)
}

private struct Child1State: Equatable {
  var count = 0
}

private enum Child1Action: Equatable, Sendable {
  case decrementButtonTapped
  case incrementButtonTapped
}

private enum Child2State: Equatable {
  case count(Int)
  case name(String)
}

private enum Child2Action: Equatable, Sendable {
  case count(Int)
  case name(String)
}

extension CasePath<FeatureAction, Child1Action> {
  fileprivate static var child1: Self {
    Self(FeatureAction.child1) { if case .child1(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<FeatureAction, Child2Action> {
  fileprivate static var child2: Self {
    Self(FeatureAction.child2) { if case .child2(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<Child2State, Int> {
  fileprivate static var count: Self {
    Self(Child2State.count) { if case .count(let count) = $0 { count } else { nil } }
  }
}

extension CasePath<Child2State, String> {
  fileprivate static var name: Self {
    Self(Child2State.name) { if case .name(let name) = $0 { name } else { nil } }
  }
}

extension CasePath<Child2Action, Int> {
  fileprivate static var count: Self {
    Self(Child2Action.count) { if case .count(let count) = $0 { count } else { nil } }
  }
}

extension CasePath<Child2Action, String> {
  fileprivate static var name: Self {
    Self(Child2Action.name) { if case .name(let name) = $0 { name } else { nil } }
  }
}

@MainActor private let child1 = Reduce<Child1State, Child1Action, Void> { state, action, _ in
  switch action {
  case .decrementButtonTapped:
    state.count -= 1
    return state.count < 0
      ? .run { await $0(.incrementButtonTapped) }
      : .none
  case .incrementButtonTapped:
    state.count += 1
    return .none
  }
}

/// TCA's `EmptyReducer().ifCaseLet(\.count, …) {…}.ifCaseLet(\.name, …) {…}`.
@MainActor private let child2 = Reduce<Child2State, Child2Action, Void>(
  combine {
    Reduce<Int, Int, Void> { state, action, _ in
      state = action
      return state < 0
        ? .run { await $0(0) }
        : .none
    }
    .pullback(
      state: CasePath<Child2State, Int>.count, action: CasePath<Child2Action, Int>.count,
      environment: { (_: Void) in () })
    Reduce<String, String, Void> { state, action, _ in
      state = action
      return state.isEmpty
        ? .run { await $0("Empty") }
        : .none
    }
    .pullback(state: .name, action: .name)
  })

@MainActor private let feature = Reduce<FeatureState, FeatureAction, Void>(
  combine {
    child1.pullback(
      state: \FeatureState.child1, action: CasePath<FeatureAction, Child1Action>.child1,
      environment: { (_: Void) in () })
    child2.pullback(state: \.child2, action: .child2)
  })
