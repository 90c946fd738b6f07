import ComposableArchitecture
import Testing

/// The child's environment: how far one `incr` counts.
struct StepEnvironment {
  var step: Int
}

/// The parent's environment, which keeps the child's.
struct ParentEnvironment {
  var child: StepEnvironment
}

/// Counts by the environment's step; echoes as `childReducer` does.
@MainActor let steppingReducer = Reduce<ChildState, ChildAction, StepEnvironment> {
  state, action, environment in
  switch action {
  case .incr:
    state.count += environment.step
    return .none
  case .decr:
    state.count -= environment.step
    return .none
  case .startEcho, .echoed:
    return childReducer.reduce(into: &state, action: action, environment: ())
  }
}

@MainActor
struct PullbackTests {
  @Test func pullback_withAKeyPathToTheEnvironment_givesTheChildItsEnvironment_andWrapsItsEffects()
    async
  {
    let store = Store(
      initialState: ParentState(log: ["kept"]),
      reducer: steppingReducer.pullback(
        state: \.child, action: .child, environment: \ParentEnvironment.child),
      environment: ParentEnvironment(child: StepEnvironment(step: 5))
    )
    store.send(.child(.incr))
    #expect(store.state == ParentState(child: ChildState(count: 5), log: ["kept"]))
    store.send(.other("not the child's"))
    #expect(store.state.child.count == 5)
    // The echoed actions come back as `.child(.echoed(_))`, so the child sees each one.
    await store.send(.child(.startEcho([8, 9]))).finish()
    #expect(store.state == ParentState(child: ChildState(count: 9), log: ["kept"]))
  }

  @Test func pullback_withAnEnvironmentFunction_callsItOnlyForTheChildsActions() {
    nonisolated(unsafe) var calls = 0
    let parent = steppingReducer.pullback(
      state: \ParentState.child, action: .child,
      environment: { (parent: ParentEnvironment) in
        calls += 1
        return parent.child
      })
    var state = ParentState()
    let environment = ParentEnvironment(child: StepEnvironment(step: 2))
    _ = parent.reduce(into: &state, action: .other("a"), environment: environment)
    #expect(calls == 0)
    _ = parent.reduce(into: &state, action: .child(.incr), environment: environment)
    #expect(calls == 1)
    #expect(state.child.count == 2)
  }

  @Test func pullback_ofAReducerWithoutEnvironment_runsInAnyEnvironment() {
    let parent: some Reducer<ParentState, ParentAction, ParentEnvironment> =
      childReducer.pullback(state: \ParentState.child, action: .child)
    var state = ParentState()
    let environment = ParentEnvironment(child: StepEnvironment(step: 7))
    _ = parent.reduce(into: &state, action: .child(.incr), environment: environment)
    _ = parent.reduce(into: &state, action: .child(.incr), environment: environment)
    #expect(state.child.count == 2)
  }
}
