import Foundation

/// Why a prime-counting question has no answer here.
public enum PrimesError: Error, Equatable, CustomStringConvertible, Sendable {
  /// n is outside the range the engine answers.
  case nOutOfRange(Int)
  /// x is outside the range the engine answers.
  case xOutOfRange(Int)

  public var description: String {
    switch self {
    case .nOutOfRange(let n):
      return "n must be between 1 and \(maximumN), not \(n)"
    case .xOutOfRange(let x):
      return "x must be between 0 and \(maximumX), not \(x)"
    }
  }
}

/// The largest n that ``nthPrime(_:progress:)`` answers.
public let maximumN = 10_000_000_000_000
/// The largest x that ``primeCount(_:progress:)`` answers.
public let maximumX = 400_000_000_000_000

/// A callback that receives the fraction of the work done, from 0 to 1.
public typealias ProgressHandler = @Sendable (Double) -> Void

/// The number of primes less than or equal to `x`: π(x).
///
/// Checks for task cancellation as it goes and reports progress.
///
/// ```swift
/// try primeCount(100)  // 25
/// ```
///
/// - Parameters:
///   - x: A number from 0 to ``maximumX``.
///   - progress: Receives the fraction of the work done.
/// - Returns: π(x).
/// - Throws: ``PrimesError/xOutOfRange(_:)``, or `CancellationError` when the task is cancelled.
public func primeCount(_ x: Int, progress: ProgressHandler? = nil) throws -> Int {
  guard (0...maximumX).contains(x) else { throw PrimesError.xOutOfRange(x) }
  var counter = SegmentedSieve(upTo: x)
  var count = 0
  while let segment = try counter.nextSegment(progress: progress) {
    count += segment.primeCount
  }
  return count
}

/// The `n`th prime, 1-based: `nthPrime(1) == 2`.
///
/// Checks for task cancellation as it goes and reports progress.
///
/// ```swift
/// try nthPrime(7)  // 17
/// ```
///
/// - Parameters:
///   - n: A number from 1 to ``maximumN``.
///   - progress: Receives the fraction of the work done.
/// - Returns: The nth prime.
/// - Throws: ``PrimesError/nOutOfRange(_:)``, or `CancellationError` when the task is cancelled.
public func nthPrime(_ n: Int, progress: ProgressHandler? = nil) throws -> Int {
  guard (1...maximumN).contains(n) else { throw PrimesError.nOutOfRange(n) }
  var sieve = SegmentedSieve(upTo: nthPrimeUpperBound(n))
  var remaining = n
  while let segment = try sieve.nextSegment(progress: progress) {
    if remaining <= segment.primeCount {
      return segment.prime(at: remaining)
    }
    remaining -= segment.primeCount
  }
  preconditionFailure("the upper bound of the nth prime was too small")
}

/// An upper bound of the nth prime: p(n) < n (ln n + ln ln n) for n ≥ 6 (Rosser).
func nthPrimeUpperBound(_ n: Int) -> Int {
  guard n >= 6 else { return 13 }
  let x = Double(n)
  let logX = log(x)
  return Int(x * (logX + log(logX))) + 1
}
