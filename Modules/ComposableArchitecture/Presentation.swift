/// The actions of a presented child, as its parent sees them: the child's own, or its
/// dismissal.
///
/// A parent carries them in one case, and lifts the child with
/// ``Reducer/ifLet(_:action:environment:then:fileID:line:)-(_,CasePath<Self.Action,PresentationAction<Child.Action>>,_,_,_,_)``:
///
/// ```swift
/// case destination(PresentationAction<CounterDestinationAction>)
/// ```
public enum PresentationAction<Action: Sendable>: Sendable {
  /// Something happened in the presented child.
  case presented(Action)
  /// The child is dismissed: its state is cleared and every effect it started is cancelled.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Codable where Action: Codable {}

/// A parent reducer with a child whose state is optional: the child runs only while its state
/// is there, its effects are scoped to where it is, and they end when it goes; see
/// ``Reducer/ifLet(_:action:environment:then:fileID:line:)-(_,CasePath<Self.Action,Child.Action>,_,_,_,_)``.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  // As in `Pullback`, the composition is kept as one closure, made in `init`, rather than as
  // its parts (the parent, the child, a key path, three functions, the dismissal and where it
  // was written): inlined into the feature that composes it, with its literals in view, the
  // closure's context is never allocated and the key path is a direct access, so an action
  // that is not the child's costs a look at whether the child is there.
  @usableFromInline
  let lifted: (inout Parent.State, Parent.Action, Parent.Environment) -> Effect<Parent.Action>

  /// - Parameters:
  ///   - dismissal: Makes the parent's action that dismisses the child, for a presented child;
  ///     `nil` for an optional child that its parent clears itself. Made only when the child
  ///     starts an effect: an action that passes by makes none.
  @inlinable @inline(__always)
  init(
    parent: Parent, child: @escaping () -> Child,
    toChildState childStatePath: @escaping () -> WritableKeyPath<Parent.State, Child.State?>,
    route: @escaping (Parent.Action) -> PresentationRoute<Child.Action>,
    fromChildAction: @escaping @Sendable (Child.Action) -> Parent.Action,
    toChildEnvironment: @escaping (Parent.Environment) -> Child.Environment,
    dismissal: @escaping () -> Parent.Action?,
    fileID: StaticString, line: UInt
  ) {
    // The child is made only when it acts: made here, its own composition would be allocated
    // on every action. The key path comes as a function, so that the place's identity, a key
    // path object, is made only when an effect needs it: where the composition is inlined, each
    // projection through a key path literal is a direct access, and an action that passes by
    // fetches no key path at all (Benchmarks/README.md, `dispatch.ratio`).
    #if DEBUG
      let toChildState = Self.reportingAChange(of: childStatePath, fileID: fileID, line: line)
    #else
      let toChildState = childStatePath
    #endif
    let place = { EffectID(presentedAt: toChildState()) }
    self.lifted = { state, action, environment in
      // Where the action goes, read once: to the child, a dismissal, or neither.
      let route = route(action)
      // The common case, an action of the parent's own while no child is there, is the
      // parent's alone. It is told apart before the child's identity is read: with the
      // identity read first, the counter's reducer, which presents two children, ran 94
      // instructions of its own for an incr where it runs 62 (Benchmarks/README.md,
      // `dispatch.composition.ratio`).
      if case .elsewhere = route, state[keyPath: toChildState()] == nil {
        return parent.reduce(into: &state, action: action, environment: environment)
      }
      // Which child is there before the action, the child's own part of it included: a child
      // that makes itself another (a new id) is another child.
      let before = state[keyPath: toChildState()].map(PresentedIdentity.init)
      var childEffect = Effect<Child.Action>.none
      if case .child(let childAction) = route {
        if let effect = state[keyPath: toChildState()].modifyIfPresent({
          child().reduce(
            into: &$0, action: childAction, environment: toChildEnvironment(environment))
        }) {
          childEffect = effect
        } else {
          runtimeWarning(
            "An action was sent to a child that is not there, and was ignored: \(childAction)",
            fileID: fileID, line: line)
        }
      }
      let effect = parent.reduce(into: &state, action: action, environment: environment)
      guard before != nil else {
        if case .dismissal = route {
          runtimeWarning(
            "A dismissal was sent while nothing is presented",
            fileID: fileID, line: line)
        }
        return effect
      }
      let after = state[keyPath: toChildState()].map(PresentedIdentity.init)
      // A dismissal clears the child that was there, not one the parent put in its place.
      if case .dismissal = route, before == after {
        state[keyPath: toChildState()] = nil
        return effect.merge(with: Effect(operation: .cancel(id: place())))
      }
      guard before == after else {
        // The child went, or another took its place: what it started ends with it, and what
        // it asked for in this very action does not start.
        return effect.merge(with: Effect(operation: .cancel(id: place())))
      }
      guard !childEffect.isNone else { return effect }
      return Self.presenting(
        childEffect.map(fromChildAction), at: toChildState(), identity: before,
        id: place(), dismissal: dismissal()
      )
      .merge(with: effect)
    }
  }

