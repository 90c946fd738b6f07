/// Evolves a feature's state in place when an action happens, and returns the effects that the
/// action starts: `(inout State, Action, Environment) -> Effect<Action>`.
///
/// A reducer is pure: everything it needs from the outside world (time, files, lookups) comes
/// in through its `Environment`, and everything it wants done in the world goes out as an
/// `Effect`, whose results come back as actions.
///
/// A feature is a type that conforms. A feature made of others composes them with
/// ``combine(_:)->R``, ``Reducer/pullback(state:action:environment:)`` and
/// ``Reducer/ifLet(_:action:environment:then:fileID:line:)-(_,CasePath<Self.Action,PresentationAction<Child.Action>>,_,_,_,_)``:
///
/// ```swift
/// return CountingReducer()
///   .ifLet(\.presented, action: .destination, environment: { _ in () }) {
///     PrimeModalReducer().pullback(state: .primeModal, action: .primeModal)
///   }
///   .ifLet(\.nthPrimeLookup, action: .nthPrimeLookup, environment: { $0.nthPrime }) {
///     NthPrimeLookupReducer()
///   }
///   .reduce(into: &state, action: action, environment: environment)
/// ```
///
/// ``Reduce`` is the closure-based reducer, for one-off reducers and for hiding a composed type.
public protocol Reducer<State, Action, Environment> {
  /// The state the reducer changes in place: a feature's whole state, or the part a pullback
  /// hands it.
  associatedtype State
  /// The actions the reducer handles; `Sendable`, because effects send them back from other
  /// tasks.
  associatedtype Action: Sendable
  /// The dependencies the reducer and its effects use: clients for time, files and lookups, or
  /// `Void` when there are none.
  associatedtype Environment

  /// Mutates the state for the action and returns the action's effects.
  ///
  /// ```swift
  /// var state = PrimeModalState(count: 7)
  /// _ = PrimeModalReducer().reduce(into: &state, action: .saveFavoritePrimeTapped, environment: ())
  /// #expect(state.favoritePrimes == [7])
  /// ```
  ///
  /// - Parameters:
  ///   - state: The state to mutate in place.
  ///   - action: The action that happened.
  ///   - environment: The dependencies the reducer may use.
  /// - Returns: The effects the action starts.
  func reduce(into state: inout State, action: Action, environment: Environment) -> Effect<Action>
}

/// A reducer made of a closure: for one-off reducers, and to hide a composed reducer's type.
///
/// ```swift
/// let childReducer = Reduce<ChildState, ChildAction, Void> { state, action, _ in
///   switch action {
///   case .incr:
///     state.count += 1
///     return .none
///   case .decr:
///     state.count -= 1
///     return .none
///   case .startEcho(let values):
///     return .run { send in
///       for value in values { await send(.echoed(value)) }
///     }
///   case .echoed(let value):
///     state.count = value
///     return .none
///   }
/// }
/// ```
public struct Reduce<State, Action: Sendable, Environment>: Reducer {
  @usableFromInline
  let reduce: (inout State, Action, Environment) -> Effect<Action>

  /// Creates a reducer from a function that mutates state and returns effects.
  ///
  /// - Parameter reduce: Mutates the state for the action and returns the action's effects.
  @inlinable
  public init(_ reduce: @escaping (inout State, Action, Environment) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Wraps any reducer with the same domain, hiding its type.
  @inlinable
  public init<R: Reducer>(_ reducer: R)
  where R.State == State, R.Action == Action, R.Environment == Environment {
    self.reduce = { reducer.reduce(into: &$0, action: $1, environment: $2) }
  }

  /// A reducer that changes nothing and starts nothing.
  @inlinable
  public static var empty: Reduce {
    Reduce { _, _, _ in .none }
  }

  @inlinable
  public func reduce(
    into state: inout State, action: Action, environment: Environment
  ) -> Effect<Action> {
    reduce(&state, action, environment)
  }
}
