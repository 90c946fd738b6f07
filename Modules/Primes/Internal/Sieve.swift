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

  /// The primes in `range`, ascending, for a range short enough to hold as flags, up to
  /// `Int.max`. The primes that cross it off come from `table` if it reaches √(upper bound),
  /// else they are themselves sieved a segment at a time.
  static func primes(in range: ClosedRange<Int>, sievingWith table: PiTable? = nil) -> [Int] {
    let high = range.upperBound
    guard high >= 2 else { return [] }
    let start = max(range.lowerBound, 3) | 1
    var result: [Int] = range.lowerBound <= 2 ? [2] : []
    guard start <= high else { return result }
    let count = (high - start) / 2 + 1
    var flags = [Bool](repeating: false, count: count)
    flags.withUnsafeMutableBufferPointer { composite in
      var sieving: [Int] = []
      sieving.reserveCapacity(segmentOdds)
      let add = { (prime: Int) in
        sieving.append(prime)
        if sieving.count == segmentOdds {
          crossOff(composite, start: start, count: count, with: sieving)
          sieving.removeAll(keepingCapacity: true)
        }
      }
      let root = integerSquareRoot(high)
      if let table, table.limit >= root {
        table.forEachOddPrime(upTo: root, add)
      } else {
        forEachPrime(in: 3...max(3, root), add)
      }
      crossOff(composite, start: start, count: count, with: sieving)
    }
    for i in 0..<count where !flags[i] { result.append(start &+ 2 &* i) }
    return result
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
  static func offsetOfFirstOddMultiple(of p: Int, from start: Int) -> Int {
    let square = p &* p  // p ≤ √Int.max
    if square >= start { return square - start }
    let remainder = start % p
    let offset = remainder == 0 ? 0 : p - remainder
    return offset & 1 == 1 ? offset + p : offset  // an odd offset lands on an even multiple
  }
}
