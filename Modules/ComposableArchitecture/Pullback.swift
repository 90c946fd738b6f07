/// A reducer on local state, actions and environment, lifted to global ones; see
/// ``Reducer/pullback(state:action:environment:)``.
public struct Pullback<Local: Reducer, GlobalState, GlobalAction: Sendable, GlobalEnvironment>:
  Reducer
{
  // The lifted reducer is kept as one closure, made in `init`, rather than as its four parts (the
  // local reducer, the key path, the case path and the environment function). The optimizer
  // takes a composition apart, and drops what the action does not use, only while the
  // composition has at most six stored fields. With four fields a pullback, a `combine` of two
  // pullbacks has eight, and every action would fetch the key path objects and release them with
  // the composition. As one closure, each pullback is one field; where `reduce` is inlined into
  // the composing feature (its literals in view), the closure's context is never allocated and
  // each key path projection is a direct access.
  @usableFromInline
  let lifted: (inout GlobalState, GlobalAction, GlobalEnvironment) -> Effect<GlobalAction>

  /// - Parameters:
  ///   - toLocalState: The key path, as a function: where the composition is inlined, each
  ///     projection through it is a direct access, and the key path object that an effect's
  ///     watches need is made only for an effect.
  @inlinable @inline(__always)
  init(
    local: Local,
    toLocalState: @escaping () -> WritableKeyPath<GlobalState, Local.State>,
    toLocalAction: CasePath<GlobalAction, Local.Action>,
    toLocalEnvironment: @escaping (GlobalEnvironment) -> Local.Environment
  ) {
    self.lifted = { state, action, environment in
      guard let localAction = toLocalAction.extract(action) else { return .none }
      return local.reduce(
        into: &state[keyPath: toLocalState()], action: localAction,
        environment: toLocalEnvironment(environment)
      )
      .map(toLocalAction.embed)
      .watching(through: toLocalState())
    }
  }

  @inlinable
  init(
    local: Local,
    toLocalState: CasePath<GlobalState, Local.State>,
    toLocalAction: CasePath<GlobalAction, Local.Action>,
    toLocalEnvironment: @escaping (GlobalEnvironment) -> Local.Environment,
    fileID: StaticString,
    line: UInt
  ) {
    self.lifted = { state, action, environment in
      guard let localAction = toLocalAction.extract(action) else { return .none }
      guard var localState = toLocalState.extract(state) else {
        runtimeWarning(
          "An action was sent to a case the state is not in, and was ignored: \(localAction)",
          fileID: fileID, line: line)
        return .none
      }
      let effect = local.reduce(
        into: &localState, action: localAction, environment: toLocalEnvironment(environment))
      state = toLocalState.embed(localState)
      guard !effect.isNone else { return .none }
      return Self.inCase(effect.map(toLocalAction.embed), toLocalState, holding: localState)
    }
  }

  /// A case's effect as the enum's reducer runs it: watched, so that the store cancels it once
  /// the state is in another case, or the case holds a child of another `Identifiable` id, as
  /// TCA's `ifCaseLet` does. What the child's own state holds otherwise, an enum's case
  /// included, is no matter: the child is the same.
  @usableFromInline
  static func inCase(
    _ effect: Effect<GlobalAction>, _ toLocalState: CasePath<GlobalState, Local.State>,
    holding child: Local.State
  ) -> Effect<GlobalAction> {
    // Immutable, and read by the store on the main actor only.
    nonisolated(unsafe) let id = PresentedIdentity.identifier(of: child)
    return effect.liftingWatches(toLocalState.extract)
      .watched { (state: GlobalState) in
        guard let child = toLocalState.extract(state) else { return false }
        return PresentedIdentity.identifier(of: child) == id
      }
  }

  @inlinable @inline(__always)
  public func reduce(
    into state: inout GlobalState, action: GlobalAction, environment: GlobalEnvironment
  ) -> Effect<GlobalAction> {
    lifted(&state, action, environment)
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
  /// FavoritePrimesReducer().pullback(
  ///   state: \.favoritePrimesState, action: .favoritePrimes,
  ///   environment: { $0.favoritePrimes })
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where the local state lives in the global state: a key path literal or a
  ///     constant, evaluated at each access, so that where the composition is inlined an
  ///     action makes no key path object unless it starts an effect. While an effect of a child
  ///     presented below runs, the store reads the state through it after every action, to see
  ///     whether the child is still there: a computed property behind it must read any state,
  ///     never trap.
  ///   - action: Which global actions carry local actions.
  ///   - environment: Derives the local environment from the global one: a function, or a key
  ///     path literal such as `\.counter`.
  /// - Returns: A reducer on the global domain.
  @inlinable @inline(__always)
  public func pullback<GlobalState, GlobalAction, GlobalEnvironment>(
    state: @autoclosure @escaping () -> WritableKeyPath<GlobalState, State>,
    action: CasePath<GlobalAction, Action>,
    environment: @escaping (GlobalEnvironment) -> Environment
  ) -> Pullback<Self, GlobalState, GlobalAction, GlobalEnvironment> {
    Pullback(
      local: self, toLocalState: state, toLocalAction: action, toLocalEnvironment: environment)
  }
}

extension Reducer {
  /// Lifts this reducer into one case of an enum state, such as one destination of several.
  ///
  /// The reducer runs on the case's associated value while the state is in that case, and
  /// writes the value back. An action for it while the state is in another case is reported (a
  /// failure under `TestStore`, a warning in a debug build) and ignored.
  ///
  /// ```swift
  /// ProbeReducer().pullback(state: .probe, action: .identity, environment: { $0 })
  /// ```
  ///
  /// - Parameters:
  ///   - state: The case of the global state that holds the local state.
  ///   - action: Which global actions carry local actions.
  ///   - environment: Derives the local environment from the global one.
  ///   - fileID: Where the composition is written, which a report of an action for another
  ///     case names.
  ///   - line: The line of the composition.
  /// - Returns: A reducer on the global domain.
  @inlinable
  public func pullback<GlobalState, GlobalAction, GlobalEnvironment>(
    state: CasePath<GlobalState, State>,
    action: CasePath<GlobalAction, Action>,
    environment: @escaping (GlobalEnvironment) -> Environment,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Pullback<Self, GlobalState, GlobalAction, GlobalEnvironment> {
    Pullback(
      local: self, toLocalState: state, toLocalAction: action, toLocalEnvironment: environment,
      fileID: fileID, line: line)
  }
}

extension Reducer where Environment == Void {
  /// Lifts this reducer, which needs no environment, to global state and actions in any
  /// environment.
  ///
  /// ```swift
  /// ScreensReducer().pullback(state: \.screensFeature, action: .screens)
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where the local state lives in the global state: a key path literal or a
  ///     constant.
  ///   - action: Which global actions carry local actions.
  /// - Returns: A reducer on the global domain.
  @inlinable @inline(__always)
  public func pullback<GlobalState, GlobalAction, GlobalEnvironment>(
    state: @autoclosure @escaping () -> WritableKeyPath<GlobalState, State>,
    action: CasePath<GlobalAction, Action>
  ) -> Pullback<Self, GlobalState, GlobalAction, GlobalEnvironment> {
    pullback(state: state(), action: action, environment: { _ in () })
  }

  /// Lifts this reducer, which needs no environment, into one case of an enum state in any
  /// environment; see ``Reducer/pullback(state:action:environment:fileID:line:)``.
  ///
  /// ```swift
  /// PrimeModalReducer().pullback(state: .primeModal, action: .primeModal)
  /// ```
  ///
  /// - Parameters:
  ///   - state: The case of the global state that holds the local state.
  ///   - action: Which global actions carry local actions.
  ///   - fileID: Where the composition is written, which a report of an action for another
  ///     case names.
  ///   - line: The line of the composition.
  /// - Returns: A reducer on the global domain.
  @inlinable
  public func pullback<GlobalState, GlobalAction, GlobalEnvironment>(
    state: CasePath<GlobalState, State>,
    action: CasePath<GlobalAction, Action>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Pullback<Self, GlobalState, GlobalAction, GlobalEnvironment> {
    pullback(state: state, action: action, environment: { _ in () }, fileID: fileID, line: line)
  }
}
