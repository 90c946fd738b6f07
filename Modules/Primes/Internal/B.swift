extension Gourdon {
  /// The primes p with y < p ≤ √x whose x/p falls in the chunk [chunkLow, chunkHigh),
  /// ascending: B's primes, sieved a chunk at a time instead of kept up to √x. They are below
  /// √(2^63) < 2^32.
  func bPrimes(chunkLow: Int, chunkHigh: Int) -> [UInt32] {
    let upper = min(x / max(chunkLow, 1), sqrtX)
    let lower = max(x / chunkHigh, y)  // x/p < chunkHigh exactly when p > x / chunkHigh
    guard upper > lower else { return [] }
    var primes: [UInt32] = []
    Sieve.forEachPrime(in: (lower + 1)...upper) { primes.append(UInt32(truncatingIfNeeded: $0)) }
    return primes
  }

  /// B over one segment of the sieve:
  ///
  ///     B = Σ π(x/p),  y < p ≤ √x
  ///
  /// for the primes p, taken from `primes` downward from index `next`, whose x/p falls below
  /// `segmentHigh`. The sieve has crossed off every prime up to √(x/y), so π(x/p) is what it
  /// has left standing up to x/p, less 1, plus π(√(x/y)). The segment's count is taken from
  /// the chunk's start; the count of the chunks before is added when the chunks are stitched
  /// together.
  func b(
    segmentHigh: Int, primes: [UInt32], next: inout Int, sieve: SegmentSieve,
    result: inout ChunkResult
  ) {
    let pMin = max(x / segmentHigh, y)
    sieve.startCounting()
    while next >= 0, Int(primes[next]) > pMin {
      result.b &+= result.unsieved &+ sieve.count(upTo: fastDivide(x, Int(primes[next])))
      result.bCount += 1
      next -= 1
    }
  }
}
