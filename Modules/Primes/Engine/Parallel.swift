import Foundation
import Synchronization

/// A record of where one question's time went: the time of each piece of each parallel phase,
/// in the order the pieces are handed out. With a log, the engine runs every phase on the
/// calling thread, one piece after another, so that each piece's time is its own and not
/// shared with other threads; the benchmark's model schedules them on as many threads as it
/// likes. Without one (always, outside the benchmark), nothing is timed.
package final class WorkLog: Sendable {
  private let recorded = Locked<[[Double]]>([])

  package init() {}

  /// Each parallel phase's piece times, in seconds, in the order the phases ran.
  package var phases: [[Double]] { recorded.withLock { $0 } }

  func append(_ phase: [Double]) { recorded.withLock { $0.append(phase) } }
}

/// Runs `count` pieces of work on up to `threads` threads: each thread makes its own `Worker`
/// (a sieve, say) from its number, 0 for the first, and takes the next piece, in order of
/// their index, until none is left; so the pieces are handed out in that order. `body` gets the
/// piece's index, the thread's worker and a function that says whether to stop, and should
/// return early when it says so.
///
/// With a `log`, the pieces run on the calling thread, one after another in the same order,
/// and each piece's time is added to the log as one phase.
///
/// - Throws: `CancellationError` when the task that called it is cancelled; the pieces that
///   had not finished then stopped early, and their results must not be used.
func runPieces<Worker>(
  _ count: Int, threads: Int, workLog: WorkLog?,
  worker makeWorker: @Sendable () -> Worker,
  _ body: @Sendable (_ piece: Int, _ worker: Worker, _ shouldStop: () -> Bool) -> Void
) throws {
  let finished = forEachPiece(
    count, threads: threads, workLog: workLog, cancellable: true, worker: makeWorker, body)
  if !finished { throw CancellationError() }
}

/// Runs `count` pieces on up to `threads` threads, as ``runPieces(_:threads:workLog:worker:_:)``
/// does, to the end whether or not the task is cancelled: for the tables, which are quick to
/// build and needed whole.
func runPiecesToEnd(
  _ count: Int, threads: Int, workLog: WorkLog?, _ body: @Sendable (_ piece: Int) -> Void
) {
  _ = forEachPiece(
    count, threads: threads, workLog: workLog, cancellable: false, worker: { () }
  ) { piece, _, _ in body(piece) }
}

/// The pieces, run; false if they stopped for the task's cancellation.
private func forEachPiece<Worker>(
  _ count: Int, threads: Int, workLog: WorkLog?, cancellable: Bool,
  worker makeWorker: @Sendable () -> Worker,
  _ body: @Sendable (_ piece: Int, _ worker: Worker, _ shouldStop: () -> Bool) -> Void
) -> Bool {
  guard count > 0 else { return true }
  if let workLog {
    let worker = makeWorker()
    var times = [Double](repeating: 0, count: count)
    let shouldStop = { cancellable && Task.isCancelled }
    for piece in 0..<count {
      let start = ContinuousClock.now
      body(piece, worker, shouldStop)
      let elapsed = ContinuousClock.now - start
      times[piece] =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
      if shouldStop() { return false }
    }
    workLog.append(times)
    return true
  }
  if threads <= 1 || count == 1 {
    let worker = makeWorker()
    let shouldStop = { cancellable && Task.isCancelled }
    for piece in 0..<count {
      if shouldStop() { return false }
      body(piece, worker, shouldStop)
    }
    return !shouldStop()
  }
  let shared = SharedProgress()
  // The workers run on threads of their own, outside the task: they ask the task itself
  // whether it is cancelled. `isCancelled` is one of the members of `UnsafeCurrentTask` that
  // `Task` has too, which its documentation says any thread may use; the reference does not
  // outlive the closure, which returns only when every worker has.
  withUnsafeCurrentTask { currentTask in
    nonisolated(unsafe) let task = currentTask
    onThreads(min(threads, count)) { _ in
      let worker = makeWorker()
      let shouldStop = {
        if cancellable, task?.isCancelled == true {
          shared.cancelled.store(true, ordering: .relaxed)
        }
        return shared.cancelled.load(ordering: .relaxed)
      }
      while !shouldStop() {
        let piece = shared.next.wrappingAdd(1, ordering: .relaxed).oldValue
        if piece >= count { return }
        body(piece, worker, shouldStop)
      }
    }
  }
  return !(shared.cancelled.load(ordering: .relaxed) || (cancellable && Task.isCancelled))
}

/// Runs `work(0)` on this thread and `work(1)` to `work(count − 1)` each on a thread of its own,
/// and returns when every one has. Threads of their own rather than Dispatch's pool: Dispatch
/// starts a manager thread with an event loop to watch its workers, and that reads about 0.5 MB
/// of the binary's code and data that a count has no other use for.
private func onThreads(_ count: Int, _ work: @Sendable (Int) -> Void) {
  withoutActuallyEscaping(work) { work in
    var threads: [pthread_t] = []
    for index in 1..<max(count, 1) {
      let start = Unmanaged.passRetained(ThreadStart { work(index) }).toOpaque()
      var thread = pthread_t()
      let status = pthread_create(
        &thread, nil,
        { start in
          if let start { Unmanaged<ThreadStart>.fromOpaque(start).takeRetainedValue().run() }
          return nil
        }, start)
      precondition(status == 0, "pthread_create failed: \(status)")
      threads.append(thread)
    }
    work(0)
    for thread in threads { pthread_join(thread, nil) }
  }
}

/// What a thread of ``onThreads(_:_:)`` runs, handed to it through a pointer.
private final class ThreadStart: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// The next piece to take and whether the workers stop, which they share. In a class, where the
/// closures would capture each atomic in a box whose type the runtime makes from its name, and
/// so looks up `AtomicRepresentable` through every conformance in the binary: about 0.5 MB of
/// it brought into memory for a count on several threads.
private final class SharedProgress: Sendable {
  let next = Atomic<Int>(0)
  let cancelled = Atomic<Bool>(false)
}
