/// A reducer on local state, actions and environment, lifted to global ones; see
/// ``Reducer/pullback(state:action:environment:)``.
public struct Pullback<Local: Reducer, State, Action: Sendable, Environment>: Reducer {
  @usableFromInline
  let local: Local
  @usableFromInline
  let toLocalState: Path
  @usableFromInline
  let toLocalAction: CasePath<Action, Local.Action>
  @usableFromInline
  let toLocalEnvironment: (Environment) -> Local.Environment

  @inlinable @inline(__always)
  init(
    local: Local,
    toLocalState: WritableKeyPath<State, Local.State>,
    toLocalAction: CasePath<Action, Local.Action>,
    toLocalEnvironment: @escaping (Environment) -> Local.Environment
  ) {
    self.local = local
    if let offset = MemoryLayout<State>.offset(of: toLocalState) {
      self.toLocalState = .offset(offset)
    } else {
      self.toLocalState = .keyPath(toLocalState)
    }
    self.toLocalAction = toLocalAction
    self.toLocalEnvironment = toLocalEnvironment
  }

  /// How the local state is reached: at a fixed offset when the key path is made of stored
  /// properties only (the compiler works the offset out from a key-path literal, so no key path
  /// is built or applied per action), through the key path otherwise.
  @usableFromInline
  enum Path {
    case offset(Int)
    case keyPath(WritableKeyPath<State, Local.State>)
  }

  @inlinable @inline(__always)
  public func reduce(
    into state: inout State, action: Action, environment: Environment
  ) -> Effect<Action> {
    guard let localAction = toLocalAction.extract(action) else { return .none }
    let localEnvironment = toLocalEnvironment(environment)
    let effect: Effect<Local.Action>
    switch toLocalState {
    case .offset(let offset):
      effect = withUnsafeMutablePointer(to: &state) { global in
        let localState = (UnsafeMutableRawPointer(global) + offset)
          .assumingMemoryBound(to: Local.State.self)
        return local.reduce(
          into: &localState.pointee, action: localAction, environment: localEnvironment)
      }
    case .keyPath(let keyPath):
      effect = local.reduce(
        into: &state[keyPath: keyPath], action: localAction, environment: localEnvironment)
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
  @inlinable @inline(__always)
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
