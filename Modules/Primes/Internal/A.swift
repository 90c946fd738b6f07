extension Gourdon {
  /// A, for the b in `range` (π(x*) < b ≤ π(∛x)):
  ///
  ///     A = Σ Σ (1 + [x/(p_b·q) < y])·π(x/(p_b·q)),  x* < p_b ≤ ∛x,  p_b < q ≤ √(x/p_b)
  ///
  /// over the primes q: the leaves φ(x/(p_b·q), b − 1) = π(x/(p_b·q)) − b + 2, whose − b + 2
  /// is summed in closed form in Σ, as are the leaves with larger q. A leaf whose x/(p_b·q) is
  /// below y counts twice, which makes up for Σ's closed form.
  func a(_ range: ClosedRange<Int>, shouldStop: () -> Bool) -> Int {
    sum(over: range, shouldStop: shouldStop) { b, lookups in
      let (primes, inverses, pi) = (lookups.primes, lookups.inverses, lookups.pi)
      let xp = x / Int(primes[b])
      let last = pi[integerSquareRoot(xp)]
      // x/(p_b·q) ≥ y exactly when q ≤ x/(p_b·y).
      let middle = min(last, pi[xp / y])
      var once = 0
      var j = b + 1
      while j <= middle {
        once &+= pi[divide(xp, Int(primes[j]), inverses[j])]
        j &+= 1
      }
      var twice = 0
      while j <= last {
        twice &+= pi[divide(xp, Int(primes[j]), inverses[j])]
        j &+= 1
      }
      return once &+ 2 &* twice
    }
  }
}
