/// Work that a reducer asks the store to do outside of the reducer, and that may send actions
/// back.
///
/// Effects run on Swift concurrency. An effect's actions come back to the store one at a time,
/// in the order the effect sends them, and each goes through the reducer like any other action.
/// The nth-prime lookup, once started, runs an effect that sends the answer back, and that
/// starting it again cancels:
///
/// ```swift
/// case .started:
///   let n = state.n
///   return .run { send in
///     await send(.answered(n: n, await Result { try await nthPrime.nthPrime(n) }))
///   }
///   .cancellable(id: LookupID(), cancelInFlight: true)
/// ```
public struct Effect<Action: Sendable>: Sendable {
  @usableFromInline
  indirect enum Operation: Sendable {
    case none
    case run(TaskPriority?, @Sendable (Send<Action>) async -> Void)
    case fireAndForget(TaskPriority?, @Sendable () async -> Void)
    case merge([Effect])
    case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
    case cancel(id: EffectID)
    case dismiss
    case send(Action)
    /// Effects of a child that may go away: the store cancels them once `ChildWatch` says the
    /// child is no longer there.
    case watched(ChildWatch, Effect)
  }

  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(operation: Operation) {
    self.operation = operation
  }

  /// An effect that does nothing.
  ///
  /// ```swift
  /// case .incr:
  ///   state.count += 1
  ///   return .none
  /// ```
  @inlinable
  public static var none: Effect {
    Effect(operation: .none)
  }

  /// Whether this effect does nothing at all.
  ///
  /// ```swift
  /// Effect<Int>.merge(.none, .none).isNone  // true
  /// ```
  @inlinable
  public var isNone: Bool {
    if case .none = operation { return true }
    return false
  }

  /// An effect that runs async work and may send any number of actions back.
  ///
  /// The work should not throw: turn failures into actions (see ``ErrorMessage``) so that they
  /// are handled, and tested, like any other outcome. Once the effect is cancelled, the actions
  /// it still tries to send are dropped.
  ///
  /// ```swift
  /// case .startEcho(let values):
  ///   return .run { send in
  ///     for value in values { await send(.echoed(value)) }
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the work.
  ///   - operation: The work; it sends actions with `await send(action)`.
  /// - Returns: The effect.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable (Send<Action>) async -> Void
  ) -> Effect {
    Effect(operation: .run(priority, operation))
  }

  /// An effect that runs async work and sends nothing back, such as logging or analytics.
  ///
  /// Fire-and-forget work is not part of a feature's observable behaviour, so `TestStore` does
  /// not require tests to wait for it.
  ///
  /// ```swift
  /// return .fireAndForget { await log(message) }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the work.
  ///   - work: The work.
  /// - Returns: The effect.
  @inlinable
  public static func fireAndForget(
    priority: TaskPriority? = nil,
    _ work: @escaping @Sendable () async -> Void
  ) -> Effect {
    Effect(operation: .fireAndForget(priority, work))
  }

  /// An effect that runs several effects at once.
  ///
  /// ```swift
  /// .merge(
  ///   .run { send in await send(.response(1)) },
  ///   .none,
  ///   .run { send in await send(.response(2)) }
  /// )
  /// ```
  ///
  /// - Parameter effects: The effects to run.
  /// - Returns: The merged effect, or ``none`` when every effect is ``none``.
  public static func merge(_ effects: Effect...) -> Effect {
    merge(effects)
  }

  /// An effect that runs an array of effects at once; see ``merge(_:)-(Effect<Action>...)``.
  ///
  /// ```swift
  /// .merge(values.map { value in .run { send in await send(.response(value)) } })
  /// ```
  ///
  /// - Parameter effects: The effects to run.
  /// - Returns: The merged effect, or ``none`` when every effect is ``none``.
  public static func merge(_ effects: [Effect]) -> Effect {
    effects.reduce(.none) { $0.merge(with: $1) }
  }

  /// Runs this effect and another at once.
  ///
  /// Merging with ``none`` returns the other effect unchanged, so combining reducers that start
  /// nothing allocates nothing.
  ///
  /// ```swift
  /// effect = effect.merge(
  ///   with: reducer.reduce(into: &state, action: action, environment: environment))
  /// ```
  ///
  /// - Parameter other: Another effect.
  /// - Returns: An effect that runs both.
  @inlinable @inline(__always)
  public func merge(with other: Effect) -> Effect {
    if case .none = operation { return other }
    if case .none = other.operation { return self }
    return merging(other)
  }

  @usableFromInline
  func merging(_ other: Effect) -> Effect {
    switch (operation, other.operation) {
    case (.merge(let first), .merge(let second)):
      return Effect(operation: .merge(first + second))
    case (.merge(let first), _):
      return Effect(operation: .merge(first + [other]))
    case (_, .merge(let second)):
      return Effect(operation: .merge([self] + second))
    default:
      return Effect(operation: .merge([self, other]))
    }
  }

  /// Transforms the actions this effect sends.
  ///
  /// `pullback` uses this to wrap a feature's actions in the app's.
  ///
  /// ```swift
  /// let effect = Effect<ChildAction>.run { send in await send(.echoed(3)) }
  ///   .map(ParentAction.child)
  /// ```
  ///
  /// - Parameter transform: Turns each action into another.
  /// - Returns: An effect that sends the transformed actions.
  @inlinable @inline(__always)
  public func map<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    if case .none = operation { return .none }
    return mapping(transform)
  }

  @usableFromInline
  func mapping<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .run(let priority, let operation):
      return .run(priority: priority) { send in
        await operation(Send { action in send(transform(action)) })
      }
    case .fireAndForget(let priority, let work):
      return .fireAndForget(priority: priority, work)
    case .merge(let effects):
      return Effect<NewAction>(operation: .merge(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .cancel(let id):
      return Effect<NewAction>(operation: .cancel(id: id))
    case .dismiss:
      return Effect<NewAction>(operation: .dismiss)
    case .send(let action):
      return Effect<NewAction>(operation: .send(transform(action)))
    case .watched(let watch, let effect):
      return Effect<NewAction>(operation: .watched(watch, effect.map(transform)))
    }
  }

  /// Marks this effect as cancellable with an identifier.
  ///
  /// ``cancel(id:)`` with the same identifier stops the effect's work; actions it still sends
  /// after that are dropped. With `cancelInFlight`, starting this effect first cancels any
  /// effect already running under the identifier.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.answered(n: n, await Result { try await nthPrime.nthPrime(n) }))
  /// }
  /// .cancellable(id: LookupID(), cancelInFlight: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: Any hashable, sendable value.
  ///   - cancelInFlight: Whether to cancel the running effects with this identifier first.
  /// - Returns: The cancellable effect.
  public func cancellable(
    id: some Hashable & Sendable,
    cancelInFlight: Bool = false
  ) -> Effect {
    if isNone && !cancelInFlight { return self }
    return Effect(
      operation: .cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// An effect that cancels the running effects marked with an identifier.
  ///
  /// ```swift
  /// case .cancel:
  ///   return .cancel(id: RequestID())
  /// ```
  ///
  /// - Parameter id: The identifier given to ``cancellable(id:cancelInFlight:)``.
  /// - Returns: The effect.
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(operation: .cancel(id: EffectID(id)))
  }
}

