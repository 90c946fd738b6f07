/// π(n) for n ≤ limit in 1/8 byte per number: a bit per odd number, and the count of primes
/// before each 64-bit word, side by side so that a lookup touches one cache line. The engine
/// keeps one up to max(y, √(x/x*)), for the bounds of its loops; the leaves' π values up to √x
/// come from a ``SegmentedPiTable`` a window at a time.
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
    entries.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let entries = buffer
      // Each segment sieved straight into its bits, which it counts from its own start; then
      // the counts of the segments before it added.
      var totals = [Int](repeating: 0, count: segments)
      totals.withUnsafeMutableBufferPointer { buffer in
        nonisolated(unsafe) let totals = buffer
        sieving.withUnsafeBufferPointer { sieving in
          nonisolated(unsafe) let sieving = sieving
          runPiecesToEnd(segments, threads: threads, workLog: workLog) { segment in
            let first = segment * segmentWords
            let last = min(first + segmentWords, words)
            totals[segment] = Self.sieve(
              UnsafeMutableBufferPointer(rebasing: entries[(2 * first)..<(2 * last)]),
              words: first..<last, limit: limit, countFrom: 0, sievingWith: sieving)
          }
        }
      }
      var prefix = [Int](repeating: 0, count: segments)
      for segment in 1..<max(segments, 1) {
        prefix[segment] = prefix[segment - 1] + totals[segment - 1]
      }
      let offsets = prefix
      runPiecesToEnd(segments, threads: threads, workLog: workLog) { segment in
        let offset = UInt64(offsets[segment])
        for w in (segment * segmentWords)..<min((segment + 1) * segmentWords, words) {
          entries[2 * w + 1] += offset
        }
      }
    }
    self.entries = entries
  }

  /// Sieves the words `words` of a table into `entries`, whose first pair is the first of
  /// them: the bits of the odd primes up to `limit` (word w holds the odd numbers from 128w + 1
  /// to 128w + 127), then each word's count of the primes below it, from `base`. `primes` must
  /// hold the odd primes up to √limit, ascending; those past the words' √ are not read, nor
  /// those up to 13, whose multiples come from a pattern.
  ///
  /// - Returns: `base` plus the primes of the words, counting 2 if they start at 0.
  static func sieve(
    _ entries: UnsafeMutableBufferPointer<UInt64>, words: Range<Int>, limit: Int,
    countFrom base: Int, sievingWith primes: UnsafeBufferPointer<Int32>
  ) -> Int {
    let wordCount = words.count
    // Bit i of word w stands for the i-th odd number from 128w + 1, the (64w + i)-th from 1.
    var offset = (64 * words.lowerBound) % Self.presievePeriod
    Self.presieve.withUnsafeBufferPointer { pattern in
      for w in 0..<wordCount {
        let (index, shift) = (offset &>> 6, UInt64(truncatingIfNeeded: offset & 63))
        let next = shift == 0 ? 0 : pattern[index &+ 1] &<< (64 &- shift)
        entries[2 &* w] = pattern[index] &>> shift | next
        offset &+= 64
        if offset >= Self.presievePeriod { offset &-= Self.presievePeriod }
      }
    }
    let start = 128 * words.lowerBound + 1  // the number of the first bit
    let bits = wordCount << 6
    let last = min(128 * words.upperBound - 1, limit)
    @inline(__always) func clear(_ i: Int) {
      entries[(i &>> 6) &<< 1] &= ~(1 &<< UInt64(truncatingIfNeeded: i & 63))
    }
    let (position, steps) = Self.wheel30
    for p32 in primes where p32 > 13 {
      let p = Int(p32)
      if p * p > last { break }
      // The odd multiples p·k of p from p² on, bit i standing for start + 2i, but those with k
      // divisible by 3 or 5, which the pattern has cleared: k steps through the residues of
      // `wheel30`, and a turn of eight of them spans 15p bits.
      var i = Sieve.offsetOfFirstOddMultiple(of: p, from: start) >> 1
      guard i < bits else { continue }
      var residue = (start &+ 2 &* i) / p % 30
      var t = position[residue]
      while t < 0 {
        i &+= p
        residue = (residue &+ 2) % 30
        t = position[residue]
      }
      let d1 = steps[t] &* p
      let d2 = d1 &+ steps[(t &+ 1) & 7] &* p
      let d3 = d2 &+ steps[(t &+ 2) & 7] &* p
      let d4 = d3 &+ steps[(t &+ 3) & 7] &* p
      let d5 = d4 &+ steps[(t &+ 4) & 7] &* p
      let d6 = d5 &+ steps[(t &+ 5) & 7] &* p
      let d7 = d6 &+ steps[(t &+ 6) & 7] &* p
      let turn = 15 &* p
      while i &+ d7 < bits {
        clear(i)
        clear(i &+ d1)
        clear(i &+ d2)
        clear(i &+ d3)
        clear(i &+ d4)
        clear(i &+ d5)
        clear(i &+ d6)
        clear(i &+ d7)
        i &+= turn
      }
      while i < bits {
        clear(i)
        i &+= steps[t] &* p
        t = (t &+ 1) & 7
      }
    }
    var count = base
    if words.lowerBound == 0 {
      // 1 is not prime; 3, 5, 7, 11 and 13 are, though the pattern has none of them.
      entries[0] = entries[0] & ~1 | 0b110_1110
      if limit >= 2 { count += 1 }  // 2, which has no bit
    }
    // Nothing above the limit: the bits of the odd numbers up to it are those below
    // (limit + 1) / 2, counted from the first word's.
    let inUse = (limit + 1) / 2 - 64 * words.lowerBound
    for w in 0..<wordCount {
      let used = inUse - 64 * w
      if used < 64 { entries[2 * w] &= used <= 0 ? 0 : (1 << UInt64(used)) - 1 }
      entries[2 * w + 1] = UInt64(count)
      count += entries[2 * w].nonzeroBitCount
    }
    return count
  }

  /// The odd residues modulo 30 that neither 3 nor 5 divides: `position[r]` is the place of r
  /// among them (−1 for the others), and `halfSteps[t]` half the distance from the t-th to the
  /// next, 29 to 31 the last.
  static let wheel30: (position: [Int], halfSteps: [Int]) = {
    let residues = [1, 7, 11, 13, 17, 19, 23, 29]
    var position = [Int](repeating: -1, count: 30)
    for (t, r) in residues.enumerated() { position[r] = t }
    let halfSteps = residues.indices.map { t in
      ((t == 7 ? 31 : residues[t + 1]) - residues[t]) / 2
    }
    return (position, halfSteps)
  }()

  /// The odd numbers repeat what 3, 5, 7, 11 and 13 divide every 15,015 of them.
  static let presievePeriod = 3 * 5 * 7 * 11 * 13
  /// Bit j, for j below the period and 64 more, set when none of 3, 5, 7, 11, 13 divides the
  /// j-th odd number from 1, 2j + 1.
  static let presieve: [UInt64] = {
    var words = [UInt64](repeating: .max, count: (presievePeriod + 64) / 64 + 1)
    for p in [3, 5, 7, 11, 13] {
      // 2j + 1 is an odd multiple of p for j = (p − 1)/2, then every p.
      for j in stride(from: (p - 1) / 2, to: 64 * words.count, by: p) {
        words[j >> 6] &= ~(1 << UInt64(j & 63))
      }
    }
    return words
  }()

  /// π(n), for 0 ≤ n ≤ limit.
  subscript(n: Int) -> Int {
    entries.withUnsafeBufferPointer { Lookup(entries: $0, origin: 0)[n] }
  }

  /// Runs `body` with a lookup that skips bounds checks in optimized builds.
  func withLookup<R>(_ body: (Lookup) -> R) -> R {
    entries.withUnsafeBufferPointer { body(Lookup(entries: $0, origin: 0)) }
  }

  /// Reads a table's entries, whose first word holds the odd numbers from `origin` + 1 on:
  /// the whole table's from 0, or a window's of a ``SegmentedPiTable``.
  struct Lookup {
    let entries: UnsafeBufferPointer<UInt64>
    /// A multiple of 128.
    let origin: Int

    @inline(__always)
    subscript(n: Int) -> Int {
      guard n >= 2 else { return 0 }
      return self[atLeastTwo: n]
    }

    /// Where a walk down the odd primes has come to: the bits of a word not yet walked.
    struct Downward {
      fileprivate var word = 0
      fileprivate var bits: UInt64 = 0
    }

    /// A walk down the odd primes below n that the entries hold, for 3 ≤ n ≤ their end + 1.
    @inline(__always)
    func primes(below n: Int) -> Downward {
      let i = (n &- origin &- 2) &>> 1  // the bit of the largest odd number below n
      let w = i &>> 6
      let mask = UInt64.max &>> UInt64(truncatingIfNeeded: 63 &- (i & 63))
      return Downward(word: w, bits: entries[w &<< 1] & mask)
    }

    /// The next prime of a walk down, the largest it has not given; 0 when it has given every
    /// odd prime the entries hold below where it began.
    @inline(__always)
    func next(_ walk: inout Downward) -> Int {
      while walk.bits == 0 {
        guard walk.word > 0 else { return 0 }
        walk.word &-= 1
        walk.bits = entries[walk.word &<< 1]
      }
      let top = 63 &- walk.bits.leadingZeroBitCount
      walk.bits &= ~(1 &<< UInt64(truncatingIfNeeded: top))
      return origin &+ (walk.word &<< 7) &+ 2 &* top &+ 1
    }

    /// Calls `body` with each odd prime in (lower, upper], ascending, for 1 ≤ lower and
    /// upper ≤ limit: a word of bits at a time, so that each prime's work does not wait on
    /// the search for the one before.
    @inline(__always)
    func forEachOddPrime(after lower: Int, through upper: Int, _ body: (Int) -> Void) {
      let first = (lower &- origin &+ 1) &>> 1  // the bit of the first odd number above lower
      let last = (upper &- origin &- 1) &>> 1  // the bit of the last odd number up to upper
      guard first <= last else { return }
      var w = first &>> 6
      var bits = entries[w &<< 1] & (UInt64.max &<< UInt64(truncatingIfNeeded: first & 63))
      let lastWord = last &>> 6
      let lastMask = UInt64.max &>> UInt64(truncatingIfNeeded: 63 &- (last & 63))
      while true {
        if w == lastWord { bits &= lastMask }
        while bits != 0 {
          body(origin &+ (w &<< 7) &+ 2 &* bits.trailingZeroBitCount &+ 1)
          bits &= bits &- 1
        }
        if w == lastWord { return }
        w &+= 1
        bits = entries[w &<< 1]
      }
    }

    /// π(n) for 2 ≤ n ≤ limit, without the check.
    @inline(__always)
    subscript(atLeastTwo n: Int) -> Int {
      let i = (n &- origin &- 1) &>> 1
      let w = (i &>> 6) &<< 1
      let mask = UInt64.max &>> UInt64(truncatingIfNeeded: 63 &- (i & 63))
      return Int(truncatingIfNeeded: entries[w &+ 1]) &+ (entries[w] & mask).nonzeroBitCount
    }
  }
}

