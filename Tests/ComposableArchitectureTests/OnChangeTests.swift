import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// A counter whose parity is watched: each change of parity is logged with the values before
/// and after and the action that made it, and an odd count asks for one more increment.
struct ParityState: Equatable {
  var count = 0
  var log: [String] = []
}

enum ParityAction: Equatable, Sendable {
  case add(Int)
  case rename
}

struct ParityReducer: Reducer {
  func reduce(
    into state: inout ParityState, action: ParityAction, environment: Void
  ) -> Effect<ParityAction> {
    Reduce<ParityState, ParityAction, Void> { state, action, _ in
      switch action {
      case .add(let amount):
        state.count += amount
      case .rename:
        break
      }
      return .none
    }
    .onChange(of: { $0.count.isMultiple(of: 2) }) { oldValue, newValue in
      Reduce { state, action, _ in
        state.log.append("\(action): even \(oldValue) → \(newValue)")
        // The reaction's own change of the value runs no reaction again.
        state.count *= 3
        return newValue ? .none : .send(.add(1))
      }
    }
    .reduce(into: &state, action: action, environment: environment)
  }
}

@MainActor
struct OnChangeTests {
  @Test func aChange_runsTheReaction_withTheOldValueTheNewAndTheAction() async {
    let store = TestStore(initialState: ParityState(), reducer: ParityReducer(), environment: ())
    await store.send(.add(1)) {
      $0.count = 3
      $0.log = ["add(1): even true → false"]
    }
    // What the reaction asked for is the action's effect.
    await store.receive(.add(1)) {
      $0.count = 12
      $0.log.append("add(1): even false → true")
    }
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
