import Foundation
import Synchronization

/// π(x) by Xavier Gourdon's refinement of the Deleglise-Rivat algorithm, in
/// O(x^(2/3) / log² x) time, for any x from 10^5 to `Int.max`.
///
/// π(x) = A − B + C + D + Φ0 + Σ, with y = α·∛x, k = 6 (the primes 2 … 13, which a table
/// handles) and x* = max(x^(1/4), x/y²). Each term has its own file, with its formula:
/// - ``phi0()``, the ordinary leaves;
/// - ``d(b:xp:upper:lower:sieve:result:)``, the hard special leaves, on a segmented sieve of
///   [1, x/y];
/// - ``c(_:shouldStop:)``, the easy special leaves, from a π table;
/// - ``a(_:shouldStop:)``, the leaves x/(p·q) with x* < p ≤ ∛x, also from a π table;
/// - ``b(segmentHigh:next:sieve:result:)``, Σ π(x/p) over y < p ≤ √x, on the same
///   sieve as D;
/// - ``sigma()``, what remains, in closed form.
///
/// The sieve pass and the table lookups are cut into pieces that any thread can take; each
/// piece of the sieve keeps its own counts, and the pieces are stitched together in order.
///
/// Sums of leaves are taken in wrapping arithmetic: it is exact modulo 2^64, and π(x) < 2^63,
/// so the total is exact even where a partial sum would not fit. Where a product is divided,
/// as in Σ's closed forms, it is taken in 128 bits.
struct Gourdon {
  let x: Int
  let y: Int
  /// The sieve runs over [1, x/y].
  let sieveLimit: Int
  let xStar: Int
  let sqrtX: Int
  let primes: [Int32]  // primes[0] = 0, primes[b] = the b-th prime, up to max(y, √(x/x*))
  let inverses: [Double]  // inverses[b] = 1 / primes[b]
  let piY: Int
  let piXStar: Int
  let piX13: Int
  let piSqrtX: Int
  let piSqrtLimit: Int
  let piTable: PiTable  // up to max(√x + 1024, x*²)
  let factors: FactorTable  // up to y
  let phiTiny = PhiTiny()
  let k = PhiTiny.c

  /// Bytes per sieve segment: 32 KiB, 983,040 numbers, unless a test asks for fewer.
  let segmentBytes: Int
  /// 64-bit words per counter of the sieve, as a power of two.
  static let counterShift = 2

  /// The six terms; π(x) is ``sum``.
  struct Terms: Equatable {
    var a = 0
    var b = 0
    var c = 0
    var d = 0
    var phi0 = 0
    var sigma = 0

    /// A − B + C + D + Φ0 + Σ.
    var sum: Int { a &- b &+ c &+ d &+ phi0 &+ sigma }
  }

  /// Prepares the tables for π(x), x ≥ 10^5 (so that x* is above p_k = 13), on up to
  /// `threads` threads. `segmentBytes` must be a multiple of 32.
  init(
    x: Int, alpha: Double? = nil, segmentBytes: Int = 1 << 15, threads: Int = 1,
    workLog: WorkLog? = nil
  ) {
    precondition(x >= 100_000, "Gourdon's algorithm is set up here for x ≥ 10^5")
    self.x = x
    self.segmentBytes = segmentBytes
    let x13 = integerCubeRoot(x)
    let sqrtX = integerSquareRoot(x)
    self.sqrtX = sqrtX
    let logX = log(Double(x))
    // α grows like log³ x; fitted by timing x from 10^7 to 10^15 on one core. Below about
    // 10^12 the fit flattens out at 3: a smaller y makes x* = x/y² and the π table larger.
    let tuned = alpha ?? max(3, 0.00095 * logX * logX * logX - 0.02 * logX * logX)
    var y = Int(tuned * Double(x13))
    y = min(max(y, x13 + 1), sqrtX - 1)
    self.y = y
    let sieveLimit = x / y
    self.sieveLimit = sieveLimit
    let sqrtLimit = integerSquareRoot(sieveLimit)
    // x* = max(x^(1/4), ⌈x / y²⌉), and no more than y or √(x/y).
    let ySquared = y * y  // y < √x
    let xOverYSquared = x / ySquared + (x % ySquared == 0 ? 0 : 1)
    let xStar = max(1, min(max(integerSquareRoot(sqrtX), xOverYSquared), y, sqrtLimit))
    self.xStar = xStar
    // The primes that the leaves and the sieve need; B's primes, up to √x, come a chunk at a
    // time.
    var primes = Sieve.primes(
      upTo: max(y, integerSquareRoot(x / xStar)), threads: threads, workLog: workLog)
    primes.insert(0, at: 0)
    self.primes = primes
    // A little past √x, so that the nth prime's search sieves with the table's primes.
    let piTable = PiTable(
      limit: max(sqrtX + 1024, xStar * xStar), threads: threads, workLog: workLog)
    self.piTable = piTable
    piY = piTable[y]
    piXStar = piTable[xStar]
    piX13 = piTable[x13]
    piSqrtX = piTable[sqrtX]
    piSqrtLimit = piTable[sqrtLimit]
    inverses = primes.map { $0 == 0 ? 0 : 1 / Double($0) }
    let factors = FactorTable(limit: y, primes: primes[1...], threads: threads, workLog: workLog)
    self.factors = factors
  }

