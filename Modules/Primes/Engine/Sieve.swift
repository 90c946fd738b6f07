import Synchronization

/// Sieves of Eratosthenes over the odd numbers, a segment at a time, so that their memory stays
/// small whatever the range: for the tables of the prime-counting algorithm and for the gap the
/// nth prime is found in.
enum Sieve {
  /// Odd numbers per segment: 64 KiB of flags, which stay in the cache.
  private static let segmentOdds = 1 << 16

  /// Every prime up to `limit`, ascending; `limit` must not exceed `Int32.max`.
  static func primes(upTo limit: Int) -> [Int32] {
    precondition(limit <= Int(Int32.max), "primes(upTo:) holds 32-bit primes")
    var primes: [Int32] = []
    guard limit >= 2 else { return primes }
    forEachPrime(in: 2...limit) { primes.append(Int32(truncatingIfNeeded: $0)) }
    return primes
  }

  /// Every prime up to `limit`, ascending, sieved 2^21 numbers a piece on up to `threads`
  /// threads; `limit` must not exceed `Int32.max`.
  static func primes(upTo limit: Int, threads: Int, workLog: WorkLog?) -> [Int32] {
    let width = 1 << 21
    guard limit > width, threads > 1 || workLog != nil else { return primes(upTo: limit) }
    precondition(limit <= Int(Int32.max), "primes(upTo:) holds 32-bit primes")
    let pieces = limit / width + 1
    let parts = Locked([[Int32]](repeating: [], count: pieces))
    runPiecesToEnd(pieces, threads: threads, workLog: workLog) { piece in
      var part: [Int32] = []
      forEachPrime(in: max(2, piece * width)...min((piece + 1) * width - 1, limit)) {
        part.append(Int32(truncatingIfNeeded: $0))
      }
      parts.withLock { $0[piece] = part }
    }
    return parts.withLock { parts in
      var primes: [Int32] = []
      primes.reserveCapacity(parts.reduce(0) { $0 + $1.count })
      for part in parts { primes += part }
      return primes
    }
  }

  /// Calls `body` with each prime in `range`, ascending, for any range of `Int`s.
  ///
  /// The primes that cross off reach √(upper bound) and are kept in an array, so this is for
  /// ranges whose upper bound is at most about 10^17; ``primes(in:)`` has no such limit.
  static func forEachPrime(in range: ClosedRange<Int>, _ body: (Int) -> Void) {
    let high = range.upperBound
    guard high >= 2 else { return }
    if range.lowerBound <= 2 { body(2) }
    let sieving = primes(upTo: integerSquareRoot(high)).dropFirst()  // the odd ones
    var flags = [Bool](repeating: false, count: segmentOdds)
    var start = max(range.lowerBound, 3) | 1
    flags.withUnsafeMutableBufferPointer { composite in
      while start <= high {
        let count = min(segmentOdds, (high - start) / 2 + 1)
        for i in 0..<count { composite[i] = false }
        crossOff(composite, start: start, count: count, with: sieving.lazy.map(Int.init))
        for i in 0..<count where !composite[i] { body(start &+ 2 &* i) }
        if high - start < 2 * segmentOdds { break }
        start += 2 * segmentOdds
      }
    }
  }

  /// The odd primes up to `limit`, ascending, from a ``PiTable``'s bits.
  static func oddPrimes(upTo limit: Int) -> [Int32] {
    var primes: [Int32] = []
    guard limit >= 3 else { return primes }
    PiTable(limit: limit).withLookup { table in
      table.forEachOddPrime(after: 2, through: limit) { primes.append(Int32($0)) }
    }
    return primes
  }

  /// The primes in `range`, ascending, for a range short enough to hold as bits, up to
  /// `Int.max`.
  ///
  /// - Throws: `CancellationError` when the task is cancelled.
  static func primes(in range: ClosedRange<Int>) throws -> [Int] {
    var result: [Int] = range.contains(2) ? [2] : []
    guard let odd = try OddPrimes(in: range) else { return result }
    odd.forEach { result.append($0) }
    return result
  }

  /// The odd primes of a range, as a bit per odd number: for the nth prime's last step, which
  /// counts them from either end of its window without listing them.
  struct OddPrimes {
    /// The first odd number of the range, at least 3.
    let start: Int
    /// How many odd numbers the bits stand for, from `start`.
    let count: Int
    /// Bit i of word i / 64 stands for start + 2i, set if it is prime.
    private var words: [UInt64]