extension Effect {
  /// An effect that sends an action back at once: the store runs it once the observers have seen
  /// the action that returned this, and before any later action is sent to the store. A
  /// history records it as the step's feedback.
  ///
  /// ```swift
  /// return state.startLookup(n: state.count).map { .send(.nthPrimeLookup($0)) } ?? .none
  /// ```
  ///
  /// - Parameter action: The action to run next.
  /// - Returns: The effect.
  public static func send(_ action: Action) -> Effect {
    Effect(operation: .send(action))
  }

  /// An effect that dismisses the child feature that returns it: the parent that presents the
  /// child receives ``PresentationAction/dismiss``, which clears the child's state and cancels
  /// every effect the child started.
  ///
  /// ```swift
  /// case .closeTapped:
  ///   return .dismiss
  /// ```
  ///
  /// Returned by a reducer that no parent presents (with
  /// ``Reducer/ifLet(_:action:environment:then:fileID:line:)-(_,CasePath<Self.Action,PresentationAction<Child.Action>>,_,_,_,_)``),
  /// it is reported and does nothing.
  public static var dismiss: Effect {
    Effect(operation: .dismiss)
  }

  /// This effect as a presented child's: every identifier it cancels by is scoped to the place
  /// `id` names, a ``dismiss`` sends `dismissal` back, and the whole can be cancelled by `id`.
  @usableFromInline
  func presented(id: EffectID, dismissal: Action?) -> Effect {
    if case .none = operation { return self }
    return Effect(operation: .cancellable(id: id, cancelInFlight: false, scoped(by: id, dismissal)))
  }

