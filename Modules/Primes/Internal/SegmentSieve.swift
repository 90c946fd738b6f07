import Foundation

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
    recount()
  }

  /// Sets each block's counter, and the total, from the bits.
  func recount() {
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

  /// Clears the bits of the odd multiples of `prime`, leaving the counters and the total as
  /// they were: for the primes after the last whose leaves are counted, followed by
  /// `recount()`.
  func crossOffUncounted(_ prime: Int) {
    var q = max(1, (low + prime - 1) / prime)
    if q & 1 == 0 { q += 1 }
    var i = (prime * q - low - 1) >> 1
    let limit = bitCount
    let bits = self.bits
    while i < limit {
      bits[i &>> 6] &= ~(1 &<< UInt64(truncatingIfNeeded: i & 63))
      i &+= prime
    }
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
