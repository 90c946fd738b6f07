import Testing

@testable import Primes

/// The π table read a window at a time, and the primes sieved a window at a time from the top
/// down: each against a plain table or a plain sieve.
struct SegmentedPiTableTests {
  @Test func example_countsFromTheGivenBase() {
    let primes = Array(Sieve.primes(upTo: 45).dropFirst())  // the odd primes up to √2047
    let window = SegmentedPiTable()
    primes.withUnsafeBufferPointer { sieving in
      window.fill(low: 1024, high: 2048, countFrom: 172, sievingWith: sieving)  // π(1023) = 172
    }
    #expect(window[1024] == 172)
    #expect(window[2047] == 309)  // π(2047)
    #expect(window.total == 309)
  }

  @Test(arguments: [SegmentedPiTable.capacity, 128, 1000, 65_537])
  func windows_matchAPlainTable_everywhere(width: Int) {
    // Windows of `width` numbers (rounded up to a multiple of 128 where they start), across a
    // range that several of the widest fill; the last ends where the range does, off a word.
    let limit = 3 * SegmentedPiTable.capacity + 1001
    let plain = PiTable(limit: limit)
    let primes = Array(Sieve.primes(upTo: integerSquareRoot(limit)).dropFirst())
    let window = SegmentedPiTable()
    var wrong: [Int] = []
    var low = 0
    primes.withUnsafeBufferPointer { sieving in
      while low <= limit {
        let high = min(low + width, limit + 1)
        // Counting from π(low − 1), as when the primes below are known; then from 0.
        let below = low == 0 ? 0 : plain[low - 1]
        window.fill(low: low, high: high, countFrom: below, sievingWith: sieving)
        for n in max(low, 2)..<high where window[n] != plain[n] { wrong.append(n) }
        if window.total != plain[high - 1] { wrong.append(high - 1) }
        window.fill(low: low, high: high, countFrom: 0, sievingWith: sieving)
        if window[high - 1] != plain[high - 1] - below { wrong.append(-high) }
        low = (high + 127) / 128 * 128
      }
    }
    #expect(wrong.prefix(5) == [], "width \(width)")
  }

  @Test func window_walksDownItsPrimes_andNoFurther() {
    let primes = Array(Sieve.primes(upTo: 1100).dropFirst())
    let window = SegmentedPiTable()
    primes.withUnsafeBufferPointer { sieving in
      window.fill(low: 1_000_064, high: 1_010_001, countFrom: 0, sievingWith: sieving)
    }
    var walked: [Int] = []
    var walk = window.lookup.primes(below: 1_010_001)
    var p = window.lookup.next(&walk)
    while p != 0 {
      walked.append(p)
      p = window.lookup.next(&walk)
    }
    #expect(walked == (1_000_064..<1_010_001).filter(isPrime).reversed())
    var odd: [Int] = []
    window.lookup.forEachOddPrime(after: 1_000_064, through: 1_010_000) { odd.append($0) }
    #expect(odd == walked.reversed())
  }

  @Test(arguments: [(1000, 2_500_000), (999_983, 1_000_037), (40_000, 40_001)])
  func descendingPrimes_walkDownTheRange_acrossWindows(bottom: Int, top: Int) {
    // Windows of 2^18 numbers: the widest range takes ten.
    let window = SegmentedPiTable()
    let primes = Array(Sieve.primes(upTo: integerSquareRoot(top)).dropFirst())
    var walked: [Int] = []
    primes.withUnsafeBufferPointer { sieving in
      var descending = DescendingPrimes(
        below: top, above: bottom, window: window, sievingWith: sieving)
      var p = descending.next()
      while p != 0 {
        walked.append(p)
        p = descending.next()
      }
    }
    let expected = Sieve.primes(upTo: top - 1).map(Int.init).filter { $0 > bottom }
    #expect(walked == expected.reversed())
  }

  @Test(arguments: [1_000_000_000_000, 123_456_789_012])
  func aAndC_fromTheWindows_equalThemFromOneWholeTable(x: Int) {
    // √x spans several windows here, cut into pieces at odd places; the pieces' sums, each
    // raised by the primes below its start, must give what a table up to √x gives.
    let engine = Gourdon(x: x)
    let window = SegmentedPiTable()
    let ends = [0, 128, 40_064, SegmentedPiTable.capacity, 300_032, engine.sqrtX + 1]
    var (a, c, primesBelow) = (0, engine.clusteredRemainder(), 0)
    for (low, high) in zip(ends, ends.dropFirst()) {
      let sums = engine.lookups(low: low, high: high, window: window, shouldStop: { false })
      a &+= sums.a &+ sums.aValues &* primesBelow
      c &+= sums.c &+ sums.cValues &* primesBelow
      primesBelow += sums.primes
    }
    let whole = WholeTable(engine)
    #expect(primesBelow == whole.pi[engine.sqrtX])
    #expect(a == whole.a)
    #expect(c == whole.c)
  }
}

/// A and C read from one π table up to √x, by their formulas, one p_b at a time.
private struct WholeTable {
  let pi: PiTable
  let a: Int
  let c: Int

  init(_ engine: Gourdon) {
    let (x, y) = (engine.x, engine.y)
    let pi = PiTable(limit: engine.sqrtX)
    self.pi = pi
    func p(_ b: Int) -> Int { Int(engine.primes[b]) }
    var a = 0
    for b in (engine.piXStar + 1)...engine.piX13 {
      let xp = x / p(b)
      for j in stride(from: b + 1, through: pi[integerSquareRoot(xp)], by: 1) {
        let n = xp / p(j)
        a += (n < y ? 2 : 1) * pi[n]
      }
    }
    self.a = a
    var c = 0
    for b in (engine.k + 1)...engine.piXStar {
      let xp = x / p(b)
      let upper = min(xp / p(b), y)
      let lower = max(xp / (p(b) * p(b)), p(b))
      guard upper > lower else { continue }
      for i in engine.factors.count(upTo: lower)..<engine.factors.count(upTo: upper) {
        let value = engine.factors[index: i]
        guard value > FactorTable.threshold(b) else { continue }
        c -= FactorTable.mu(value) * (pi[xp / engine.factors.number(at: i)] - b + 2)
      }
    }
    self.c = c
  }
}
