/// A segment of the numbers that none of 2, 3, 5 divides, as bits, with per-block counters of
/// the bits still set, so that counting the survivors up to a point costs a few additions and
/// popcounts.
///
/// Byte j stands for the 30 numbers from low + 30j: its bits, from the lowest, for
/// low + 30j + 1, 7, 11, 13, 17, 19, 23 and 29, the eight that 2, 3 and 5 leave. A byte thus
/// covers 30 numbers, against 16 for a bit per odd number, and crossing off a prime touches
/// 8 of its 15 odd multiples.
final class SegmentSieve {
  /// The residues mod 30 that none of 2, 3, 5 divides, one per bit of a byte.
  static let residues = [1, 7, 11, 13, 17, 19, 23, 29]

  let byteCount: Int
  /// The numbers a segment covers: 30 per byte.
  var numbersPerSegment: Int { Self.numbers(inBytes: byteCount) }

  /// The numbers that `bytes` bytes of a segment cover.
  static func numbers(inBytes bytes: Int) -> Int { 30 * bytes }
  /// 64-bit words per counter, as a power of two: four, as many as ``CounterWords`` holds, a
  /// counter for each 32 bytes, 960 numbers.
  static let counterShift = 2
  /// The bytes a counter stands for.
  static let counterBytes = 8 << counterShift
  private let raw: UnsafeMutableRawPointer
  private let counters: UnsafeMutablePointer<Int32>
  private let counterCount: Int
  /// For each r < 30, the bits of a byte whose numbers are at most 30j + r.
  private let bitsUpTo: [UInt64]
  /// For each r < 30, the bit of r if none of 2, 3, 5 divides it, as its index among them.
  private let bitIndex: [Int]
  private(set) var total = 0
  private var low = 0
  /// The bytes the current segment uses, whole counter blocks: all of them, but for a segment
  /// shorter than the sieve, whose crossing off and counting stop there.
  private var activeBytes = 0
  // Running count for increasing queries.
  private var countedBlocks = 0
  private var countedSum = 0

  /// Where each prime's multiples go on, by the slot its caller gives it: `carried[slot]`
  /// is the first multiple of the slot's prime at or past `carriedFor[slot]`, as its byte from
  /// there times 8 plus its wheel position, which any segment that starts there can take up.
  /// It was worked out, with a division, only where the segment just before did not cross the
  /// prime off. It holds only while a slot always holds the same prime.
  private let carried: UnsafeMutablePointer<Int>
  private let carriedFor: UnsafeMutablePointer<Int>
  let slots: Int

  /// A sieve of `byteCount` bytes (a multiple of ``counterBytes``) with a counter per
  /// ``counterBytes`` bytes, which carries the positions of the primes of `slots` slots
  /// from segment to segment.
  init(bytes byteCount: Int, slots: Int) {
    precondition(byteCount > 0 && byteCount % Self.counterBytes == 0, "whole counter blocks")
    precondition(CounterWords.scalarCount == 1 << Self.counterShift, "a counter's words at once")
    self.byteCount = byteCount
    self.counterCount = byteCount / Self.counterBytes
    // Aligned to a cache line, so that no counter's words straddle two.
    self.raw = .allocate(byteCount: byteCount, alignment: 64)
    self.counters = .allocate(capacity: counterCount)
    self.slots = slots
    carried = .allocate(capacity: slots)
    carriedFor = .allocate(capacity: slots)
    carriedFor.initialize(repeating: -1, count: slots)
    bitsUpTo = (0..<30).map { r in
      Self.residues.indices.reduce(0) { bits, t in Self.residues[t] <= r ? bits | 1 << t : bits }
    }
    bitIndex = (0..<30).map { Self.residues.firstIndex(of: $0) ?? -1 }
  }

  deinit {
    raw.deallocate()
    counters.deallocate()
    carried.deallocate()
    carriedFor.deallocate()
  }

  /// The bytes for the numbers with no factor 7, 11 or 13 (the wheel takes care of 2, 3, 5):
  /// the pattern repeats every 7·11·13 bytes.
  static let presievePeriod = 7 * 11 * 13
  static let presieve: [UInt8] = (0..<presievePeriod).map { j in
    residues.indices.reduce(0) { byte, t in
      let n = 30 * j + residues[t]
      return n % 7 != 0 && n % 11 != 0 && n % 13 != 0 ? byte | 1 << t : byte
    }
  }

