extension Gourdon {
  /// C's leaves, the easy special leaves, whose π value lies in the window of the π table (for
  /// some p_b, leaves that stand for others too; ``clusteredRemainder()`` adds the rest):
  ///
  ///     C = Σ Σ −μ(m)·(π(x/(p_b·m)) − b + 2),  k < b ≤ π(x*)
  ///
  /// over the square-free m with lpf(m) > p_b and max(p_b, x/p_b³) < m ≤ min(x/p_b², y). Then
  /// p_b ≤ x/(p_b·m) < p_b², so the numbers up to x/(p_b·m) that no prime below p_b divides
  /// are 1 and the primes from p_b on: φ(x/(p_b·m), b − 1) = π(x/(p_b·m)) − b + 2, read from
  /// the π table.
  ///
  /// The leaves of p_b lie in [x/(p_b·y), p_b²); those in the window [low, high) have
  /// x/(p_b·high) < m ≤ x/(p_b·low).
  func c(window: SegmentedPiTable, sums: inout LookupSums) {
    let (low, high) = (window.low, window.high)
    // low < p_b², and x/(p_b·y) < high, so x/(high·y) < p_b.
    let first =
      max(k, piTable[min(xStar, integerSquareRoot(low))], piTable[min(xStar, x / high / y)]) + 1
    guard first <= piXStar else { return }
    let lookup = window.lookup
    primes.withUnsafeBufferPointer { primes in
      reciprocals.withUnsafeBufferPointer { reciprocals in
        piTable.withLookup { table in
          for b in first...piXStar {
            let prime = Int(primes[b])
            let xp = x / prime
            let upper = min(xp / prime, y, low == 0 ? y : xp / low)
            let lower = max(xp / (prime * prime), prime, xp / high)
            guard upper > lower else { continue }
            var sum = 0
            var values = 0
            let root = integerSquareRoot(xp)
            // The m whose leaves also stand for the clustered leaves, counted twice (see
            // ``doubledLeaves(prime:xp:root:)``); none, an empty run at `lower`, where the
            // clustered leaves are summed below.
            let doubled = doubledLeaves(prime: prime, xp: xp, root: root)
            let (doubledAfter, doubledThrough) = doubled ?? (lower, lower)
            // m prime: μ = −1, so each leaf adds π(x/(p_b·m)) − b + 2. Up to √(x/p_b), where
            // the leaves' values are further apart than the m, one m at a time: from the list of
            // primes and their reciprocals as far as it goes, then from the π table's bits.
            let listed = min(upper, root, qLimit)
            @inline(__always) func listedLeaves(after first: Int, through last: Int) -> Int {
              Self.leaves(
                xp, after: first, through: last, primes: primes, reciprocals: reciprocals,
                window: lookup)
            }
            @inline(__always) func tableLeaves(after first: Int, through last: Int) -> Int {
              var sum = 0
              table.forEachOddPrime(after: first, through: last) { m in
                sum &+= lookup[atLeastTwo: fastDivide(xp, m)]
              }
              return sum
            }
            // Each of the two runs of m in three parts: before, among and after those counted
            // twice.
            let lFirst = table[lower]
            let lLast = max(table[listed], lFirst)
            let lDoubledAfter = min(max(table[doubledAfter], lFirst), lLast)
            let lDoubledThrough = min(max(table[doubledThrough], lDoubledAfter), lLast)
            sum &+= listedLeaves(after: lFirst, through: lDoubledAfter)
            sum &+= 2 &* listedLeaves(after: lDoubledAfter, through: lDoubledThrough)
            sum &+= listedLeaves(after: lDoubledThrough, through: lLast)
            values &+= (lLast &- lFirst) &+ (lDoubledThrough &- lDoubledAfter)
            let mFirst = max(lower, listed)
            let mLast = max(min(upper, root), mFirst)
            let mDoubledAfter = min(max(doubledAfter, mFirst), mLast)
            let mDoubledThrough = min(max(doubledThrough, mDoubledAfter), mLast)
            sum &+= tableLeaves(after: mFirst, through: mDoubledAfter)
            sum &+= 2 &* tableLeaves(after: mDoubledAfter, through: mDoubledThrough)
            sum &+= tableLeaves(after: mDoubledThrough, through: mLast)
            values &+= table[mLast] &- table[mFirst]
            values &+= table[mDoubledThrough] &- table[mDoubledAfter]
            // Above √(x/p_b), where many m share a value, by the primes q of the values instead:
            // π(x/(p_b·m)) counts the q with q·m ≤ x/p_b, so the sum over the m in (m1, m2] is
            // n·π(x/(p_b·m2)), n the number of those m, plus for each q in
            // (x/(p_b·m2), x/(p_b·(m1 + 1))] the m in (m1, m2] with q·m ≤ x/p_b.
            // Only where no sparse leaves stand for them.
            let m1 = max(lower, root)
            if doubled == nil, upper > m1 {
              let n = table[upper] &- table[m1]
              let lowest = xp / upper
              sum &+= n &* lookup[atLeastTwo: lowest]
              values &+= n
              let below = table[m1]
              lookup.forEachOddPrime(after: lowest, through: xp / (m1 + 1)) { q in
                sum &+= table[atLeastTwo: fastDivide(xp, q)] &- below
              }
            }
            // Each leaf's − b + 2.
            sum &+= (table[upper] &- table[lower]) &* (2 &- b)
            // m composite: m > p_b², and rarely below the upper bound.
            let threshold = FactorTable.threshold(b)
            var i = factors.count(upTo: max(lower, prime * prime))
            let end = factors.count(upTo: upper)
            while i < end {
              let value = factors[index: i]
              // Square-free, with prime factors above p_b, and not a prime above √y (those
              // were summed above). A prime up to √y holds its index, not ``prime``, and never
              // comes here: m > max(x/p_b³, p_b²) would need y above x^(4/5) to reach √y.
              if value > threshold, value != FactorTable.prime {
                let mu = FactorTable.mu(value)
                sum &-= mu &* (lookup[atLeastTwo: xp / factors.number(at: i)] &- b &+ 2)
                values &-= mu
              }
              i += 1
            }
            sums.c &+= sum
            sums.cValues &+= values
          }
        }
      }
    }
  }

