import Foundation

/// Where one question's time goes, for a model of how the work spreads over many threads: the
/// whole time on one thread, and the time of each piece of parallel work, in the order the
/// engine hands the pieces out. Not API: the benchmark's model reads it.
///
/// ```swift
/// let profile = try _WorkProfile.primeCount(10_000_000_000, layoutThreads: 16)
/// #expect(profile.answer == 455_052_511)
/// ```
@_spi(Benchmarks)
public struct _WorkProfile: Sendable, Equatable {
  /// The question's answer.
  public let answer: Int
  /// The whole question, on one thread, in seconds.
  public let seconds: Double
  /// Each parallel phase, in the order they ran: the seconds of each of its pieces, in the
  /// order they are handed out. A phase ends before the next starts.
  public let phases: [[Double]]

  /// The time outside the parallel phases: the whole less every piece.
  public var serialSeconds: Double { max(0, seconds - phases.joined().reduce(0, +)) }

  /// A profile from its parts, for tests of what reads it.
  public init(answer: Int, seconds: Double, phases: [[Double]]) {
    self.answer = answer
    self.seconds = seconds
    self.phases = phases
  }

  /// π(x), cut into pieces as for `layoutThreads` threads, run on the calling thread with each
  /// piece timed.
  ///
  /// - Parameters:
  ///   - x: A number from 0 to ``maximumX``.
  ///   - layoutThreads: The thread count whose pieces are timed.
  ///   - build: The build of the engine that answers; it must run on this processor, or the
  ///     process stops.
  /// - Returns: π(x) and where its time went.
  public static func primeCount(
    _ x: Int, layoutThreads: Int, build: EngineBuild = .thisProcessor
  ) throws -> _WorkProfile {
    guard (0...maximumX).contains(x) else { throw PrimesError.xOutOfRange(x) }
    return try profile { log in
      try build.countPrimes(x, threads: layoutThreads, progress: nil, workLog: log)
    }
  }

  /// The nth prime, cut into pieces as for `layoutThreads` threads, run on the calling thread
  /// with each piece timed.
  ///
  /// - Parameters:
  ///   - n: A number from 1 to ``maximumN``.
  ///   - layoutThreads: The thread count whose pieces are timed.
  /// - Returns: The nth prime and where its time went.
  public static func nthPrime(_ n: Int, layoutThreads: Int) throws -> _WorkProfile {
    guard (1...maximumN).contains(n) else { throw PrimesError.nOutOfRange(n) }
    return try profile { log in
      try EngineBuild.thisProcessor.findNthPrime(
        n, threads: layoutThreads, progress: nil, workLog: log)
    }
  }

  private static func profile(_ body: (WorkLog) throws -> Int) rethrows -> _WorkProfile {
    let log = WorkLog()
    let start = ContinuousClock.now
    let answer = try body(log)
    let elapsed = ContinuousClock.now - start
    return _WorkProfile(
      answer: answer,
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18,
      phases: log.phases)
  }
}
