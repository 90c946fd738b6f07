import Foundation
import Synchronization

/// π(x) by the Deleglise-Rivat algorithm, in O(x^(2/3) / log² x) time and O(x^(1/3)) memory.
///
/// π(x) = φ(x, a) + a − 1 − P2(x, a), with y = α·∛x and a = π(y). φ(x, a) is split into the
/// ordinary leaves S1 and the special leaves S2, and S2 into trivial leaves (φ = 1), easy leaves
/// (φ from a π table up to y) and hard leaves, which need a segmented sieve of [1, x/y] with
/// counters. P2 counts the primes of the same sieve, so one pass over [1, x/y] serves both.
/// The pass is cut into chunks that any thread can take; each chunk keeps its own counts, and
/// the chunks are stitched together in order at the end.
struct DelegliseRivat {
  let x: Int
  let y: Int
  let z: Int
  private let primes: [Int32]  // primes[0] = 0, primes[b] = the b-th prime, up to √x
  private let inverses: [Double]  // inverses[b] = 1 / primes[b], for the primes up to y
  private let oddInverses: [Double]  // oddInverses[m / 2] = 1 / m, for odd m ≤ y
  private let piY: Int
  private let piSqrtY: Int
  private let piSqrtZ: Int
  private let piX13: Int
  private let piSqrtX: Int
  private let piTable: PiTable
  private let factors: FactorTable
  private let phiTiny = PhiTiny()
  private let c = PhiTiny.c

  /// Bits (odd numbers) per sieve segment, and 64-bit words per counter.
  private static let segmentBits = 1 << 17
  private static let counterShift = 3

  init(x: Int, alpha: Double? = nil) {
    self.x = x
    let x13 = integerCubeRoot(x)
    let sqrtX = integerSquareRoot(x)
    let logX = log(Double(x))
    // α grows with log x; fitted by timing x from 10^10 to 10^15 on one core.
    let tuned = alpha ?? max(1, 0.00095 * logX * logX * logX - 0.02 * logX * logX)
    let maxAlpha = max(1, Double(x13).squareRoot() * 0.9)
    var y = Int(min(tuned, maxAlpha) * Double(x13))
    y = min(max(y, x13 + 1), sqrtX)
    self.y = y
    self.z = x / y
    var primes = Sieve.primes(upTo: max(sqrtX, y))
    primes.insert(0, at: 0)
    self.primes = primes
    func pi(_ n: Int) -> Int { Self.lastIndex(atMost: n, in: primes, from: 0) }
    piY = pi(y)
    inverses = (0...pi(y)).map { $0 == 0 ? 0 : 1 / Double(primes[$0]) }
    oddInverses = (0...(y / 2)).map { 1 / Double(2 * $0 + 1) }
    piSqrtY = max(PhiTiny.c, pi(integerSquareRoot(y)))
    piSqrtZ = max(PhiTiny.c, pi(integerSquareRoot(z)))
    piX13 = pi(x13)
    piSqrtX = pi(sqrtX)
    piTable = PiTable(limit: y, primes: primes[1...])
    factors = FactorTable(limit: y, primes: primes[1...])
  }

  /// π(x).
  func count(threads: Int, progress: ProgressHandler?) throws -> Int {
    let sums = try hardLeavesAndP2(threads: threads, progress: progress)
    let phi = s1() + s2Trivial() + sums.s2Easy + sums.s2Hard
    return phi + piY - 1 - sums.p2
  }

  // MARK: - S1, the ordinary leaves

  private func s1() -> Int {
    let pc = Int32(primes[c])
    var sum = 0
    var n = 1
    while n <= y {
      let value = factors[n]
      if value != 0, abs(value) > pc {
        sum += value > 0 ? phiTiny(x / n) : -phiTiny(x / n)
      }
      n += 2
    }
    return sum
  }

  // MARK: - S2, trivial and easy leaves

