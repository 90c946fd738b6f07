/// Runs effects as tasks, keeps track of them by group and by cancellation identifier, and
/// hands the actions they send to `deliver`.
@MainActor
package final class EffectRunner<Action: Sendable> {
  private var cancellables: [EffectID: [Int: Task<Void, Never>]] = [:]
  /// Every task still running, cancellable or not, so that `cancelAll` reaches them all.
  private var tasks: [Int: Task<Void, Never>] = [:]
  private var nextTaskID = 0
  /// The children whose effects run: each watch, with the tasks started under it.
  private var watches: [Int: (watch: ChildWatch, tasks: Set<Int>)] = [:]
  private var nextWatchID = 0
  /// The `run` effects (not fire-and-forget ones) still running, neither cancelled by
  /// `cancelAll` nor let go by `stopCounting`.
  private var counted: Set<Int> = []
  /// How many `run` effects (not fire-and-forget ones) are still running and counted.
  package var runningCount: Int { counted.count }
  /// Whether any effect runs, counted or not.
  package var isRunning: Bool { !tasks.isEmpty }
  private let deliver: @MainActor @Sendable (Action, EffectGroup) -> Void
  private let onFinish: @MainActor @Sendable () -> Void
  /// Where the effects' own code runs; the global concurrent executor when `nil`.
  private let executor: (any TaskExecutor)?

  /// - Parameters:
  ///   - executor: The task executor the effects prefer: a test store's serial one, so that
  ///     its effects run in one order, whatever the threads do; `nil` for the global one.
  ///   - deliver: Receives each action an effect sends, with the group of the effect.
  ///   - onFinish: Called each time a counted `run` effect ends.
  package init(
    executor: (any TaskExecutor)? = nil,
    deliver: @escaping @MainActor @Sendable (Action, EffectGroup) -> Void,
    onFinish: @escaping @MainActor @Sendable () -> Void = {}
  ) {
    self.executor = executor
    self.deliver = deliver
    self.onFinish = onFinish
  }

  package func run(_ effect: Effect<Action>, in group: EffectGroup) {
    run(effect, in: group, ids: [], watchIDs: [])
  }

  /// Whether any effect runs for a child that may go away, which ``cancelGoneChildren(in:)``
  /// then looks for.
  package var isWatchingChildren: Bool { !watches.isEmpty }

  /// Cancels the effects of every child that is no longer there in `state`, the state of the
  /// store that runs them: one that another reducer cleared, or replaced with another.
  package func cancelGoneChildren(in state: Any) {
    for (watchID, entry) in watches where !entry.watch.isThere(state) {
      watches[watchID] = nil
      for taskID in entry.tasks { tasks[taskID]?.cancel() }
    }
  }

  /// Cancels every effect still running (what a store does when it is released); they no
  /// longer count as running.
  package func cancelAll() {
    for task in tasks.values { task.cancel() }
    counted.removeAll()
  }

  /// Stops counting the effects now running, which run on: what a test that no longer
  /// asserts on them asks for. What they send still arrives.
  package func stopCounting() {
    counted.removeAll()
  }

  private func run(
    _ effect: Effect<Action>, in group: EffectGroup, ids: [EffectID], watchIDs: [Int]
  ) {
    switch effect.operation {
    case .none:
      return
    case .merge(let effects):
      for effect in effects { run(effect, in: group, ids: ids, watchIDs: watchIDs) }
    case .cancel(let id):
      cancel(id: id)
    case .send(let action):
      deliver(action, group)
    case .dismiss:
      runtimeWarning(
        "An effect returned .dismiss, but no parent presents its feature; nothing is dismissed")
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { cancel(id: id) }
      run(effect, in: group, ids: ids + [id], watchIDs: watchIDs)
    case .watched(let watch, let effect):
      let watchID = nextWatchID
      nextWatchID += 1
      watches[watchID] = (watch, [])
      run(effect, in: group, ids: ids, watchIDs: watchIDs + [watchID])
      if watches[watchID]?.tasks.isEmpty == true { watches[watchID] = nil }
    case .run(let priority, let operation):
      let deliver = self.deliver
      let lifetime = EffectLifetime()
      let send = Send<Action> { [weak group] action in
        guard !lifetime.hasEnded else {
          runtimeWarning(
            """
            An action was sent from a completed effect, and was dropped: \(action). Send only \
            before the effect's work returns: await an unstructured task it starts, rather than \
            let it outlive the effect.
            """)
          return
        }
        guard let group, !group.isCancelled else { return }
        deliver(action, group)
      }
      start(
        priority: priority, in: group, ids: ids, watchIDs: watchIDs, lifetime: lifetime
      ) { await operation(send) }
    case .fireAndForget(let priority, let work):
      start(priority: priority, in: group, ids: ids, watchIDs: watchIDs, lifetime: nil, work)
    }
  }

  private func start(
    priority: TaskPriority?,
    in group: EffectGroup,
    ids: [EffectID],
    watchIDs: [Int],
    lifetime: EffectLifetime?,
    _ work: @escaping @Sendable () async -> Void
  ) {
    let taskID = nextTaskID
    nextTaskID += 1
    // Only `run` effects, which have a lifetime, are counted: fire-and-forget work is waited
    // for by no one.
    if lifetime != nil { self.counted.insert(taskID) }
    // The task starts on the main actor, which this method holds, so it is registered below
    // before its body can run and finish.
    let body: @MainActor @Sendable () async -> Void = { [weak self] in
      await work()
      lifetime?.end()
      group.remove(id: taskID)
      self?.ended(taskID, ids: ids, watchIDs: watchIDs)
    }
    let task =
      if let executor {
        Task(executorPreference: executor, priority: priority, operation: body)
      } else {
        Task(priority: priority, operation: body)
      }
    tasks[taskID] = task
    group.insert(task, id: taskID)
    for id in ids { cancellables[id, default: [:]][taskID] = task }
    for watchID in watchIDs { watches[watchID]?.tasks.insert(taskID) }
  }

  /// Forgets a task that ended, and says so when it was counted.
  private func ended(_ taskID: Int, ids: [EffectID], watchIDs: [Int]) {
    tasks[taskID] = nil
    for id in ids {
      cancellables[id]?[taskID] = nil
      if cancellables[id]?.isEmpty == true { cancellables[id] = nil }
    }
    for watchID in watchIDs {
      watches[watchID]?.tasks.remove(taskID)
      if watches[watchID]?.tasks.isEmpty == true { watches[watchID] = nil }
    }
    if counted.remove(taskID) != nil {
      onFinish()
    }
  }

  private func cancel(id: EffectID) {
    guard let tasks = cancellables[id] else { return }
    for task in tasks.values { task.cancel() }
  }
}

/// Whether a `run` effect's work has returned: an action sent after that comes from a task the
/// effect let escape, which no cancellation reaches, and is reported and dropped.
@MainActor
final class EffectLifetime: Sendable {
  private(set) var hasEnded = false

  func end() {
    hasEnded = true
  }
}
