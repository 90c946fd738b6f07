/// What the translated scenarios share in place of TCA's test tools: a clock that a test moves by
/// hand (TCA's `TestClock`, `DispatchQueue.test`), a subject that effects listen to (Combine's
/// `PassthroughSubject`), incrementing identities (`UUIDGenerator.incrementing`), and the checks
/// of what a test store reports (`XCTExpectFailure`).
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Synchronization
import Testing

// MARK: - Clock

/// A clock that stands still until the test advances it, as TCA's `TestClock` and
/// `DispatchQueue.test` do.
///
/// TCA's test store runs effects on the main serial executor, so an effect has started its
/// sleep by the time `send` returns, and the time it sleeps from is the time of the action.
/// Here a test cannot count on when an effect starts: a reducer sets the alarm while it runs,
/// with ``sleeper(for:)`` or ``timer(interval:)``, and the effect waits on it, so that what the
/// test advances past is known whatever the threads do.
///
/// ```swift
/// case .tap:
///   let sleep = clock.sleeper(for: .seconds(1))
///   return .run { send in
///     guard await sleep() else { return }
///     await send(.response)
///   }
/// ```
final class TestClock: Sendable {
  private struct Registry {
    var now = Duration.zero
    var nextID = 0
    var alarms: [WeakAlarm] = []
  }

  private struct WeakAlarm {
    weak var alarm: Alarm?
  }

  private let registry = Mutex(Registry())

  /// How far the clock has been advanced.
  var now: Duration { registry.withLock { $0.now } }

  /// An alarm that rings once, `duration` from now: TCA's `clock.sleep(for:)`, set when the
  /// action runs.
  func sleeper(for duration: Duration) -> Sleeper {
    Sleeper(alarm: alarm(first: duration, repeating: nil))
  }

  /// Ticks every `interval` from now: TCA's `clock.timer(interval:)`, started when the action
  /// runs.
  func timer(interval: Duration) -> Timer {
    Timer(alarm: alarm(first: interval, repeating: interval))
  }

  private func alarm(first: Duration, repeating interval: Duration?) -> Alarm {
    registry.withLock { registry in
      let alarm = Alarm(id: registry.nextID, deadline: registry.now + first, interval: interval)
      registry.nextID += 1
      registry.alarms.removeAll { $0.alarm == nil }
      registry.alarms.append(WeakAlarm(alarm: alarm))
      return alarm
    }
  }

  /// Moves time forward by `duration`, ringing each alarm whose deadline it passes, earliest
  /// first; each ring is taken by its effect before the next one rings, and a timer's effect
  /// has handled its tick and waits for the next.
  func advance(by duration: Duration = .zero) async {
    let target = now + duration
    while let (alarm, ring) = nextRing(through: target) {
      await alarm.waitUntilTaken(ring)
      await settle()
    }
    registry.withLock { $0.now = max($0.now, target) }
  }

  /// Advances until no alarm is set: every sleep has ended and every timer is cancelled (or a
  /// hundred rings have passed).
  func run() async {
    for _ in 0..<100 {
      let deadline = registry.withLock { registry in
        registry.alarms.compactMap { $0.alarm?.deadline }.min()
      }
      guard let deadline else { return }
      await advance(by: max(.zero, deadline - now))
    }
  }

  /// Rings the earliest alarm due by `target`, and moves the time to its deadline.
  private func nextRing(through target: Duration) -> (Alarm, Int)? {
    registry.withLock { registry in
      let due = registry.alarms.compactMap { weak -> (Alarm, Duration)? in
        guard let alarm = weak.alarm, let deadline = alarm.deadline, deadline <= target
        else { return nil }
        return (alarm, deadline)
      }
      // One that ended since its deadline was read rings no more: the next one does.
      for (alarm, deadline) in due.sorted(by: { ($0.1, $0.0.id) < ($1.1, $1.0.id) }) {
        guard let ring = alarm.ring() else { continue }
        registry.now = max(registry.now, deadline)
        return (alarm, ring)
      }
      return nil
    }
  }

  /// A sleep set by ``TestClock/sleeper(for:)``: awaiting it answers `true` once the clock
  /// passes its deadline, `false` at once when the awaiting task is cancelled, so that an
  /// effect, which cannot throw here, ends where TCA's `try await clock.sleep(for:)` throws.
  struct Sleeper: Sendable {
    fileprivate let alarm: Alarm

    func callAsFunction() async -> Bool {
      await alarm.next()
    }
  }

  /// The ticks of ``TestClock/timer(interval:)``; they end when the awaiting task is cancelled.
  struct Timer: AsyncSequence, Sendable {
    typealias Element = Void
    typealias Failure = Never