/// For each m ≤ limit that none of 2, 3, 5, 7 divides, what the leaves ask of it in 16 bits:
/// whether it is square-free, the sign of its Möbius function μ(m), and whether its prime
/// factors all exceed a given p_b. A square-free m holds 2·b + 1 if μ(m) = −1 and 2·b if
/// μ(m) = 1, where p_b is its least prime factor; but a prime above √limit and 13 holds
/// ``prime`` (odd, as its μ is −1), and 1, which has no prime factor, holds ``one`` (even);
/// an m that is not square-free holds 0. So one comparison, `value > 2b + 1`, picks the
/// square-free m whose prime factors all exceed p_b, and ``mu(_:)`` tells the sign: for any m
/// when p_b is at most √limit or 13, else for the m above p_b, the only ones the leaves ask
/// about.
///
/// The index b of each prime up to √limit must be at most 32,766, so that 2·b + 1 stays below
/// ``one`` and ``prime``: √limit below p_32767 = 386,093, a limit below about 1.49·10^11, far
/// above y for any x up to 2^63 − 1; `init` checks it. A prime above √limit holds ``prime``,
/// whatever its index, and the leaves only ask whether it exceeds p_b, which it does.
///
/// The leaves only ever ask about such m, since their least prime factor exceeds 13: keeping
/// just those, 48 in every 210 numbers, makes the table less than half the size of one over
/// the odd numbers, and the loops over m skip the multiples of 3, 5 and 7 without looking.
/// Entries are found by their index: the i-th such number (from 0) is ``number(at:)``.
struct FactorTable {
  static let wheel = 210
  static let spokes = 48
  /// The value of a prime m: above every threshold, and odd, as μ(m) = −1.
  static let prime = UInt16.max
  /// The value of m = 1: above every threshold, and even, as μ(1) = 1.
  static let one = UInt16.max - 1
  /// The residues mod 210 that none of 2, 3, 5, 7 divides, ascending.
  private static let wheelResidues: [Int] = (1..<wheel).filter {
    $0 % 2 != 0 && $0 % 3 != 0 && $0 % 5 != 0 && $0 % 7 != 0
  }
  /// How many of those residues are at most r, for each r.
  private static let wheelCounts: [Int] = (0..<wheel).map { r in
    wheelResidues.prefix { $0 <= r }.count
  }

