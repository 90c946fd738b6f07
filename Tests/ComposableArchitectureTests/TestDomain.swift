import ComposableArchitecture
import Synchronization

/// A tiny domain for exercising the core.
struct ParentState: Equatable {
  var child = ChildState()
  var log: [String] = []
}

struct ChildState: Equatable {
  var count = 0
}

extension ParentState {
  /// The child with its count shifted by 10: a computed path, for pullbacks through computed
  /// properties.
  var shiftedChild: ChildState {
    get { ChildState(count: child.count + 10) }
    set { child.count = newValue.count - 10 }
  }
}

enum ChildAction: Equatable, Sendable {
  case incr
  case decr
  case startEcho([Int])
  case echoed(Int)
}

enum ParentAction: Equatable, Sendable {
  case child(ChildAction)
  case other(String)
}

extension CasePath<ParentAction, ChildAction> {
  static var child: Self {
    Self(ParentAction.child) { if case .child(let a) = $0 { a } else { nil } }
  }
}

/// Counts, and echoes a list of numbers back one by one as `.echoed` actions.
@MainActor let childReducer = Reduce<ChildState, ChildAction, Void> { state, action, _ in
  switch action {
  case .incr:
    state.count += 1
    return .none
  case .decr:
    state.count -= 1
    return .none
  case .startEcho(let values):
    return .run { send in
      for value in values { await send(.echoed(value)) }
    }
  case .echoed(let value):
    state.count = value
    return .none
  }
}

/// A gate that an effect waits on until the test opens it: lets tests decide when effects end,
/// without sleeping.
final class Gate: Sendable {
  let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream()
  }

  func open() {
    continuation.yield()
    continuation.finish()
  }

  func wait() async {
    for await _ in stream { return }
  }
}

/// Lets a test see whether an effect's task was cancelled: the effect runs
/// ``runUntilCancelled()``, the test awaits ``started()`` and then reads ``wasCancelled``.
final class CancellationProbe: Sendable {
  private let start = Gate()
  private let cancelled = Mutex(false)

  var wasCancelled: Bool { cancelled.withLock { $0 } }

  func started() async {
    await start.wait()
  }

  func runUntilCancelled() async {
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    await withTaskCancellationHandler {
      start.open()
      for await _ in stream {}
    } onCancel: {
      cancelled.withLock { $0 = true }
      continuation.finish()
    }
  }
}

/// What the core reported while `body` ran.
func reported(_ body: () -> Void) -> [String] {
  let reports = Mutex<[String]>([])
  let reporter = RuntimeWarning.Reporter { message in reports.withLock { $0.append(message) } }
  RuntimeWarning.$reporter.withValue(reporter, operation: body)
  return reports.withLock { $0 }
}