    /// The odd primes of `range`, or nil if it holds no odd number above 1, sieved on up to
    /// `threads` threads.
    ///
    /// - Throws: `CancellationError` when the task is cancelled: the sieve stops at its next
    ///   segment, or its next window of sieving primes.
    init?(in range: ClosedRange<Int>, threads: Int = 1, workLog: WorkLog? = nil) throws {
      let high = range.upperBound
      let start = max(range.lowerBound, 3) | 1
      guard high >= 3, start <= high else { return nil }
      let count = (high - start) / 2 + 1
      self.start = start
      self.count = count
      let wordCount = (count + 63) / 64
      let last = start &+ 2 &* (count &- 1)
      let root = integerSquareRoot(last)
      // Shared by the threads: each clears bits of its own, and several may clear bits of the
      // same word, so the words are atomic.
      let shared = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: wordCount)
      for w in 0..<wordCount { (shared + w).initialize(to: Atomic(UInt64.max)) }
      defer {
        shared.deinitialize(count: wordCount)
        shared.deallocate()
      }
      if count % 64 != 0 {
        shared[wordCount - 1].store((1 << UInt64(count % 64)) - 1, ordering: .relaxed)
      }
      nonisolated(unsafe) let words = shared
      @Sendable @inline(__always) func clear(_ i: Int) {
        words[i &>> 6].bitwiseAnd(
          ~(1 &<< UInt64(truncatingIfNeeded: i & 63)), ordering: .relaxed)
      }
      // Each odd prime p ≤ √last clears its odd multiples from p² on: those below 2^18, which
      // clear many bits each, a segment of 2^18 bits (32 KiB) at a time, so that their stores
      // stay in the cache, one segment a piece; the others a range of them a piece, each range
      // sieved a window of a π table at a time with the primes below 2^18.
      let segmentBits = 1 << 18
      let small = Sieve.oddPrimes(upTo: min(root, segmentBits - 1))
      let segments = (count + segmentBits - 1) / segmentBits
      try runPieces(segments, threads: threads, workLog: workLog, worker: { () }) {
        segment, _, _ in
        let low = segment * segmentBits
        let end = min(low + segmentBits, count)
        for p32 in small {
          let p = Int(p32)
          var bit = low + Sieve.offsetOfFirstOddMultiple(of: p, from: start + 2 * low) >> 1
          while bit < end {
            // Only this piece writes the words of its segment.
            let word = words[bit &>> 6].load(ordering: .relaxed)
            words[bit &>> 6].store(
              word & ~(1 &<< UInt64(truncatingIfNeeded: bit & 63)), ordering: .relaxed)
            bit &+= p
          }
        }
      }
      if root >= segmentBits {
        let ranges = min(max(1, threads * 4), (root - segmentBits) / (1 << 16) + 1)
        let width = (root - segmentBits) / ranges + 1
        try small.withUnsafeBufferPointer { small in
          nonisolated(unsafe) let small = small
          try runPieces(ranges, threads: threads, workLog: workLog, worker: { () }) {
            piece, _, shouldStop in
            let first = segmentBits + piece * width
            let last = min(first + width - 1, root)
            let window = SegmentedPiTable()
            let batch = FirstMultiples(start: start, primesUpTo: root)
            var low = first / 128 * 128
            while low <= last {
              if shouldStop() { return }
              let high = min(low + SegmentedPiTable.capacity, last + 1)
              window.fill(low: low, high: high, countFrom: 0, sievingWith: small)
              window.lookup.forEachOddPrime(after: max(low, first - 1), through: high - 1) {
                if batch.add($0) { batch.crossOff(below: count, clear) }
              }
              low = high
            }
            batch.crossOff(below: count, clear)
          }
        }
      }
      self.words = (0..<wordCount).map { words[$0].load(ordering: .relaxed) }
    }

    /// Calls `body` with each prime, ascending.
    func forEach(_ body: (Int) -> Void) {
      for (w, word) in words.enumerated() {
        var bits = word
        while bits != 0 {
          body(start &+ 2 &* (w &<< 6 &+ bits.trailingZeroBitCount))
          bits &= bits &- 1
        }
      }
    }

    /// The k-th prime from the bottom, from 0; nil when there are no more than k.
    func fromBottom(_ k: Int) -> Int? {
      var left = k
      for (w, word) in words.enumerated() {
        let here = word.nonzeroBitCount
        if left < here {
          var bits = word
          for _ in 0..<left { bits &= bits &- 1 }
          return start &+ 2 &* (w &<< 6 &+ bits.trailingZeroBitCount)
        }
        left -= here
      }
      return nil
    }

