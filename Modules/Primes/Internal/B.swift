extension Gourdon {
  /// The largest of B's primes p, y < p ≤ √x, whose x/p is at least `chunkLow`: where B starts
  /// in the chunk that begins there; 0 when there is none. The primes below it come one at a
  /// time from the π table's bits, which reach past √x, so that none of them is held in a list.
  func firstBPrime(chunkLow: Int) -> Int {
    let upper = min(x / max(chunkLow, 1), sqrtX)  // x/p ≥ chunkLow exactly when p ≤ x/chunkLow
    guard upper > y else { return 0 }
    return piTable.withLookup { $0.prime(below: upper + 1) }
  }

  /// B over one segment of the sieve:
  ///
  ///     B = Σ π(x/p),  y < p ≤ √x
  ///
  /// for the primes p, downward from `next`, whose x/p falls below `segmentHigh`; `next` is left
  /// at the first prime this segment does not take. The sieve has crossed off every prime up to
  /// √(x/y), so π(x/p) is what it has left standing up to x/p, less 1, plus π(√(x/y)). The
  /// segment's count is taken from the chunk's start; the count of the chunks before is added
  /// when the chunks are stitched together.
  func b(segmentHigh: Int, next: inout Int, sieve: SegmentSieve, result: inout ChunkResult) {
    let pMin = max(x / segmentHigh, y)
    sieve.startCounting()
    piTable.withLookup { pi in
      while next > pMin {
        result.b &+= result.unsieved &+ sieve.count(upTo: fastDivide(x, next))
        result.bCount += 1
        next = pi.prime(below: next)
      }
    }
  }
}
