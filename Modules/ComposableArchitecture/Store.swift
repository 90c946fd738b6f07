/// The runtime of a feature: it holds the state, runs the reducer on every action, runs the
/// effects the reducer returns and feeds their actions back.
///
/// The state can be read by anyone and changed only through ``send(_:)``. A store for one
/// feature is carved out of the app's store with ``scope(state:action:)-92jq4``; observers are told of
/// every change through ``subscribe(_:)``.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: AppReducer(), environment: environment)
/// store.send(.counter(.incrTapped))  // store.state.count == 1
/// ```
@MainActor
public final class Store<State, Action: Sendable> {
  // Where the state is read and observed.
  @usableFromInline
  let core: StoreCore<State, Action>
  // How an action reaches the root store. A scoped store's is made by `scope`, where the
  // types are known, so each level of scoping costs one direct function call.
  @usableFromInline
  let sendAction: (Action, EffectGroup?) -> EffectGroup?

  @usableFromInline
  init(core: StoreCore<State, Action>, send: @escaping (Action, EffectGroup?) -> EffectGroup?) {
    self.core = core
    self.sendAction = send
  }

  /// Creates a root store: it owns the state, and cancels every effect still running once it and
  /// every store scoped from it are released.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer that evolves the state.
  ///   - environment: The dependencies the reducer and its effects use.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: R,
    environment: R.Environment
  ) where R.State == State, R.Action == Action {
    // Wrapped here, where `R` is known, the call into the reducer is a direct one.
    self.init(initialState: initialState, reduce: Reduce(reducer), environment: environment)
  }

  /// Creates a root store that hands every action it runs, with the state the action left, to
  /// `afterEachAction`: what a log or a recording of the session needs, done outside the
  /// reducer so that the reducer stays a pure function of the state and the action.
  ///
  /// `afterEachAction` is called right after the reducer, before any observer is told, once for
  /// every action in the order they ran: those sent, those effects sent back, and those
  /// observers sent. An action it sends runs after every observer has seen the current state.
  /// It runs inside ``send(_:)``, on the main actor: work that takes long (writing a file)
  /// belongs on a queue of its own.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: ChildState(), reducer: childReducer, environment: (),
  ///   afterEachAction: { action, state in log.append("\(action) \(state.count)") })
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer that evolves the state.
  ///   - environment: The dependencies the reducer and its effects use.
  ///   - afterEachAction: Called on the main actor with each action and the state after it.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: R,
    environment: R.Environment,
    afterEachAction: @escaping @MainActor (Action, State) -> Void
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState, reduce: Reduce(reducer), environment: environment,
      afterEachAction: afterEachAction)
  }

  /// A root store; a test store's is made with `effectExecutor`, which its effects prefer, and
  /// `onEffectFinish`, called on the main actor each time a `run` effect that is still counted
  /// ends.
  @usableFromInline
  package convenience init<Environment>(
    initialState: State,
    reduce: Reduce<State, Action, Environment>,
    environment: Environment,
    afterEachAction: (@MainActor (Action, State) -> Void)? = nil,
    effectExecutor: (any TaskExecutor)? = nil,
    onEffectFinish: @escaping @MainActor @Sendable () -> Void = {}
  ) {
    let root = RootCore(
      initialState: initialState, reducer: reduce, environment: environment,
      afterEachAction: afterEachAction, effectExecutor: effectExecutor,
      onEffectFinish: onEffectFinish)
    self.init(core: root, send: { root.send($0, in: $1) })
  }

  /// The root store's effects: how many run, and a way to let them go or cancel them; `nil`
  /// for a scoped store.
  package var effects: EffectRunner<Action>? { core.effects }

  /// The state after the last action; a scoped store derives it from its root's on every read.
  ///
  /// ```swift
  /// store.state.count
  /// ```
  public var state: State { core.state }

  /// How many subscriptions of both kinds the root store keeps; a scoped store reports its
  /// root's.
  package var observerCount: Int { core.observerCount }

  /// Sends an action: runs the reducer, starts the effects it returns and notifies observers.
  ///
  /// The state has changed when this returns, except when an observer sends from its
  /// notification: then the action runs once every observer has seen the current state, right
  /// after, before the outer `send` returns. The returned task follows the effects the action
  /// started, and those of the actions they feed back.
  ///
  /// ```swift
  /// await store.send(.child(.startEcho([8, 9]))).finish()
  /// ```
  ///
  /// - Returns: A task that can await or cancel the action's effects.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    StoreTask(group: sendAction(action, nil))
  }

  /// Calls `observer` with the new state after every action.
  ///
  /// The subscription lasts as long as the returned token: release it (or call
  /// ``StoreSubscription/cancel()``) and the observer is let go and never called again. Every
  /// observer sees every state, in order, also when another observer sends an action from its
  /// notification: that action runs once every observer has seen the state before it.
  ///
  /// ```swift
  /// let token = store.subscribe { counts.append($0.child.count) }
  /// ```
  ///
  /// - Parameter observer: Called on the main actor with the state after each action.
  /// - Returns: The token that keeps the subscription alive.
  public func subscribe(
    _ observer: @escaping @MainActor (State) -> Void
  ) -> StoreSubscription {
    core.subscribe(observer)
  }

  /// Calls `onChange` after every action, without the state: what a view subscribes with. The
  /// view marks itself to be drawn again and reads ``state`` when it draws, once however many
  /// actions ran in between. Telling it derives no local state and copies none.
  ///
  /// A scoped store's observer is called after every action its root store runs, as with
  /// ``subscribe(_:)``, and before the observers handed the state. The subscription lasts as
  /// long as the returned token. An action sent from `onChange` runs once every observer has
  /// been told of the current state, and an observer subscribed from it is first called for the
  /// next action.
  ///
  /// ```swift
  /// let token = child.subscribe(onChange: { seen.append(child.state.count) })
  /// ```
  ///
  /// - Parameter onChange: Called on the main actor after each action.
  /// - Returns: The token that keeps the subscription alive.
  public func subscribe(onChange: @escaping @MainActor () -> Void) -> StoreSubscription {
    core.subscribe(onChange: onChange)
  }

  /// Returns a store for one part of this store's domain.
  ///
  /// The local store reads its state from this store and sends its actions through it, so the two
  /// never disagree and the local store holds no copy of the state.
  ///
  /// ```swift
  /// let child = store.scope(state: \.child, action: ParentAction.child)
  /// child.send(.incr)
  /// #expect(store.state.child.count == 1)
  /// ```
  ///
  /// - Parameters:
  ///   - toLocalState: Derives the local state from this store's.
  ///   - fromLocalAction: Wraps a local action in one of this store's.
  /// - Returns: The local store.
  @inlinable
  public func scope<LocalState, LocalAction: Sendable>(
    state toLocalState: @escaping (State) -> LocalState,
    action fromLocalAction: @escaping (LocalAction) -> Action
  ) -> Store<LocalState, LocalAction> {
    let sendToGlobal = sendAction
    return Store<LocalState, LocalAction>(
      core: ScopedCore(global: core, toLocalState: toLocalState, skippingRepeats: nil),
      send: { action, group in sendToGlobal(fromLocalAction(action), group) }
    )
  }

  /// Returns a store for one part of this store's domain whose observers are told only of
  /// changes to that part.
  ///
  /// As ``scope(state:action:)-92jq4``, and because the local state is
  /// `Equatable`, an action that leaves it equal calls none of the local store's observers: a
  /// view over it is not drawn again for what it does not show.
  ///
  /// While anyone observes, the local state is derived after every action. Where that is often,
  /// derive it with a closure, `{ $0.child }`: with Swift 6.3, a key path literal converted to
  /// the function copies the whole state each time before it reads the part (measured in
  /// Benchmarks/README.md). A scope that nobody observes derives nothing, and a key path is as
  /// good there.
  ///
  /// ```swift
  /// let child = store.scope(state: { $0.child }, action: ParentAction.child)
  /// var changes = 0
  /// var counts: [Int] = []
  /// let changeToken = child.subscribe(onChange: { changes += 1 })
  /// let stateToken = child.subscribe { counts.append($0.count) }
  /// store.send(.other("not the child's"))
  /// #expect(changes == 0)
  /// ```
  ///
  /// - Parameters:
  ///   - toLocalState: Derives the local state from this store's.
  ///   - fromLocalAction: Wraps a local action in one of this store's.
  /// - Returns: The local store.
  @inlinable
  public func scope<LocalState: Equatable, LocalAction: Sendable>(
    state toLocalState: @escaping (State) -> LocalState,
    action fromLocalAction: @escaping (LocalAction) -> Action
  ) -> Store<LocalState, LocalAction> {
    let sendToGlobal = sendAction
    // Written here, where the types are known, so that deriving and comparing the local state
    // after each action is compiled for them rather than through generic code.
    let skippingRepeats: ScopedCore<State, Action, LocalState, LocalAction>.SkippingRepeats = {
      observer, first in
      let last = LastValue(first)
      return { globalState in
        let local = toLocalState(globalState)
        guard local != last.value else { return }
        observer(local)
        // Moved, not copied, once the observer has it: the last value is only compared with.
        // Nothing reads it meanwhile, since the root store never notifies while it notifies (an
        // action an observer sends waits for every observer to be told; see `RootCore.send`).
        last.value = consume local
      }
    }
    return Store<LocalState, LocalAction>(
      core: ScopedCore(
        global: core, toLocalState: toLocalState, skippingRepeats: skippingRepeats),
      send: { action, group in sendToGlobal(fromLocalAction(action), group) }
    )
  }
}

