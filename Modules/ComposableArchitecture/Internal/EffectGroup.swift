/// The running tasks of one step: the effects started by one `send` and by the actions those
/// effects fed back.
@MainActor
@usableFromInline
package final class EffectGroup {
  private var tasks: [Int: Task<Void, Never>] = [:]
  private var waiters: [CheckedContinuation<Void, Never>] = []
  package private(set) var isCancelled = false

  package init() {}

  package var isEmpty: Bool { tasks.isEmpty }

  func insert(_ task: Task<Void, Never>, id: Int) {
    if isCancelled { task.cancel() }
    tasks[id] = task
  }

  func remove(id: Int) {
    tasks[id] = nil
    if tasks.isEmpty, !waiters.isEmpty {
      let waiting = waiters
      waiters.removeAll()
      for waiter in waiting { waiter.resume() }
    }
  }

  package func cancel() {
    isCancelled = true
    for task in tasks.values { task.cancel() }
  }

  /// Returns when every task of the group has ended. Cancelling the caller cancels the group.
  package func finish() async {
    await withTaskCancellationHandler {
      while !tasks.isEmpty {
        await withCheckedContinuation { waiters.append($0) }
      }
    } onCancel: {
      Task { @MainActor in self.cancel() }
    }
  }
}