  /// A child's effect as its parent runs it: scoped to the place the child is presented at,
  /// and watched, so that the store cancels it once another reducer clears the child or puts
  /// another in its place.
  @usableFromInline
  static func presenting(
    _ effect: Effect<Parent.Action>, at path: WritableKeyPath<Parent.State, Child.State?>,
    identity: PresentedIdentity?, id: EffectID, dismissal: Parent.Action?
  ) -> Effect<Parent.Action> {
    // Immutable, and read by the store on the main actor only.
    nonisolated(unsafe) let path = path
    nonisolated(unsafe) let identity = identity
    return effect.liftingWatches { (parent: Parent.State) in parent[keyPath: path] }
      .presented(id: id, dismissal: dismissal)
      .watched { (parent: Parent.State) in
        parent[keyPath: path].map(PresentedIdentity.init) == identity
      }
  }

  @inlinable @inline(__always)
  public func reduce(
    into state: inout Parent.State, action: Parent.Action, environment: Parent.Environment
  ) -> Effect<Parent.Action> {
    lifted(&state, action, environment)
  }

  /// The key path as it is read at each use, reporting once a key path that is not the one the
  /// composition was made with (a captured `var` that changed): the child would move between
  /// actions, and its effects with it. A debug build so evaluates the expression once more, at
  /// composition.
  @usableFromInline
  static func reportingAChange(
    of path: @escaping () -> WritableKeyPath<Parent.State, Child.State?>,
    fileID: StaticString, line: UInt
  ) -> () -> WritableKeyPath<Parent.State, Child.State?> {
    let composed = path()
    var reported = false
    return {
      let current = path()
      if current != composed, !reported {
        reported = true
        runtimeWarning(
          "The key path of a presented child changed after it was composed, from \(composed) to \(current): pass a literal or a constant",
          fileID: fileID, line: line)
      }
      return current
    }
  }
}

/// Where a parent's action goes, for a child it presents: to the child, a dismissal of it, or
/// neither. Read once an action.
@usableFromInline
enum PresentationRoute<ChildAction> {
  case child(ChildAction)
  case dismissal
  case elsewhere
}

