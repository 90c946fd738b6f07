/// Two reducers on the same domain, run in order, with their effects merged: what
/// ``ReducerBuilder`` nests to combine any number of reducers.
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

/// Builds one reducer from any number of reducers of any types on one domain, listed one per
/// line: the body of ``combine(_:)->R``.
///
/// Each reducer in the list is a value of its own type, so the composition keeps every type and
/// the compiler can inline the whole of it. (Swift's parameter packs cannot yet require that
/// every element of a pack has the same `State`, so a builder does what a variadic function
/// cannot.)
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable, Environment> {
  @inlinable @inline(__always)
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action, R.Environment == Environment {
    reducer
  }

  @inlinable @inline(__always)
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action, R.Environment == Environment {
    first
  }

  @inlinable @inline(__always)
  public static func buildPartialBlock<Accumulated: Reducer, Next: Reducer>(
    accumulated: Accumulated, next: Next
  ) -> CombineReducers<Accumulated, Next>
  where
    Accumulated.State == State, Accumulated.Action == Action,
    Accumulated.Environment == Environment,
    Next.State == State, Next.Action == Action, Next.Environment == Environment
  {
    CombineReducers(accumulated, next)
  }
}

/// Combines reducers on the same state into one that runs them in order and merges their
/// effects: any number of them, each of its own type.
///
/// Each reducer sees the state as the ones before it left it. The domain is the first
/// reducer's: where that one is a pullback, its key paths name their roots.
///
/// ```swift
/// combine {
///   CounterReducer().pullback(
///     state: \AppState.counter, action: .counter, environment: \AppEnvironment.counter)
///   FavoritePrimesReducer().pullback(
///     state: \.favoritePrimesState, action: .favoritePrimes,
///     environment: { $0.favoritePrimes })
///   ScreensReducer().pullback(state: \.screensFeature, action: .screens)
/// }
/// ```
///
/// A closure reducer in the list takes its types from the others:
///
/// ```swift
/// let appendOne = Reduce<[Int], Void, Void> { state, _, _ in
///   state.append(1)
///   return .none
/// }
/// var state: [Int] = []
/// _ = combine {
///   appendOne
///   Reduce { state, _, _ in
///     state.append(2)
///     return .none
///   }
///   appendOne
/// }
/// .reduce(into: &state, action: (), environment: ())
/// #expect(state == [1, 2, 1])
/// ```
///
/// - Parameter reducers: The reducers, one per line, in the order they run.
/// - Returns: One reducer that runs all of them.
@inlinable @inline(__always)
public func combine<State, Action: Sendable, Environment, R: Reducer>(
  @ReducerBuilder<State, Action, Environment> _ reducers: () -> R
) -> R where R.State == State, R.Action == Action, R.Environment == Environment {
  reducers()
}

/// Combines any number of reducers of one type on the same state, run in order; see
/// ``combine(_:)->R``.
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
/// ``combine(_:)->CombineReducerList<Element>``.
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
