/// π(n) for n ≤ limit in 1/8 byte per number: a bit per odd number, and the count of primes
/// before each 64-bit word, side by side so that a lookup touches one cache line.
struct PiTable {
  // entries[2w] = the primality bits of the odd numbers 128w + 1, 128w + 3, …;
  // entries[2w + 1] = the number of primes below 128w, counting 2.
  private let entries: [UInt64]
  let limit: Int

  /// The table up to `limit`, sieved 2^22 numbers at a time on up to `threads` threads.
  init(limit: Int, threads: Int = 1, workLog: WorkLog? = nil) {
    self.limit = limit
    let words = limit / 128 + 1
    let segmentWords = 1 << 15
    let segments = (words + segmentWords - 1) / segmentWords
    var entries = [UInt64](repeating: 0, count: 2 * words)
    let sieving = Sieve.primes(upTo: integerSquareRoot(limit)).dropFirst()  // the odd ones
    // The odd numbers up to the limit, whose bits are in use.
    let bitsInUse = (limit + 1) >> 1
    entries.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let entries = buffer
      // Each segment sieved straight into its bits, which it counts from its own start; then
      // the counts of the segments before it added.
      var totals = [UInt64](repeating: 0, count: segments)
      totals.withUnsafeMutableBufferPointer { buffer in
        nonisolated(unsafe) let totals = buffer
        runPiecesToEnd(segments, threads: threads, workLog: workLog) { segment in
          let first = segment * segmentWords
          let last = min(first + segmentWords, words)
          for w in first..<last { entries[2 * w] = UInt64.max }
          let firstBit = first << 6
          let endBit = last << 6
          for p32 in sieving {
            let p = Int(p32)
            // The odd multiples of p from p² on: bit i stands for 2i + 1.
            var i = firstBit + Sieve.offsetOfFirstOddMultiple(of: p, from: 2 * firstBit + 1) >> 1
            while i < endBit {
              entries[(i &>> 6) &<< 1] &= ~(1 &<< UInt64(truncatingIfNeeded: i & 63))
              i &+= p
            }
          }
          if first == 0 { entries[0] &= ~1 }  // 1 is not prime
          // Nothing above the limit.
          let lastWord = bitsInUse >> 6
          if (first..<last).contains(lastWord) {
            entries[2 * lastWord] &= (1 << UInt64(bitsInUse & 63)) - 1
          }
          var count: UInt64 = 0
          for w in first..<last {
            entries[2 * w + 1] = count
            count += UInt64(entries[2 * w].nonzeroBitCount)
          }
          totals[segment] = count
        }
      }
      var prefix = [UInt64](repeating: 1, count: segments)  // the prime 2, which has no bit
      for segment in 1..<max(segments, 1) {
        prefix[segment] = prefix[segment - 1] + totals[segment - 1]
      }
      let offsets = prefix
      runPiecesToEnd(segments, threads: threads, workLog: workLog) { segment in
        let offset = offsets[segment]
        for w in (segment * segmentWords)..<min((segment + 1) * segmentWords, words) {
          entries[2 * w + 1] += offset
        }
      }
    }
    self.entries = entries
  }

  /// Calls `body` with each odd prime up to n, ascending, n ≤ limit.
  func forEachOddPrime(upTo n: Int, _ body: (Int) -> Void) {
    guard n >= 3 else { return }
    let lastBit = (n - 1) >> 1  // the bit of the largest odd number up to n
    for w in 0...(lastBit >> 6) {
      var bits = entries[2 * w]
      if w == lastBit >> 6 { bits &= UInt64.max >> UInt64(63 - (lastBit & 63)) }
      while bits != 0 {
        body(128 * w + 2 * bits.trailingZeroBitCount + 1)
        bits &= bits - 1
      }
    }
  }

  /// Calls `body` with each odd prime in `range`, ascending, range.upperBound ≤ limit.
  func forEachOddPrime(in range: ClosedRange<Int>, _ body: (Int) -> Void) {
    let n = range.upperBound
    guard n >= 3, range.lowerBound <= n else { return }
    let firstBit = max(range.lowerBound, 1) >> 1  // the bit of the smallest odd number in range
    let lastBit = (n - 1) >> 1  // the bit of the largest odd number up to n
    entries.withUnsafeBufferPointer { entries in
      for w in (firstBit >> 6)...(lastBit >> 6) {
        var bits = entries[2 * w]
        if w == firstBit >> 6 { bits &= UInt64.max << UInt64(firstBit & 63) }
        if w == lastBit >> 6 { bits &= UInt64.max >> UInt64(63 - (lastBit & 63)) }
        while bits != 0 {
          body(128 * w + 2 * bits.trailingZeroBitCount + 1)
          bits &= bits - 1
        }
      }
    }
  }

  /// π(n), for 0 ≤ n ≤ limit.
  subscript(n: Int) -> Int {
    entries.withUnsafeBufferPointer { Lookup(entries: $0)[n] }
  }

  /// Runs `body` with a lookup that skips bounds checks in optimized builds.
  func withLookup<R>(_ body: (Lookup) -> R) -> R {
    entries.withUnsafeBufferPointer { body(Lookup(entries: $0)) }
  }

  struct Lookup {
    let entries: UnsafeBufferPointer<UInt64>

    @inline(__always)
    subscript(n: Int) -> Int {
      guard n >= 2 else { return 0 }
      return self[atLeastTwo: n]
    }

    /// The largest prime below n, for 3 ≤ n ≤ limit + 1.
    @inline(__always)
    func prime(below n: Int) -> Int {
      let i = (n &- 2) &>> 1  // the bit of the largest odd number below n
      var w = i &>> 6
      var bits =
        entries[w &<< 1] & (UInt64.max &>> UInt64(truncatingIfNeeded: 63 &- (i & 63)))
      while bits == 0 {
        guard w > 0 else { return 2 }
        w &-= 1
        bits = entries[w &<< 1]
      }
      return (w &<< 7) &+ 2 &* (63 &- bits.leadingZeroBitCount) &+ 1
    }

    /// π(n) for 2 ≤ n ≤ limit, without the check.
    @inline(__always)
    subscript(atLeastTwo n: Int) -> Int {
      let i = (n &- 1) &>> 1
      let w = (i &>> 6) &<< 1
      let mask = UInt64.max &>> UInt64(truncatingIfNeeded: 63 &- (i & 63))
      return Int(truncatingIfNeeded: entries[w &+ 1]) &+ (entries[w] & mask).nonzeroBitCount
    }
  }
}

