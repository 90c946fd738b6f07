import Foundation

/// A callback that receives the fraction of the work done, from 0 to 1.
public typealias ProgressHandler = @Sendable (Double) -> Void

/// Below this, π(x) comes from a π table up to x: a bit per odd number, about 1.2 MB at most.
let sieveLimit = 10_000_000

/// Up to this, the `n`th prime comes from a π table up to a bound on it.
let nthPrimeSieveLimit = 600_000

/// π(x), for 0 ≤ x.
package func countPrimes(
  _ x: Int, threads: Int?, progress: ProgressHandler?, workLog: WorkLog? = nil
) throws -> Int {
  if x < sieveLimit { return PiTable(limit: x)[x] }
  let threads = usableThreads(threads)
  let engine = Gourdon(x: x, threads: threads, workLog: workLog)
  try checkCancellation()
  return try engine.count(threads: threads, progress: progress, workLog: workLog)
}

/// The `n`th prime, for n in `1...maximumN`; with a `log`, the parallel work runs on this
/// thread and is timed into it.
package func findNthPrime(
  _ n: Int, threads: Int?, progress: ProgressHandler?, workLog: WorkLog? = nil
) throws -> Int {
  try checkCancellation()
  if n <= nthPrimeSieveLimit {
    // A π table up to Rosser's bound, p(n) < n (ln n + ln ln n) for n ≥ 6, and the least p
    // with π(p) = n in it.
    let logN = log(Double(n))
    let bound = n < 6 ? 13 : Int(Double(n) * (logN + log(logN))) + 1
    let table = PiTable(limit: bound)
    var (low, high) = (2, bound)
    while low < high {
      let middle = (low + high) / 2
      if table[middle] < n { low = middle + 1 } else { high = middle }
    }
    return low
  }
  let x = nthPrimeEstimate(n)
  let threads = usableThreads(threads)
  var counting: ProgressHandler?
  if let progress { counting = { progress($0 * 0.97) } }
  let counted = try countPrimes(x, threads: threads, progress: counting, workLog: workLog)
  try checkCancellation()
  let prime = try primeNear(
    x, counted: counted, wanted: n, threads: threads, workLog: workLog)
  progress?(1)
  return prime
}

/// Where the last step starts for the `n`th prime, n above ``nthPrimeSieveLimit``: the x with
/// R(ψ(x)) = n, or the largest `Double` below 2^63 where that passes it, as it does for the last
/// few million n, whose primes are below it.
func nthPrimeEstimate(_ n: Int) -> Int {
  Int(min(inverseRiemannRPsi(Double(n)), Double(Int.max).nextDown))
}

/// Given π(x) = counted, the `wanted`-th prime, by sieving outward from x in widening windows.
/// Throws `CancellationError` when the task is cancelled.
private func primeNear(
  _ x: Int, counted: Int, wanted: Int, threads: Int, workLog: WorkLog?
) throws -> Int {
  let logX = log(Double(x))
  let gap = abs(counted - wanted) + 1
  var window = Int(Double(gap) * logX * 1.2) + 4096
  while true {
    if counted >= wanted {
      // The largest prime ≤ x is p(counted): walk down (counted − wanted) more.
      let primes = try Sieve.OddPrimes(
        in: max(2, x - window)...x, threads: threads, workLog: workLog)
      if let prime = primes?.fromTop(counted - wanted) { return prime }
    } else {
      // p(wanted) ≤ Int.max, so the window stops growing before it passes the top.
      let (high, overflow) = x.addingReportingOverflow(window)
      let primes = try Sieve.OddPrimes(
        in: (x + 1)...(overflow ? Int.max : high), threads: threads, workLog: workLog)
      if let prime = primes?.fromBottom(wanted - counted - 1) { return prime }
    }
    window *= 2
  }
}

/// The most threads that prime counting uses: more than this gives no speed on any machine.
public let maximumThreads = 1024

/// A thread count brought into `1...maximumThreads`: fewer than one counts as one, more than
/// the maximum as the maximum, and none asked for as one per processor this process may run on
/// (``processorCount``).
func usableThreads(_ threads: Int?) -> Int {
  min(max(1, threads ?? processorCount), maximumThreads)
}

func checkCancellation() throws {
  if Task.isCancelled { throw CancellationError() }
}
