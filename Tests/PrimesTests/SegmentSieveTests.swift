import Testing

@testable import Primes

/// The sieve of D and B, against numbers checked one by one: what it leaves standing in a
/// segment after a set of primes is crossed off, counted up to each number.
struct SegmentSieveTests {
  /// The primes this test crosses off, by slot: those from 17, which the presieve and the wheel
  /// (2 … 13) leave to the sieve.
  static let primes = Sieve.primes(upTo: 400).map(Int.init).filter { $0 >= 17 }

  @Test func eachSegment_leavesWhatNoPrimeCrossedOffDivides_whereverTheSegmentBefore() {
    // Segments of 64 bytes (1,920 numbers; counters every 32 bytes, 960 numbers). Each prime
    // carries where its multiples go on to the segment that starts where the last one it was
    // crossed off in ended: so the segments follow one another, then one ends short, then
    // they skip ahead by one, go on from the short one's end, and go back.
    let sieve = SegmentSieve(bytes: 64, slots: Self.primes.count)
    let segments = [
      (0, 1920), (1920, 3840), (3840, 4440), (5760, 7680), (4800, 6720), (6720, 8640),
      (1920, 2400), (2880, 4800), (0, 1920), (1920, 3840),
    ]
    for (index, (low, high)) in segments.enumerated() {
      sieve.reset(low: low, high: high)
      // Not every prime in every segment; the last few past the counted ones without the
      // counters, as D crosses off those whose leaves are done. The counted ones reach well past
      // 128, below which the counters are set again from the bits, and above which each hit
      // takes its bit off its counter.
      let crossed = Self.primes.indices.filter { !($0 + index).isMultiple(of: 5) }
      let counted = crossed.dropLast(4)
      for slot in counted { sieve.crossOff(Self.primes[slot], slot: slot) }
      // The counters as the counted crossing off keeps them (below 128, by setting them again
      // from the bits), before anything sets them again.
      Self.expectCounts(
        of: sieve, low: low, high: high, crossedOff: counted.map { Self.primes[$0] })
      for slot in crossed.dropFirst(counted.count) {
        sieve.crossOffUncounted(Self.primes[slot], slot: slot)
      }
      sieve.recount()
      Self.expectCounts(
        of: sieve, low: low, high: high, crossedOff: crossed.map { Self.primes[$0] })
    }
  }

  /// Expects the sieve to count, up to each number of [low, high), those that none of 2 … 13
  /// and `primes` divides, and the same in all.
  static func expectCounts(of sieve: SegmentSieve, low: Int, high: Int, crossedOff primes: [Int]) {
    let divisors = [2, 3, 5, 7, 11, 13] + primes
    sieve.startCounting()
    var standing = 0
    for n in low..<high {
      if !divisors.contains(where: { n.isMultiple(of: $0) }) { standing += 1 }
      #expect(sieve.count(upTo: n) == standing, "n = \(n) in [\(low), \(high))")
    }
    #expect(sieve.total == standing, "[\(low), \(high))")
  }
}
