/// A function that evolves a feature's state in place when an action happens, and returns the
/// effects that the action starts.
///
/// A reducer is pure: everything it needs from the outside world (time, files, lookups) comes
/// in through its `Environment`, and everything it wants done in the world goes out as an
/// `Effect`, whose results come back as actions.
///
/// ```swift
/// let counterReducer = Reducer<Int, CounterAction, Void> { count, action, _ in
///   switch action {
///   case .incrTapped:
///     count += 1
///     return .none
///   }
/// }
/// ```
public struct Reducer<State, Action: Sendable, Environment> {
  @usableFromInline
  let reduce: (inout State, Action, Environment) -> Effect<Action>

  /// Creates a reducer from a function that mutates state and returns effects.
  ///
  /// - Parameter reduce: Mutates the state for the action and returns the action's effects.
  @inlinable
  public init(_ reduce: @escaping (inout State, Action, Environment) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// A reducer that changes nothing and starts nothing.
  ///
  /// ```swift
  /// let inert = Reducer<Int, CounterAction, Void>.empty
  /// ```
  @inlinable
  public static var empty: Reducer {
    Reducer { _, _, _ in .none }
  }

  /// Runs the reducer on a state for an action.
  ///
  /// ```swift
  /// var count = 0
  /// let effect = counterReducer.run(&count, .incrTapped, ())  // count == 1
  /// ```
  ///
  /// - Parameters:
  ///   - state: The state to mutate in place.
  ///   - action: The action that happened.
  ///   - environment: The dependencies the reducer may use.
  /// - Returns: The effects the action starts.
  @inlinable
  public func run(
    _ state: inout State,
    _ action: Action,
    _ environment: Environment
  ) -> Effect<Action> {
    reduce(&state, action, environment)
  }

  /// Combines reducers on the same state into one that runs them in order and merges their
  /// effects.
  ///
  /// Each reducer sees the state as the ones before it left it.
  ///
  /// ```swift
  /// let appReducer = Reducer.combine(counterFeature, favoritesFeature, activityFeed)
  /// ```
  ///
  /// - Parameter reducers: The reducers, in the order they run.
  /// - Returns: One reducer that runs all of them.
  @inlinable
  public static func combine(_ reducers: Reducer...) -> Reducer {
    combine(reducers)
  }

  /// Combines an array of reducers on the same state; see ``combine(_:)-(Reducer...)``.
  ///
  /// ```swift
  /// let appReducer = Reducer.combine([counterFeature, favoritesFeature])
  /// ```
  ///
  /// - Parameter reducers: The reducers, in the order they run.
  /// - Returns: One reducer that runs all of them.
  @inlinable
  public static func combine(_ reducers: [Reducer]) -> Reducer {
    switch reducers.count {
    case 0:
      return .empty
    case 1:
      return reducers[0]
    case 2:
      let first = reducers[0].reduce
      let second = reducers[1].reduce
      return Reducer { state, action, environment in
        let effect = first(&state, action, environment)
        return effect.merge(with: second(&state, action, environment))
      }
    default:
      let reduces = reducers.map(\.reduce)
      return Reducer { state, action, environment in
        var effect = Effect<Action>.none
        for reduce in reduces {
          effect = effect.merge(with: reduce(&state, action, environment))
        }
        return effect
      }
    }
  }

  /// Lifts a reducer on local state, actions and environment to global ones.
  ///
  /// The pulled-back reducer reaches its state in place through `state`, recognises its own
  /// actions with `action`, and derives its environment with `environment`. For any action that
  /// is not its own it returns at once, changing nothing: the cost is one failed `extract`.
  /// Actions sent back by its effects are wrapped with `action.embed`.
  ///
  /// ```swift
  /// let appReducer = counterReducer.pullback(
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
  ) -> Reducer<GlobalState, GlobalAction, GlobalEnvironment> {
    let reduce = self.reduce
    let extract = toLocalAction.extract
    let embed = toLocalAction.embed
    // A path of stored properties is a fixed offset into the global state: reach the local
    // state through it directly, which is several times cheaper than applying the key path.
    if let offset = MemoryLayout<GlobalState>.offset(of: toLocalState) {
      return Reducer<GlobalState, GlobalAction, GlobalEnvironment> {
        globalState, globalAction, globalEnvironment in
        guard let localAction = extract(globalAction) else { return .none }
        let environment = toLocalEnvironment(globalEnvironment)
        let effect = withUnsafeMutablePointer(to: &globalState) { global in
          let local = (UnsafeMutableRawPointer(global) + offset).assumingMemoryBound(to: State.self)
          return reduce(&local.pointee, localAction, environment)
        }
        return effect.map(embed)
      }
    }
    return Reducer<GlobalState, GlobalAction, GlobalEnvironment> {
      globalState, globalAction, globalEnvironment in
      guard let localAction = extract(globalAction) else { return .none }
      let effect = reduce(
        &globalState[keyPath: toLocalState], localAction, toLocalEnvironment(globalEnvironment))
      return effect.map(embed)
    }
  }
}
