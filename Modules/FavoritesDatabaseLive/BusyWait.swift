import FavoritesDatabase
import Synchronization

/// How a connection waits when another program holds the database: SQLite's busy handler.
///
/// It sleeps between tries at SQLite's own growing intervals, tells the session what it waits
/// for once it has waited ``noticeAfter``, and gives up when the session says so or after
/// ``limit``. The wait is measured as the sum of its sleeps, as SQLite's busy timeout measures
/// it, so a test that sleeps for nothing sees the same steps.
final class BusyWait: Sendable {
  /// Once a wait has gone on this long, the session is told.
  static let noticeAfter = Duration.seconds(1)
  /// A wait this long is given up: far beyond any of PrimeTime's own transactions.
  static let limit = Duration.seconds(60)
  /// SQLite's intervals between tries; the last one repeats.
  static let intervals: [Duration] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100].map {
    .milliseconds($0)
  }

  /// What to do after a try that found the database held.
  enum Step: Equatable {
    /// Sleep this long and try again; tell the session first, where `tells`.
    case retry(after: Duration, tells: Bool)
    case giveUp
  }

  /// The step after `tries` tries of one wait that has slept `slept` so far.
  static func step(tries: Int, slept: Duration, isGivenUp: Bool) -> Step {
    guard !isGivenUp, slept < limit else { return .giveUp }
    let interval = intervals[min(tries, intervals.count - 1)]
    return .retry(after: interval, tells: slept >= noticeAfter)
  }

  private let wait: DatabaseWait
  private let what: String
  private let sleep: @Sendable (Duration) -> Void
  /// How long the wait under way has slept.
  private let slept = Mutex(Duration.zero)
  /// Why the last wait ended without the database, if it did.
  private let failure = Mutex<Failure?>(nil)

  /// Why a wait ended without the database.
  enum Failure: Error, Equatable, CustomStringConvertible {
    /// The person gave it up.
    case givenUp
    /// It reached ``BusyWait/limit``.
    case tooLong

    var description: String {
      switch self {
      case .givenUp: "another program holds it, and the wait for it was given up"
      case .tooLong: "another program held it for over a minute"
      }
    }
  }

  /// - Parameters:
  ///   - what: What a wait is for, as the session tells it.
  ///   - sleep: Sleeps for a duration; a test's may return at once.
  init(wait: DatabaseWait, what: String, sleep: @escaping @Sendable (Duration) -> Void) {
    self.wait = wait
    self.what = what
    self.sleep = sleep
  }

  /// SQLite's busy handler: whether to try again, after sleeping. `tries` is 0 when a wait
  /// starts.
  func shouldRetry(tries: Int) -> Bool {
    if tries == 0 {
      slept.withLock { $0 = .zero }
      failure.withLock { $0 = nil }
      wait.start()
    }
    let isGivenUp = wait.isGivenUp()
    let step = Self.step(tries: tries, slept: slept.withLock { $0 }, isGivenUp: isGivenUp)
    guard case .retry(let interval, let tells) = step else {
      failure.withLock { $0 = isGivenUp ? .givenUp : .tooLong }
      wait.end()
      return false
    }
    if tells { wait.tell(what) }
    sleep(interval)
    slept.withLock { $0 += interval }
    return true
  }

  /// The transaction that may have waited is over: the session hears that a wait it was told
  /// of has ended.
  ///
  /// - Returns: Why its wait ended without the database, if it did.
  func ended() -> Failure? {
    wait.end()
    return failure.withLock { failure in
      defer { failure = nil }
      return failure
    }
  }
}
