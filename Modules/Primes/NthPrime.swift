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

/// A callback that receives the fraction of the work done, from 0 to 1.
public typealias ProgressHandler = @Sendable (Double) -> Void

/// Below this, π(x) comes from a plain sieve.
let sieveLimit = 10_000_000

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
///   - threads: How many threads may work at once; all cores by default. Fewer than one counts
///     as one, more than ``maximumThreads`` as that many.
///   - progress: Receives the fraction of the work done.
/// - Returns: π(x).
/// - Throws: ``PrimesError/xOutOfRange(_:)``, or `CancellationError` when the task is cancelled.
public func primeCount(
  _ x: Int,
  threads: Int = ProcessInfo.processInfo.activeProcessorCount,
  progress: ProgressHandler? = nil
) throws -> Int {
  guard (0...maximumX).contains(x) else { throw PrimesError.xOutOfRange(x) }
  try checkCancellation()
  let count = try countPrimes(x, threads: threads, progress: progress)
  progress?(1)
  return count
}

/// π(x), for 0 ≤ x.
func countPrimes(
  _ x: Int, threads: Int, progress: ProgressHandler?, workLog: WorkLog? = nil
) throws -> Int {
  if x < sieveLimit { return Sieve.primes(upTo: x).count }
  let threads = usableThreads(threads)
  let engine = Gourdon(x: x, threads: threads, workLog: workLog)
  try checkCancellation()
  return try engine.count(threads: threads, progress: progress, workLog: workLog)
}

/// The `n`th prime, 1-based: `nthPrime(1) == 2`.
///
/// Estimates p(n) with the inverse of Riemann's R function, counts the primes up to the
/// estimate with ``primeCount(_:threads:progress:)``, then sieves the short gap between the
/// estimate and p(n). Checks for task cancellation as it goes and reports its progress.
///
/// ```swift
/// #expect(try nthPrime(7) == 17)
/// #expect(try nthPrime(1_000_000_000) == 22_801_763_489)
/// ```
///
/// - Parameters:
///   - n: A number from 1 to ``maximumN``.
///   - threads: How many threads may work at once; all cores by default. Fewer than one counts
///     as one, more than ``maximumThreads`` as that many.
///   - progress: Receives the fraction of the work done.
/// - Returns: The nth prime.
/// - Throws: ``PrimesError/nOutOfRange(_:)``, or `CancellationError` when the task is cancelled.
public func nthPrime(
  _ n: Int,
  threads: Int = ProcessInfo.processInfo.activeProcessorCount,
  progress: ProgressHandler? = nil
) throws -> Int {
  guard (1...maximumN).contains(n) else { throw PrimesError.nOutOfRange(n) }
  return try findNthPrime(n, threads: threads, progress: progress)
}

/// The `n`th prime, for n in `1...maximumN`; with a `log`, the parallel work runs on this
/// thread and is timed into it.
func findNthPrime(
  _ n: Int, threads: Int, progress: ProgressHandler?, workLog: WorkLog? = nil
) throws -> Int {
  try checkCancellation()
  if n <= 600_000 {
    // Sieve outright up to Rosser's bound, p(n) < n (ln n + ln ln n) for n ≥ 6.
    let logN = log(Double(n))
    let bound = n < 6 ? 13 : Int(Double(n) * (logN + log(logN))) + 1
    return Int(Sieve.primes(upTo: bound)[n - 1])
  }
  // Near the top of the range the estimate may pass 2^63; the prime is below it.
  let estimate = min(inverseRiemannR(Double(n)), Double(Int.max).nextDown)
  let x = Int(estimate)
  var counting: ProgressHandler?
  if let progress { counting = { progress($0 * 0.97) } }
  let counted = try countPrimes(x, threads: threads, progress: counting, workLog: workLog)
  try checkCancellation()
  let prime = primeNear(
    x, counted: counted, wanted: n, threads: usableThreads(threads), workLog: workLog)
  progress?(1)
  return prime
}

/// Given π(x) = counted, the `wanted`-th prime, by sieving outward from x in widening windows.
private func primeNear(
  _ x: Int, counted: Int, wanted: Int, threads: Int, workLog: WorkLog?
) -> Int {
  let logX = log(Double(x))
  let gap = abs(counted - wanted) + 1
  var window = Int(Double(gap) * logX * 1.2) + 4096
  while true {
    if counted >= wanted {
      // The largest prime ≤ x is p(counted): walk down (counted − wanted) more.
      let primes = Sieve.OddPrimes(
        in: max(2, x - window)...x, threads: threads, workLog: workLog)
      if let prime = primes?.fromTop(counted - wanted) { return prime }
    } else {
      // p(wanted) ≤ Int.max, so the window stops growing before it passes the top.
      let (high, overflow) = x.addingReportingOverflow(window)
      let primes = Sieve.OddPrimes(
        in: (x + 1)...(overflow ? Int.max : high), threads: threads, workLog: workLog)
      if let prime = primes?.fromBottom(wanted - counted - 1) { return prime }
    }
    window *= 2
  }
}

/// The most threads that prime counting uses: more than this gives no speed on any machine.
public let maximumThreads = 1024

/// A thread count brought into `1...maximumThreads`: fewer than one counts as one, more than
/// the maximum as the maximum.
func usableThreads(_ threads: Int) -> Int {
  min(max(1, threads), maximumThreads)
}

func checkCancellation() throws {
  if Task.isCancelled { throw CancellationError() }
}
