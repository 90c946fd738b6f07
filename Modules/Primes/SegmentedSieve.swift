/// A sieve of Eratosthenes over [0, limit], one cache-sized segment at a time.
struct SegmentedSieve {
  struct Segment {
    let low: Int
    let composite: [Bool]
    let primeCount: Int

    /// The k-th prime of the segment, 1-based.
    func prime(at k: Int) -> Int {
      var seen = 0
      for (offset, isComposite) in composite.enumerated() where !isComposite {
        seen += 1
        if seen == k { return low + offset }
      }
      preconditionFailure("the segment has fewer than \(k) primes")
    }
  }

  static let segmentSize = 1 << 18

  let limit: Int
  private var low = 0
  private let sievingPrimes: [Int]

  init(upTo limit: Int) {
    self.limit = limit
    let root = integerSquareRoot(limit)
    var small = [Bool](repeating: true, count: root + 1)
    var primes: [Int] = []
    if root >= 2 {
      for i in 2...root where small[i] {
        primes.append(i)
        var j = i * i
        while j <= root {
          small[j] = false
          j += i
        }
      }
    }
    self.sievingPrimes = primes
  }

  mutating func nextSegment(progress: ProgressHandler?) throws -> Segment? {
    guard low <= limit else { return nil }
    try checkCancellation()
    let high = min(low + Self.segmentSize - 1, limit)
    var composite = [Bool](repeating: false, count: high - low + 1)
    if low <= 1 {
      for n in low...min(high, 1) { composite[n - low] = true }
    }
    for p in sievingPrimes {
      if p * p > high { break }
      var start = max(p * p, (low + p - 1) / p * p)
      while start <= high {
        composite[start - low] = true
        start += p
      }
    }
    let count = composite.reduce(0) { $0 + ($1 ? 0 : 1) }
    let segment = Segment(low: low, composite: composite, primeCount: count)
    low = high + 1
    progress?(Double(min(low, limit)) / Double(max(limit, 1)))
    return segment
  }
}

func checkCancellation() throws {
  if Task.isCancelled { throw CancellationError() }
}

/// ⌊√n⌋, exactly, without floating point error.
func integerSquareRoot(_ n: Int) -> Int {
  guard n > 1 else { return max(n, 0) }
  var x = Int(Double(n).squareRoot())
  while x * x > n { x -= 1 }
  while (x + 1) * (x + 1) <= n { x += 1 }
  return x
}