/// For each m ≤ limit that none of 2, 3, 5, 7 divides, its least prime factor and its Möbius
/// function μ(m) in one number: 2·lpf(m) + 1 if μ(m) = −1, 2·lpf(m) if μ(m) = 1, and 0 when m
/// is not square-free; for m = 1, which has no prime factor, it is the largest even `Int32`.
/// So one comparison, `value > 2p + 1`, picks the square-free m whose prime factors all
/// exceed p, and ``mu(_:)`` tells the sign.
///
/// The leaves only ever ask about such m, since their least prime factor exceeds 13: keeping
/// just those, 48 in every 210 numbers, makes the table less than half the size of one over
/// the odd numbers, and the loops over m skip the multiples of 3, 5 and 7 without looking.
/// Entries are found by their index: the i-th such number (from 0) is ``number(at:)``.
struct FactorTable {
  static let wheel = 210
  static let spokes = 48
  /// The residues mod 210 that none of 2, 3, 5, 7 divides, ascending.
  private static let wheelResidues: [Int] = (1..<wheel).filter {
    $0 % 2 != 0 && $0 % 3 != 0 && $0 % 5 != 0 && $0 % 7 != 0
  }
  /// How many of those residues are at most r, for each r.
  private static let wheelCounts: [Int] = (0..<wheel).map { r in
    wheelResidues.prefix { $0 <= r }.count
  }

  private let values: [Int32]
  /// How many numbers the table holds: those up to its limit.
  let count: Int
  // The wheel's tables, held here so that the loops over m read them without a check that
  // they exist yet.
  private let residues = Self.wheelResidues
  private let countUpTo = Self.wheelCounts