  /// π(x).
  func count(threads: Int, progress: ProgressHandler?, workLog: WorkLog? = nil) throws -> Int {
    try terms(threads: threads, progress: progress, workLog: workLog).sum
  }

  /// The six terms, whose sum is π(x).
  func terms(threads: Int, progress: ProgressHandler?, workLog: WorkLog? = nil) throws -> Terms {
    var terms = try sieveAndLookups(threads: threads, progress: progress, workLog: workLog)
    terms.phi0 = phi0(threads: threads, workLog: workLog)
    terms.sigma = sigma()
    return terms
  }

  // MARK: - Lookups in the tables, for A and C

  /// Unchecked views of the tables, for the lookup loops.
  struct Lookups {
    let primes: UnsafeBufferPointer<Int32>
    let inverses: UnsafeBufferPointer<Double>
    let pi: PiTable.Lookup
  }

  /// Adds up `leaves(b)` for each b in `range`, stopping early when asked to.
  func sum(
    over range: ClosedRange<Int>, shouldStop: () -> Bool, _ leaves: (Int, Lookups) -> Int
  ) -> Int {
    primes.withUnsafeBufferPointer { primes in
      inverses.withUnsafeBufferPointer { inverses in
        piTable.withLookup { pi in
          let lookups = Lookups(primes: primes, inverses: inverses, pi: pi)
          var sum = 0
          for b in range {
            if shouldStop() { break }
            sum &+= leaves(b, lookups)
          }
          return sum
        }
      }
    }
  }

  // MARK: - The sieve of [1, x/y], for D and B

  /// What one chunk of the sieve found, with its counts taken from the chunk's start.
  struct ChunkResult {
    var d = 0
    var b = 0
    var bCount = 0
    var unsieved = 0
    var coefficients: [Int]
    var phi: [Int]
  }

  /// Runs the lookups and the sieve's chunks on `threads` threads, then adds them up into A,
  /// B, C and D.
  private func sieveAndLookups(
    threads: Int, progress: ProgressHandler?, workLog: WorkLog?
  ) throws -> Terms {
    let layout = layout(threads: threads)
    let work = layout.pieces
    let chunks = layout.sieveChunks
    let lookupSums = Mutex([Int?](repeating: nil, count: work.count - chunks))
    let stitcher = Mutex(Stitcher(piXStar: piXStar, piSqrtLimit: piSqrtLimit))
    // Progress is the estimated cost of the pieces done, from every thread, over the whole:
    // reported under a lock, so that it never goes back.
    let costs = layout.costs
    let total = max(layout.total, 1)
    let done = Mutex(0.0)

    try runPieces(
      work.count, threads: threads, workLog: workLog,
      worker: { SegmentSieve(bytes: segmentBytes, counterShift: Self.counterShift) }
    ) { item, worker, shouldStop in
      switch work[item] {
      case .c(let range):
        let sum = self.c(range, shouldStop: shouldStop)
        lookupSums.withLock { $0[item - chunks] = sum }
      case .a(let range):
        let sum = self.a(range, shouldStop: shouldStop)
        lookupSums.withLock { $0[item - chunks] = sum }
      case .sieve(let low, let high):
        let result = process(low: low, high: high, sieve: worker, shouldStop: shouldStop)
        if !shouldStop() { stitcher.withLock { $0.add(result, at: item) } }
      }
      if let progress, !shouldStop() {
        done.withLock { done in
          done += costs[item]
          progress(min(1, done / total))
        }
      }
    }
    var terms = Terms()
    for (index, piece) in work.dropFirst(chunks).enumerated() {
      guard let sum = lookupSums.withLock({ $0[index] }) else { throw CancellationError() }
      if case .c = piece { terms.c &+= sum } else { terms.a &+= sum }
    }

    let (d, b, stitched) = stitcher.withLock { ($0.d, $0.b, $0.next) }
    guard stitched == chunks else { throw CancellationError() }
    terms.d = d
    terms.b = b
    return terms
  }