extension Reducer {
  /// Runs `child` on an optional part of this reducer's state, while that part is there.
  ///
  /// The child runs before this reducer, so this reducer sees what the child did, and can clear
  /// the child's state in answer to one of its actions. An action for the child while its state
  /// is `nil` is reported (a failure under `TestStore`, a warning in a debug build) and ignored.
  /// The child's effects are scoped to this place, its key path: the same feature embedded twice
  /// in one parent never cancels the other's effects (two copies of the parent, pulled back to
  /// two places, share their children's places, as in TCA). When the child's state becomes
  /// `nil`, or another child takes its place, every effect it started is cancelled, whichever
  /// reducer took it away, and no action of theirs arrives after. Another child is one in another case of an enum of destinations, or, for state
  /// that is `Identifiable`, one with another id; a child whose other fields change is the same
  /// child.
  ///
  /// ```swift
  /// .ifLet(\.child, action: .child, environment: { $0 }) { ProbeReducer() }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: Where the optional child state lives in this reducer's state: a key path
  ///     literal or a constant. The expression is evaluated at each access to the child's state,
  ///     up to four times an action, so that where the composition is inlined an action that
  ///     passes by makes no key path object; one that gives another key path after composition
  ///     is reported once in a debug build.
  ///   - toChildAction: Which of this reducer's actions carry the child's.
  ///   - toChildEnvironment: Derives the child's environment from this reducer's.
  ///   - child: Makes the child's reducer: called each time the child acts, so that a parent
  ///     whose child does not act never builds it. It keeps no state of its own.
  ///   - fileID: Where the composition is written, which a report of an action for an absent
  ///     child names.
  ///   - line: The line of the composition.
  /// - Returns: A reducer on this reducer's domain that runs both.
  @inlinable
  public func ifLet<Child: Reducer>(
    _ toChildState: @autoclosure @escaping () -> WritableKeyPath<State, Child.State?>,
    action toChildAction: CasePath<Action, Child.Action>,
    environment toChildEnvironment: @escaping (Environment) -> Child.Environment,
    then child: @escaping () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfLetReducer<Self, Child> {
    IfLetReducer(
      parent: self, child: child, toChildState: toChildState,
      route: { toChildAction.extract($0).map(PresentationRoute.child) ?? .elsewhere },
      fromChildAction: toChildAction.embed,
      toChildEnvironment: toChildEnvironment, dismissal: { nil },
      fileID: fileID, line: line)
  }

  /// Presents `child` on an optional part of this reducer's state: a sheet, a dialog, or an
  /// enum of destinations, carried in ``PresentationAction``.
  ///
  /// As ``ifLet(_:action:environment:then:fileID:line:)-(_,CasePath<Self.Action,Child.Action>,_,_,_,_)``,
  /// and: ``PresentationAction/dismiss`` clears the child's state, after this reducer has seen
  /// it, and cancels every effect the child started; the child dismisses itself by returning
  /// ``Effect/dismiss``. A dismissal while nothing is presented is reported, as an action for
  /// an absent child is; this reducer still sees it, and nothing else happens.
  ///
  /// ```swift
  /// CountingReducer()
  ///   .ifLet(\.presented, action: .destination, environment: { _ in () }) {
  ///     PrimeModalReducer().pullback(state: .primeModal, action: .primeModal)
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: Where the optional child state lives in this reducer's state: a key path
  ///     literal or a constant. The expression is evaluated at each access to the child's state,
  ///     up to four times an action, so that where the composition is inlined an action that
  ///     passes by makes no key path object; one that gives another key path after composition
  ///     is reported once in a debug build.
  ///   - toPresentationAction: Which of this reducer's actions carry the child's presentation
  ///     actions.
  ///   - toChildEnvironment: Derives the child's environment from this reducer's.
  ///   - child: Makes the child's reducer: called each time the child acts, so that a parent
  ///     whose child does not act never builds it. It keeps no state of its own.
  ///   - fileID: Where the composition is written, which a report of an action for an absent
  ///     child names.
  ///   - line: The line of the composition.
  /// - Returns: A reducer on this reducer's domain that runs both.
  @inlinable
  public func ifLet<Child: Reducer>(
    _ toChildState: @autoclosure @escaping () -> WritableKeyPath<State, Child.State?>,
    action toPresentationAction: CasePath<Action, PresentationAction<Child.Action>>,
    environment toChildEnvironment: @escaping (Environment) -> Child.Environment,
    then child: @escaping () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfLetReducer<Self, Child> {
    IfLetReducer(
      parent: self, child: child, toChildState: toChildState,
      route: {
        switch toPresentationAction.extract($0) {
        case .presented(let action)?: .child(action)
        case .dismiss?: .dismissal
        case nil: .elsewhere
        }
      },
      fromChildAction: { toPresentationAction.embed(.presented($0)) },
      toChildEnvironment: toChildEnvironment, dismissal: { toPresentationAction.embed(.dismiss) },
      fileID: fileID, line: line)
  }
}

extension Optional {
  /// Runs `body` on the wrapped value in place, when there is one.
  ///
  /// The value is moved out while `body` runs, so that it is the only reference to its storage
  /// and changing it copies nothing.
  @usableFromInline
  mutating func modifyIfPresent<Result>(_ body: (inout Wrapped) -> Result) -> Result? {
    guard case .some(var wrapped) = self else { return nil }
    self = nil
    defer { self = wrapped }
    return body(&wrapped)
  }
}
