import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// A counter whose parity is watched: each change of parity is logged with the values before
/// and after and the action that made it, the count is made even again, and the reaction says
/// it noted the change. Adding 5 also asks for a rename, the base reducer's own effect.
struct ParityState: Equatable {
  var count = 0
  var log: [String] = []
}

enum ParityAction: Equatable, Sendable {
  case add(Int)
  case rename
  case noted
}

struct ParityReducer: Reducer {
  func reduce(
    into state: inout ParityState, action: ParityAction, environment: Void
  ) -> Effect<ParityAction> {
    Reduce<ParityState, ParityAction, Void> { state, action, _ in
      switch action {
      case .add(let amount):
        state.count += amount
        return amount == 5 ? .send(.rename) : .none
      case .rename, .noted:
        return .none
      }
    }
    .onChange(of: { $0.count.isMultiple(of: 2) }) { oldValue, newValue in
      Reduce { state, action, _ in
        state.log.append("\(action): even \(oldValue) → \(newValue)")
        // The reaction changes the value back, which runs no reaction again.
        state.count += 1
        return .send(.noted)
      }
    }
    .reduce(into: &state, action: action, environment: environment)
  }
}

@MainActor
struct OnChangeTests {
  @Test func aChange_runsTheReactionOnce_withTheOldValueTheNewAndTheAction() async {
    let store = TestStore(initialState: ParityState(), reducer: ParityReducer(), environment: ())
    await store.send(.add(1)) {
      $0.count = 2
      $0.log = ["add(1): even true → false"]
    }
    // What the reaction asked for is the action's effect.
    await store.receive(.noted)
  }

  @Test func theReactionsEffect_isMergedWithTheBases() async {
    let store = TestStore(initialState: ParityState(), reducer: ParityReducer(), environment: ())
    await store.send(.add(5)) {
      $0.count = 6
      $0.log = ["add(5): even true → false"]
    }
    await store.receive(.rename)
    await store.receive(.noted)
  }

  @Test func anActionThatLeavesTheValue_runsNoReaction() async {
    let store = TestStore(initialState: ParityState(), reducer: ParityReducer(), environment: ())
    await store.send(.add(2)) { $0.count = 2 }
    await store.send(.rename)
  }

  @Test func aKeyPath_isAValueToWatch() {
    let reducer = Reduce<ParityState, ParityAction, Void> { state, _, _ in
      state.count += 1
      return .none
    }
    .onChange(of: \.count) { oldValue, newValue in
      Reduce { state, _, _ in
        state.log.append("\(oldValue) → \(newValue)")
        return .none
      }
    }
    var state = ParityState()
    _ = reducer.reduce(into: &state, action: .rename, environment: ())
    _ = reducer.reduce(into: &state, action: .rename, environment: ())
    #expect(state.log == ["0 → 1", "1 → 2"])
  }
}