  /// Leaves x/(p_b·p_l) with φ(x/(p_b·p_l), b − 1) = 1.
  private func s2Trivial() -> Int {
    let sqrtZ = integerSquareRoot(z)
    var sum = 0
    var b = 1
    while b <= piY {
      let p = Int(primes[b])
      b += 1
      guard p > max(Int(primes[c]), sqrtZ) else { continue }
      let xn = max(x / (p * p), p)
      if xn < y { sum += piY - piTable[xn] }
    }
    return sum
  }

  /// The b whose easy leaves ``s2Easy(_:)`` counts: √y < p_b ≤ ∛x.
  private var easyRange: ClosedRange<Int>? {
    let start = max(c, piSqrtY) + 1
    return start <= piX13 ? start...piX13 : nil
  }

  /// Leaves x/(p_b·p_l) ≤ y with φ = π(x/(p_b·p_l)) − b + 2, for b in `range`.
  ///
  /// The clustered leaves of one b form a chain of dependent lookups, so four values of b are
  /// walked side by side to let the processor overlap their latencies.
  private func s2Easy(_ range: ClosedRange<Int>, shouldStop: () -> Bool) -> Int {
    primes.withUnsafeBufferPointer { primes in
      inverses.withUnsafeBufferPointer { inverses in
        piTable.withLookup { pi in
          var sum = 0
          var b = range.lowerBound
          while b <= range.upperBound {
            if shouldStop() { return sum }
            let lanes = min(4, range.upperBound - b + 1)
            var x2 = (0, 0, 0, 0)
            var l = (0, 0, 0, 0)
            var stop = (0, 0, 0, 0)
            for lane in 0..<lanes {
              let prime = Int(primes[b + lane])
              let quotient = x / prime
              let start = pi[min(quotient / prime, y)]
              let clusteredStop = pi[min(max(integerSquareRoot(quotient), prime), y)]
              switch lane {
              case 0: (x2.0, l.0, stop.0) = (quotient, start, clusteredStop)
              case 1: (x2.1, l.1, stop.1) = (quotient, start, clusteredStop)
              case 2: (x2.2, l.2, stop.2) = (quotient, start, clusteredStop)
              default: (x2.3, l.3, stop.3) = (quotient, start, clusteredStop)
              }
            }
            // Clustered: runs of consecutive l share φ.
            @inline(__always)
            func step(_ x2: Int, _ l: inout Int, _ b: Int) {
              // Every quotient here is above p_b ≥ 2.
              let xn = divide(x2, Int(primes[l]), inverses[l])
              let phiXn = pi[atLeastTwo: xn] &- b &+ 2
              let k = b &+ phiXn &- 1
              let xm = divide(x2, Int(primes[k]), inverses[k])
              let l2 = pi[atLeastTwo: xm]
              sum &+= phiXn &* (l &- l2)
              l = l2
            }
            while l.0 > stop.0 || l.1 > stop.1 || l.2 > stop.2 || l.3 > stop.3 {
              if l.0 > stop.0 { step(x2.0, &l.0, b) }
              if l.1 > stop.1 { step(x2.1, &l.1, b &+ 1) }
              if l.2 > stop.2 { step(x2.2, &l.2, b &+ 2) }
              if l.3 > stop.3 { step(x2.3, &l.3, b &+ 3) }
            }
            // Sparse: each leaf on its own, independent of the others.
            for lane in 0..<lanes {
              let lb = b + lane
              let prime = Int(primes[lb])
              let quotient = x / prime
              var leaf = [l.0, l.1, l.2, l.3][lane]
              let sparseStop = pi[min(max(z / prime, prime), y)]
              while leaf > sparseStop {
                sum &+=
                  pi[atLeastTwo: divide(quotient, Int(primes[leaf]), inverses[leaf])] &- lb &+ 2
                leaf &-= 1
              }
            }
            b += lanes
          }
          return sum
        }
      }
    }
  }

  // MARK: - Hard leaves and P2, over one sieve of [1, z]

  private struct ChunkResult {
    var s2 = 0
    var p2 = 0
    var p2Count = 0
    var unsieved = 0
    var coefficients: [Int]
    var phi: [Int]
  }

