import Testing

@testable import Primes

/// Where the nth prime's window finds each prime's first odd multiple.
struct SieveTests {
  /// Primes from 3 to past √(10^13), a sample of them.
  static let primes: [Int] = {
    let all = Sieve.primes(upTo: 6_000_000).map(Int.init).dropFirst()
    return Array(all.prefix(20)) + stride(from: 20, to: all.count, by: 997).map { all[$0] }
  }()

  /// Odd starts on both sides of 2^53, where the floating-point remainder divides once or twice,
  /// small ones below p², and others from a fixed sequence up to 2^62.
  static let starts: [Int] = {
    var starts = [1, 3, 5, 7, 99, 1 << 36 + 1]
    starts += stride(from: (1 << 53) - 4001, through: (1 << 53) + 4001, by: 142)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<200 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      starts.append(Int(state >> 2) | 1)
    }
    return starts
  }()

  /// The first odd multiple of p at least both `start` and p², found by its cofactor: the least
  /// odd k with p·k ≥ start and k ≥ p.
  static func firstOddMultiple(of p: Int, from start: Int) -> Int {
    var k = max((start + p - 1) / p, p)
    if k % 2 == 0 { k += 1 }
    return p * k
  }

  @Test func theFirstOddMultiple_isTheCofactors_throughEitherRemainder() {
    var checked = 0
    for p in Self.primes {
      for start in Self.starts {
        let expected = Self.firstOddMultiple(of: p, from: start) - start
        let floating = Sieve.offsetOfFirstOddMultiple(
          of: p, from: start, remainder: Sieve.remainder(start, p))
        let integer = Sieve.offsetOfFirstOddMultiple(of: p, from: start)
        #expect(floating == expected, "p = \(p), start = \(start)")
        #expect(integer == expected, "p = \(p), start = \(start)")
        checked += 1
      }
    }
    #expect(checked > 50_000)
  }

  /// A batch crosses off, for each of its primes, every odd multiple at or above `start` whose
  /// bit is below the end, and nothing else, for starts above the primes: below 2^53 in one
  /// loop on vectors, above one prime at a time.
  @Test func aBatchOfPrimes_crossesOffTheirOddMultiplesInTheWindow() {
    let end = 3_000
    /// The bits of the odd multiples of p from `start` on, below the end.
    func expectedBits(_ p: Int, _ start: Int) -> [Int] {
      var k = (start + p - 1) / p
      if k % 2 == 0 { k += 1 }
      return Array(stride(from: (p * k - start) / 2, to: end, by: p))
    }
    var checked = 0
    // Where the nth prime's windows start, from 10^8 to 10^15, others below 2^53, and those
    // on both sides of it and up to 2^62.
    var starts = (8...15).map { powerOfTen($0) + 1 }
    starts += Self.starts.filter { $0 > 6_000_000 }
    starts += Self.starts.map { $0 >> 10 | 1 }.filter { $0 < 1 << 53 && $0 > 6_000_000 }
    for start in starts {
      // Also a start that one of the primes divides, whose offset is 0.
      for start in [start, Self.primes[25] * (start / Self.primes[25] | 1)] {
        let batch = Sieve.FirstMultiples(start: start, primesUpTo: Self.primes.last ?? 0)
        var batchPrimes: [Int] = []
        func crossOff() {
          var bits: [Int] = []
          batch.crossOff(below: end) { bits.append($0) }
          let expected = batchPrimes.flatMap { expectedBits($0, start) }
          #expect(bits.sorted() == expected.sorted(), "start = \(start)")
          checked += batchPrimes.count
          batchPrimes = []
        }
        for p in Self.primes {
          batchPrimes.append(p)
          if batch.add(p) { crossOff() }
        }
        crossOff()
      }
    }
    #expect(starts.count > 200)
    #expect(checked > 100_000)
  }

  /// Windows whose sieving primes pass 2^18, which find their first multiples in batches,
  /// hold the primes that a test of each number finds.
  @Test(arguments: [
    100_000_000_000...100_000_060_000, 999_999_000_001...1_000_000_050_000,
    (1 << 53) - 20_000...(1 << 53) - 1,
  ])
  func windowsAbove2to36_holdThePrimesOfTheirRange(range: ClosedRange<Int>) throws {
    #expect(try Sieve.primes(in: range) == range.filter(isPrime))
  }
}