    fileprivate let alarm: Alarm

    func makeAsyncIterator() -> Iterator {
      Iterator(alarm: alarm)
    }

    struct Iterator: AsyncIteratorProtocol {
      typealias Element = Void
      typealias Failure = Never

      fileprivate let alarm: Alarm

      mutating func next() async -> Void? {
        await alarm.next() ? () : nil
      }
    }
  }
}

/// One sleep or timer of a ``TestClock``: the rings the clock made, those its effect took, and
/// whether the effect still waits for more.
private final class Alarm: Sendable {
  private struct Rings {
    var deadline: Duration?
    var rung = 0
    var taken = 0
    var isOver = false
    var waiter: CheckedContinuation<Bool, Never>?
    var watchers: [CheckedContinuation<Void, Never>] = []
  }

  let id: Int
  private let interval: Duration?
  private let rings: Mutex<Rings>

  init(id: Int, deadline: Duration, interval: Duration?) {
    self.id = id
    self.interval = interval
    self.rings = Mutex(Rings(deadline: deadline))
  }

  deinit {
    // The effect let go of it (it ended, or never ran): nothing will take a ring any more.
    let watchers = rings.withLock { rings in
      rings.isOver = true
      defer { rings.watchers.removeAll() }
      return rings.watchers
    }
    for watcher in watchers { watcher.resume() }
  }

  /// When it rings next; `nil` once it will not ring again.
  var deadline: Duration? {
    rings.withLock { $0.isOver ? nil : $0.deadline }
  }

  /// Rings: wakes the effect waiting, or keeps the ring for it. Returns the ring's number.
  func ring() -> Int? {
    let (number, waiter): (Int?, CheckedContinuation<Bool, Never>?) = rings.withLock { rings in
      guard !rings.isOver, let deadline = rings.deadline else { return (nil, nil) }
      rings.rung += 1
      rings.deadline = interval.map { deadline + $0 }
      guard let waiter = rings.waiter else { return (rings.rung, nil) }
      rings.waiter = nil
      rings.taken += 1
      return (rings.rung, waiter)
    }
    waiter?.resume(returning: true)
    return number
  }

  /// The effect's side: waits for a ring; `false` when cancelled.
  func next() async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let answer: Bool? = rings.withLock { rings in
          if rings.isOver || Task.isCancelled {
            rings.isOver = true
            return false
          }
          if rings.taken < rings.rung {
            rings.taken += 1
            return true
          }
          rings.waiter = continuation
          return nil
        }
        if let answer { continuation.resume(returning: answer) }
        notifyWatchers()
      }
    } onCancel: {
      let waiter = rings.withLock { rings in
        rings.isOver = true
        defer { rings.waiter = nil }
        return rings.waiter
      }
      waiter?.resume(returning: false)
      notifyWatchers()
    }
  }

  /// The clock's side: waits until the effect has taken ring `number`, and, for a timer, has
  /// handled it and waits for the next one; or until it is over.
  func waitUntilTaken(_ number: Int) async {
    let isTaken = { (rings: Rings) in
      rings.isOver || (rings.taken >= number && (self.interval == nil || rings.waiter != nil))
    }
    while !rings.withLock({ isTaken($0) }) {
      await withCheckedContinuation { continuation in
        let taken = rings.withLock { rings in
          if isTaken(rings) { return true }
          rings.watchers.append(continuation)
          return false
        }
        if taken { continuation.resume() }
      }
    }
  }

  private func notifyWatchers() {
    let watchers = rings.withLock { rings in
      defer { rings.watchers.removeAll() }
      return rings.watchers
    }
    for watcher in watchers { watcher.resume() }
  }
}

/// Lets the tasks that effects run make progress, as TCA's `Task.megaYield()` does.
func settle() async {
  for _ in 0..<10 {
    await Task.detached { await Task.yield() }.value
  }
}

// MARK: - Effects' inputs

/// Suspends until the calling task is cancelled, as TCA's `Task.never()`.
func neverEnding() async {
  let (stream, continuation) = AsyncStream<Void>.makeStream()
  for await _ in stream {}
  continuation.finish()
}

/// Lets a test see, at once, whether an effect was cancelled: the effect runs
/// ``runUntilCancelled()`` (TCA's `Task.never()`), the test awaits ``started()``, and from then
/// ``wasCancelled`` turns true as the cancellation happens, before the effect's task ends.
final class CancellationProbe: Sendable {
  private let start = Signal()
  private let cancelled = Mutex(false)

  var wasCancelled: Bool { cancelled.withLock { $0 } }

  func started() async {
    await start.wait()
  }

