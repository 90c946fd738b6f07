extension Gourdon {
  /// D, the hard special leaves of p_b (k < b ≤ π(x*)) whose m lies in (lower, upper], on the
  /// sieve's current segment:
  ///
  ///     D = Σ Σ −μ(m)·φ(x/(p_b·m), b − 1)
  ///
  /// over the square-free m with lpf(m) > p_b and y/p_b < m ≤ min(x/p_b³, y), where
  /// φ(x/(p_b·m), b − 1) counts the n ≤ x/(p_b·m) that none of the first b − 1 primes
  /// divides. The sieve has crossed off those primes, so φ is what it has left standing up to
  /// x/(p_b·m): its count in this segment, plus `result.phi[b]`, the count of the chunk's
  /// earlier segments. The count of the chunks before is added through `coefficients`.
  func d(
    b: Int, xp: Int, upper: Int, lower: Int, sieve: SegmentSieve, result: inout ChunkResult
  ) {
    let prime = Int(primes[b])
    if prime * prime < upper {
      hardLeaves(b: b, xp: xp, upper: upper, lower: lower, sieve: sieve, result: &result)
    } else {
      primeLeaves(b: b, xp: xp, upper: upper, lower: lower, sieve: sieve, result: &result)
    }
  }

  /// The leaves of p_b with any square-free m in (lower, upper], from the factor table.
  ///
  /// The m are taken a batch at a time: first the indices of those whose prime factors all
  /// exceed p_b, picked without a branch (each index is written, and the count of picked ones
  /// moves on only for those), then their quotients, which do not depend on one another, then
  /// the sieve's counts in increasing order. Tested one at a time, the pick was a branch that
  /// went either way at random.
  private func hardLeaves(
    b: Int, xp: Int, upper: Int, lower: Int, sieve: SegmentSieve, result: inout ChunkResult
  ) {
    // The m in (lower, upper] that none of 2, 3, 5, 7 divides, by their index in the table.
    var i = factors.count(upTo: upper) - 1
    let first = factors.count(upTo: lower)
    var coefficient = 0
    var local = 0
    sieve.startCounting()
    let threshold = FactorTable.threshold(b)
    let batch = Self.leafBatch
    factors.withUnsafeValues { values in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: batch) { picked in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: batch) { quotients in
          while i >= first {
            var n = 0
            let stop = max(first, i &- batch &+ 1)
            while i >= stop {
              picked[n] = i
              n &+= values[i] > threshold ? 1 : 0
              i &-= 1
            }
            for j in 0..<n {
              // The quotient through floating point: a table of 1/m beside the factor table
              // would double its memory and, measured side by side, saved no time.
              quotients[j] = fastDivide(xp, factors.number(at: picked[j]))
            }
            for j in 0..<n {
              // μ(m) = 1 makes the leaf count −φ; μ(m) = −1, +φ.
              let mu = FactorTable.mu(values[picked[j]])
              local &-= mu &* sieve.count(upTo: quotients[j])
              coefficient &-= mu
            }
          }
        }
      }
    }
    result.d &+= local &+ coefficient &* result.phi[b]
    result.coefficients[b] += coefficient
  }

  /// How many of D's m are taken at a time, their quotients worked out before their counts:
  /// the factor table's entries looked at in `hardLeaves`, the prime m in `primeLeaves`; the
  /// capacity of the buffers that hold them, at least 1.
  static let leafBatch = 128

  /// The leaves of p_b with a prime m in (lower, upper], where no composite m fits, m
  /// downward: from the π table's bits above the list of primes, then from the list and its
  /// reciprocals. As for the other leaves, a batch of quotients is worked out before their
  /// counts, so that a division does not wait on a count's branches.
  private func primeLeaves(
    b: Int, xp: Int, upper: Int, lower: Int, sieve: SegmentSieve, result: inout ChunkResult
  ) {
    let leaves = piTable[upper] - piTable[lower]
    // μ(m) = −1 for a prime: each leaf counts +φ.
    result.coefficients[b] += leaves
    result.d &+= leaves &* result.phi[b]
    sieve.startCounting()
    var local = 0
    let listed = max(lower, min(upper, qLimit))
    let batch = Self.leafBatch
    withUnsafeTemporaryAllocation(of: Int.self, capacity: batch) { quotients in
      piTable.withLookup { pi in
        var walk = pi.primes(below: upper + 1)
        var m = pi.next(&walk)
        while m > listed {
          var n = 0
          repeat {
            quotients[n] = fastDivide(xp, m)
            n &+= 1
            m = pi.next(&walk)
          } while m > listed && n < batch
          for j in 0..<n { local &+= sieve.count(upTo: quotients[j]) }
        }
      }
      var l = piTable[listed]
      let lMin = piTable[lower]
      reciprocals.withUnsafeBufferPointer { reciprocals in
        while l > lMin {
          var n = 0
          repeat {
            quotients[n] = divide(xp, by: Int(primes[l]), magic: reciprocals[l])
            n &+= 1
            l &-= 1
          } while l > lMin && n < batch
          for j in 0..<n { local &+= sieve.count(upTo: quotients[j]) }
        }
      }
    }
    result.d &+= local
  }
}
