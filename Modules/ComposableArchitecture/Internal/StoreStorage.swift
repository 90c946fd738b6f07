/// The root store's state and its observers, held past Swift's runtime checks, which are made
/// here instead, in debug builds.
///
/// Every action runs through this type: the state is reduced in place and every observer is
/// called. That path is the store's cost, so it leaves out what Swift would check on each
/// access: the state lives behind a pointer (no dynamic exclusivity check, as a class's stored
/// property would get), an observer's main-actor function is called as a plain one (no check
/// of the executor), and the observers are walked unretained. What makes that safe is four
/// assumptions, each a precondition of a debug build. `StoreStorageTests` breaks the first three
/// and sees the program stop; the fourth cannot be broken through the store's API, and
/// `StoreTests` holds what it allows (observers that unsubscribe, subscribe, send and release
/// others while they are notified):
///
/// - **The main actor.** The state and the observers are touched on the main actor only. The
///   type is main-actor isolated, and the observers' functions, stored without their
///   isolation, check the executor when they are called.
/// - **Exclusivity.** The state is changed only inside ``reduce(_:)``; nothing reads it, notifies
///   or reduces again while a reduction runs.
/// - **No re-entrant send.** An action sent while an action is reduced or while observers are
///   told is not reduced then: the store buffers it and reduces it once every observer has seen
///   the state (`RootCore.send`). ``reduce(_:)`` and ``notify()`` each run alone.
/// - **An observer that unsubscribes while it is notified.** The observers are walked in a copy
///   of the list, which keeps each observer and its function alive; ending a subscription turns
///   the observer off and changes the list itself, which no other change of the list overlaps.
@MainActor
final class StoreStorage<State> {
  private let pointer: UnsafeMutablePointer<State>
  // Those handed the state, and those told of changes only.
  private let observers = ObserverList()
  private let changeObservers = ObserverList()
  #if DEBUG
    /// What the storage is doing now, for the preconditions.
    private var phase = Phase.idle
    enum Phase { case idle, reducing, notifying }
  #endif

  init(_ initialState: State) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: initialState)
  }

  isolated deinit {
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }

  /// The state after the last action. Not to be read while an action is reduced.
  // Inlined, as are `reduce` and `notify`: called from the root store's unspecialised generic
  // code, a call that is not inlined looks up the generic metadata of what it returns.
  var state: State {
    @inline(__always)
    get {
      #if DEBUG
        precondition(
          phase != .reducing, "the store's state was read while an action was reduced")
      #endif
      return pointer.pointee
    }
  }

  /// How many subscriptions of both kinds are kept.
  var observerCount: Int { observers.entries.count + changeObservers.entries.count }

  /// Changes the state in place: the one place where it changes. Never called while it runs or
  /// while observers are told.
  @inline(__always)
  func reduce<Result>(_ body: (inout State) -> Result) -> Result {
    #if DEBUG
      precondition(phase == .idle, "an action was reduced while \(phase) (a re-entrant send)")
      phase = .reducing
      defer { phase = .idle }
    #endif
    return body(&pointer.pointee)
  }

  /// Calls `observer` with the state after every action until the subscription ends.
  func subscribe(_ observer: @escaping @MainActor (State) -> Void) -> StoreSubscription {
    observers.add(Observer(observer))
  }

  /// Calls `onChange` after every action until the subscription ends.
  func subscribe(onChange: @escaping @MainActor () -> Void) -> StoreSubscription {
    changeObservers.add(Observer<Void> { _ in onChange() })
  }

  /// Tells every observer of the state as it is now: those of changes first, then those handed
  /// the state. Never called while it runs or while an action is reduced.
  @inline(__always)
  func notify() {
    #if DEBUG
      precondition(phase == .idle, "observers were told while \(phase)")
      phase = .notifying
      defer { phase = .idle }
    #endif
    // Both lists are copied before any observer is called, so that one subscribing or
    // cancelling disturbs neither loop, and an observer subscribed now is first called for the
    // next action; the copies keep every observer alive, and each observer its function.
    let changeEntries = changeObservers.isEmpty ? [] : changeObservers.entries
    let entries = observers.isEmpty ? [] : observers.entries
    // Observers of changes first: telling them copies no state.
    if !changeEntries.isEmpty { callObservers(changeEntries, with: ()) }
    guard !entries.isEmpty else { return }
    // The state is copied once for all of them.
    callObservers(entries, with: pointer.pointee)
  }
}

/// One observer, called with a value: the state, or nothing for an observer of changes.
/// `isActive` turns off when its subscription ends, also during a notification.
///
/// Only ever used on the main actor, by the storage that holds it; its function is stored
/// without its isolation, so that calling it needs no check of the actor each time, except in a
/// debug build.
final class Observer<Value> {
  let notify: (Value) -> Void
  var isActive = true

  init(_ notify: @escaping @MainActor (Value) -> Void) {
    // The same function, called only from the main actor.
    self.notify = unsafeBitCast(notify, to: ((Value) -> Void).self)
  }

  func end() {
    isActive = false
  }

  /// Calls the observer, if it is still subscribed.
  func callIfActive(with value: Value) {
    #if DEBUG
      MainActor.preconditionIsolated("a store's observer was called off the main actor")
    #endif
    if isActive { notify(value) }
  }
}

/// Calls each observer in `entries` that is still subscribed, without retaining it or its
/// function: the list keeps both alive. Not isolated, so that no call checks the actor; the
/// observers' type is looked up once for them all.
private func callObservers<Value>(_ entries: ContiguousArray<AnyObject>, with value: Value) {
  for index in entries.indices {
    Unmanaged.passUnretained(unsafeDowncast(entries[index], to: Observer<Value>.self))
      ._withUnsafeGuaranteedRef { $0.callIfActive(with: value) }
  }
}

/// The observers of one kind, in the order they subscribed. Held as `AnyObject`, so that
/// walking them in generic code needs no look-up of the element type: each is an `Observer`.
@MainActor
final class ObserverList {
  // Unchecked: the list is read and written only on the main actor, each time briefly and never
  // while another access is under way: `notify` copies it before it calls anyone, and removing
  // an entry frees no observer (the cancelling closure still holds it), so no deinit that
  // cancels another subscription runs in the middle. A debug build checks that no change
  // starts inside another.
  @exclusivity(unchecked) private(set) var entries: ContiguousArray<AnyObject> = []
  /// `entries.isEmpty`, kept as a plain flag because it is read on every send, where reading
  /// the array costs a store that nobody observes more than the send itself (see the
  /// benchmarks' README).
  private(set) var isEmpty = true
  #if DEBUG
    private var isChanging = false
  #endif

  /// Adds an observer until the returned subscription ends.
  func add<Value>(_ entry: Observer<Value>) -> StoreSubscription {
    change { $0.append(entry) }
    return StoreSubscription { [weak self] in
      entry.end()
      self?.change { entries in entries.removeAll { $0 === entry } }
    }
  }

  private func change(_ body: (inout ContiguousArray<AnyObject>) -> Void) {
    #if DEBUG
      precondition(!isChanging, "a store's observers changed while they were being changed")
      isChanging = true
      defer { isChanging = false }
    #endif
    body(&entries)
    isEmpty = entries.isEmpty
  }
}

/// The local state an observer was last called with, which only that observer's function
/// reads and changes, on the main actor, while ``StoreStorage/notify()`` runs, which never
/// runs twice at once.
@usableFromInline
final class LastValue<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
  }
}
