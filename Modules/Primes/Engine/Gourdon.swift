import Foundation

/// π(x) by Xavier Gourdon's refinement of the Deleglise-Rivat algorithm, in
/// O(x^(2/3) / log² x) time, for any x from 10^5 to `Int.max`.
///
/// π(x) = A − B + C + D + Φ0 + Σ, with y = α·∛x, k = 6 (the primes 2 … 13, which a table
/// handles) and x* = max(x^(1/4), x/y²). Each term has its own file, with its formula:
/// - ``phi0()``, the ordinary leaves;
/// - ``d(b:xp:upper:lower:sieve:result:)``, the hard special leaves, on a segmented sieve of
///   [1, x/y];
/// - ``c(window:sums:)``, the easy special leaves, from a π table read a window at a time, and
///   ``clusteredRemainder()``, what those that other leaves stand for leave over;
/// - ``a(window:sums:)``, the leaves x/(p·q) with x* < p ≤ ∛x, from the same windows;
/// - ``b(segmentHigh:next:primes:sieve:result:)``, Σ π(x/p) over y < p ≤ √x, on the same
///   sieve as D;
/// - ``sigma(piSqrtX:)``, what remains, in closed form.
///
/// The sieve pass and the π table's windows are cut into pieces that any thread can take; each
/// piece keeps its own counts, from its own start, and the pieces are put together in order.
/// Only the tables up to max(y, √(x/x*)) are kept whole: the π values up to √x that A and C
/// read, and B's primes, are sieved a window at a time by the thread that reads them.
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
  let x13: Int
  let sqrtX: Int
  /// √(x/x*): A's q and every p_b are up to here.
  let qLimit: Int
  let primes: [Int32]  // primes[0] = 0, primes[b] = the b-th prime, up to qLimit
  let reciprocals: [UInt64]  // reciprocals[b] = reciprocal(of: primes[b]), for divide(_:by:magic:)
  /// The odd primes up to x^(1/4), which sieve the π table's windows up to √x.
  let windowPrimes: [Int32]
  let piY: Int
  let piXStar: Int
  let piX13: Int
  let piSqrtLimit: Int
  let piTable: PiTable  // up to max(y, √(x/x*))
  let factors: FactorTable  // up to y
  let phiTiny = PhiTiny()
  let k = PhiTiny.c

  /// Bytes per sieve segment: 128 KiB, 3,932,160 numbers, unless a test asks for fewer. Within
  /// a core's L2 cache; on a 2-core AMD EPYC with AVX-512 (32 KiB of L1 data cache and 1 MiB of
  /// L2 a core), π(10^16) on one thread took 3.36–3.50 s against 3.56–3.78 s with segments of
  /// 32 KiB, and 64 or 256 KiB did no better.
  let segmentBytes: Int

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
    x: Int, alpha: Double? = nil, segmentBytes: Int = 1 << 17, threads: Int = 1,
    workLog: WorkLog? = nil
  ) {
    precondition(x >= 100_000, "Gourdon's algorithm is set up here for x ≥ 10^5")
    self.x = x
    self.segmentBytes = segmentBytes
    let x13 = integerCubeRoot(x)
    self.x13 = x13
    let sqrtX = integerSquareRoot(x)
    self.sqrtX = sqrtX
    let logX = log(Double(x))
    // α grows like log³ x; fitted by timing x from 10^7 to 10^15 on one core. Below about
    // 10^12 the fit flattens out at 3: a smaller y makes x* = x/y² larger, and with it C's
    // share of the leaves.
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
    // The primes and π values that the loops' bounds need, and the leaves' m and q; the π
    // values up to √x, and B's primes, come a window at a time.
    let qLimit = integerSquareRoot(x / xStar)
    self.qLimit = qLimit
    let limit = max(y, qLimit)
    var primes = Sieve.primes(upTo: qLimit, threads: threads, workLog: workLog)
    primes.insert(0, at: 0)
    self.primes = primes
    let root = integerSquareRoot(sqrtX + 1)
    windowPrimes = Array(primes.dropFirst(2).prefix { Int($0) <= root })
    let piTable = PiTable(limit: limit, threads: threads, workLog: workLog)
    self.piTable = piTable
    piY = piTable[y]
    piXStar = piTable[xStar]
    piX13 = piTable[x13]
    piSqrtLimit = piTable[sqrtLimit]
    reciprocals = primes.map { $0 == 0 ? 0 : reciprocal(of: Int($0)) }
    let factors = FactorTable(limit: y, primes: primes, threads: threads, workLog: workLog)
    self.factors = factors
  }

  /// π(x).
  func count(threads: Int, progress: ProgressHandler?, workLog: WorkLog? = nil) throws -> Int {
    try terms(threads: threads, progress: progress, workLog: workLog).sum
  }

  /// The six terms, whose sum is π(x).
  func terms(threads: Int, progress: ProgressHandler?, workLog: WorkLog? = nil) throws -> Terms {
    var (terms, piSqrtX) = try sieveAndLookups(
      threads: threads, progress: progress, workLog: workLog)
    terms.phi0 = phi0(threads: threads, workLog: workLog)
    terms.sigma = sigma(piSqrtX: piSqrtX)
    return terms
  }

  /// What one thread keeps for the pieces it takes: a segment of the sieve, and a window of
  /// the π table up to √x.
  final class Worker {
    let sieve: SegmentSieve
    /// The π table's window for A and C, or B's primes for the sieve's chunks.
    let window = SegmentedPiTable()

    /// `slots`: one more than the index of the last prime the sieve crosses off.
    init(segmentBytes: Int, slots: Int) {
      sieve = SegmentSieve(bytes: segmentBytes, slots: slots)
    }
  }

  // MARK: - The π table up to √x, a window at a time, for A and C

  /// What A's and C's leaves added up in one piece of the π table, [low, high): each π value
  /// counted from the piece's low, so that the primes below it are added when the pieces are
  /// put together, once per value read.
  struct LookupSums: Equatable {
    var a = 0
    /// How many π values A's sum holds, a leaf counted twice counting twice.
    var aValues = 0
    var c = 0
    /// How many π values C's sum holds, each with the sign it is added with.
    var cValues = 0
    /// The primes in [low, high).
    var primes = 0
  }

  /// A's and C's leaves whose π value lies in [low, high), a window of the π table at a time.
  func lookups(low: Int, high: Int, window: SegmentedPiTable, shouldStop: () -> Bool)
    -> LookupSums
  {
    var sums = LookupSums()
    windowPrimes.withUnsafeBufferPointer { sieving in
      var start = low
      while start < high, !shouldStop() {
        let end = min(start + SegmentedPiTable.capacity, high)
        window.fill(low: start, high: end, countFrom: sums.primes, sievingWith: sieving)
        c(window: window, sums: &sums)
        a(window: window, sums: &sums)
        sums.primes = window.total
        start = end
      }
    }
    return sums
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

  /// Runs the sieve's chunks and the pieces of the π table on `threads` threads, then adds them
  /// up into A, B, C and D; with π(√x), which the pieces of the π table count on the way.
  private func sieveAndLookups(
    threads: Int, progress: ProgressHandler?, workLog: WorkLog?
  ) throws -> (terms: Terms, piSqrtX: Int) {
    let layout = layout(threads: threads)
    let work = layout.pieces
    let chunks = layout.sieveChunks
    let lookupSums = Locked([LookupSums?](repeating: nil, count: work.count - chunks))
    let stitcher = Locked(Stitcher(chunks: chunks, piXStar: piXStar, piSqrtLimit: piSqrtLimit))
    // Progress is the estimated cost of the pieces done, from every thread, over the whole:
    // reported under a lock, so that it never goes back.
    let costs = layout.costs
    let total = max(layout.total, 1)
    let done = Locked(0.0)

    try runPieces(
      work.count, threads: threads, workLog: workLog,
      worker: { Worker(segmentBytes: segmentBytes, slots: piSqrtLimit + 1) }
    ) { item, worker, shouldStop in
      switch work[item] {
      case .lookups(let low, let high):
        let sums = self.lookups(
          low: low, high: high, window: worker.window, shouldStop: shouldStop)
        lookupSums.withLock { $0[item - chunks] = sums }
      case .sieve(let low, let high):
        let result = process(low: low, high: high, worker: worker, shouldStop: shouldStop)
        if !shouldStop() { stitcher.withLock { $0.add(result, at: item) } }
      }
      if let progress, !shouldStop() {
        done.withLock { done in
          done += costs[item]
          progress(min(1, done / total))
        }
      }
    }
    // The pieces of the π table in order, each raised by the primes below its start.
    var terms = Terms()
    var pieces: [(low: Int, sums: LookupSums)] = []
    for (index, piece) in work.dropFirst(chunks).enumerated() {
      guard let sums = lookupSums.withLock({ $0[index] }), case .lookups(let low, _) = piece
      else { throw CancellationError() }
      pieces.append((low, sums))
    }
    var primesBelow = 0
    for (_, sums) in pieces.sorted(by: { $0.low < $1.low }) {
      terms.a &+= sums.a &+ sums.aValues &* primesBelow
      terms.c &+= sums.c &+ sums.cValues &* primesBelow
      primesBelow += sums.primes
    }

    terms.c &+= clusteredRemainder()
    let (d, b, stitched) = stitcher.withLock { ($0.d, $0.b, $0.next) }
    guard stitched == chunks else { throw CancellationError() }
    terms.d = d
    terms.b = b
    // The pieces of the π table tile [0, √x].
    return (terms, primesBelow)
  }

  /// Adds up the chunks of the sieve in order, as they finish: each counted from its own
  /// start, so each needs what the chunks before it left standing. A chunk that finishes early
  /// waits in `pending`, which so holds only a few chunks' counts at a time. An array by chunk,
  /// not a dictionary: a dictionary's storage type is made at run time, and the runtime then
  /// looks up `Int: Hashable` through every conformance in the binary, which brings about
  /// 0.5 MB of the binary into memory.
  struct Stitcher {
    let piXStar: Int
    let piSqrtLimit: Int
    private(set) var next = 0
    private(set) var d = 0
    private(set) var b = 0
    private var pending: [ChunkResult?]
    private var phiPrefix: [Int]
    private var unsievedPrefix = 0

    init(chunks: Int, piXStar: Int, piSqrtLimit: Int) {
      self.piXStar = piXStar
      self.piSqrtLimit = piSqrtLimit
      pending = [ChunkResult?](repeating: nil, count: chunks)
      phiPrefix = [Int](repeating: 0, count: piXStar + 1)
    }

    mutating func add(_ result: ChunkResult, at index: Int) {
      pending[index] = result
      while next < pending.count, let result = pending[next] {
        pending[next] = nil
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
  /// values fall there, relative to the chunk's start. Asks `shouldStop` before each segment
  /// and before each prime it crosses off there, and returns when it says so, with a result
  /// that must not be used.
  func process(
    low chunkLow: Int, high chunkHigh: Int, worker: Worker, shouldStop: () -> Bool
  ) -> ChunkResult {
    let sieve = worker.sieve
    var result = ChunkResult(
      coefficients: [Int](repeating: 0, count: piXStar + 1),
      phi: [Int](repeating: 0, count: piXStar + 1))
    return windowPrimes.withUnsafeBufferPointer { sieving in
      // B's primes whose x/p lies in the chunk: y < p ≤ √x, x/chunkHigh < p ≤ x/chunkLow.
      var bPrimes = DescendingPrimes(
        below: min(x / max(chunkLow, 1), sqrtX) + 1, above: max(x / chunkHigh, y),
        window: worker.window, sievingWith: sieving)
      var nextB = bPrimes.next()
      var low = chunkLow
      while low < chunkHigh, !shouldStop() {
        let high = min(low + sieve.numbersPerSegment, chunkHigh)
        sieve.reset(low: low, high: high)  // multiples of p_2 … p_k = 3 … 13 already gone
        let lowForDivision = max(low, 1)
        // Cross off p_b for k < b ≤ π(√(x/y)); before each, D's leaves of p_b in this segment,
        // for the p_b that have any here or in a later segment: up to π(x*), and p_b² ≤ x/low
        // (a leaf x/(p_b·m) has m > p_b). Past those no leaf counts until B, so the counters are
        // set once, after.
        let counted = min(
          piXStar, piSqrtLimit, piTable[min(xStar, integerSquareRoot(x / lowForDivision))])
        for b in stride(from: k + 1, through: counted, by: 1) {
          // One prime's leaves in a segment near the start of a count up to 2^63 can take
          // milliseconds, and a whole segment's a second: a cancelled count stops here.
          if shouldStop() { return result }
          let prime = Int(primes[b])
          let xp = x / prime
          let upper = min(xp / lowForDivision, xp / (prime * prime), y)
          let lower = max(xp / high, y / prime, prime)
          if upper > lower {
            d(b: b, xp: xp, upper: upper, lower: lower, sieve: sieve, result: &result)
          }
          result.phi[b] += sieve.total
          sieve.crossOff(prime, slot: b)
        }
        if counted < piSqrtLimit {
          for b in (max(counted, k) + 1)...piSqrtLimit {
            sieve.crossOffUncounted(Int(primes[b]), slot: b)
          }
          sieve.recount()
        }
        b(segmentHigh: high, next: &nextB, bPrimes: &bPrimes, sieve: sieve, result: &result)
        result.unsieved += sieve.total
        low = high
      }
      return result
    }
  }
}

/// The primes of a range, largest first, sieved a window of a ``SegmentedPiTable`` at a time
/// from the top down: B's primes for one chunk of the sieve, which it takes in that order.
struct DescendingPrimes {
  /// The range's end: its primes are below it.
  let top: Int
  /// The range's start: its primes are above it.
  let bottom: Int
  private let window: SegmentedPiTable
  private let sieving: UnsafeBufferPointer<Int32>
  /// Where the window starts: the numbers from here up to `top` have been sieved.
  private var sievedFrom: Int
  private var walk = PiTable.Lookup.Downward()

  /// The primes p with `bottom` < p < `top`, bottom ≥ 2, sieved into `window` with `primes`,
  /// the odd primes up to √top.
  init(
    below top: Int, above bottom: Int, window: SegmentedPiTable,
    sievingWith primes: UnsafeBufferPointer<Int32>
  ) {
    self.top = top
    self.bottom = bottom
    self.window = window
    self.sieving = primes
    sievedFrom = top
  }

  /// The largest prime of the range not yet given; 0 when none is left.
  mutating func next() -> Int {
    while true {
      let p = window.lookup.next(&walk)
      if p != 0 { return p > bottom ? p : 0 }
      guard sievedFrom > bottom + 1 else { return 0 }
      let high = sievedFrom
      let low = max(
        (bottom + 1) / 128 * 128, (high - SegmentedPiTable.capacity + 127) / 128 * 128)
      window.fill(low: low, high: high, countFrom: 0, sievingWith: sieving)
      walk = window.lookup.primes(below: high)
      sievedFrom = low
    }
  }
}
