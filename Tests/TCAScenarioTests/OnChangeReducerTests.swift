/// TCA's `Reducers/OnChangeReducerTests.swift`, translated: a reaction to a change of a value
/// derived from the state, whatever action made it.
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

@MainActor
struct TCAOnChangeReducerTests {
  @Test func testOnChange() async {
    struct State: Equatable {
      var count = 0
      var description = ""
    }
    enum Action: Equatable, Sendable {
      case incrementButtonTapped
      case decrementButtonTapped
    }
    let feature = Reduce<State, Action, Void> { state, action, _ in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
    .onChange(of: \.count) { _, newValue in
      Reduce<State, Action, Void> { state, _, _ in
        state.description = String(repeating: "!", count: newValue)
        return newValue > 1 ? .send(.decrementButtonTapped) : .none
      }
    }
    let store = TestStore(initialState: State(), reducer: feature, environment: ())
    await store.send(.incrementButtonTapped) {
      $0.count = 1
      $0.description = "!"
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 2
      $0.description = "!!"
    }
    await store.receive(.decrementButtonTapped) {
      $0.count = 1
      $0.description = "!"
    }
  }

  /// TCA's `forEach` over an identified array and `onChange(of:removeDuplicates:)` comparing its
  /// ids: here the parent runs the child on the element with the action's id, and the change
  /// watched is that of the ids.
  @Test func testOnChangeChildStates() async {
    struct ChildState: Equatable, Identifiable {
      let id: Int
      var counter = 0
    }
    enum ChildAction: Equatable, Sendable {
      case incrementButtonTapped
    }
    struct State: Equatable {
      var childStates: [ChildState]

      var onChangeUpdateCounter = 0
    }
    enum Action: Equatable, Sendable {
      case addChildState(ChildState)

      case child(ChildState.ID, ChildAction)
    }
    let child = Reduce<ChildState, ChildAction, Void> { state, action, _ in
      switch action {
      case .incrementButtonTapped:
        state.counter += 1
        return .none
      }
    }
    let feature = Reduce<State, Action, Void> { state, action, _ in
      switch action {
      case .addChildState(let childState):
        state.childStates.append(childState)
        return .none
      case .child(let id, let action):
        guard let index = state.childStates.firstIndex(where: { $0.id == id })
        else { return .none }
        return child.reduce(into: &state.childStates[index], action: action, environment: ())
          .map { .child(id, $0) }
      }
    }
    // Only trigger onChange reducer when the childStates ids change
    .onChange(of: { $0.childStates.map(\.id) }) { _, _ in
      Reduce<State, Action, Void> { state, _, _ in
        state.onChangeUpdateCounter += 1
        return .none
      }
    }
    let store = TestStore(
      initialState: State(childStates: [ChildState(id: 0)]), reducer: feature, environment: ())

    await store.send(.child(0, .incrementButtonTapped)) {
      // onChangeUpdateCounter should not increase as the child state changes
      // but from a parent reducer perspective nothing changes due to the passed
      // did change function.
      $0.childStates[0].counter = 1
    }

    await store.send(.addChildState(ChildState(id: 1))) {
      $0.childStates.append(ChildState(id: 1))
      // onChangeUpdateCounter is increased here as a new screen is added
      // and the ids sets of `childStates` change.
      $0.onChangeUpdateCounter = 1
    }

    await store.send(.child(1, .incrementButtonTapped)) {
      $0.childStates[1].counter = 1
    }
  }

  /// TCA watches a tuple, compared with `==`; here an array of the two counts.
  @Test func testOnChangeTuple() async {
    struct State: Equatable {
      var countA = 0
      var countB = 0
      var sum = 0
    }
    enum Action: Equatable, Sendable {
      case incrementButtonTapped
      case noop
      case updateSum(Int)
    }
    let feature = Reduce<State, Action, Void> { state, action, _ in
      switch action {
      case .incrementButtonTapped:
        state.countA += 1
        state.countB += 1
        return .none
      case .noop:
        return .none
      case .updateSum(let sum):
        state.sum = sum
        return .none
      }
    }
    .onChange(of: { [$0.countA, $0.countB] }) { _, _ in
      Reduce<State, Action, Void> { state, _, _ in
        .send(.updateSum(state.countA + state.countB))
      }
    }

    let store = TestStore(initialState: State(), reducer: feature, environment: ())

    await store.send(.incrementButtonTapped) {
      $0.countA = 1
      $0.countB = 1
    }

    await store.receive(.updateSum(2)) {
      $0.sum = 2
    }

    await store.send(.noop)
  }
}
