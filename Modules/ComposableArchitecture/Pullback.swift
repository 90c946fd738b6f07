/// A reducer on local state, actions and environment, lifted to global ones; see
/// ``Reducer/pullback(state:action:environment:)``.
public struct Pullback<Local: Reducer, GlobalState, GlobalAction: Sendable, GlobalEnvironment>:
  Reducer
{
  @usableFromInline
  let local: Local
  @usableFromInline
  let toLocalState: WritableKeyPath<GlobalState, Local.State>
  @usableFromInline
  let toLocalAction: CasePath<GlobalAction, Local.Action>
  @usableFromInline
  let toLocalEnvironment: (GlobalEnvironment) -> Local.Environment

  @inlinable @inline(__always)
  init(
    local: Local,
    toLocalState: WritableKeyPath<GlobalState, Local.State>,
    toLocalAction: CasePath<GlobalAction, Local.Action>,
    toLocalEnvironment: @escaping (GlobalEnvironment) -> Local.Environment
  ) {
    self.local = local
    self.toLocalState = toLocalState
    self.toLocalAction = toLocalAction
    self.toLocalEnvironment = toLocalEnvironment
  }

  @inlinable @inline(__always)
  public func reduce(
    into state: inout GlobalState, action: GlobalAction, environment: GlobalEnvironment
  ) -> Effect<GlobalAction> {
    guard let localAction = toLocalAction.extract(action) else { return .none }
    return local.reduce(
      into: &state[keyPath: toLocalState], action: localAction,
      environment: toLocalEnvironment(environment)
    )
    .map(toLocalAction.embed)
  }
}

extension Reducer {
  /// Lifts this reducer on local state, actions and environment to global ones.
  ///
  /// The pulled-back reducer reaches its state in place through `state`, recognises its own
  /// actions with `action`, and gets its environment from `environment`. Any other action
  /// changes nothing and starts nothing. Actions sent back by its effects are wrapped with
  /// `action.embed`.
  ///
  /// ```swift
  /// CounterReducer().pullback(state: \.counter, action: .counter, environment: { $0.counter })
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where the local state lives in the global state.
  ///   - action: Which global actions carry local actions.
  ///   - environment: Derives the local environment from the global one: a function, or a key
  ///     path literal such as `\.counter`.
  /// - Returns: A reducer on the global domain.
  @inlinable @inline(__always)
  public func pullback<GlobalState, GlobalAction, GlobalEnvironment>(
    state: WritableKeyPath<GlobalState, State>,
    action: CasePath<GlobalAction, Action>,
    environment: @escaping (GlobalEnvironment) -> Environment
  ) -> Pullback<Self, GlobalState, GlobalAction, GlobalEnvironment> {
    Pullback(
      local: self, toLocalState: state, toLocalAction: action, toLocalEnvironment: environment)
  }
}

extension Reducer where Environment == Void {
  /// Lifts this reducer, which needs no environment, to global state and actions in any
  /// environment.
  ///
  /// ```swift
  /// PrimeModalReducer().pullback(state: \.primeModal, action: .primeModal)
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where the local state lives in the global state.
  ///   - action: Which global actions carry local actions.
  /// - Returns: A reducer on the global domain.
  @inlinable @inline(__always)
  public func pullback<GlobalState, GlobalAction, GlobalEnvironment>(
    state: WritableKeyPath<GlobalState, State>,
    action: CasePath<GlobalAction, Action>
  ) -> Pullback<Self, GlobalState, GlobalAction, GlobalEnvironment> {
    pullback(state: state, action: action, environment: { _ in () })
  }
}
