import Foundation
import Synchronization

/// π(x) by Xavier Gourdon's refinement of the Deleglise-Rivat algorithm, in
/// O(x^(2/3) / log² x) time.
///
/// π(x) = A − B + C + D + Φ0 + Σ, with y = α·∛x, k = 6 (the primes 2 … 13, which a table
/// handles) and x* = max(x^(1/4), x/y²):
/// - Φ0, the ordinary leaves: μ(n)·φ(x/n, k) for the square-free n ≤ y whose prime factors
///   all exceed p_k.
/// - D, the hard special leaves: −μ(m)·φ(x/(p_b·m), b − 1) for k < b ≤ π(x*), counted on a
///   segmented sieve of [1, x/y].
/// - C, the special leaves whose φ is π(x/(p_b·m)) − b + 2 because x/(p_b·m) < p_b², read
///   from a π table.
/// - A, the leaves x/(p·q) with x* < p ≤ ∛x and p < q ≤ √(x/p), also read from a π table;
///   the leaves with larger q are counted in closed form in Σ.
/// - B = Σ π(x/p) over the primes y < p ≤ √x, counted on the same sieve as D.
///
/// The sieve pass and the table lookups are cut into pieces that any thread can take; each
/// piece of the sieve keeps its own counts, and the pieces are stitched together in order.
struct Gourdon {
  let x: Int
  let y: Int
  /// The sieve runs over [1, x/y].
  let sieveLimit: Int
  let xStar: Int
  private let sqrtX: Int
  private let primes: [Int32]  // primes[0] = 0, primes[b] = the b-th prime, up to √x
  private let inverses: [Double]  // inverses[b] = 1 / primes[b], for the primes up to √(x/x*)
  private let oddInverses: [Double]  // oddInverses[m / 2] = 1 / m, for odd m ≤ y
  private let piY: Int
  private let piXStar: Int
  private let piX13: Int
  private let piSqrtX: Int
  private let piSqrtLimit: Int
  private let piTable: PiTable  // up to max(√x, x*²)
  private let factors: FactorTable  // up to y
  private let phiTiny = PhiTiny()
  private let k = PhiTiny.c

  /// Bits (odd numbers) per sieve segment, and 64-bit words per counter.
  private static let segmentBits = 1 << 17
  private static let counterShift = 3

  /// Prepares the tables for π(x), x ≥ 10^5 (so that x* is above p_k = 13).
  init(x: Int, alpha: Double? = nil) {
    precondition(x >= 100_000, "Gourdon's algorithm is set up here for x ≥ 10^5")
    self.x = x
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
    var xStar = max(integerSquareRoot(sqrtX), (x + y * y - 1) / (y * y))
    xStar = max(1, min(xStar, y, sqrtLimit))
    self.xStar = xStar
    let tableLimit = max(sqrtX, xStar * xStar)
    var primes = Sieve.primes(upTo: tableLimit)
    primes.insert(0, at: 0)
    self.primes = primes
    let piTable = PiTable(limit: tableLimit, primes: primes[1...])
    self.piTable = piTable
    piY = piTable[y]
    piXStar = piTable[xStar]
    piX13 = piTable[x13]
    piSqrtX = piTable[sqrtX]
    piSqrtLimit = piTable[sqrtLimit]
    let inverseLimit = max(y, integerSquareRoot(x / xStar))
    inverses = (0...piTable[inverseLimit]).map { $0 == 0 ? 0 : 1 / Double(primes[$0]) }
    oddInverses = (0...(y / 2)).map { 1 / Double(2 * $0 + 1) }
    factors = FactorTable(limit: y, primes: primes[1...])
  }

  /// π(x).
  func count(threads: Int, progress: ProgressHandler?) throws -> Int {
    let sums = try sieveAndLookups(threads: threads, progress: progress)
    return sums.a - sums.b + sums.c + sums.d + phi0() + sigma()
  }

  // MARK: - Φ0, the ordinary leaves