  /// Starts a segment of the numbers in [low, high): a bit for each that none of 2, 3, 5, 7,
  /// 11, 13 divides. `low` must be a multiple of 30, and high − low at most
  /// `numbersPerSegment`; a shorter segment costs less to sieve.
  func reset(low: Int, high: Int) {
    self.low = low
    let block = Self.counterBytes
    activeBytes = min(byteCount, ((high - low + 29) / 30 + block - 1) / block * block)
    let activeBytes = self.activeBytes
    let bytes = Memory(raw: raw)
    Self.presieve.withUnsafeBufferPointer { pattern in
      var source = (low / 30) % Self.presievePeriod
      for j in 0..<activeBytes {
        bytes[byte: j] = pattern[source]
        source += 1
        if source == Self.presievePeriod { source = 0 }
      }
    }
    // Nothing from high on.
    let end = high - low
    if end < Self.numbers(inBytes: activeBytes) {
      let last = end / 30
      bytes[byte: last] &= UInt8(truncatingIfNeeded: bitsUpTo[(end % 30 + 29) % 30])
      if end % 30 == 0 { bytes[byte: last] = 0 }
      for j in (last + 1)..<activeBytes { bytes[byte: j] = 0 }
    }
    recount()
  }

  /// Sets each block's counter in use, and the total, from the bits: a counter's four words
  /// at once.
  func recount() {
    let memory = Memory(raw: raw)
    var total = 0
    for block in 0..<(activeBytes / Self.counterBytes) {
      let words = memory.counterWords(at: block &* Self.counterBytes)
      let sum = Int(truncatingIfNeeded: words.nonzeroBitCount.wrappedSum())
      counters[block] = Int32(truncatingIfNeeded: sum)
      total &+= sum
    }
    self.total = total
  }

  /// For a prime p = 30a + c (c one of the residues, by its index) and each wheel position t,
  /// what the byte step from p's multiple p·(30Q + r_t) to the next adds to a·(r_(t+1) − r_t),
  /// r_8 = 31: ⌊c·r_(t+1)/30⌋ − ⌊c·r_t/30⌋; above the low byte, the bit of the multiple,
  /// that of (c·r_t) mod 30. So a prime's steps are a multiply and an add from this table.
  static let wheel: [Int] = (0..<64).map { entry in
    let (c, t) = (residues[entry / 8], entry % 8)
    let bit = residues.firstIndex(of: (c * residues[t]) % 30) ?? 0
    return (c * (residues[t] + gaps[t]) / 30 - c * residues[t] / 30) | bit << 8
  }
  /// r_(t+1) − r_t, the wheel's gaps, with r_8 = 31, the first residue of the next turn.
  static let gaps = residues.indices.map { t in (t == 7 ? 31 : residues[t + 1]) - residues[t] }

  /// Where the multiples of `prime` (coprime to 30) start in this segment, and how they step:
  /// the byte and wheel position of the first multiple at least `low`, the prime itself
  /// included, carried in `slot` from the segment just before where the prime was crossed off
  /// there, else worked out; for each wheel position, the byte step to the next multiple and
  /// the bit. `body` returns the byte and wheel position of the first multiple at or past the
  /// segment's last byte in use, which `slot` carries.
  @inline(__always)
  private func multiples(
    of prime: Int, slot: Int,
    _ body: (_ byte: Int, _ wheel: Int, _ steps: UnsafeMutableBufferPointer<Int>) -> (
      byte: Int, wheel: Int
    )
  ) {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { steps in
      let a = prime / 30
      let row = 8 &* bitIndex[prime % 30]
      Self.wheel.withUnsafeBufferPointer { wheel in
        Self.gaps.withUnsafeBufferPointer { gaps in
          for t in 0..<8 {
            let entry = wheel[row &+ t]
            steps[t] = a &* gaps[t] &+ (entry & 0xFF)
            steps[8 &+ t] = entry &>> 8
          }
        }
      }
      precondition(slot >= 0 && slot < slots, "a slot of this sieve's")
      let next: (byte: Int, wheel: Int)
      if carriedFor[slot] == low {
        next = body(carried[slot] &>> 3, carried[slot] & 7, steps)
      } else {
        var q = max(1, (low + prime - 1) / prime)
        var wheel = 0
        let r = q % 30
        while Self.residues[wheel] < r { wheel += 1 }  // r ≤ 29, so the loop stops
        q += Self.residues[wheel] - r
        next = body((prime * q - low) / 30, wheel, steps)
      }
      carried[slot] = (next.byte &- activeBytes) &<< 3 | next.wheel
      carriedFor[slot] = low &+ 30 &* activeBytes
    }
  }