  func runUntilCancelled() async {
    await withTaskCancellationHandler {
      start.send()
      await neverEnding()
    } onCancel: {
      cancelled.withLock { $0 = true }
    }
  }
}

/// Hands each value to every stream made from it and not yet ended, as Combine's
/// `PassthroughSubject` hands it to every subscriber: a stream made after a value was sent
/// never sees it.
final class Subject<Value: Sendable>: Sendable {
  private let continuations = Mutex<[AsyncStream<Value>.Continuation]>([])

  /// A stream of the values sent from now on; it ends at ``finish()`` or when its reader is
  /// cancelled.
  func stream() -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream<Value>.makeStream()
    continuations.withLock { $0.append(continuation) }
    return stream
  }

  func send(_ value: Value) {
    continuations.withLock { continuations in
      continuations.removeAll { continuation in
        if case .terminated = continuation.yield(value) { return true }
        return false
      }
    }
  }

  /// Ends every stream, as a subject's completion does.
  func finish() {
    let ended = continuations.withLock { continuations in
      defer { continuations.removeAll() }
      return continuations
    }
    for continuation in ended { continuation.finish() }
  }
}

extension Subject where Value == Void {
  func send() {
    send(())
  }
}

/// Signals from an effect that the test waits for: each `wait()` returns once a signal has
/// come that no earlier `wait()` took.
final class Signal: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream()
  }

  func send() {
    continuation.yield()
  }

  func wait() async {
    for await _ in stream { return }
  }
}

/// Identities 0, 1, 2, … in turn, as TCA's `UUIDGenerator.incrementing` makes them.
final class IncrementingUUID: Sendable {
  private let next = Mutex(0)

  func callAsFunction() -> UUID {
    UUID(
      next.withLock { next in
        defer { next += 1 }
        return next
      })
  }
}

extension UUID {
  /// The identity whose last bytes hold `value`: `UUID(0)` is
  /// `00000000-0000-0000-0000-000000000000`, as in TCA's tests.
  init(_ value: Int) {
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 {
      bytes[15 - index] = UInt8(truncatingIfNeeded: UInt64(value) >> (8 * index))
    }
    self.init(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}

// MARK: - Stores

/// Waits until a store's state satisfies `isReady`, however many actions that takes.
@MainActor
func waitUntil<State, Action>(_ store: Store<State, Action>, _ isReady: (State) -> Bool) async {
  guard !isReady(store.state) else { return }
  let (changes, continuation) = AsyncStream<Void>.makeStream()
  let token = store.subscribe(onChange: { continuation.yield() })
  for await _ in changes where isReady(store.state) { break }
  token.cancel()
}

// MARK: - Failures

/// Whether a test store's report only shows what a store that is not exhaustive passed over
/// (`.off(showSkippedAssertions: true)`): TCA shows these as expected failures, which fail
/// nothing.
func isSkippedAssertionNote(_ message: String) -> Bool {
  message.contains("did not assert") || message.contains("Skipped")
    || message.contains("skipped")
}

/// Whether a report is TCA's "Received unexpected action", in this core's words or TCA's.
func isUnexpectedReceive(_ message: String) -> Bool {
  message.contains("Received unexpected action")
    || message.contains("Received an unexpected action")
}

/// The failures that `body` makes a test store report, collected instead of failing the test;
/// the notes of what a store that is not exhaustive passed over are left out.
@MainActor
func failuresReported(during body: () async -> Void) async -> [String] {
  await issuesReported(during: body).filter { !isSkippedAssertionNote($0) }
}

/// Runs `body`, which must make the test store report at least one failure (exactly `count`,
/// where given), each of which `matching` accepts: TCA's `XCTExpectFailure`.
@MainActor
func expectFailure(
  count: Int? = nil,
  _ body: () async -> Void,
  matching: (String) -> Bool = { _ in true },
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  let failures = await failuresReported(during: body)
  #expect(!failures.isEmpty, "no failure was reported", sourceLocation: sourceLocation)
  if let count {
    #expect(
      failures.count == count, "failures: \(failures)", sourceLocation: sourceLocation)
  }
  for failure in failures where !matching(failure) {
    Issue.record("an unexpected failure: \(failure)", sourceLocation: sourceLocation)
  }
}

/// Runs `body`, which must make the test store report no failure; what a store that shows its
/// skipped assertions notes is collected and dropped, as TCA shows it in a box that fails
/// nothing.
@MainActor
func expectNoFailure(
  _ body: () async -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  for failure in await failuresReported(during: body) {
    Issue.record("an unexpected failure: \(failure)", sourceLocation: sourceLocation)
  }
}