  private func phi0() -> Int {
    let pk = primes[k]
    var sum = 0
    var n = 1
    while n <= y {
      let value = factors[n]
      if value != 0, abs(value) > pk {
        sum += value > 0 ? phiTiny(x / n) : -phiTiny(x / n)
      }
      n += 2
    }
    return sum
  }

  // MARK: - Σ, in closed form and a few π lookups

  private func sigma() -> Int {
    let a = piY
    let b = piX13
    let c = piTable[integerSquareRoot(x / y)]
    let d = piXStar
    let sigma0 = a - 1 + piSqrtX * (piSqrtX - 1) / 2 - a * (a - 1) / 2
    let sigma1 = (a - b) * (a - b - 1) / 2
    let sigma2 = a * (b - c - c * (c - 3) / 2 + d * (d - 3) / 2)
    let sigma3 = b * (b - 1) * (2 * b - 1) / 6 - b - d * (d - 1) * (2 * d - 1) / 6 + d
    var sigma4 = 0
    if d < c {
      for index in (d + 1)...c { sigma4 += piTable[x / (Int(primes[index]) * y)] }
    }
    var sigma5 = 0
    if c < b {
      for index in (c + 1)...b {
        let p = Int(primes[index])
        sigma5 += piTable[x / (p * p)]
      }
    }
    var sigma6 = 0
    if d < b {
      for index in (d + 1)...b {
        let pi = piTable[integerSquareRoot(x / Int(primes[index]))]
        sigma6 += pi * pi
      }
    }
    return sigma0 + sigma1 + sigma2 + sigma3 + a * sigma4 + sigma5 - sigma6
  }

  // MARK: - C and A, from the π table

  /// Unchecked views of the tables, for the lookup loops.
  private struct Lookups {
    let primes: UnsafeBufferPointer<Int32>
    let inverses: UnsafeBufferPointer<Double>
    let pi: PiTable.Lookup
  }

  /// Adds up `leaves(b)` for each b in `range`, stopping early when asked to.
  private func sum(
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

  /// C for k < b ≤ π(x*) in `range`: −μ(m)·(π(x/(p_b·m)) − b + 2) for the square-free m with
  /// lpf(m) > p_b and max(p_b, x/p_b³) < m ≤ min(x/p_b², y).
  private func c(_ range: ClosedRange<Int>, shouldStop: () -> Bool) -> Int {
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
      var m = max(lower, prime * prime) + 1
      if m & 1 == 0 { m += 1 }
      let p32 = Int32(prime)
      while m <= upper {
        let value = factors[m]
        if value > p32 {
          sum -= pi[xp / m] - b + 2
        } else if value < -p32, Int(-value) != m {
          sum += pi[xp / m] - b + 2
        }
        m += 2
      }
      return sum
    }
  }

