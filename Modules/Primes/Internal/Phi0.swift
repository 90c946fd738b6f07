extension Gourdon {
  /// Φ0, the ordinary leaves:
  ///
  ///     Φ0 = Σ μ(n)·φ(x/n, k)
  ///
  /// over the square-free n ≤ y whose prime factors all exceed p_k = 13, where φ(x, k) counts
  /// the n ≤ x that none of the first k primes divides. ``PhiTiny`` gives φ(·, k) in constant
  /// time, and the factor table gives μ(n) and the least prime factor of n.
  func phi0() -> Int {
    let threshold = FactorTable.threshold(primes[k])
    var sum = 0
    // n ≤ y with no prime factor up to 13: among the table's numbers, which have none up to 7.
    for i in 0..<factors.count {
      let value = factors[index: i]
      if value > threshold {
        sum &+= FactorTable.mu(value) &* phiTiny(x / factors.number(at: i))
      }
    }
    return sum
  }
}