  private let values: [UInt16]
  /// How many numbers the table holds: those up to its limit.
  let count: Int
  // The wheel's tables, held here so that the loops over m read them without a check that
  // they exist yet.
  private let residues = Self.wheelResidues
  private let countUpTo = Self.wheelCounts

  /// The table up to `limit` (below about 1.49·10^11), built 2^16 entries at a time on up to `threads`
  /// threads. `primes[b]` must be the b-th prime, ascending, for every prime up to √limit
  /// (`primes[0]` is not read).
  init(limit: Int, primes: [Int32], threads: Int = 1, workLog: WorkLog? = nil) {
    let (residues, counts) = (Self.wheelResidues, Self.wheelCounts)
    let count = Self.count(upTo: limit, counts: counts)
    self.count = count
    let root = integerSquareRoot(limit)
    // The indices of the primes from 11 (the 5th) up to √limit, and 11 and 13 in any case, so
    // that no prime up to p_k = 13 holds ``prime``.
    var last = 4
    while last + 1 < primes.count, Int(primes[last + 1]) <= max(root, 13) { last += 1 }
    precondition(last <= 32_766, "a factor table's indices fit in 15 bits")
    // Captured as an `Int`: a captured stride or range would have its type made at run time,
    // which looks its `Strideable` conformance up through every conformance in the binary.
    let lastSieving = last
    let pieceEntries = 1 << 16
    var values = [UInt16](repeating: 0, count: count)
    values.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let values = buffer
      let pieces = (count + pieceEntries - 1) / pieceEntries
      runPiecesToEnd(pieces, threads: threads, workLog: workLog) { piece in
        let first = piece * pieceEntries
        let end = min(first + pieceEntries, count)
        let low = Self.number(at: first, residues: residues)
        let high = Self.number(at: end - 1, residues: residues)
        // What is left of each m once its prime factors up to √limit are divided out, once
        // each; with the index of the least of those factors and μ's sign so far. A
        // square-free m then has at most one prime factor left, above √m.
        var rest = (first..<end).map { Self.number(at: $0, residues: residues) }
        var least = [UInt16](repeating: 0, count: end - first)
        var negative = [Bool](repeating: false, count: end - first)
        var squareFree = [Bool](repeating: true, count: end - first)
        for b in 5..<max(5, lastSieving + 1) {
          let p = Int(primes[b])
          if p > high { break }
          // The multiples p·n in [low, high] whose n is in the table too.
          var j = Self.count(upTo: (low - 1) / p, counts: counts)
          while true {
            let m = p * Self.number(at: j, residues: residues)
            if m > high { break }
            let i = Self.count(upTo: m, counts: counts) - 1 - first
            if least[i] == 0 { least[i] = UInt16(b) }
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
          if !squareFree[i] {
            values[first + i] = 0
          } else if least[i] == 0 {
            // No prime factor up to √limit or 13: m is 1 or a prime above them.
            values[first + i] = rest[i] == 1 ? Self.one : Self.prime
          } else {
            let negative = negative[i] != (rest[i] > 1)
            values[first + i] = least[i] << 1 | (negative ? 1 : 0)
          }
        }
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

  /// The entry at index i: 2·b + (1 if μ(m) = −1), ``prime``, ``one``, or 0.
  @inline(__always)
  subscript(index i: Int) -> UInt16 { values[i] }

  /// The value that every entry whose prime factors all exceed p_b is above: 2b + 1.
  @inline(__always)
  static func threshold(_ b: Int) -> UInt16 { UInt16(truncatingIfNeeded: b &<< 1 | 1) }

  /// μ(m), from an entry that is not 0.
  @inline(__always)
  static func mu(_ value: UInt16) -> Int { 1 &- 2 &* Int(value & 1) }

  func withUnsafeValues<R>(_ body: (UnsafeBufferPointer<UInt16>) -> R) -> R {
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