  private func scoped(by scope: EffectID, _ dismissal: Action?) -> Effect {
    switch operation {
    case .none, .run, .fireAndForget, .send:
      return self
    case .merge(let effects):
      return Effect(operation: .merge(effects.map { $0.scoped(by: scope, dismissal) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect(
        operation: .cancellable(
          id: id.scoped(by: scope), cancelInFlight: cancelInFlight,
          effect.scoped(by: scope, dismissal)))
    case .cancel(let id):
      return Effect(operation: .cancel(id: id.scoped(by: scope)))
    case .dismiss:
      guard let dismissal else { return self }
      return .run { send in await send(dismissal) }
    case .watched(let watch, let effect):
      return Effect(operation: .watched(watch, effect.scoped(by: scope, dismissal)))
    }
  }

  /// This effect as one of a child that is there while `isThere` holds of the state it is
  /// presented in: the store cancels it once that no longer holds.
  @usableFromInline
  func watched<State>(while isThere: @escaping @Sendable (State) -> Bool) -> Effect {
    if case .none = operation { return self }
    return Effect(operation: .watched(ChildWatch(isThere), self))
  }

  /// This effect's watches, which read a child's state, made to read the state that holds it:
  /// what a composition that runs a reducer on part of its state does with the effects the
  /// reducer returns.
  ///
  /// The key path comes as a function, called only for an effect: a composition that passes a
  /// literal then makes no key path object for an action that starts nothing.
  @inlinable @inline(__always)
  func watching<Outer, Inner>(
    through toInner: @autoclosure @escaping () -> KeyPath<Outer, Inner>
  ) -> Effect {
    if case .none = operation { return self }
    return watching(throughPath: toInner())
  }

  @usableFromInline
  func watching<Outer, Inner>(throughPath toInner: KeyPath<Outer, Inner>) -> Effect {
    // A key path is immutable, though Swift does not call it `Sendable`.
    nonisolated(unsafe) let toInner = toInner
    return liftingWatches { (outer: Outer) in outer[keyPath: toInner] }
  }

  /// As ``watching(through:)``, through a part that may not be there.
  @usableFromInline
  func liftingWatches<Outer, Inner>(
    _ toInner: @escaping @Sendable (Outer) -> Inner?
  ) -> Effect {
    switch operation {
    case .none, .run, .fireAndForget, .cancel, .dismiss, .send:
      return self
    case .merge(let effects):
      guard effects.contains(where: \.hasWatches) else { return self }
      return Effect(operation: .merge(effects.map { $0.liftingWatches(toInner) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      guard effect.hasWatches else { return self }
      return Effect(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight, effect.liftingWatches(toInner)))
    case .watched(let watch, let effect):
      return Effect(
        operation: .watched(watch.lifted(toInner), effect.liftingWatches(toInner)))
    }
  }

  private var hasWatches: Bool {
    switch operation {
    case .none, .run, .fireAndForget, .cancel, .dismiss, .send: false
    case .merge(let effects): effects.contains(where: \.hasWatches)
    case .cancellable(_, _, let effect): effect.hasWatches
    case .watched: true
    }
  }
}

/// Whether a child whose effects run is still there, read from the state of the store that
/// runs them. Each composition between the child and the store's root makes it read its own
/// state; a composition that does not leaves a watch the store's state cannot answer, which
/// then cancels nothing.
@usableFromInline
struct ChildWatch: Sendable {
  let isThere: @Sendable (Any) -> Bool

  init<State>(_ isThere: @escaping @Sendable (State) -> Bool) {
    self.isThere = { state in
      guard let state = state as? State else { return true }
      return isThere(state)
    }
  }

  /// This watch, reading the state that holds the child's through `toInner`.
  func lifted<Outer, Inner>(_ toInner: @escaping @Sendable (Outer) -> Inner?) -> ChildWatch {
    let isThere = self.isThere
    return ChildWatch { (outer: Outer) in
      guard let inner = toInner(outer) else { return false }
      return isThere(inner)
    }
  }
}

/// The identifier of a cancellable effect: any hashable, sendable value.
@usableFromInline
struct EffectID: Hashable, @unchecked Sendable {
  // Only ever built from a `Hashable & Sendable` value, or from a key path (immutable), so the
  // box is safe to share.
  let base: AnyHashable

  init(_ base: some Hashable & Sendable) {
    self.base = AnyHashable(base)
  }

  /// The identifier of the place in a parent's state where a child is presented.
  @usableFromInline
  init(presentedAt place: AnyKeyPath) {
    self.base = AnyHashable(place)
  }

  private init(base: AnyHashable) {
    self.base = base
  }

  /// This identifier as the child presented at `scope` uses it: the same identifier used by the
  /// same child presented elsewhere is another one.
  func scoped(by scope: EffectID) -> EffectID {
    EffectID(base: AnyHashable(ScopedEffectID(scope: scope.base, id: base)))
  }
}

/// An identifier within the place a child is presented.
private struct ScopedEffectID: Hashable {
  let scope: AnyHashable
  let id: AnyHashable
}
