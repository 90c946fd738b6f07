import Foundation
internal import ProcessorFeatures
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
  let shared = SharedPieces()
  // The workers run on threads of their own, outside the task: they ask the task itself
  // whether it is cancelled. `isCancelled` is one of the members of `UnsafeCurrentTask` that
  // `Task` has too, which its documentation says any thread may use; the reference does not
  // outlive the closure, which returns only when every worker has.
  withUnsafeCurrentTask { currentTask in
    nonisolated(unsafe) let task = currentTask
    onThreads(min(threads, count)) {
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

/// Runs `work` on `count` threads at once, this one among them, and returns when every one has
/// returned; on fewer where the system will not start more threads, and never on more than this
/// process has cores, as Dispatch's pool, which ran them before, never did. Threads of their
/// own rather than Dispatch's: its pool starts a manager thread with an event loop to watch
/// its workers, which reads about 0.5 MB of the binary's code and data that a count has no
/// other use for.
func onThreads(_ count: Int, _ work: @Sendable () -> Void) {
  withoutActuallyEscaping(work) { work in
    var threads: [pthread_t] = []
    for _ in 1..<max(1, min(count, processorCount)) {
      let start = Unmanaged.passRetained(ThreadStart(work))
      guard let thread = startThread(start.toOpaque()) else {
        start.release()
        break
      }
      threads.append(thread)
    }
    work()
    for thread in threads { pthread_join(thread, nil) }
  }
}

/// The processors this process may run on (`processor_count`, from the C library: Foundation's
/// count reads the same files through types that the runtime makes from their names, and a
/// small question's start would pay for it), read once, where work is first shared.
let processorCount = Int(processor_count())

/// A new thread that runs the ``ThreadStart`` that `start` retains, and releases it; nil if the
/// system would not start one. It blocks every signal, as Dispatch's threads did, so that a
/// signal that ends the process (Ctrl-C while a progress line shows, which its handler erases)
/// is taken on a thread that draws that line, never beside it.
private func startThread(_ start: UnsafeMutableRawPointer) -> pthread_t? {
  // A new thread starts with the mask of the thread that made it.
  var all = sigset_t()
  var previous = sigset_t()
  sigfillset(&all)
  pthread_sigmask(SIG_BLOCK, &all, &previous)
  defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
  // The one difference between the platforms: Darwin's `pthread_t` is a pointer, optional here.
  #if canImport(Darwin)
    var thread: pthread_t?
  #else
    var thread = pthread_t()
  #endif
  let status = pthread_create(&thread, nil, { ThreadStart.run($0) }, start)
  return status == 0 ? thread : nil
}

/// What a thread of ``onThreads(_:_:)`` runs, handed to it through a pointer.
private final class ThreadStart: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }

  /// A new thread's start: runs the ``ThreadStart`` that `start` retains, and releases it.
  static func run(_ start: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    if let start { Unmanaged<ThreadStart>.fromOpaque(start).takeRetainedValue().run() }
    return nil
  }
}

/// The next piece to take and whether the workers stop, which they share. In a class: captured
/// by the closures, each atomic would sit in a box whose type the runtime makes from its name,
/// looking up `AtomicRepresentable` through every conformance in the binary, which brought about
/// 0.5 MB of it into memory for a count on several threads.
private final class SharedPieces: Sendable {
  let next = Atomic<Int>(0)
  let cancelled = Atomic<Bool>(false)
}
