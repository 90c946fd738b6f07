import Foundation

/// Why a prime-counting question has no answer here.
public enum PrimesError: Error, Equatable, CustomStringConvertible, Sendable {
  /// n is outside the range ``nthPrime(_:threads:progress:)`` answers.
  case nOutOfRange(Int)
  /// x is outside the range ``primeCount(_:threads:progress:)`` answers.
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

/// The largest n that ``nthPrime(_:threads:progress:)`` answers: π(2^63), the number of primes
/// below 2^63, whose prime 2^63 − 25 is the largest `Int` that is prime.
public let maximumN = 216_289_611_853_439_384
/// The largest x that ``primeCount(_:threads:progress:)`` answers: `Int.max`, 2^63 − 1.
public let maximumX = Int.max

/// The number of primes less than or equal to `x`: π(x).
///
/// Large x use Xavier Gourdon's refinement of the Deleglise-Rivat algorithm, whose time grows
/// like x^(2/3). The work checks for task cancellation as it goes and reports its progress.
///
/// ```swift
/// #expect(try primeCount(100) == 25)
/// #expect(try primeCount(1_000_000_000) == 50_847_534)
/// ```
///
/// - Parameters:
///   - x: A number from 0 to ``maximumX``.
///   - threads: How many threads may work at once; by default, as many as this process has
///     cores (`ProcessInfo.activeProcessorCount`), asked only when the work is large enough to
///     share. Fewer than one counts as one, more than ``maximumThreads`` as that many.
///   - progress: Receives the fraction of the work done.
/// - Returns: π(x).
/// - Throws: ``PrimesError/xOutOfRange(_:)``, or `CancellationError` when the task is cancelled.
public func primeCount(
  _ x: Int,
  threads: Int? = nil,
  progress: ProgressHandler? = nil
) throws -> Int {
  guard (0...maximumX).contains(x) else { throw PrimesError.xOutOfRange(x) }
  try checkCancellation()
  let count = try EngineBuild.counting(upTo: x).countPrimes(x, threads: threads, progress: progress)
  progress?(1)
  return count
}

/// The `n`th prime, 1-based: `nthPrime(1) == 2`.
///
/// Up to n = 600,000, sieves up to a bound on p(n). Above, estimates p(n) as the x with
/// R(ψ(x)) = n (Riemann's R function of Chebyshev's ψ, from the first 512 zeros of ζ), counts
/// the primes up to the estimate with ``primeCount(_:threads:progress:)``, then sieves the short
/// gap between the estimate and p(n). Checks for task cancellation as it goes and reports its
/// progress.
///
/// ```swift
/// #expect(try nthPrime(7) == 17)
/// #expect(try nthPrime(1_000_000_000) == 22_801_763_489)
/// ```
///
/// - Parameters:
///   - n: A number from 1 to ``maximumN``.
///   - threads: How many threads may work at once; by default, as many as this process has
///     cores (`ProcessInfo.activeProcessorCount`), asked only when the work is large enough to
///     share. Fewer than one counts as one, more than ``maximumThreads`` as that many.
///   - progress: Receives the fraction of the work done.
/// - Returns: The nth prime.
/// - Throws: ``PrimesError/nOutOfRange(_:)``, or `CancellationError` when the task is cancelled.
public func nthPrime(
  _ n: Int,
  threads: Int? = nil,
  progress: ProgressHandler? = nil
) throws -> Int {
  guard (1...maximumN).contains(n) else { throw PrimesError.nOutOfRange(n) }
  return try EngineBuild.finding(nth: n).findNthPrime(n, threads: threads, progress: progress)
}
