/// A reducer that runs a reaction after its base when a value derived from the state changed;
/// see ``Reducer/onChange(of:_:)``.
public struct OnChangeReducer<Base: Reducer, Value: Equatable, Reaction: Reducer>: Reducer
where
  Reaction.State == Base.State, Reaction.Action == Base.Action,
  Reaction.Environment == Base.Environment
{
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let reaction: (_ oldValue: Value, _ newValue: Value) -> Reaction

  @inlinable @inline(__always)
  init(
    base: Base, toValue: @escaping (Base.State) -> Value,
    reaction: @escaping (_ oldValue: Value, _ newValue: Value) -> Reaction
  ) {
    self.base = base
    self.toValue = toValue
    self.reaction = reaction
  }

  @inlinable @inline(__always)
  public func reduce(
    into state: inout Base.State, action: Base.Action, environment: Base.Environment
  ) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effect = base.reduce(into: &state, action: action, environment: environment)
    let newValue = toValue(state)
    guard oldValue != newValue else { return effect }
    return effect.merge(
      with: reaction(oldValue, newValue).reduce(
        into: &state, action: action, environment: environment))
  }
}

extension Reducer {
  /// Runs `reaction` after this reducer, on the same state and action, whenever the action left
  /// the value `toValue` reads from the state different from what it was before.
  ///
  /// What follows from a change, whatever action made it, is written once, beside the value it
  /// watches, rather than in each action that can change it. The reaction is given the old
  /// value and the new one, and returns the reducer to run: its changes to the state and its
  /// effects are the action's, merged with this reducer's. An action that leaves the value as
  /// it was runs no reaction. The reaction's own change to the value runs no reaction again.
  ///
  /// ```swift
  /// .onChange(of: \.favoritePrimes) { oldValue, newValue in
  ///   Reduce { state, _, environment in
  ///     state.recordActivity(newValue.changes(from: oldValue), environment: environment)
  ///     return .none
  ///   }
  /// }
  /// ```
  ///
  /// The value is read twice an action, before and after, and compared: choose one that is
  /// cheap to compare when it did not change (an integer, a ``PersistentArray``, whose versions
  /// compare by reference first). The app's, on its favorites, is measured in
  /// Benchmarks/README.md.
  ///
  /// - Parameters:
  ///   - toValue: Reads the watched value from the state: a key path or a closure.
  ///   - reaction: Makes the reducer that answers the change, from the old value and the new.
  /// - Returns: A reducer that runs this one, then the reaction where the value changed.
  @inlinable @inline(__always)
  public func onChange<Value: Equatable, Reaction: Reducer>(
    of toValue: @escaping (State) -> Value,
    _ reaction: @escaping (_ oldValue: Value, _ newValue: Value) -> Reaction
  ) -> OnChangeReducer<Self, Value, Reaction>
  where Reaction.State == State, Reaction.Action == Action, Reaction.Environment == Environment {
    OnChangeReducer(base: self, toValue: toValue, reaction: reaction)
  }
}
