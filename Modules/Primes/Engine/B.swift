extension Gourdon {
  /// B over one segment of the sieve:
  ///
  ///     B = Σ π(x/p),  y < p ≤ √x
  ///
  /// for the primes p, downward from `next`, whose x/p falls below `segmentHigh`; `next` is left
  /// at the first prime this segment does not take, from `bPrimes`, the chunk's primes sieved a
  /// window at a time. The sieve has crossed off every prime up to √(x/y), so π(x/p) is what it
  /// has left standing up to x/p, less 1, plus π(√(x/y)). The segment's count is taken from the
  /// chunk's start; the count of the chunks before is added when the chunks are stitched
  /// together.
  func b(
    segmentHigh: Int, next: inout Int, bPrimes: inout DescendingPrimes, sieve: SegmentSieve,
    result: inout ChunkResult
  ) {
    let pMin = max(x / segmentHigh, y)
    sieve.startCounting()
    while next > pMin {
      result.b &+= result.unsieved &+ sieve.count(upTo: fastDivide(x, next))
      result.bCount += 1
      next = bPrimes.next()
    }
  }
}
