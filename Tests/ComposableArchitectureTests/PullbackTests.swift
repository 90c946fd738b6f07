import ComposableArchitecture
import Testing

/// The child's environment: how far one `incr` counts.
struct StepEnvironment {
  var step: Int
}

/// The parent's environment, which keeps the child's.
struct ParentEnvironment {
  var child: StepEnvironment

  enum Paths {
    struct Child: EnvironmentPathProtocol {
      func callAsFunction(_ environment: ParentEnvironment) -> StepEnvironment {
        environment.child
      }
    }
  }
}

extension ParentAction {
  /// The case path to `child`, written as a type.
  struct ChildCase: CasePathProtocol {
    func embed(_ action: ChildAction) -> ParentAction { .child(action) }
    func extract<Result>(_ action: ParentAction, then body: (ChildAction) -> Result) -> Result? {
      guard case .child(let action) = action else { return nil }
      return body(action)
    }
  }
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
  @Test func typedCasePath_embedsAndExtracts() {
    let path = ParentAction.ChildCase()
    #expect(path.embed(.incr) == .child(.incr))
    #expect(path.extract(.child(.decr)) == .decr)
    #expect(path.extract(.other("x")) == nil)
    var seen: [ChildAction] = []
    #expect(path.extract(.child(.incr)) { seen.append($0) } != nil)
    #expect(path.extract(.other("y")) { seen.append($0) } == nil)
    #expect(seen == [.incr])
  }

  @Test func environmentPath_fromAClosure_derivesTheEnvironment() {
    let path = EnvironmentPath { (parent: ParentEnvironment) in
      StepEnvironment(step: parent.child.step * 2)
    }
    #expect(path(ParentEnvironment(child: StepEnvironment(step: 3))).step == 6)
  }

  @Test func pullback_withTypedPaths_givesTheChildItsEnvironment_andWrapsItsEffects() async {
    let store = Store(
      initialState: ParentState(log: ["kept"]),
      reducer: steppingReducer.pullback(
        state: \ParentState.child, action: ParentAction.ChildCase(),
        environment: ParentEnvironment.Paths.Child()),
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
      state: \ParentState.child, action: ParentAction.ChildCase(),
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
      childReducer.pullback(state: \ParentState.child, action: ParentAction.ChildCase())
    var state = ParentState()
    let environment = ParentEnvironment(child: StepEnvironment(step: 7))
    _ = parent.reduce(into: &state, action: .child(.incr), environment: environment)
    _ = parent.reduce(into: &state, action: .child(.incr), environment: environment)
    #expect(state.child.count == 2)
  }
}
