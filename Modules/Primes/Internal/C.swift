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
  func c(window pi: SegmentedPiTable, sums: inout LookupSums) {
    let (low, high) = (pi.low, pi.high)
    // low < p_b², and x/(p_b·y) < high, so x/(high·y) < p_b.
    let first =
      max(k, piTable[min(xStar, integerSquareRoot(low))], piTable[min(xStar, x / high / y)]) + 1
    guard first <= piXStar else { return }
    let lookup = pi.lookup
    primes.withUnsafeBufferPointer { primes in
      inverses.withUnsafeBufferPointer { inverses in
        for b in first...piXStar {
          let prime = Int(primes[b])
          let xp = x / prime
          let upper = min(xp / prime, y, low == 0 ? y : xp / low)
          let lower = max(xp / (prime * prime), prime, xp / high)
          guard upper > lower else { continue }
          var sum = 0
          var values = 0
          // m prime: μ = −1, so each leaf adds π(x/(p_b·m)) − b + 2.
          var l = piTable[upper]
          let lMin = piTable[lower]
          values &+= l &- lMin
          while l > lMin {
            sum &+= lookup[atLeastTwo: divide(xp, Int(primes[l]), inverses[l])] &- b &+ 2
            l &-= 1
          }
          // m composite: m > p_b², and rarely below the upper bound.
          let threshold = FactorTable.threshold(b)
          var i = factors.count(upTo: max(lower, prime * prime))
          let end = factors.count(upTo: upper)
          while i < end {
            let value = factors[index: i]
            // Square-free, with prime factors above p_b, and not prime: the primes were above.
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