  /// Clears the bits of the multiples of `prime` (coprime to 30), the prime itself included,
  /// keeping the counters and the total; where its multiples go on is kept in `slot`, below
  /// ``slots``, which no other prime may use. Never inlined: in its caller's loop, its sixteen
  /// steps and bits would not all stay in registers.
  ///
  /// A prime below four times a counter's bytes hits each counter more than twice on average,
  /// one hit's decrement waiting on the last one's store; for those, the bits are cleared alone
  /// and the counters set again from them, four words at a time, which costs less.
  @inline(never)
  func crossOff(_ prime: Int, slot: Int) {
    if prime < 4 &* Self.counterBytes {
      crossOffUncounted(prime, slot: slot)
      recount()
      return
    }
    let bytes = Memory(raw: raw)
    let counters = self.counters
    let shift = Self.counterShift + 3
    var removed = 0
    multiples(of: prime, slot: slot) { start, wheel, steps in
      Self.forEachMultiple(
        from: start, wheel: wheel, steps: steps, prime: prime, below: activeBytes
      ) { j, bit in
        let byte = bytes[byte: j]
        let isSet = (byte &>> UInt8(truncatingIfNeeded: bit)) & 1
        bytes[byte: j] = byte & ~(1 &<< UInt8(truncatingIfNeeded: bit))
        counters[j &>> shift] &-= Int32(isSet)
        removed &+= Int(isSet)
      }
    }
    total &-= removed
  }

  /// Clears the bits of the multiples of `prime`, leaving the counters and the total as they
  /// were: for the primes after the last whose leaves are counted, and for the small primes of
  /// ``crossOff(_:slot:)``, followed by `recount()`.
  func crossOffUncounted(_ prime: Int, slot: Int) {
    let bytes = Memory(raw: raw)
    multiples(of: prime, slot: slot) { start, wheel, steps in
      Self.forEachMultiple(
        from: start, wheel: wheel, steps: steps, prime: prime, below: activeBytes
      ) { j, bit in
        bytes[byte: j] &= ~(1 &<< UInt8(truncatingIfNeeded: bit))
      }
    }
  }

  /// Calls `clear` with the byte and bit of each multiple of `prime` from byte `start`, wheel
  /// position `wheel`, below byte `limit`: up to the start of a turn of the wheel, then whole
  /// turns of 8 multiples, which span exactly `prime` bytes, with their steps and bits held in
  /// registers, then the rest. Returns the byte and wheel position of the first multiple at
  /// or past byte `limit`.
  @inline(__always)
  private static func forEachMultiple(
    from start: Int, wheel: Int, steps: UnsafeMutableBufferPointer<Int>, prime: Int,
    below limit: Int, _ clear: (_ byte: Int, _ bit: Int) -> Void
  ) -> (byte: Int, wheel: Int) {
    var j = start
    var t = wheel
    while t != 0, j < limit {
      clear(j, steps[8 &+ t])
      j &+= steps[t]
      t = (t &+ 1) & 7
    }
    let (s0, s1, s2, s3, s4, s5, s6) = (
      steps[0], steps[0] &+ steps[1], steps[0] &+ steps[1] &+ steps[2],
      steps[0] &+ steps[1] &+ steps[2] &+ steps[3],
      steps[0] &+ steps[1] &+ steps[2] &+ steps[3] &+ steps[4],
      steps[0] &+ steps[1] &+ steps[2] &+ steps[3] &+ steps[4] &+ steps[5],
      prime &- steps[7]
    )
    let (b0, b1, b2, b3, b4, b5, b6, b7) = (
      steps[8], steps[9], steps[10], steps[11], steps[12], steps[13], steps[14], steps[15]
    )
    while j &+ prime <= limit {
      clear(j, b0)
      clear(j &+ s0, b1)
      clear(j &+ s1, b2)
      clear(j &+ s2, b3)
      clear(j &+ s3, b4)
      clear(j &+ s4, b5)
      clear(j &+ s5, b6)
      clear(j &+ s6, b7)
      j &+= prime
    }
    while j < limit {
      clear(j, steps[8 &+ t])
      j &+= steps[t]
      t = (t &+ 1) & 7
    }
    return (j, t)
  }