    /// The k-th prime from the top, from 0; nil when there are no more than k.
    func fromTop(_ k: Int) -> Int? {
      var left = k
      for w in words.indices.reversed() {
        let here = words[w].nonzeroBitCount
        if left < here {
          var bits = words[w]
          for _ in 0..<left { bits &= ~(1 &<< UInt64(63 &- bits.leadingZeroBitCount)) }
          return start &+ 2 &* (w &<< 6 &+ 63 &- bits.leadingZeroBitCount)
        }
        left -= here
      }
      return nil
    }
  }

  /// a mod p for 0 ≤ a and 3 ≤ p ≤ √Int.max, through floating point rather than an integer
  /// division, which is several times slower: for the primes above 2^18 of the nth prime's
  /// window, most of which hit it once or not at all, so that this is what they cost.
  ///
  /// Below 2^53, one division: a is exact in a `Double`, and the rounded quotient has the
  /// integer part of a / p. It is not below that integer, which a `Double` holds, and it is at
  /// most half a unit in its last place, less than 1/p, above a / p, which is at least 1/p below
  /// the next integer. Above, the quotient in a `Double` is within about a thousand of the exact
  /// one, the remainder it leaves within a thousand p of the exact one, and a second round on
  /// that exact to one.
  @inline(__always)
  static func remainder(_ a: Int, _ p: Int) -> Int {
    let divisor = Double(p)
    if a < 1 << 53 { return a &- Int(Double(a) / divisor) &* p }
    var r = a &- Int(Double(a) / divisor) &* p
    r = r &- Int((Double(r) / divisor).rounded(.down)) &* p
    while r < 0 { r &+= p }
    while r >= p { r &-= p }
    return r
  }

  /// The odd primes of the nth prime's window that are above 2^18, a batch at a time: most of
  /// them hit the window once or not at all, so that finding each one's first odd multiple
  /// from `start` is most of what they cost. For `start` below 2^53 (the quotient is exact, as
  /// in ``Sieve/remainder(_:_:)``) and primes below `start`, that is one loop of divisions,
  /// multiplications and shifts with no branch, which the compiler runs on vectors, where one
  /// prime at a time waited on each division: a multiple of such a prime at or above `start`
  /// is a composite, so that the multiples from p², which the other sieves start at, need no
  /// check there. Otherwise each prime's offset is worked out as the other sieves do.
  final class FirstMultiples {
    static let capacity = 512
    /// The first odd number of the window.
    let start: Int
    /// Whether the loop on vectors finds the first multiples.
    private let inOneLoop: Bool
    private let primes = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
    private let bits = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
    private var count = 0

    /// For the window from `start`, odd, and primes up to `root`.
    init(start: Int, primesUpTo root: Int) {
      precondition(start & 1 == 1, "an odd start")
      self.start = start
      inOneLoop = start < 1 << 53 && root < start
    }

    deinit {
      primes.deallocate()
      bits.deallocate()
    }

    /// Adds a prime; true when the batch is full and must be crossed off.
    @inline(__always)
    func add(_ p: Int) -> Bool {
      assert(p & 1 == 1 && 3 <= p, "an odd prime")
      primes[count] = p
      count &+= 1
      return count == Self.capacity
    }

    /// Calls `clear` with the bit of each odd multiple of the batch's primes whose bit is below
    /// `end` (bit i standing for start + 2i), and empties the batch.
    @inline(__always)
    func crossOff(below end: Int, _ clear: (Int) -> Void) {
      let (start, primes, bits, count) = (start, primes, bits, count)
      if inOneLoop {
        // start − q·p, q = ⌊start / p⌋ through a `Double`, and q read out of its bits: exact,
        // as q < 2^52 and q + 2^52 holds it in the fraction, and with no check that stops the
        // loop from running on vectors.
        let low = Double(start)
        let shift = Int(bitPattern: UInt(0x1p52.bitPattern))
        for j in 0..<count {
          let p = primes[j]
          let quotient = (low / Double(p)).rounded(.towardZero) + 0x1p52
          let q = Int(bitPattern: UInt(quotient.bitPattern)) &- shift
          let r = start &- q &* p
          let offset = r == 0 ? 0 : p &- r
          // An odd offset lands on an even multiple: the next one is odd.
          bits[j] = (offset &+ (p & (0 &- (offset & 1)))) &>> 1
        }
      } else {
        for j in 0..<count {
          let p = primes[j]
          bits[j] =
            Sieve.offsetOfFirstOddMultiple(of: p, from: start, remainder: remainder(start, p)) >> 1
        }
      }
      for j in 0..<count {
        var bit = bits[j]
        guard bit < end else { continue }
        let p = primes[j]
        repeat {
          clear(bit)
          bit &+= p
        } while bit < end
      }
      self.count = 0
    }
  }

  /// Flags the odd multiples, from p², of each odd prime p among the `count` odd numbers from
  /// `start` (odd). Offsets are taken from `start`, so that nothing overflows near `Int.max`.
  private static func crossOff<Primes: Sequence<Int>>(
    _ composite: UnsafeMutableBufferPointer<Bool>, start: Int, count: Int, with primes: Primes
  ) {
    let last = start &+ 2 &* (count &- 1)
    for p in primes {
      if p &* p > last { break }  // p ≤ √Int.max
      var i = offsetOfFirstOddMultiple(of: p, from: start) >> 1
      while i < count {
        composite[i] = true
        i &+= p
      }
    }
  }

  /// How far the first odd multiple of the odd prime p that is at least both `start` (odd) and
  /// p² lies past `start`: an even number. Taken from `start`, so nothing overflows near
  /// `Int.max`.
  @inline(__always)
  static func offsetOfFirstOddMultiple(
    of p: Int, from start: Int, remainder: @autoclosure () -> Int? = nil
  ) -> Int {
    let square = p &* p  // p ≤ √Int.max
    if square >= start { return square - start }
    let remainder = remainder() ?? start % p
    let offset = remainder == 0 ? 0 : p - remainder
    // An odd offset lands on an even multiple; without a branch, as the offset's parity is
    // even or odd at random from one prime to the next.
    return offset &+ p & (0 &- (offset & 1))
  }
}
