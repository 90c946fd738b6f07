extension Gourdon {
  /// Φ0, the ordinary leaves:
  ///
  ///     Φ0 = Σ μ(n)·φ(x/n, k)
  ///
  /// over the square-free n ≤ y whose prime factors all exceed p_k = 13, where φ(x, k) counts
  /// the n ≤ x that none of the first k primes divides. ``PhiTiny`` gives φ(·, k) in constant
  /// time, and the factor table gives μ(n) and the least prime factor of n.
  func phi0(threads: Int = 1, workLog: WorkLog? = nil) -> Int {
    let threshold = FactorTable.threshold(k)
    // n ≤ y with no prime factor up to 13: among the table's numbers, which have none up to 7;
    // 2^18 of them a piece.
    let pieceEntries = 1 << 18
    let pieces = (factors.count + pieceEntries - 1) / pieceEntries
    let sums = Locked([Int](repeating: 0, count: pieces))
    runPiecesToEnd(pieces, threads: threads, workLog: workLog) { piece in
      var sum = 0
      for i in (piece * pieceEntries)..<min((piece + 1) * pieceEntries, factors.count) {
        let value = factors[index: i]
        if value > threshold {
          sum &+= FactorTable.mu(value) &* phiTiny(x / factors.number(at: i))
        }
      }
      sums.withLock { $0[piece] = sum }
    }
    return sums.withLock { $0.reduce(0, &+) }
  }
}
