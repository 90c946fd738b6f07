/// π(n) over a window [low, high) of the numbers, sieved anew for each window into the same
/// memory: a ``PiTable``'s layout, a bit per odd number and a count per 64-bit word, for one
/// thread that reads the π values of a long range a window at a time, so that its memory does
/// not grow with the range.
///
/// The counts start from a base the caller gives: the primes below `low`, when it knows them;
/// else the primes it has counted since some start, the count before that start being added
/// to its sums afterwards. A window from 0 counts the prime 2, which has no bit.
///
/// ```swift
/// let window = SegmentedPiTable()
/// primes.withUnsafeBufferPointer { sieving in
///   window.fill(low: 1024, high: 2048, countFrom: 172, sievingWith: sieving)  // π(1023) = 172
/// }
/// #expect(window[1024] == 172)
/// #expect(window[2047] == 309)  // π(2047)
/// #expect(window.total == 309)
/// ```
final class SegmentedPiTable {
  /// The most numbers a window holds: 2^18, whose bits and counts take 32 KiB, the size of a
  /// core's L1 data cache.
  static let capacity = 1 << 18

  // A word pair before the window's own, with no bits and the count `base`: so that π(low)
  // reads it, as π of an even number reads the word before it.
  private let entries: UnsafeMutableBufferPointer<UInt64>
  private(set) var low = 0
  private(set) var high = 0
  /// The base plus the primes in [low, high).
  private(set) var total = 0

  init() {
    entries = .allocate(capacity: 2 + 2 * Self.capacity / 128)
    entries.initialize(repeating: 0)
  }

  deinit { entries.deallocate() }

  /// Sieves [low, high), counting from `base`. `low` must be a multiple of 128, high − low at
  /// most ``capacity``, and `primes` must hold the odd primes up to √(high − 1), ascending.
  func fill(
    low: Int, high: Int, countFrom base: Int, sievingWith primes: UnsafeBufferPointer<Int32>
  ) {
    precondition(low % 128 == 0 && low < high && high - low <= Self.capacity, "a window")
    self.low = low
    self.high = high
    entries[0] = 0
    entries[1] = UInt64(truncatingIfNeeded: base)
    let words = (low / 128)..<((high + 127) / 128)
    total = PiTable.sieve(
      UnsafeMutableBufferPointer(rebasing: entries[2..<(2 + 2 * words.count)]), words: words,
      limit: high - 1, countFrom: base, sievingWith: primes)
  }

  /// The base plus the primes in [low, n], for low ≤ n < high and n ≥ 2.
  @inline(__always)
  subscript(n: Int) -> Int { lookup[atLeastTwo: n] }

  /// The window's entries, read as a table's from low − 128, the word pair before its own.
  var lookup: PiTable.Lookup {
    PiTable.Lookup(entries: UnsafeBufferPointer(entries), origin: low &- 128)
  }
}