  /// Begins a series of `count(upTo:)` calls with non-decreasing arguments.
  @inline(__always)
  func startCounting() {
    countedBlocks = 0
    countedSum = 0
  }

  /// How many bits are still set for the numbers in [low, n], n ≥ low; `n` must not decrease
  /// between calls after `startCounting()`.
  @inline(__always)
  func count(upTo n: Int) -> Int {
    let offset = UInt(bitPattern: n &- low)  // unsigned: a division by 30 without sign fixes
    let j = Int(bitPattern: offset / 30)
    let w = j &>> 3  // the word of n's byte
    let block = w &>> Self.counterShift
    var sum = countedSum
    var blocks = countedBlocks
    // Eight counters at a time where the leaves are far apart: written out, as the compiler's
    // own vectorizing of this loop came and went with changes elsewhere in the module.
    if blocks &+ 8 <= block {
      var eight = SIMD8<Int32>()
      repeat {
        eight &+= UnsafeRawPointer(counters + blocks).loadUnaligned(as: SIMD8<Int32>.self)
        blocks &+= 8
      } while blocks &+ 8 <= block
      sum &+= Int(eight.wrappedSum())
    }
    while blocks < block {
      sum &+= Int(counters[blocks])
      blocks &+= 1
    }
    countedBlocks = blocks
    countedSum = sum
    // The counter's words, all four at once with a mask each, where a loop over those before
    // n's word went round 0 to 3 times at random: all of the words before n's, and in n's,
    // the bytes before n's and its bits up to n.
    let shift = UInt64(truncatingIfNeeded: (j & 7) &<< 3)
    let partial = ((1 &<< shift) &- 1) | (bitsUpTo[Int(bitPattern: offset % 30)] &<< shift)
    let lane = CounterWords(
      repeating: UInt64(truncatingIfNeeded: w & (CounterWords.scalarCount &- 1)))
    // Each lane's index, a constant where a static property's would be looked up each time.
    let lanes = CounterWords(0, 1, 2, 3)
    var masks = CounterWords(repeating: 0)
    masks.replace(with: ~0, where: lanes .< lane)
    masks.replace(with: partial, where: lanes .== lane)
    let words = Memory(raw: raw).counterWords(at: block &* Self.counterBytes)
    return sum &+ Int(truncatingIfNeeded: (words & masks).nonzeroBitCount.wrappedSum())
  }
}

/// The 64-bit words of one of ``SegmentSieve``'s counters, read at once.
private typealias CounterWords = SIMD4<UInt64>

/// A segment's memory, read and written as bytes and read as 64-bit words through raw loads and
/// stores, which may mix types on the same memory. The counting masks take byte j of a word as
/// its bits 8j to 8j + 7, as on little-endian machines.
private struct Memory {
  let raw: UnsafeMutableRawPointer

  @inline(__always)
  subscript(byte j: Int) -> UInt8 {
    get { raw.load(fromByteOffset: j, as: UInt8.self) }
    nonmutating set { raw.storeBytes(of: newValue, toByteOffset: j, as: UInt8.self) }
  }

  /// The words of the counter whose bytes start at byte `j`.
  @inline(__always)
  func counterWords(at j: Int) -> CounterWords {
    UnsafeRawPointer(raw).loadUnaligned(fromByteOffset: j, as: CounterWords.self)
  }
}

#if _endian(big)
  #error("SegmentSieve's counting masks assume a little-endian machine")
#endif
