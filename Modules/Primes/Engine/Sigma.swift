extension Gourdon {
  /// Σ, what the other terms leave of π(x): closed forms and a few sums of π lookups.
  ///
  /// With a = π(y), b = π(∛x), c = π(√(x/y)) and d = π(x*), and p_i the i-th prime:
  ///
  ///     Σ0 = a − 1 + π(√x)·(π(√x) − 1)/2 − a·(a − 1)/2
  ///     Σ1 = (a − b)·(a − b − 1)/2
  ///     Σ2 = a·(b − c − c·(c − 3)/2 + d·(d − 3)/2)
  ///     Σ3 = b·(b − 1)·(2b − 1)/6 − b − d·(d − 1)·(2d − 1)/6 + d
  ///     Σ4 = a·Σ π(x/(p_i·y)),  d < i ≤ c
  ///     Σ5 = Σ π(x/p_i²),  c < i ≤ b
  ///     Σ6 = −Σ π(√(x/p_i))²,  d < i ≤ b
  ///     Σ = Σ0 + Σ1 + Σ2 + Σ3 + Σ4 + Σ5 + Σ6
  ///
  /// Σ0 holds the −π(p) + 1 of each P2 leaf π(x/p) − π(p) + 1 whose π(x/p) is in B; the others
  /// hold the −b + 2 of the leaves in A and C and the leaves of A with q > √(x/p), summed in
  /// closed form. The products are taken in 128 bits, since they are divided. π(√x) comes from
  /// the pass over the π table's windows, which reach √x; the other π values from the table up
  /// to max(y, √(x/x*)).
  func sigma(piSqrtX: Int) -> Int {
    let a = Int128(piY)
    let b = Int128(piX13)
    let c = Int128(piSqrtLimit)
    let d = Int128(piXStar)
    let piSqrtX = Int128(piSqrtX)
    let sigma0 = a - 1 + piSqrtX * (piSqrtX - 1) / 2 - a * (a - 1) / 2
    let sigma1 = (a - b) * (a - b - 1) / 2
    let sigma2 = a * (b - c - c * (c - 3) / 2 + d * (d - 3) / 2)
    let sigma3 = b * (b - 1) * (2 * b - 1) / 6 - b - d * (d - 1) * (2 * d - 1) / 6 + d
    var sigma4: Int128 = 0
    for i in stride(from: piXStar + 1, through: piSqrtLimit, by: 1) {
      sigma4 += Int128(piTable[x / (Int(primes[i]) * y)])
    }
    sigma4 *= a
    var sigma5: Int128 = 0
    for i in stride(from: piSqrtLimit + 1, through: piX13, by: 1) {
      let p = Int(primes[i])
      sigma5 += Int128(piTable[x / (p * p)])
    }
    var sigma6: Int128 = 0
    for i in stride(from: piXStar + 1, through: piX13, by: 1) {
      let pi = Int128(piTable[integerSquareRoot(x / Int(primes[i]))])
      sigma6 -= pi * pi
    }
    return Int(sigma0 + sigma1 + sigma2 + sigma3 + sigma4 + sigma5 + sigma6)
  }
}
