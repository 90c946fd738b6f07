extension Gourdon {
  /// C's leaves, the easy special leaves, whose π value lies in the window of the π table:
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
            // m prime: μ = −1, so each leaf adds π(x/(p_b·m)) − b + 2. Up to √(x/p_b), where
            // the leaves' values are further apart than the m, one m at a time: from the list of
            // primes and their reciprocals as far as it goes, then from the π table's bits.
            let root = integerSquareRoot(xp)
            let listed = min(upper, root, qLimit)
            var l = table[listed]
            let lMin = table[lower]
            while l > lMin {
              sum &+= lookup[atLeastTwo: divide(xp, by: Int(primes[l]), magic: reciprocals[l])]
              values &+= 1
              l &-= 1
            }
            table.forEachOddPrime(after: max(lower, listed), through: min(upper, root)) { m in
              sum &+= lookup[atLeastTwo: fastDivide(xp, m)]
              values &+= 1
            }
            // Above √(x/p_b), where many m share a value, by the primes q of the values instead:
            // π(x/(p_b·m)) counts the q with q·m ≤ x/p_b, so the sum over the m in (m1, m2] is
            // n·π(x/(p_b·m2)), n the number of those m, plus for each q in
            // (x/(p_b·m2), x/(p_b·(m1 + 1))] the m in (m1, m2] with q·m ≤ x/p_b.
            let m1 = max(lower, root)
            if upper > m1 {
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
}