  /// Adds up the chunks of the sieve in order, as they finish: each counted from its own
  /// start, so each needs what the chunks before it left standing. A chunk that finishes early
  /// waits in `pending`, which so holds only a few chunks' counts at a time.
  struct Stitcher {
    let piXStar: Int
    let piSqrtLimit: Int
    private(set) var next = 0
    private(set) var d = 0
    private(set) var b = 0
    private var pending: [Int: ChunkResult] = [:]
    private var phiPrefix: [Int]
    private var unsievedPrefix = 0

    init(piXStar: Int, piSqrtLimit: Int) {
      self.piXStar = piXStar
      self.piSqrtLimit = piSqrtLimit
      phiPrefix = [Int](repeating: 0, count: piXStar + 1)
    }

    mutating func add(_ result: ChunkResult, at index: Int) {
      pending[index] = result
      while let result = pending.removeValue(forKey: next) {
        d &+= result.d
        for b in 0...piXStar { d &+= result.coefficients[b] &* phiPrefix[b] }
        // What is left standing is 1 and the primes above √(x/y).
        b &+= result.b &+ result.bCount &* (unsievedPrefix + piSqrtLimit - 1)
        for b in 0...piXStar { phiPrefix[b] += result.phi[b] }
        unsievedPrefix += result.unsieved
        next += 1
      }
    }
  }

  /// Sieves [low, high) segment by segment, collecting the hard leaves and the B terms whose
  /// values fall there, relative to the chunk's start.
  private func process(
    low chunkLow: Int, high chunkHigh: Int, sieve: SegmentSieve, shouldStop: () -> Bool
  ) -> ChunkResult {
    var result = ChunkResult(
      coefficients: [Int](repeating: 0, count: piXStar + 1),
      phi: [Int](repeating: 0, count: piXStar + 1))
    var nextB = firstBPrime(chunkLow: chunkLow)
    var low = chunkLow
    while low < chunkHigh, !shouldStop() {
      let high = min(low + sieve.numbersPerSegment, chunkHigh)
      sieve.reset(low: low, high: high)  // multiples of p_2 … p_k = 3 … 13 already gone
      let lowForDivision = max(low, 1)
      // Cross off p_b for k < b ≤ π(√(x/y)); before each up to π(x*), D's leaves of p_b in
      // this segment. Past π(x*) no leaf counts until B, so the counters are set once, after.
      for b in stride(from: k + 1, through: min(piXStar, piSqrtLimit), by: 1) {
        let prime = Int(primes[b])
        let xp = x / prime
        let upper = min(xp / lowForDivision, xp / (prime * prime), y)
        let lower = max(xp / high, y / prime, prime)
        if upper > lower {
          d(b: b, xp: xp, upper: upper, lower: lower, sieve: sieve, result: &result)
        }
        result.phi[b] += sieve.total
        sieve.crossOff(prime)
      }
      if piXStar < piSqrtLimit {
        for b in (max(piXStar, k) + 1)...piSqrtLimit { sieve.crossOffUncounted(Int(primes[b])) }
        sieve.recount()
      }
      b(segmentHigh: high, next: &nextB, sieve: sieve, result: &result)
      result.unsieved += sieve.total
      low = high
    }
    return result
  }
}