  /// Runs the easy leaves and the sieve's chunks on `threads` threads, then adds them up.
  private func hardLeavesAndP2(
    threads: Int, progress: ProgressHandler?
  ) throws -> (s2Easy: Int, s2Hard: Int, p2: Int) {
    let numbersPerSegment = 2 * Self.segmentBits
    let end = z + 1
    let segments = (end + numbersPerSegment - 1) / numbersPerSegment
    let segmentsPerChunk = max(1, min(16, segments / (threads * 8)))
    let chunks = (segments + segmentsPerChunk - 1) / segmentsPerChunk
    // The easy leaves, in pieces of b; fewer leaves per b as b grows, so pieces widen.
    var easyPieces: [ClosedRange<Int>] = []
    if let range = easyRange {
      var start = range.lowerBound
      let width = max(1, range.count / 256)
      var step = width
      while start <= range.upperBound {
        let upper = min(start + step - 1, range.upperBound)
        easyPieces.append(start...upper)
        start = upper + 1
        step += width / 4 + 1
      }
    }
    let pieces = easyPieces
    let items = pieces.count + chunks
    let easySums = ResultSlots<Int>(count: easyPieces.count)
    let results = ResultSlots<ChunkResult>(count: chunks)
    let next = Atomic<Int>(0)
    let done = Atomic<Int>(0)
    let cancelled = Atomic<Bool>(false)

    DispatchQueue.concurrentPerform(iterations: max(1, min(threads, items))) { worker in
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
        if item >= items { return }
        if item < pieces.count {
          easySums[item] = self.s2Easy(pieces[item], shouldStop: shouldStop)
        } else {
          let chunk = item - pieces.count
          let low = chunk * segmentsPerChunk * numbersPerSegment
          let high = min(low + segmentsPerChunk * numbersPerSegment, end)
          results[chunk] = process(low: low, high: high, sieve: sieve, shouldStop: shouldStop)
        }
        let finished = done.wrappingAdd(1, ordering: .relaxed).newValue
        if worker == 0 { progress?(Double(finished) / Double(items)) }
      }
    }
    if cancelled.load(ordering: .relaxed) || Task.isCancelled { throw CancellationError() }
    var s2Easy = 0
    for index in 0..<easyPieces.count {
      guard let sum = easySums[index] else { throw CancellationError() }
      s2Easy += sum
    }

