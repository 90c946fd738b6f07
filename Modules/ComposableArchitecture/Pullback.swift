/// A reducer on local state, actions and environment, lifted to global ones; see
/// ``Reducer/pullback(state:action:environment:)``.
public struct Pullback<Local: Reducer, State, Action: Sendable, Environment>: Reducer {
  @usableFromInline
  let local: Local
  @usableFromInline
  let toLocalState: WritableKeyPath<State, Local.State>
  // Where the local state sits inside the global state when the key path is made of stored
  // properties only; reaching it by offset skips the key-path machinery on every action.
  @usableFromInline
  let offset: Int?
  @usableFromInline
  let toLocalAction: CasePath<Action, Local.Action>
  @usableFromInline
  let toLocalEnvironment: (Environment) -> Local.Environment

  @inlinable
  init(
    local: Local,
    toLocalState: WritableKeyPath<State, Local.State>,
    toLocalAction: CasePath<Action, Local.Action>,
    toLocalEnvironment: @escaping (Environment) -> Local.Environment
  ) {
    self.local = local
    self.toLocalState = toLocalState
    self.offset = MemoryLayout<State>.offset(of: toLocalState)
    self.toLocalAction = toLocalAction
    self.toLocalEnvironment = toLocalEnvironment
  }

  @inlinable @inline(__always)
  public func reduce(
    into state: inout State, action: Action, environment: Environment
  ) -> Effect<Action> {
    guard let localAction = toLocalAction.extract(action) else { return .none }
    let localEnvironment = toLocalEnvironment(environment)
    let effect: Effect<Local.Action>
    if let offset {
      effect = withUnsafeMutablePointer(to: &state) { global in
        let localState = (UnsafeMutableRawPointer(global) + offset)
          .assumingMemoryBound(to: Local.State.self)
        return local.reduce(
          into: &localState.pointee, action: localAction, environment: localEnvironment)
      }
    } else {
      effect = local.reduce(
        into: &state[keyPath: toLocalState], action: localAction, environment: localEnvironment)
    }
    return effect.map(toLocalAction.embed)
  }
}

extension Reducer {
  /// Lifts this reducer on local state, actions and environment to global ones.
  ///
  /// The pulled-back reducer reaches its state in place through `state`, recognises its own
  /// actions with `action`, and derives its environment with `environment`. For any action that
  /// is not its own it returns at once, changing nothing: the cost is one failed `extract`.
  /// Actions sent back by its effects are wrapped with `action.embed`.
  ///
  /// ```swift
  /// CounterReducer().pullback(
  ///   state: \AppState.counter,
  ///   action: AppAction.Cases.counter,
  ///   environment: { CounterEnvironment(nthPrime: $0.nthPrime) }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where the local state lives in the global state.
  ///   - action: Which global actions carry local actions.
  ///   - environment: Derives the local environment from the global one.
  /// - Returns: A reducer on the global domain.
  @inlinable
  public func pullback<GlobalState, GlobalAction: Sendable, GlobalEnvironment>(
    state toLocalState: WritableKeyPath<GlobalState, State>,
    action toLocalAction: CasePath<GlobalAction, Action>,
    environment toLocalEnvironment: @escaping (GlobalEnvironment) -> Environment
  ) -> Pullback<Self, GlobalState, GlobalAction, GlobalEnvironment> {
    Pullback(
      local: self, toLocalState: toLocalState, toLocalAction: toLocalAction,
      toLocalEnvironment: toLocalEnvironment)
  }
}
