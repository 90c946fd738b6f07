/// A reducer on local state, actions and environment, lifted to global ones; see
/// ``Reducer/pullback(state:action:environment:)``.
public struct Pullback<
  Local: Reducer, State, ToLocalAction: CasePathProtocol,
  ToLocalEnvironment: EnvironmentPathProtocol
>: Reducer
where
  ToLocalAction.Root: Sendable, ToLocalAction.Value == Local.Action,
  ToLocalEnvironment.Value == Local.Environment
{
  public typealias Action = ToLocalAction.Root
  public typealias Environment = ToLocalEnvironment.Root

  @usableFromInline
  let local: Local
  @usableFromInline
  let toLocalState: StatePath
  @usableFromInline
  let toLocalAction: ToLocalAction
  @usableFromInline
  let toLocalEnvironment: ToLocalEnvironment

  /// How the local state is reached: at a fixed offset when the key path is made of stored
  /// properties only (the compiler works the offset out from a key-path literal, so no key path
  /// is built or applied per action), through the key path otherwise.
  @usableFromInline
  enum StatePath {
    case offset(Int)
    case keyPath(WritableKeyPath<State, Local.State>)
  }

  @inlinable @inline(__always)
  init(
    local: Local,
    toLocalState: WritableKeyPath<State, Local.State>,
    toLocalAction: ToLocalAction,
    toLocalEnvironment: ToLocalEnvironment
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

  @inlinable @inline(__always)
  public func reduce(
    into state: inout State, action: Action, environment: Environment
  ) -> Effect<Action> {
    let effect = toLocalAction.extract(action) { localAction in
      withLocalState(&state) { localState in
        local.reduce(
          into: &localState.pointee, action: localAction,
          environment: toLocalEnvironment(environment))
      }
    }
    guard let effect else { return .none }
    return effect.map { [toLocalAction] in toLocalAction.embed($0) }
  }

  /// Calls `body` with the local state, in place.
  @inlinable @inline(__always)
  func withLocalState<Result>(
    _ state: inout State, _ body: (UnsafeMutablePointer<Local.State>) -> Result
  ) -> Result {
    switch toLocalState {
    case .offset(let offset):
      return withUnsafeMutablePointer(to: &state) { global in
        body((UnsafeMutableRawPointer(global) + offset).assumingMemoryBound(to: Local.State.self))
      }
    case .keyPath(let keyPath):
      return withUnsafeMutablePointer(to: &state[keyPath: keyPath], body)
    }
  }
}

extension Reducer {
  /// Lifts this reducer on local state, actions and environment to global ones.
  ///
  /// The pulled-back reducer reaches its state in place through `state`, recognises its own
  /// actions with `action`, and gets its environment from `environment`. For any action that is
  /// not its own it returns at once, changing nothing: the cost is one failed `extract`.
  /// Actions sent back by its effects are wrapped with `action.embed`.
  ///
  /// With a case path and an environment path written as types (see ``CasePathProtocol`` and
  /// ``EnvironmentPathProtocol``), a composition holds no closures: even built once and stored,
  /// it compiles to direct, inlined code.
  ///
  /// ```swift
  /// CounterReducer().pullback(
  ///   state: \AppState.counter,
  ///   action: AppAction.Cases.Counter(),
  ///   environment: AppEnvironment.Paths.Counter()
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where the local state lives in the global state.
  ///   - action: Which global actions carry local actions.
  ///   - environment: Where the local environment comes from in the global one.
  /// - Returns: A reducer on the global domain.
  @inlinable @inline(__always)
  public func pullback<
    GlobalState, ToLocalAction: CasePathProtocol, ToLocalEnvironment: EnvironmentPathProtocol
  >(
    state toLocalState: WritableKeyPath<GlobalState, State>,
    action toLocalAction: ToLocalAction,
    environment toLocalEnvironment: ToLocalEnvironment
  ) -> Pullback<Self, GlobalState, ToLocalAction, ToLocalEnvironment>
  where
    ToLocalAction.Root: Sendable, ToLocalAction.Value == Action,
    ToLocalEnvironment.Value == Environment
  {
    Pullback(
      local: self, toLocalState: toLocalState, toLocalAction: toLocalAction,
      toLocalEnvironment: toLocalEnvironment)
  }

  /// Lifts this reducer to global state, actions and environment, deriving its environment
  /// with a function that runs on every action the reducer handles.
  ///
  /// ```swift
  /// CounterReducer().pullback(
  ///   state: \AppState.counter,
  ///   action: AppAction.Cases.Counter(),
  ///   environment: { $0.counter }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where the local state lives in the global state.
  ///   - action: Which global actions carry local actions.
  ///   - environment: Derives the local environment from the global one.
  /// - Returns: A reducer on the global domain.
  @inlinable @inline(__always)
  public func pullback<GlobalState, ToLocalAction: CasePathProtocol, GlobalEnvironment>(
    state toLocalState: WritableKeyPath<GlobalState, State>,
    action toLocalAction: ToLocalAction,
    environment toLocalEnvironment: @escaping (GlobalEnvironment) -> Environment
  ) -> Pullback<Self, GlobalState, ToLocalAction, EnvironmentPath<GlobalEnvironment, Environment>>
  where ToLocalAction.Root: Sendable, ToLocalAction.Value == Action {
    pullback(
      state: toLocalState, action: toLocalAction,
      environment: EnvironmentPath(toLocalEnvironment))
  }
}

extension Reducer where Environment == Void {
  /// Lifts this reducer, which needs no environment, to global state and actions in any
  /// environment.
  ///
  /// ```swift
  /// PrimeModalReducer().pullback(
  ///   state: \CounterState.primeModal, action: CounterAction.Cases.PrimeModal())
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where the local state lives in the global state.
  ///   - action: Which global actions carry local actions.
  /// - Returns: A reducer on the global domain.
  @inlinable @inline(__always)
  public func pullback<GlobalState, ToLocalAction: CasePathProtocol, GlobalEnvironment>(
    state toLocalState: WritableKeyPath<GlobalState, State>,
    action toLocalAction: ToLocalAction
  ) -> Pullback<Self, GlobalState, ToLocalAction, EnvironmentPath<GlobalEnvironment, Void>>
  where ToLocalAction.Root: Sendable, ToLocalAction.Value == Action {
    pullback(state: toLocalState, action: toLocalAction, environment: EnvironmentPath { _ in () })
  }
}