    var s2 = 0
    var p2 = 0
    var phiPrefix = [Int](repeating: 0, count: piSqrtZ + 1)
    var unsievedPrefix = 0
    for index in 0..<chunks {
      guard let result = results[index] else { throw CancellationError() }
      s2 += result.s2
      for b in 0...piSqrtZ { s2 += result.coefficients[b] * phiPrefix[b] }
      p2 += result.p2 + result.p2Count * (unsievedPrefix + piSqrtZ - 1)
      for b in 0...piSqrtZ { phiPrefix[b] += result.phi[b] }
      unsievedPrefix += result.unsieved
    }
    // P2 = Σ_{a < b ≤ π(√x)} (π(x / p_b) − b + 1); the sieve summed the π terms.
    let a = piY
    let b = piSqrtX
    p2 -= (b - a) * (a + b - 1) / 2
    return (s2Easy, s2, p2)
  }

  /// Sieves [low, high) segment by segment, collecting the hard leaves and the P2 terms whose
  /// values fall there, relative to the chunk's start.
  private func process(
    low chunkLow: Int, high chunkHigh: Int, sieve: SegmentSieve, shouldStop: () -> Bool
  )
    -> ChunkResult
  {
    var result = ChunkResult(
      coefficients: [Int](repeating: 0, count: piSqrtZ + 1),
      phi: [Int](repeating: 0, count: piSqrtZ + 1))
    let lastSquareFreeB = min(piSqrtY, piSqrtZ)
    var low = chunkLow
    while low < chunkHigh, !shouldStop() {
      let high = min(low + 2 * sieve.bitCount, chunkHigh)
      sieve.reset(low: low, high: high)  // multiples of p_2 … p_c = 3 … 13 already gone
      let lowForDivision = max(low, 1)

      // b ≤ π(√y): leaves x/(p_b·m), m square-free with lpf(m) > p_b, y/p_b < m ≤ y.
      if c + 1 <= lastSquareFreeB {
        for b in (c + 1)...lastSquareFreeB {
          let prime = Int(primes[b])
          let xp = x / prime
          var m = min(xp / lowForDivision, y)
          let minM = max(xp / high, y / prime)
          if m > minM {
            if m & 1 == 0 { m -= 1 }
            var coefficient = 0
            var local = 0
            sieve.startCounting()
            factors.withUnsafeValues { values in
              oddInverses.withUnsafeBufferPointer { inverses in
                let p32 = Int32(prime)
                while m > minM {
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
            result.s2 += local + coefficient * result.phi[b]
            result.coefficients[b] += coefficient
          }
          result.phi[b] += sieve.total
          sieve.crossOff(prime)
        }
      }

      // π(√y) < b ≤ π(√z): leaves x/(p_b·p_l), p_b < p_l ≤ min(z/p_b, y).
      if lastSquareFreeB + 1 <= piSqrtZ {
        for b in (lastSquareFreeB + 1)...piSqrtZ {
          let prime = Int(primes[b])
          let xp = x / prime
          let upper = min(xp / lowForDivision, z / prime, y)
          let lower = max(xp / high, prime)
          if upper > lower {
            var l = piTable[upper]
            let lMin = piTable[lower]
            result.coefficients[b] += l - lMin
            result.s2 += (l - lMin) * result.phi[b]
            sieve.startCounting()
            var local = 0
            inverses.withUnsafeBufferPointer { inverses in
              while l > lMin {
                local += sieve.count(upTo: divide(xp, Int(primes[l]), inverses[l]))
                l -= 1
              }
            }
            result.s2 += local
          }
          result.phi[b] += sieve.total
          sieve.crossOff(prime)
        }
      }

      // P2: π(x/p) for the primes y < p ≤ √x whose x/p falls in [low, high).
      let pMax = min(x / lowForDivision, Int(primes[piSqrtX]))
      let pMin = max(x / high, y)
      if pMax > pMin {
        var index = lastPrimeIndex(atMost: pMax)
        let stop = lastPrimeIndex(atMost: pMin)
        sieve.startCounting()
        while index > stop {
          result.p2 += result.unsieved + sieve.count(upTo: fastDivide(x, Int(primes[index])))
          result.p2Count += 1
          index -= 1
        }
      }
      result.unsieved += sieve.total
      low = high
    }
    return result
  }

  /// The index of the largest prime ≤ n in the table of primes up to √x.
  private func lastPrimeIndex(atMost n: Int) -> Int {
    n <= y ? piTable[n] : Self.lastIndex(atMost: n, in: primes, from: piY)
  }

  /// The index of the last element ≤ n of the ascending `primes`, searching from `start`.
  private static func lastIndex(atMost n: Int, in primes: [Int32], from start: Int) -> Int {
    var low = start
    var high = primes.count
    while low < high {
      let mid = (low + high) / 2
      if Int(primes[mid]) <= n { low = mid + 1 } else { high = mid }
    }
    return low - 1
  }
}

/// A segment of odd numbers as bits, with per-block counters of the bits still set, so that
/// counting the survivors up to a point costs a few additions and popcounts.
final class SegmentSieve {
  let bitCount: Int
  private let counterShift: Int
  private let words: Int
  private let bits: UnsafeMutablePointer<UInt64>
  private let counters: UnsafeMutablePointer<Int32>
  private let counterCount: Int
  private(set) var total = 0
  private var low = 0
  // Running count for increasing queries.
  private var countedBlocks = 0
  private var countedSum = 0

  init(bits bitCount: Int, counterShift: Int) {
    self.bitCount = bitCount
    self.counterShift = counterShift
    self.words = bitCount / 64
    self.counterCount = words >> counterShift
    self.bits = .allocate(capacity: words)
    self.counters = .allocate(capacity: counterCount)
  }

  deinit {
    bits.deallocate()
    counters.deallocate()
  }

  /// The bits of the odd numbers with no factor 3, 5, 7, 11 or 13: bit i of the pattern stands
  /// for 2i + 1, and the pattern repeats every 3·5·7·11·13 words.
  static let presievePeriod = 3 * 5 * 7 * 11 * 13
  static let presieve: [UInt64] = {
    var pattern = [UInt64](repeating: 0, count: presievePeriod)
    for w in 0..<presievePeriod {
      var word: UInt64 = 0
      for j in 0..<64 {
        let n = 2 * (64 * w + j) + 1
        if n % 3 != 0, n % 5 != 0, n % 7 != 0, n % 11 != 0, n % 13 != 0 {
          word |= 1 << UInt64(j)
        }
      }
      pattern[w] = word
    }
    return pattern
  }()

  /// Starts a segment: bit i stands for the odd number low + 2i + 1 < high, set unless that
  /// number is a multiple of 3, 5, 7, 11 or 13. `low` must be a multiple of 128.
  func reset(low: Int, high: Int) {
    self.low = low
    let used = (high - low) / 2  // odd numbers in [low, high), low even
    let period = Self.presievePeriod
    Self.presieve.withUnsafeBufferPointer { pattern in
      var source = (low / 128) % period
      for w in 0..<words {
        let first = w * 64
        var word = pattern[source]
        if first + 64 > used {
          word = first >= used ? 0 : word & ((1 << UInt64(used - first)) - 1)
        }
        bits[w] = word
        source += 1
        if source == period { source = 0 }
      }
    }
    var total = 0
    for block in 0..<counterCount {
      var sum = 0
      for w in (block << counterShift)..<((block + 1) << counterShift) {
        sum &+= bits[w].nonzeroBitCount
      }
      counters[block] = Int32(sum)
      total &+= sum
    }
    self.total = total
  }

  /// Clears the bits of the odd multiples of `prime` (the prime itself included).
  func crossOff(_ prime: Int) {
    var q = max(1, (low + prime - 1) / prime)
    if q & 1 == 0 { q += 1 }
    var i = (prime * q - low - 1) >> 1
    let limit = bitCount
    let shift = counterShift + 6
    var removed = 0
    let bits = self.bits
    let counters = self.counters
    while i < limit {
      let w = i &>> 6
      let word = bits[w]
      let bit = UInt64(truncatingIfNeeded: i & 63)
      let isSet = (word &>> bit) & 1
      bits[w] = word & ~(1 &<< bit)
      counters[i &>> shift] &-= Int32(truncatingIfNeeded: isSet)
      removed &+= Int(truncatingIfNeeded: isSet)
      i &+= prime
    }
    total &-= removed
  }

  /// Begins a series of `count(upTo:)` calls with non-decreasing arguments.
  @inline(__always)
  func startCounting() {
    countedBlocks = 0
    countedSum = 0
  }

  /// How many bits are still set for the odd numbers in [low, n]; `n` must not decrease
  /// between calls after `startCounting()`.
  @inline(__always)
  func count(upTo n: Int) -> Int {
    let end = (n &- low &+ 1) &>> 1  // bits [0, end)
    let block = end &>> (counterShift &+ 6)
    var sum = countedSum
    var blocks = countedBlocks
    while blocks < block {
      sum &+= Int(counters[blocks])
      blocks &+= 1
    }
    countedBlocks = blocks
    countedSum = sum
    var w = block &<< counterShift
    let lastWord = end &>> 6
    while w < lastWord {
      sum &+= bits[w].nonzeroBitCount
      w &+= 1
    }
    let rest = end & 63
    if rest > 0 {
      sum &+= (bits[lastWord] & ((1 &<< UInt64(truncatingIfNeeded: rest)) &- 1)).nonzeroBitCount
    }
    return sum
  }
}

/// One slot per chunk, each written by exactly one worker and read after all have finished.
final class ResultSlots<Value>: @unchecked Sendable {
  private var slots: [Value?]
  private let lock = NSLock()

  init(count: Int) {
    slots = [Value?](repeating: nil, count: count)
  }

  subscript(index: Int) -> Value? {
    get { lock.withLock { slots[index] } }
    set { lock.withLock { slots[index] = newValue } }
  }
}