  /// The table up to `limit`, built 2^16 entries at a time on up to `threads` threads.
  /// `primes` must hold the primes up to √limit, ascending.
  init(limit: Int, primes: ArraySlice<Int32>, threads: Int = 1, workLog: WorkLog? = nil) {
    let (residues, counts) = (Self.wheelResidues, Self.wheelCounts)
    let count = Self.count(upTo: limit, counts: counts)
    self.count = count
    let root = integerSquareRoot(limit)
    let sieving = primes.filter { $0 > 7 && Int($0) <= root }
    let pieceEntries = 1 << 16
    var values = [Int32](repeating: 0, count: count)
    values.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let values = buffer
      let pieces = (count + pieceEntries - 1) / pieceEntries
      runPiecesToEnd(pieces, threads: threads, workLog: workLog) { piece in
        let first = piece * pieceEntries
        let end = min(first + pieceEntries, count)
        let low = Self.number(at: first, residues: residues)
        let high = Self.number(at: end - 1, residues: residues)
        // What is left of each m once its prime factors up to √limit are divided out, once
        // each; with the least of those factors and μ's sign so far. A square-free m then has
        // at most one prime factor left, above √m.
        var rest = (first..<end).map { Self.number(at: $0, residues: residues) }
        var least = [Int32](repeating: 0, count: end - first)
        var negative = [Bool](repeating: false, count: end - first)
        var squareFree = [Bool](repeating: true, count: end - first)
        for p32 in sieving {
          let p = Int(p32)
          if p > high { break }
          // The multiples p·n in [low, high] whose n is in the table too.
          var j = Self.count(upTo: (low - 1) / p, counts: counts)
          while true {
            let m = p * Self.number(at: j, residues: residues)
            if m > high { break }
            let i = Self.count(upTo: m, counts: counts) - 1 - first
            if least[i] == 0 { least[i] = p32 }
            negative[i].toggle()
            rest[i] /= p
            j += 1
          }
          let square = p * p
          j = Self.count(upTo: (low - 1) / square, counts: counts)
          while true {
            let m = square * Self.number(at: j, residues: residues)
            if m > high { break }
            squareFree[Self.count(upTo: m, counts: counts) - 1 - first] = false
            j += 1
          }
        }
        for i in 0..<(end - first) {
          guard squareFree[i] else {
            values[first + i] = 0
            continue
          }
          var lpf = least[i]
          var sign = negative[i]
          if rest[i] > 1 {
            if lpf == 0 { lpf = Int32(truncatingIfNeeded: rest[i]) }
            sign.toggle()
          }
          values[first + i] = lpf << 1 | (sign ? 1 : 0)
        }
        if first == 0 { values[0] = Int32.max - 1 }  // m = 1
      }
    }
    self.values = values
  }

  /// How many numbers up to n, n ≥ 0, none of 2, 3, 5, 7 divides: the index of the first one
  /// above n.
  @inline(__always)
  func count(upTo n: Int) -> Int { Self.count(upTo: n, counts: countUpTo) }

  /// The i-th number, from 0, that none of 2, 3, 5, 7 divides.
  @inline(__always)
  func number(at i: Int) -> Int { Self.number(at: i, residues: residues) }

  @inline(__always)
  private static func count(upTo n: Int, counts: [Int]) -> Int {
    (n / wheel) &* spokes &+ counts[n % wheel]
  }

  @inline(__always)
  private static func number(at i: Int, residues: [Int]) -> Int {
    let (turns, spoke) = UInt(bitPattern: i).quotientAndRemainder(dividingBy: UInt(spokes))
    return Int(bitPattern: turns) &* wheel &+ residues[Int(bitPattern: spoke)]
  }

  /// 2·lpf(m) + (1 if μ(m) = −1), or 0, for the entry at index i.
  @inline(__always)
  subscript(index i: Int) -> Int32 { values[i] }

  /// The value that every entry whose prime factors all exceed p is above: 2p + 1.
  @inline(__always)
  static func threshold(_ p: Int32) -> Int32 { p << 1 | 1 }

  /// μ(m), from an entry that is not 0.
  @inline(__always)
  static func mu(_ value: Int32) -> Int { 1 &- 2 &* Int(value & 1) }

  /// lpf(m), from an entry that is not 0.
  @inline(__always)
  static func leastFactor(_ value: Int32) -> Int { Int(value >> 1) }

  func withUnsafeValues<R>(_ body: (UnsafeBufferPointer<Int32>) -> R) -> R {
    values.withUnsafeBufferPointer(body)
  }
}

/// φ(x, 6): how many n ≤ x are divisible by none of 2, 3, 5, 7, 11, 13, in constant time.
struct PhiTiny {
  static let c = 6
  static let product = 30030
  static let totient = 5760
  private let table: [Int32]

  init() {
    var table = [Int32](repeating: 0, count: Self.product)
    var count: Int32 = 0
    for n in 0..<Self.product {
      if n > 0, n % 2 != 0, n % 3 != 0, n % 5 != 0, n % 7 != 0, n % 11 != 0, n % 13 != 0 {
        count += 1
      }
      table[n] = count
    }
    self.table = table
  }

  @inline(__always)
  func callAsFunction(_ x: Int) -> Int {
    (x / Self.product) * Self.totient + Int(table[x % Self.product])
  }
}