/// Keeps a store subscription alive; releasing it ends the subscription.
///
/// ```swift
/// var token: StoreSubscription? = store.subscribe { _ in calls += 1 }
/// store.send(.child(.incr))
/// #expect(calls == 1)
/// token = nil
/// store.send(.child(.incr))
/// #expect(calls == 1)
/// ```
@MainActor
public final class StoreSubscription {
  private var onCancel: (@MainActor () -> Void)?

  init(onCancel: @escaping @MainActor () -> Void) {
    self.onCancel = onCancel
  }

  isolated deinit {
    cancel()
  }

  /// Ends the subscription now: the store lets go of the observer.
  public func cancel() {
    guard let onCancel else { return }
    self.onCancel = nil
    onCancel()
  }
}

// MARK: - Cores

/// Where a store's state is read and observed: the root holds it, a scoped store derives it
/// from the global store's. Actions take the store's `sendAction` instead.
@MainActor
@usableFromInline
class StoreCore<State, Action: Sendable> {
  var state: State { fatalError("abstract") }
  var observerCount: Int { fatalError("abstract") }
  var effects: EffectRunner<Action>? { nil }
  func subscribe(_ observer: @escaping @MainActor (State) -> Void) -> StoreSubscription {
    fatalError("abstract")
  }
  func subscribe(onChange: @escaping @MainActor () -> Void) -> StoreSubscription {
    fatalError("abstract")
  }
}

