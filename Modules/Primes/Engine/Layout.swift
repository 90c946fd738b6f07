extension Gourdon {
  /// One piece of the parallel work: a range of the π table's values for the leaves of A and C
  /// that read them, or a range of the sieve of [1, x/y] for D and B.
  enum Piece: Equatable {
    case lookups(low: Int, high: Int)
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
  /// measured on one thread: the sieve's at x = 10^16 and 10^17, the π table's windows' at
  /// 10^16.
  enum Cost {
    /// A number of the sieve's range: crossing off, counting and B.
    static let sieveNumber = 0.16
    /// A number of the range of B's primes, sieved into a window of the π table.
    static let bNumber = 0.03
    /// A leaf of A: a division and a lookup in the π table.
    static let aLeaf = 0.6
    /// A turn of C's loops over m, counted as if each m were read on its own: the same, or a
    /// look at the factor table. The m above √(x/p_b), summed by the primes of their values,
    /// cost less than a turn each, and the fit takes that in; where the sparse leaves stand for
    /// them (``Gourdon/doubledLeaves(prime:xp:root:)``), they are not counted.
    static let cLeaf = 0.7
    /// A number of the π table's windows, sieved.
    static let windowNumber = 0.17
    /// A window's look at one p_b of A or C: the bounds of its leaves there.
    static let windowVisit = 6.0
    /// The least cost a piece is cut to: about half a millisecond.
    static let smallestPiece = 75_000.0
    /// The least cost a piece is cut to on one thread, which has no finish to balance and cuts
    /// pieces only to report its progress: six times the least on several, 1.5 to 3 ms, so that
    /// a count long enough for a progress bar to show (`TerminalProgress` waits 300 ms) still
    /// reports in steps of 1%. Each piece costs its setup.
    static let smallestPieceOnOneThread = 450_000.0
    /// Numbers in a block of the sieve's counters: chunks start and end on them.
    static let grain = SegmentSieve.numbers(inBytes: SegmentSieve.counterBytes)
  }

  /// Cuts the work into pieces of about equal estimated cost, small enough that `threads`
  /// threads finish at about the same time: the sieve's chunks first, in order, since each is
  /// stitched to those before it, then the pieces of the π table, costliest first, half the
  /// size. No piece is estimated at more than 1% of the whole, unless the whole is so small
  /// (about 50 ms) that pieces of 1% would cost less than their setup, or, on one thread, so
  /// small (150 to 300 ms) that no progress bar would show its steps.
  func layout(threads: Int) -> Layout {
    let sieve = SieveCost(self)
    let lookups = LookupCost(self)
    let sieveEnd = sieveLimit + 1
    let lookupEnd = sqrtX + 1
    let total = sieve.cost(below: sieveEnd) + lookups.cost(below: lookupEnd)
    // Small questions in a few pieces: each costs some setup (a chunk's counts, a segment's
    // crossing off), which pieces of less than about half a millisecond do not repay.
    let smallest = threads == 1 ? Cost.smallestPieceOnOneThread : Cost.smallestPiece
    let target = max(smallest, total / Double(max(100, threads * 24)))

    let chunks = Self.cut(
      end: sieveEnd, grain: Cost.grain, segment: SegmentSieve.numbers(inBytes: segmentBytes),
      target: target, cost: sieve.cost(below:))
    var pieces = chunks.map { Piece.sieve(low: $0.low, high: $0.high) }
    var costs = chunks.map(\.cost)
    let windows = Self.cut(
      end: lookupEnd, grain: 128, segment: SegmentedPiTable.capacity, target: target / 2,
      cost: lookups.cost(below:)
    ).sorted { $0.cost > $1.cost }
    pieces += windows.map { Piece.lookups(low: $0.low, high: $0.high) }
    costs += windows.map(\.cost)
    return Layout(pieces: pieces, costs: costs, sieveChunks: chunks.count)
  }

  /// Cuts [0, end) into ranges whose cost, `cost(v)` being that of [0, v), stays within
  /// `target`, each a whole number of grains but the last; a range of a segment or more ends on
  /// a segment's end, so that only the small ranges, where the cost is dense, work on segments
  /// shorter than the sieve's. The ends are found by doubling from twice the previous range's
  /// width, then halving, to within 1/64 of the range.
  static func cut(
    end: Int, grain: Int, segment: Int, target: Double, cost: (Int) -> Double
  ) -> [(low: Int, high: Int, cost: Double)] {
    var ranges: [(low: Int, high: Int, cost: Double)] = []
    var low = 0
    var lowCost = 0.0
    var previousWidth = 1
    let endGrain = (end + grain - 1) / grain
    while low < end {
      // The last end of a grain whose cost from `low` stays within the target (the first
      // grain's end if none does).
      let lowGrain = low / grain
      func withinTarget(_ g: Int) -> Bool { cost(min(g * grain, end)) - lowCost <= target }
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
      var high = min(lo * grain, end)
      if high - low >= segment, high < end {
        let rounded = high / segment * segment
        if rounded > low { high = rounded }
      }
      let highCost = cost(high)
      ranges.append((low, high, highCost - lowCost))
      low = high
      lowCost = highCost
    }
    return ranges
  }

  /// The estimated cost of the π table's windows over [0, v), with A's and C's leaves whose
  /// values lie there: the numbers sieved, the turns of the loops over q and m, and each
  /// window's look at the p_b whose leaves it may hold. Taken from a sample of the p_b, at
  /// most 32 of A's and 32 of C's, each standing for the run of p_b around it: a piece's cost
  /// is an estimate anyway, and the layout evaluates this often.
  struct LookupCost {
    struct Sample {
      /// How many p_b it stands for.
      var weight: Double
      var xp: Int
      /// The leaves' q or m lie in (lowest, highest].
      var lowest: Int
      var highest: Int
      /// π(highest), and for C the index of the first of its composite m beyond the table.
      var primesEnd: Int
      var compositesEnd = 0
      /// C's composite m are above this.
      var compositesFloor = 0
      /// The values the windows that look at this p_b span.
      var visits: Range<Int>
      var cost: Double
    }

    let samples: [Sample]
    let factors: FactorTable
    let piTable: PiTable

    init(_ engine: Gourdon) {
      let (x, y) = (engine.x, engine.y)
      func sampled(_ range: ClosedRange<Int>, _ sample: (Int) -> Sample?) -> [Sample] {
        let stride = max(1, (range.count + 31) / 32)
        return Swift.stride(from: range.lowerBound, through: range.upperBound, by: stride)
          .compactMap { first in
            let run = first...min(first + stride - 1, range.upperBound)
            guard var sample = sample((run.lowerBound + run.upperBound) / 2) else { return nil }
            sample.weight = Double(run.count)
            return sample
          }
      }
      let piTable = engine.piTable
      let factors = engine.factors
      var samples: [Sample] = []
      if engine.piXStar + 1 <= engine.piX13 {
        samples += sampled((engine.piXStar + 1)...engine.piX13) { b in
          // A: p_b < q ≤ √(x/p_b), with values from √(x/p_b) to x/p_b².
          let prime = Int(engine.primes[b])
          let xp = x / prime
          let root = integerSquareRoot(xp)
          guard root > prime else { return nil }
          return Sample(
            weight: 1, xp: xp, lowest: prime, highest: root, primesEnd: piTable[root],
            visits: root..<(xp / prime + 1), cost: Cost.aLeaf)
        }
      }
      if engine.k + 1 <= engine.piXStar {
        samples += sampled((engine.k + 1)...engine.piXStar) { b in
          // C: max(p_b, x/p_b³) < m ≤ min(x/p_b², y), with values from x/(p_b·y) to p_b²; but
          // no m above √(x/p_b) where the sparse leaves stand for the clustered ones.
          let prime = Int(engine.primes[b])
          let xp = x / prime
          let root = integerSquareRoot(xp)
          let notDoubled = engine.doubledLeaves(prime: prime, xp: xp, root: root) == nil
          let upper = min(xp / prime, y, notDoubled ? y : root)
          let lower = max(xp / (prime * prime), prime)
          let visits = (xp / y)..<max(xp / y, prime * prime)
          guard upper > lower else {
            return Sample(
              weight: 1, xp: xp, lowest: 0, highest: 0, primesEnd: 0, visits: visits, cost: 0)
          }
          return Sample(
            weight: 1, xp: xp, lowest: lower, highest: upper, primesEnd: piTable[upper],
            compositesEnd: factors.count(upTo: upper),
            compositesFloor: max(lower, prime * prime), visits: visits, cost: Cost.cLeaf)
        }
      }
      self.samples = samples
      self.factors = factors
      self.piTable = piTable
    }

    func cost(below v: Int) -> Double {
      guard v > 0 else { return 0 }
      var leaves = 0.0
      var visits = 0.0
      // The leaves below v: those with q or m above x/(p_b·v), an estimate through floating
      // point.
      let inverse = 1 / Double(v)
      piTable.withLookup { pi in
        for sample in samples {
          let visited = min(v, sample.visits.upperBound) - sample.visits.lowerBound
          visits += sample.weight * Double(max(0, visited))
          guard sample.cost > 0 else { continue }
          let m = min(max(Int(Double(sample.xp) * inverse), sample.lowest), sample.highest)
          var turns = sample.primesEnd - pi[m]
          if sample.compositesEnd > 0 {
            turns += max(
              0, sample.compositesEnd - factors.count(upTo: max(m, sample.compositesFloor)))
          }
          leaves += sample.weight * sample.cost * Double(turns)
        }
      }
      return Double(v) * Cost.windowNumber + leaves
        + visits * Cost.windowVisit / Double(SegmentedPiTable.capacity)
    }
  }

  /// The estimated cost of sieving [0, v) with D's leaves there: the numbers, for each p_b the
  /// turns of D's loop over the m whose leaf x/(p_b·m) is below v, and B's primes p whose x/p
  /// is below v, sieved a window at a time.
  struct SieveCost {
    let xp: [Int]
    let upper: [Int]
    let lower: [Int]
    let hard: [Bool]
    /// For each p_b, the index of its upper bound in the factor table, or π of it.
    let upperCount: [Int]
    let factors: FactorTable
    let piTable: PiTable
    let x: Int
    /// B's primes lie in (y, √x].
    let bPrimes: ClosedRange<Int>

    init(_ engine: Gourdon) {
      x = engine.x
      bPrimes = engine.y...max(engine.y, engine.sqrtX)
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
      // B's primes above x/v.
      let bRange = bPrimes.upperBound - min(max(x / v, bPrimes.lowerBound), bPrimes.upperBound)
      return Double(v) * Cost.sieveNumber + Double(leaves) + Double(bRange) * Cost.bNumber
    }
  }
}
