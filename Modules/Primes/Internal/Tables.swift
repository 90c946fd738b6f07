/// π(n) for n ≤ limit in 1/8 byte per number: a bit per odd number, and the count of primes
/// before each 64-bit word, side by side so that a lookup touches one cache line.
struct PiTable {
  // entries[2w] = the primality bits of the odd numbers 128w + 1, 128w + 3, …;
  // entries[2w + 1] = the number of primes below 128w, counting 2.
  private let entries: [UInt64]
  let limit: Int

  init(limit: Int) {
    self.limit = limit
    let words = limit / 128 + 1
    var entries = [UInt64](repeating: 0, count: 2 * words)
    // Sieved straight into the bits, 2^15 words (2^22 numbers) at a time.
    let sieving = Sieve.primes(upTo: integerSquareRoot(limit)).dropFirst()  // the odd ones
    entries.withUnsafeMutableBufferPointer { entries in
      let segmentWords = 1 << 15
      var first = 0
      while first < words {
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
        first = last
      }
      entries[0] &= ~1  // 1 is not prime
      // Nothing above the limit.
      let bitsInUse = (limit + 1) >> 1  // the odd numbers up to the limit
      let lastWord = bitsInUse >> 6
      if lastWord < words {
        entries[2 * lastWord] &= (1 << UInt64(bitsInUse & 63)) - 1
      }
    }
    var count: UInt64 = 1  // the prime 2, which has no bit
    for w in 0..<words {
      entries[2 * w + 1] = count
      count += UInt64(entries[2 * w].nonzeroBitCount)
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

  init(limit: Int, primes: ArraySlice<Int32>) {
    let (residues, counts) = (Self.wheelResidues, Self.wheelCounts)
    func number(at i: Int) -> Int { Self.number(at: i, residues: residues) }
    func index(of m: Int) -> Int { Self.count(upTo: m, counts: counts) - 1 }
    let count = index(of: limit) + 1
    self.count = count
    var lpf = [Int32](repeating: 0, count: count)
    var sign = [Int8](repeating: 1, count: count)
    var squareFree = [Bool](repeating: true, count: count)
    for p32 in primes where p32 > 7 {
      let p = Int(p32)
      if p > limit { break }
      // The multiples p·j in the table are those whose j is in it too.
      var j = 0
      while true {
        let m = p * number(at: j)
        if m > limit { break }
        let i = index(of: m)
        if lpf[i] == 0 { lpf[i] = p32 }
        sign[i] = -sign[i]
        j += 1
      }
      let square = p * p
      j = 0
      while square <= limit / number(at: j) {
        squareFree[index(of: square * number(at: j))] = false
        j += 1
      }
    }
    var values = [Int32](repeating: 0, count: count)
    if count > 0 { values[0] = Int32.max - 1 }
    for i in 1..<max(count, 1) where squareFree[i] {
      values[i] = lpf[i] << 1 | (sign[i] < 0 ? 1 : 0)
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