  /// The primes m of p_b's sparse leaves whose leaves are counted twice, (after, through], when
  /// they stand for its clustered leaves too.
  ///
  /// The clustered leaves of p_b, its prime m in (a, t] with a = √(x/p_b) and
  /// t = min(x/p_b², y), add up by Gourdon's inversion (the pairs of primes q·m ≤ x/p_b, counted
  /// by q instead of by m) to
  ///
  ///     Σ π(x/(p_b·m)) = π(x/(p_b·t))·(π(t) − π(a)) + Σ (π(x/(p_b·q)) − π(a))
  ///
  /// over the primes q in (x/(p_b·t), x/(p_b·(a + 1))]. Where p_b² ≥ t, each such q is also a
  /// prime m of p_b's sparse leaves, whose π(x/(p_b·q)) is read anyway: counting that leaf twice
  /// sums the clustered leaves with no lookups of their own, and ``clusteredRemainder()`` adds
  /// the rest once. Nil where p_b has no clustered leaves (t ≤ a), or where p_b² < t: the q up
  /// to x/p_b³ are then D's m, not C's, and the windows sum the clustered leaves themselves.
  /// (At the α this engine uses, t is y wherever p_b² ≥ t.)
  @inline(__always)
  func doubledLeaves(prime: Int, xp: Int, root: Int) -> (after: Int, through: Int)? {
    let top = min(xp / prime, y)
    guard top > root, prime * prime >= top else { return nil }
    return (xp / top, xp / (root + 1))
  }

  /// What the clustered leaves add beside the sparse leaves that ``doubledLeaves(prime:xp:root:)``
  /// counts twice, for every p_b it applies to: π(x/(p_b·t))·(π(t) − π(a)) − π(a)·(π(x/(p_b·(a +
  /// 1))) − π(x/(p_b·t))), from the π table up to y.
  func clusteredRemainder() -> Int {
    guard k < piXStar else { return 0 }
    var sum = 0
    for b in (k + 1)...piXStar {
      let prime = Int(primes[b])
      let xp = x / prime
      let root = integerSquareRoot(xp)
      guard let (after, through) = doubledLeaves(prime: prime, xp: xp, root: root) else { continue }
      let piRoot = piTable[root]
      let piAfter = piTable[after]
      sum &+= piAfter &* (piTable[min(xp / prime, y)] &- piRoot)
      sum &-= piRoot &* (piTable[through] &- piAfter)
    }
    return sum
  }
}
