extension Gourdon {
  /// A's leaves whose π value lies in the window of the π table:
  ///
  ///     A = Σ Σ (1 + [x/(p_b·q) < y])·π(x/(p_b·q)),  x* < p_b ≤ ∛x,  p_b < q ≤ √(x/p_b)
  ///
  /// over the primes q: the leaves φ(x/(p_b·q), b − 1) = π(x/(p_b·q)) − b + 2, whose − b + 2
  /// is summed in closed form in Σ, as are the leaves with larger q. A leaf whose x/(p_b·q) is
  /// below y counts twice, which makes up for Σ's closed form.
  ///
  /// The leaves of p_b lie in [√(x/p_b), x/p_b²); those in the window [low, high) have
  /// x/(p_b·high) < q ≤ x/(p_b·low).
  func a(window: SegmentedPiTable, sums: inout LookupSums) {
    let (low, high) = (window.low, window.high)
    // p_b² < x/low, and √(x/p_b) < high, so x/high² < p_b.
    let last = low == 0 ? piX13 : piTable[min(x13, integerSquareRoot(x / low))]
    let first = max(piXStar, piTable[min(x13, x / high / high)]) + 1
    guard first <= last else { return }
    let lookup = window.lookup
    primes.withUnsafeBufferPointer { primes in
      reciprocals.withUnsafeBufferPointer { reciprocals in
        for b in first...last {
          let prime = Int(primes[b])
          let xp = x / prime
          let root = integerSquareRoot(xp)
          let qHigh = low == 0 ? root : min(root, xp / low)
          let qLow = max(prime, min(xp / high, root))
          guard qHigh > qLow else { continue }
          let end = piTable[qHigh]
          let start = piTable[qLow] + 1
          // x/(p_b·q) ≥ y exactly when q ≤ x/(p_b·y).
          let middle = max(start - 1, piTable[min(xp / y, qHigh)])
          let once = Self.leaves(
            xp, after: start - 1, through: middle, primes: primes, reciprocals: reciprocals,
            window: lookup)
          let twice = Self.leaves(
            xp, after: middle, through: end, primes: primes, reciprocals: reciprocals,
            window: lookup)
          sums.a &+= once &+ 2 &* twice
          sums.aValues &+= (middle &- start &+ 1) &+ 2 &* (end &- middle)
        }
      }
    }
  }

  /// Σ π(x/(p_b·q)) over the listed primes q = primes[j], j in (first, last], each value read from
  /// the window: A's leaves, and C's sparse leaves. One function for both, never inlined, so
  /// that its loop is compiled alike wherever it is used (in the AVX-512 build, with the π
  /// values gathered four at a time).
  @inline(never)
  static func leaves(
    _ xp: Int, after first: Int, through last: Int, primes: UnsafeBufferPointer<Int32>,
    reciprocals: UnsafeBufferPointer<UInt64>, window lookup: PiTable.Lookup
  ) -> Int {
    var sum = 0
    var j = first &+ 1
    while j <= last {
      sum &+= lookup[atLeastTwo: divide(xp, by: Int(primes[j]), magic: reciprocals[j])]
      j &+= 1
    }
    return sum
  }
}