  /// A for π(x*) < b ≤ π(∛x) in `range`: π(x/(p_b·q)) for the primes p_b < q ≤ √(x/p_b),
  /// counted twice when x/(p_b·q) < y.
  private func a(_ range: ClosedRange<Int>, shouldStop: () -> Bool) -> Int {
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

  // MARK: - D and B, over one sieve of [1, x/y]

  private struct ChunkResult {
    var d = 0
    var b = 0
    var bCount = 0
    var unsieved = 0
    var coefficients: [Int]
    var phi: [Int]
  }

  private enum Piece {
    case c(ClosedRange<Int>)
    case a(ClosedRange<Int>)
    case sieve(low: Int, high: Int)
  }

  /// Splits a range of b into pieces that widen as b grows, since larger b have fewer leaves.
  private static func pieces(of range: ClosedRange<Int>) -> [ClosedRange<Int>] {
    var pieces: [ClosedRange<Int>] = []
    var start = range.lowerBound
    let width = max(1, range.count / 256)
    var step = width
    while start <= range.upperBound {
      let upper = min(start + step - 1, range.upperBound)
      pieces.append(start...upper)
      start = upper + 1
      step += width / 4 + 1
    }
    return pieces
  }

  /// Runs the lookups and the sieve's chunks on `threads` threads, then adds them up.
  private func sieveAndLookups(
    threads: Int, progress: ProgressHandler?
  ) throws -> (a: Int, b: Int, c: Int, d: Int) {
    let numbersPerSegment = 2 * Self.segmentBits
    let end = sieveLimit + 1
    let segments = (end + numbersPerSegment - 1) / numbersPerSegment
    let segmentsPerChunk = max(1, min(16, segments / (threads * 8)))
    let chunks = (segments + segmentsPerChunk - 1) / segmentsPerChunk
    var pieces: [Piece] = []
    if k + 1 <= piXStar { pieces += Self.pieces(of: (k + 1)...piXStar).map { .c($0) } }
    let firstA = piXStar + 1
    if firstA <= piX13 { pieces += Self.pieces(of: firstA...piX13).map { .a($0) } }
    let lookups = pieces.count
    for chunk in 0..<chunks {
      let low = chunk * segmentsPerChunk * numbersPerSegment
      pieces.append(.sieve(low: low, high: min(low + segmentsPerChunk * numbersPerSegment, end)))
    }
    let work = pieces
    let lookupSums = ResultSlots<Int>(count: lookups)
    let results = ResultSlots<ChunkResult>(count: chunks)
    let next = Atomic<Int>(0)
    let done = Atomic<Int>(0)
    let cancelled = Atomic<Bool>(false)

    DispatchQueue.concurrentPerform(iterations: max(1, min(threads, work.count))) { worker in
      let sieve = SegmentSieve(bits: Self.segmentBits, counterShift: Self.counterShift)
      // Only the calling thread runs inside the task and can see its cancellation; it tells
      // the others through the flag.
      let shouldStop = {
        if worker == 0, Task.isCancelled { cancelled.store(true, ordering: .relaxed) }
        return cancelled.load(ordering: .relaxed)
      }
      while true {
        if shouldStop() { return }
        let item = next.wrappingAdd(1, ordering: .relaxed).oldValue
        if item >= work.count { return }
        switch work[item] {
        case .c(let range): lookupSums[item] = self.c(range, shouldStop: shouldStop)
        case .a(let range): lookupSums[item] = self.a(range, shouldStop: shouldStop)
        case .sieve(let low, let high):
          results[item - lookups] = process(
            low: low, high: high, sieve: sieve, shouldStop: shouldStop)
        }
        let finished = done.wrappingAdd(1, ordering: .relaxed).newValue
        if worker == 0 { progress?(Double(finished) / Double(work.count)) }
      }
    }
    if cancelled.load(ordering: .relaxed) || Task.isCancelled { throw CancellationError() }
    var sumA = 0
    var sumC = 0
    for (index, piece) in work.prefix(lookups).enumerated() {
      guard let sum = lookupSums[index] else { throw CancellationError() }
      if case .c = piece { sumC += sum } else { sumA += sum }
    }

    var sumD = 0
    var sumB = 0
    var phiPrefix = [Int](repeating: 0, count: piXStar + 1)
    var unsievedPrefix = 0
    for index in 0..<chunks {
      guard let result = results[index] else { throw CancellationError() }
      sumD += result.d
      for b in 0...piXStar { sumD += result.coefficients[b] * phiPrefix[b] }
      // The unsieved numbers are 1 and the primes above √(x/y).
      sumB += result.b + result.bCount * (unsievedPrefix + piSqrtLimit - 1)
      for b in 0...piXStar { phiPrefix[b] += result.phi[b] }
      unsievedPrefix += result.unsieved
    }
    return (sumA, sumB, sumC, sumD)
  }

  /// Sieves [low, high) segment by segment, collecting the hard leaves and the B terms whose
  /// values fall there, relative to the chunk's start.
  private func process(
    low chunkLow: Int, high chunkHigh: Int, sieve: SegmentSieve, shouldStop: () -> Bool
  )
    -> ChunkResult
  {
    var result = ChunkResult(
      coefficients: [Int](repeating: 0, count: piXStar + 1),
      phi: [Int](repeating: 0, count: piXStar + 1))
    var low = chunkLow
    while low < chunkHigh, !shouldStop() {
      let high = min(low + 2 * sieve.bitCount, chunkHigh)
      sieve.reset(low: low, high: high)  // multiples of p_2 … p_k = 3 … 13 already gone
      let lowForDivision = max(low, 1)

      // D: leaves x/(p_b·m), m square-free with lpf(m) > p_b,
      // max(y/p_b, p_b) < m ≤ min(x/p_b³, y), for k < b ≤ π(x*).
      if k + 1 <= piSqrtLimit {
        for b in (k + 1)...piSqrtLimit {
          let prime = Int(primes[b])
          if b <= piXStar {
            let xp = x / prime
            let upper = min(xp / lowForDivision, xp / (prime * prime), y)
            let lower = max(xp / high, y / prime, prime)
            if upper > lower {
              if prime * prime < upper {
                hardLeaves(
                  b: b, xp: xp, upper: upper, lower: lower, sieve: sieve, result: &result)
              } else {
                primeLeaves(
                  b: b, xp: xp, upper: upper, lower: lower, sieve: sieve, result: &result)
              }
            }
            result.phi[b] += sieve.total
          }
          sieve.crossOff(prime)
        }
      }

      // B: π(x/p) for the primes y < p ≤ √x whose x/p falls in [low, high).
      let pMax = min(x / lowForDivision, sqrtX)
      let pMin = max(x / high, y)
      if pMax > pMin {
        var index = piTable[pMax]
        let stop = piTable[pMin]
        sieve.startCounting()
        while index > stop {
          result.b += result.unsieved + sieve.count(upTo: fastDivide(x, Int(primes[index])))
          result.bCount += 1
          index -= 1
        }
      }
      result.unsieved += sieve.total
      low = high
    }
    return result
  }

  /// The leaves of p_b with any square-free m in (lower, upper], from the factor table.
  private func hardLeaves(
    b: Int, xp: Int, upper: Int, lower: Int, sieve: SegmentSieve, result: inout ChunkResult
  ) {
    var m = upper
    if m & 1 == 0 { m -= 1 }
    var coefficient = 0
    var local = 0
    sieve.startCounting()
    factors.withUnsafeValues { values in
      oddInverses.withUnsafeBufferPointer { inverses in
        let p32 = primes[b]
        while m > lower {
          let value = values[m >> 1]
          if value > p32 {
            // μ(m) = 1: the leaf counts −φ.
            local -= sieve.count(upTo: divide(xp, m, inverses[m >> 1]))
            coefficient -= 1
          } else if value < -p32 {
            local += sieve.count(upTo: divide(xp, m, inverses[m >> 1]))
            coefficient += 1
          }
          m -= 2
        }
      }
    }
    // Counts are from the segment's start: add the chunk's earlier segments.
    result.d += local + coefficient * result.phi[b]
    result.coefficients[b] += coefficient
  }

  /// The leaves of p_b with a prime m in (lower, upper], where no composite m fits.
  private func primeLeaves(
    b: Int, xp: Int, upper: Int, lower: Int, sieve: SegmentSieve, result: inout ChunkResult
  ) {
    var l = piTable[upper]
    let lMin = piTable[lower]
    // μ(m) = −1 for a prime: each leaf counts +φ.
    result.coefficients[b] += l - lMin
    result.d += (l - lMin) * result.phi[b]
    sieve.startCounting()
    var local = 0
    inverses.withUnsafeBufferPointer { inverses in
      while l > lMin {
        local += sieve.count(upTo: divide(xp, Int(primes[l]), inverses[l]))
        l -= 1
      }
    }
    result.d += local
  }
}