@MainActor
private final class RootCore<State, Action: Sendable, Environment>: StoreCore<State, Action> {
  // The state and the observers, held where reducing in place and notifying cost no runtime
  // check; the assumptions that makes safe are `StoreStorage`'s, checked in debug builds.
  private let storage: StoreStorage<State>
  private let reducer: Reduce<State, Action, Environment>
  private let environment: Environment
  private let afterEachAction: (@MainActor (Action, State) -> Void)?
  private lazy var runner = EffectRunner<Action>(
    executor: effectExecutor,
    deliver: { [weak self] action, group in _ = self?.send(action, in: group) },
    onFinish: onEffectFinish)
  private let effectExecutor: (any TaskExecutor)?
  private let onEffectFinish: @MainActor @Sendable () -> Void
  private var isSending = false
  // Whether an effect of a child that may go away runs: a plain flag, read after every action,
  // so that a store with none pays one look.
  private var watchesChildren = false
  // Actions an observer sent while the store was reducing, and each one's group. Two arrays
  // rather than one of pairs: a tuple of a generic type would be looked up on every send.
  private var bufferedActions: [Action] = []
  private var bufferedGroups: [EffectGroup] = []
  // A plain flag beside the generic arrays, so that the common path (no buffered actions) never
  // touches them: in unspecialised generic code each touch looks up metadata.
  private var hasBuffered = false

  init(
    initialState: State, reducer: Reduce<State, Action, Environment>, environment: Environment,
    afterEachAction: (@MainActor (Action, State) -> Void)?,
    effectExecutor: (any TaskExecutor)?,
    onEffectFinish: @escaping @MainActor @Sendable () -> Void
  ) {
    self.storage = StoreStorage(initialState)
    self.reducer = reducer
    self.environment = environment
    self.afterEachAction = afterEachAction
    self.effectExecutor = effectExecutor
    self.onEffectFinish = onEffectFinish
  }

