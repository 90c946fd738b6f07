import FavoritesDatabase
import Synchronization

/// How a connection waits when another program holds the database: SQLite's busy handler, and
/// the wait for the data directory's lock while another session opens.
///
/// Each piece of work that may wait runs inside ``during(_:)``: its wait starts there and ends
/// with it. It sleeps between tries at SQLite's own growing intervals, tells the front end once
/// it has waited ``noticeAfter``, and gives up when the front end says so after being told, or
/// after ``limit`` in all. The wait is measured as the sum of its sleeps, as SQLite's busy
/// timeout measures it, so a test that sleeps for nothing sees the same steps.
final class BusyWait: Sendable {
  /// Once a wait has gone on this long, the front end is told.
  static let noticeAfter = Duration.seconds(1)
  /// A wait this long is given up: far beyond any of PrimeTime's own transactions.
  static let limit = Duration.seconds(60)
  /// How long a wait goes on once the front end stopped waiting (``DatabaseWait/stopWaiting()``):
  /// as long as another session's own write, not another program's hold.
  static let grace = Duration.milliseconds(100)
  /// SQLite's intervals between tries; the last one repeats.
  static let intervals: [Duration] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100].map {
    .milliseconds($0)
  }

  /// What to do after a try that found the database held.
  enum Step: Equatable {
    /// Sleep this long and try again; tell the front end first, where `tells`.
    case retry(after: Duration, tells: Bool)
    case giveUp
  }

  /// The step after `tries` tries of a wait that has slept `slept` so far.
  static func step(tries: Int, slept: Duration, isGivenUp: Bool) -> Step {
    guard !isGivenUp, slept < limit else { return .giveUp }
    let interval = intervals[min(tries, intervals.count - 1)]
    return .retry(after: interval, tells: slept >= noticeAfter)
  }

  /// Why a wait ended without the database.
  enum Failure: Error, Equatable, CustomStringConvertible {
    /// The person gave it up.
    case givenUp
    /// It reached ``BusyWait/limit``.
    case tooLong
    /// The front end stopped waiting after an earlier wait ended without the database.
    case stillHeld

    var description: String {
      switch self {
      case .givenUp: "another program holds it, and the wait for it was given up"
      case .tooLong: "another program held it for over a minute"
      case .stillHeld: "another program still holds it"
      }
    }
  }

  /// The wait under way. One piece of work runs at a time on a connection: its queue runs them
  /// one after the other, and each begins and ends its wait inside it.
  private struct Wait {
    var isUnderWay = false
    var slept = Duration.zero
    var isTold = false
    var failure: Failure?
    /// Whether the work under way waits for nothing (a probe that has an answer without it).
    var failsFast = false
  }

  private let wait: DatabaseWait
  private let path: String
  private let sleep: @Sendable (Duration) -> Void
  private let state = Mutex(Wait())

  /// - Parameters:
  ///   - path: The database's path, which the front end is told a wait is for.
  ///   - sleep: Sleeps for a duration; a test's may return at once.
  init(wait: DatabaseWait, path: String, sleep: @escaping @Sendable (Duration) -> Void) {
    self.wait = wait
    self.path = path
    self.sleep = sleep
  }

  /// Runs work that may wait for the database, on the connection's queue or before there is
  /// one: a wait in it is told over when it ends, and one that ended without the database fails
  /// it with why.
  func during<Result>(_ body: () throws -> Result) throws -> Result {
    begin(failsFast: false)
    do {
      let result = try body()
      _ = end()
      return result
    } catch {
      if let failure = end() { throw failure }
      throw error
    }
  }

  /// Runs work that waits for nothing: a try that finds the database held fails at once.
  func withoutWaiting<Result>(_ body: () throws -> Result) rethrows -> Result {
    begin(failsFast: true)
    defer { _ = end() }
    return try body()
  }

  /// SQLite's busy handler, and the directory lock's: whether to try again, after sleeping.
  func shouldRetry(tries: Int) -> Bool {
    let now = state.withLock { $0 }
    guard !now.failsFast else { return false }
    guard !wait.isStopped || now.slept < Self.grace else {
      state.withLock { $0.failure = .stillHeld }
      return false
    }
    // Only a wait the front end was told of is given up: a person gives up what they see. An
    // interrupt before then is dropped.
    let isInterrupted = wait.isInterrupted()
    let isGivenUp = now.isTold && isInterrupted
    let step = Self.step(tries: tries, slept: now.slept, isGivenUp: isGivenUp)
    guard case .retry(let interval, let tells) = step else {
      state.withLock { $0.failure = isGivenUp ? .givenUp : .tooLong }
      return false
    }
    if tells, !now.isTold {
      state.withLock { $0.isTold = true }
      wait.say(path)
    }
    sleep(interval)
    state.withLock { $0.slept += interval }
    return true
  }

  /// A new wait: an interrupt from before it does not give it up.
  private func begin(failsFast: Bool) {
    state.withLock { wait in
      assert(!wait.isUnderWay, "a wait began inside another")
      wait = Wait(isUnderWay: true, failsFast: failsFast)
    }
    if !failsFast { _ = wait.isInterrupted() }
  }

  /// Ends the wait under way, telling the front end where it was told; returns why it ended
  /// without the database, if it did.
  private func end() -> Failure? {
    let ended = state.withLock { wait in
      defer { wait = Wait() }
      return wait
    }
    if ended.isTold { wait.say(nil) }
    return ended.failure
  }
}
