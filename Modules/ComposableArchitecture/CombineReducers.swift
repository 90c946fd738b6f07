/// Two reducers on the same domain, run in order, with their effects merged; see
/// ``combine(_:_:)``.
public struct CombineReducers<First: Reducer, Second: Reducer>: Reducer
where
  First.State == Second.State, First.Action == Second.Action,
  First.Environment == Second.Environment
{
  @usableFromInline
  let first: First
  @usableFromInline
  let second: Second

  @inlinable @inline(__always)
  init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  @inlinable @inline(__always)
  public func reduce(
    into state: inout First.State, action: First.Action, environment: First.Environment
  ) -> Effect<First.Action> {
    let effect = first.reduce(into: &state, action: action, environment: environment)
    return effect.merge(with: second.reduce(into: &state, action: action, environment: environment))
  }
}

/// Combines reducers on the same state into one that runs them in order and merges their
/// effects.
///
/// Each reducer sees the state as the ones before it left it.
///
/// ```swift
/// combine(
///   CounterReducer().pullback(state: \.counter, action: .counter, environment: { $0.counter }),
///   FavoritePrimesReducer().pullback(
///     state: \.favoritePrimesState, action: .favoritePrimes,
///     environment: { $0.favoritePrimes }),
///   ScreensReducer().pullback(state: \.screensView, action: .screens)
/// )
/// ```
///
/// - Parameters:
///   - first: The reducer that runs first.
///   - second: The reducer that runs next.
/// - Returns: One reducer that runs both.
@inlinable @inline(__always)
public func combine<First: Reducer, Second: Reducer>(
  _ first: First, _ second: Second
) -> CombineReducers<First, Second> {
  CombineReducers(first, second)
}

/// Combines three reducers on the same state, run in order; see ``combine(_:_:)``.
///
/// ```swift
/// func appending(_ value: Int) -> Reduce<[Int], Void, Void> {
///   Reduce { state, _, _ in
///     state.append(value)
///     return .none
///   }
/// }
/// var state: [Int] = []
/// _ = combine(appending(1), appending(2), appending(3))
///   .reduce(into: &state, action: (), environment: ())
/// #expect(state == [1, 2, 3])
/// ```
///
/// - Parameters:
///   - first: The reducer that runs first.
///   - second: The reducer that runs next.
///   - third: The reducer that runs last.
/// - Returns: One reducer that runs all three.
@inlinable @inline(__always)
public func combine<First: Reducer, Second: Reducer, Third: Reducer>(
  _ first: First, _ second: Second, _ third: Third
) -> CombineReducers<CombineReducers<First, Second>, Third> {
  CombineReducers(CombineReducers(first, second), third)
}

/// Combines any number of reducers of one type on the same state, run in order; see
/// ``combine(_:_:)``.
///
/// ```swift
/// let appenders = (0..<4).map { index in
///   Reduce<[Int], Void, Void> { state, _, _ in
///     state.append(index)
///     return .none
///   }
/// }
/// var state: [Int] = []
/// _ = combine(appenders).reduce(into: &state, action: (), environment: ())
/// #expect(state == [0, 1, 2, 3])
/// ```
///
/// - Parameter reducers: The reducers, in the order they run; an empty list changes nothing and
///   starts nothing.
/// - Returns: One reducer that runs all of them.
@inlinable
public func combine<Element: Reducer>(_ reducers: [Element]) -> CombineReducerList<Element> {
  CombineReducerList(reducers: reducers)
}

/// A list of reducers of one type, run in order, with their effects merged; see
/// ``combine(_:)``.
public struct CombineReducerList<Element: Reducer>: Reducer {
  @usableFromInline
  let reducers: [Element]

  @inlinable
  init(reducers: [Element]) {
    self.reducers = reducers
  }

  @inlinable
  public func reduce(
    into state: inout Element.State, action: Element.Action, environment: Element.Environment
  ) -> Effect<Element.Action> {
    var effect = Effect<Element.Action>.none
    for reducer in reducers {
      effect = effect.merge(
        with: reducer.reduce(into: &state, action: action, environment: environment))
    }
    return effect
  }
}