  isolated deinit {
    runner.cancelAll()
  }

  override var state: State { storage.state }
  override var observerCount: Int { storage.observerCount }
  override var effects: EffectRunner<Action>? { runner }

  func send(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
    if isSending {
      // An observer sent an action while the store was reducing or notifying: handle it once
      // every observer has seen the current state.
      let group = group ?? EffectGroup()
      bufferedActions.append(action)
      bufferedGroups.append(group)
      hasBuffered = true
      return group
    }
    isSending = true
    var result = group
    let effect = reduce(action)
    if !effect.isNone {
      let group = group ?? EffectGroup()
      result = group
      run(effect, in: group)
    }
    if watchesChildren { cancelGoneChildren() }
    storage.notify()
    // Actions that observers sent run one at a time, each seen by every observer in turn.
    while hasBuffered {
      let action = bufferedActions.removeFirst()
      let group = bufferedGroups.removeFirst()
      hasBuffered = !bufferedActions.isEmpty
      let effect = reduce(action)
      if !effect.isNone { run(effect, in: group) }
      if watchesChildren { cancelGoneChildren() }
      storage.notify()
    }
    isSending = false
    return result
  }

  private func run(_ effect: Effect<Action>, in group: EffectGroup) {
    runner.run(effect, in: group)
    watchesChildren = runner.isWatchingChildren
  }

  /// Cancels the effects of the children that the last action took away, whichever reducer
  /// took them: checked after every action while any such child's effect runs.
  private func cancelGoneChildren() {
    runner.cancelGoneChildren(in: storage.state)
    watchesChildren = runner.isWatchingChildren
  }

  /// Runs the reducer on the state in place, then hands the action and the state it left to
  /// `afterEachAction`.
  private func reduce(_ action: Action) -> Effect<Action> {
    let effect = storage.reduce {
      reducer.reduce(into: &$0, action: action, environment: environment)
    }
    afterEachAction?(action, storage.state)
    return effect
  }

  override func subscribe(_ observer: @escaping @MainActor (State) -> Void) -> StoreSubscription {
    storage.subscribe(observer)
  }

  override func subscribe(onChange: @escaping @MainActor () -> Void) -> StoreSubscription {
    storage.subscribe(onChange: onChange)
  }
}

@MainActor
@usableFromInline
final class ScopedCore<GlobalState, GlobalAction: Sendable, State, Action: Sendable>:
  StoreCore<State, Action>
{
  /// Wraps an observer of the local state in an observer of the global one that derives the
  /// local state and calls it only when that changed, starting from the given local state.
  @usableFromInline
  typealias SkippingRepeats = (
    _ observer: @escaping @MainActor (State) -> Void, _ first: State
  ) -> @MainActor (GlobalState) -> Void

  private let global: StoreCore<GlobalState, GlobalAction>
  private let toLocalState: (GlobalState) -> State
  // For an `Equatable` local state: an action that leaves it equal tells no observer.
  private let skippingRepeats: SkippingRepeats?

  @usableFromInline
  init(
    global: StoreCore<GlobalState, GlobalAction>,
    toLocalState: @escaping (GlobalState) -> State,
    skippingRepeats: SkippingRepeats?
  ) {
    self.global = global
    self.toLocalState = toLocalState
    self.skippingRepeats = skippingRepeats
  }

  override var state: State { toLocalState(global.state) }
  override var observerCount: Int { global.observerCount }

  override func subscribe(_ observer: @escaping @MainActor (State) -> Void) -> StoreSubscription {
    guard let skippingRepeats else {
      let toLocalState = self.toLocalState
      return global.subscribe { observer(toLocalState($0)) }
    }
    // Handed the global state, the observer holds no store: a subscription keeps none alive,
    // and works through scopes that are let go.
    return global.subscribe(skippingRepeats(observer, state))
  }

  override func subscribe(onChange: @escaping @MainActor () -> Void) -> StoreSubscription {
    // No local state to derive: the global store's observer is the same function. Skipping
    // repeats needs the local state, which the observers handed it compare.
    guard skippingRepeats != nil else { return global.subscribe(onChange: onChange) }
    return subscribe { _ in onChange() }
  }
}
