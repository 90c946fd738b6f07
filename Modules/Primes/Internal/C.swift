extension Gourdon {
  /// C, the easy special leaves, for the b in `range` (k < b ≤ π(x*)):
  ///
  ///     C = Σ Σ −μ(m)·(π(x/(p_b·m)) − b + 2)
  ///
  /// over the square-free m with lpf(m) > p_b and max(p_b, x/p_b³) < m ≤ min(x/p_b², y). Then
  /// p_b ≤ x/(p_b·m) < p_b², so the numbers up to x/(p_b·m) that no prime below p_b divides
  /// are 1 and the primes from p_b on: φ(x/(p_b·m), b − 1) = π(x/(p_b·m)) − b + 2, read from
  /// the π table.
  func c(_ range: ClosedRange<Int>, shouldStop: () -> Bool) -> Int {
    sum(over: range, shouldStop: shouldStop) { b, lookups in
      let (primes, inverses, pi) = (lookups.primes, lookups.inverses, lookups.pi)
      let prime = Int(primes[b])
      let xp = x / prime
      let upper = min(xp / prime, y)
      let lower = max(xp / (prime * prime), prime)
      guard upper > lower else { return 0 }
      var sum = 0
      // m prime: μ = −1, so each leaf adds π(x/(p_b·m)) − b + 2.
      var l = pi[upper]
      let lMin = pi[lower]
      while l > lMin {
        sum &+= pi[divide(xp, Int(primes[l]), inverses[l])] &- b &+ 2
        l &-= 1
      }
      // m composite: m > p_b², and rarely below the upper bound.
      let threshold = FactorTable.threshold(Int32(prime))
      var i = factors.count(upTo: max(lower, prime * prime))
      let end = factors.count(upTo: upper)
      while i < end {
        let value = factors[index: i]
        let m = factors.number(at: i)
        // Square-free, with prime factors above p_b, and not prime: the primes were above.
        if value > threshold, FactorTable.leastFactor(value) != m {
          sum &-= FactorTable.mu(value) &* (pi[xp / m] &- b &+ 2)
        }
        i += 1
      }
      return sum
    }
  }
}
