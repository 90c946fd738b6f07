extension Gourdon {
  /// One piece of the parallel work: a range of b for the lookups of A or C, or a range of the
  /// sieve of [1, x/y] for D and B.
  enum Piece: Equatable {
    case c(ClosedRange<Int>)
    case a(ClosedRange<Int>)
    case sieve(low: Int, high: Int)
  }

  /// The pieces of the work, in the order they are handed out, with the estimated cost of
  /// each, in about the time of one turn of D's loop over m.
  struct Layout {
    var pieces: [Piece]
    var costs: [Double]
    /// How many pieces, from the first, are the sieve's: they are stitched together in order.
    var sieveChunks: Int
    var total: Double { costs.reduce(0, +) }
  }

  /// Estimated costs relative to one turn of D's loop over m, fitted to the time of each piece
  /// measured on one thread at x = 10^16 and 10^17.
  enum Cost {
    /// A number of the sieve's range: crossing off, counting and B.
    static let sieveNumber = 0.16
    /// A leaf of A: a division and a lookup in the π table.
    static let aLeaf = 1.0
    /// A turn of C's loops: the same, or a look at the factor table.
    static let cLeaf = 1.15
    /// The least cost a piece is cut to: about half a millisecond.
    static let smallestPiece = 75_000.0
    /// Numbers in a block of the sieve's counters: chunks start and end on them.
    static let grain = SegmentSieve.numbers(inBytes: 8 << Gourdon.counterShift)
  }

  /// Cuts the work into pieces of about equal estimated cost, small enough that `threads`
  /// threads finish at about the same time: the sieve's chunks first, in order, since each is
  /// stitched to those before it, then the lookups, costliest first, in pieces half the size.
  /// No piece is estimated at more than 1% of the whole, unless the whole is so small (about
  /// 50 ms) that pieces of 1% would cost less than their setup.
  func layout(threads: Int) -> Layout {
    let sieve = SieveCost(self)
    let end = sieveLimit + 1
    let sieveTotal = sieve.cost(below: end)
    var lookups: [(piece: Piece, cost: Double)] = []
    let cCosts = k + 1 <= piXStar ? ((k + 1)...piXStar).map { cLeaves($0) * Cost.cLeaf } : []
    let aCosts =
      piXStar + 1 <= piX13 ? ((piXStar + 1)...piX13).map { aLeaves($0) * Cost.aLeaf } : []
    let total = sieveTotal + cCosts.reduce(0, +) + aCosts.reduce(0, +)
    // Small questions in a few pieces: each costs some setup (a chunk's counts, a segment's
    // crossing off), which pieces of less than about half a millisecond do not repay.
    let target = max(Cost.smallestPiece, total / Double(max(100, threads * 24)))

    var pieces: [Piece] = []
    var costs: [Double] = []
    let numbersPerSegment = SegmentSieve.numbers(inBytes: segmentBytes)
    var low = 0
    var lowCost = 0.0
    var previousWidth = 1
    while low < end {
      // The last end of a grain whose cost from `low` stays within the target (the first
      // grain's end if none does), to within 1/64 of the chunk: found by doubling from twice
      // the previous chunk's width, then halving.
      let lowGrain = low / Cost.grain
      let endGrain = (end + Cost.grain - 1) / Cost.grain
      func withinTarget(_ grain: Int) -> Bool {
        sieve.cost(below: min(grain * Cost.grain, end)) - lowCost <= target
      }
      var lo = lowGrain + 1
      var hi = endGrain + 1
      var probe = min(lowGrain + 2 * previousWidth, endGrain)
      while probe > lo {
        if !withinTarget(probe) {
          hi = probe
          break
        }
        lo = probe
        probe = min(lowGrain + 2 * (probe - lowGrain), endGrain)
      }
      while hi - lo > max(1, (lo - lowGrain) / 64) {
        let mid = (lo + hi) / 2
        if withinTarget(mid) { lo = mid } else { hi = mid }
      }
      previousWidth = lo - lowGrain
      var high = min(lo * Cost.grain, end)
      // Chunks of a segment or more end on a segment's end, so that only the small chunks at
      // the start sieve segments shorter than the sieve.
      if high - low >= numbersPerSegment, high < end {
        let rounded = high / numbersPerSegment * numbersPerSegment
        if rounded > low { high = rounded }
      }
      let highCost = sieve.cost(below: high)
      pieces.append(.sieve(low: low, high: high))
      costs.append(highCost - lowCost)
      low = high
      lowCost = highCost
    }
    let sieveChunks = pieces.count

    func cut(_ first: Int, _ costs: [Double], _ make: (ClosedRange<Int>) -> Piece) {
      var start = 0
      var sum = 0.0
      for (i, cost) in costs.enumerated() {
        sum += cost
        if sum >= target / 2 || i == costs.count - 1 {
          lookups.append((make((first + start)...(first + i)), sum))
          start = i + 1
          sum = 0
        }
      }
    }
    cut(k + 1, cCosts) { .c($0) }
    cut(piXStar + 1, aCosts) { .a($0) }
    lookups.sort { $0.cost > $1.cost }
    pieces += lookups.map(\.piece)
    costs += lookups.map(\.cost)
    return Layout(pieces: pieces, costs: costs, sieveChunks: sieveChunks)
  }

  /// The turns of A's loop for p_b: the primes q with p_b < q ≤ √(x/p_b).
  func aLeaves(_ b: Int) -> Double {
    let xp = x / Int(primes[b])
    return Double(max(0, piTable[integerSquareRoot(xp)] - b))
  }

  /// The turns of C's loops for p_b: the primes m in its range, and the numbers the factor
  /// table holds from p_b² on.
  func cLeaves(_ b: Int) -> Double {
    let prime = Int(primes[b])
    let xp = x / prime
    let upper = min(xp / prime, y)
    let lower = max(xp / (prime * prime), prime)
    guard upper > lower else { return 0 }
    let composites = max(
      0, factors.count(upTo: upper) - factors.count(upTo: max(lower, prime * prime)))
    return Double(piTable[upper] - piTable[lower] + composites)
  }

  /// The estimated cost of sieving [0, v) with D's leaves there: the numbers, and for each
  /// p_b the turns of D's loop over the m whose leaf x/(p_b·m) is below v.
  struct SieveCost {
    let xp: [Int]
    let upper: [Int]
    let lower: [Int]
    let hard: [Bool]
    /// For each p_b, the index of its upper bound in the factor table, or π of it.
    let upperCount: [Int]
    let factors: FactorTable
    let piTable: PiTable

    init(_ engine: Gourdon) {
      var xp: [Int] = []
      var upper: [Int] = []
      var lower: [Int] = []
      var hard: [Bool] = []
      let last = min(engine.piXStar, engine.piSqrtLimit)
      if engine.k + 1 <= last {
        for b in (engine.k + 1)...last {
          let prime = Int(engine.primes[b])
          let quotient = engine.x / prime
          let high = min(quotient / (prime * prime), engine.y)
          let low = max(engine.y / prime, prime)
          guard high > low else { continue }
          xp.append(quotient)
          upper.append(high)
          lower.append(low)
          hard.append(prime * prime < high)
        }
      }
      (self.xp, self.upper, self.lower, self.hard) = (xp, upper, lower, hard)
      factors = engine.factors
      piTable = engine.piTable
      upperCount = upper.indices.map { [factors, piTable] i in
        hard[i] ? factors.count(upTo: upper[i]) : piTable[upper[i]]
      }
    }

    func cost(below v: Int) -> Double {
      guard v > 0 else { return 0 }
      var leaves = 0
      // An estimate: x/(p_b·v) through floating point, without a division per b.
      let inverse = 1 / Double(v)
      piTable.withLookup { pi in
        for i in xp.indices {
          // The leaves below v: those with m > x/(p_b·v).
          let m = min(max(Int(Double(xp[i]) * inverse), lower[i]), upper[i])
          leaves &+= upperCount[i] &- (hard[i] ? factors.count(upTo: m) : pi[m])
        }
      }
      return Double(v) * Cost.sieveNumber + Double(leaves)
    }
  }
}
