/// Runs effects as tasks, keeps track of them by group and by cancellation identifier, and
/// hands the actions they send to `deliver`.
@MainActor
package final class EffectRunner<Action: Sendable> {
  private var cancellables: [EffectID: [Int: Task<Void, Never>]] = [:]
  /// Every task still running, cancellable or not, so that `cancelAll` reaches them all.
  private var tasks: [Int: Task<Void, Never>] = [:]
  private var nextTaskID = 0
  /// The `run` effects (not fire-and-forget ones) still running and not cancelled by
  /// `cancelAll`.
  private var counted: Set<Int> = []
  /// How many `run` effects (not fire-and-forget ones) are still running.
  package var runningCount: Int { counted.count }
  private let deliver: @MainActor @Sendable (Action, EffectGroup) -> Void
  private let onFinish: @MainActor @Sendable () -> Void

  /// - Parameters:
  ///   - deliver: Receives each action an effect sends, with the group of the effect.
  ///   - onFinish: Called each time a `run` effect ends.
  package init(
    deliver: @escaping @MainActor @Sendable (Action, EffectGroup) -> Void,
    onFinish: @escaping @MainActor @Sendable () -> Void = {}
  ) {
    self.deliver = deliver
    self.onFinish = onFinish
  }

  package func run(_ effect: Effect<Action>, in group: EffectGroup) {
    run(effect, in: group, ids: [])
  }

  /// Cancels every effect still running (what a store does when it is released); they no
  /// longer count as running.
  package func cancelAll() {
    for task in tasks.values { task.cancel() }
    counted.removeAll()
  }

  private func run(_ effect: Effect<Action>, in group: EffectGroup, ids: [EffectID]) {
    switch effect.operation {
    case .none:
      return
    case .merge(let effects):
      for effect in effects { run(effect, in: group, ids: ids) }
    case .cancel(let id):
      cancel(id: id)
    case .send(let action):
      deliver(action, group)
    case .dismiss:
      runtimeWarning(
        "An effect returned .dismiss, but no parent presents its feature; nothing is dismissed")
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { cancel(id: id) }
      run(effect, in: group, ids: ids + [id])
    case .run(let priority, let operation):
      let deliver = self.deliver
      let send = Send<Action> { [weak group] action in
        guard let group, !group.isCancelled else { return }
        deliver(action, group)
      }
      start(priority: priority, in: group, ids: ids, counted: true) { await operation(send) }
    case .fireAndForget(let priority, let work):
      start(priority: priority, in: group, ids: ids, counted: false, work)
    }
  }

  private func start(
    priority: TaskPriority?,
    in group: EffectGroup,
    ids: [EffectID],
    counted: Bool,
    _ work: @escaping @Sendable () async -> Void
  ) {
    let taskID = nextTaskID
    nextTaskID += 1
    if counted { self.counted.insert(taskID) }
    // The task starts on the main actor, which this method holds, so it is registered below
    // before its body can run and finish.
    let task = Task(priority: priority) { @MainActor [weak self] in
      await work()
      group.remove(id: taskID)
      guard let self else { return }
      self.tasks[taskID] = nil
      for id in ids {
        self.cancellables[id]?[taskID] = nil
        if self.cancellables[id]?.isEmpty == true { self.cancellables[id] = nil }
      }
      if self.counted.remove(taskID) != nil {
        self.onFinish()
      }
    }
    tasks[taskID] = task
    group.insert(task, id: taskID)
    for id in ids { cancellables[id, default: [:]][taskID] = task }
  }

  private func cancel(id: EffectID) {
    guard let tasks = cancellables[id] else { return }
    for task in tasks.values { task.cancel() }
  }
}
