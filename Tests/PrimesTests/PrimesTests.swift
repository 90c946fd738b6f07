import AppTestSupport
import Foundation
import Synchronization
import Testing

@_spi(Benchmarks) @testable import Primes

/// π(10^k) and p(10^k), k = 0…16, as published (OEIS A006880, A006988).
let published: [(k: Int, pi: Int, p: Int)] = [
  (0, 0, 2), (1, 4, 29), (2, 25, 541), (3, 168, 7919), (4, 1229, 104_729),
  (5, 9592, 1_299_709), (6, 78498, 15_485_863), (7, 664_579, 179_424_673),
  (8, 5_761_455, 2_038_074_743), (9, 50_847_534, 22_801_763_489),
  (10, 455_052_511, 252_097_800_623), (11, 4_118_054_813, 2_760_727_302_517),
  (12, 37_607_912_018, 29_996_224_275_833), (13, 346_065_536_839, 323_780_508_946_331),
  (14, 3_204_941_750_802, 3_475_385_758_524_527),
  (15, 29_844_570_422_669, 37_124_508_045_065_437),
  (16, 279_238_341_033_925, 394_906_913_903_735_329),
]

/// π(2^63), OEIS A007053: the number of primes below 2^63, and so the largest n whose prime is
/// an `Int`.
let primesBelowTwoToThe63 = 216_289_611_853_439_384

/// The cases from 10^11 up take seconds to minutes, even with `Primes` optimized in debug
/// builds; `.ci/run` runs them with PRIMES_LARGE_TESTS=1.
let largeTestsEnabled = ProcessInfo.processInfo.environment["PRIMES_LARGE_TESTS"] != nil

func powerOfTen(_ k: Int) -> Int { (0..<k).reduce(1) { result, _ in result * 10 } }

struct PrimeCountTests {
  @Test(arguments: published.filter { $0.k <= 10 })
  func primeCount_ofPowersOfTen_matchesPublishedValues(k: Int, pi: Int, p: Int) throws {
    #expect(try primeCount(powerOfTen(k)) == pi)
  }

  @Test(
    .enabled(if: largeTestsEnabled, "set PRIMES_LARGE_TESTS=1"),
    arguments: published.filter { $0.k > 10 })
  func primeCount_ofLargePowersOfTen_matchesPublishedValues(k: Int, pi: Int, p: Int) throws {
    #expect(try primeCount(powerOfTen(k)) == pi)
  }

  @Test func primeCount_ofAHundredAndOfABillion() throws {
    #expect(try primeCount(100) == 25)
    #expect(try primeCount(1_000_000_000) == 50_847_534)
  }

  @Test func primeCount_ofRandomX_matchesASimpleSieve() throws {
    var generator = SplitMix64(seed: 20_261_122)
    let limit = 10_000_000
    var isComposite = [Bool](repeating: false, count: limit + 1)
    var counts = [Int](repeating: 0, count: limit + 1)
    var running = 0
    for n in 2...limit {
      if !isComposite[n] {
        running += 1
        var m = n * n
        while m <= limit {
          isComposite[m] = true
          m += n
        }
      }
      counts[n] = running
    }
    for _ in 0..<200 {
      let x = Int(generator.next() % UInt64(limit))
      #expect(try primeCount(x) == counts[x], "x = \(x)")
    }
    // The engine itself, with several α, below the sieve's threshold.
    for _ in 0..<30 {
      let x = 100_000 + Int(generator.next() % UInt64(limit - 100_000))
      for alpha in [1.0, 2.5, 6.0] {
        let counted = try Gourdon(x: x, alpha: alpha).count(threads: 2, progress: nil)
        #expect(counted == counts[x], "x = \(x), alpha = \(alpha)")
      }
    }
  }

  @Test func primeCount_agreesAcrossThreadCountsAndAlphas() throws {
    let x = 12_345_678_901
    let expected = 556_442_057  // π(12345678901)
    #expect(try primeCount(x, threads: 1) == expected)
    #expect(try primeCount(x, threads: 3) == expected)
    for alpha in [1.0, 3.0, 10.0] {
      #expect(try Gourdon(x: x, alpha: alpha).count(threads: 2, progress: nil) == expected)
    }
  }

  @Test func primeCount_onOneTo64Threads_givesTheSameAnswer() throws {
    for threads in 1...64 {
      #expect(try primeCount(12_345_678_901, threads: threads) == 556_442_057, "\(threads)")
    }
  }

  @Test(arguments: [0, -5, Int.min, 1000, Int.max / 4, Int.max])
  func primeCount_anyThreadCount_givesTheSameAnswer(threads: Int) throws {
    #expect(try primeCount(123_456_789, threads: threads) == 7_027_260)  // π(123456789)
    #expect(try nthPrime(7_027_260, threads: threads) == 123_456_761)
  }

  @Test(arguments: [-1, Int.min])
  func primeCount_outOfRange_throwsTheRange(x: Int) {
    #expect(throws: PrimesError.xOutOfRange(x)) { try primeCount(x) }
    #expect(
      PrimesError.xOutOfRange(x).description
        == "x must be between 0 and 9223372036854775807, not \(x)")
  }

  @Test func primeCount_acceptsEveryXUpToTheLargestInt() async {
    #expect(maximumX == Int.max)
    // Accepted: x passes the range check, and the work stops at the task's cancellation
    // before it builds anything. The engine's tables at x = Int.max are built below.
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try primeCount(Int.max)
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test(.enabled(if: largeTestsEnabled, "set PRIMES_LARGE_TESTS=1"))
  func gourdon_atTheLargestInt_buildsItsTables() {
    // Some seconds: the primes, the π table and the factor table up to y; then Φ0 and Σ, which
    // run over them, Σ with π(√x) as the pass over the π table's windows would count it.
    let engine = Gourdon(x: Int.max)
    #expect(engine.sqrtX == 3_037_000_499)
    #expect(engine.piX13 == 155_611)  // π(2097151) = π(∛(2^63 − 1))
    #expect(engine.y > 2_097_151 && engine.y < engine.sqrtX)
    #expect(engine.phi0() != 0)
    #expect(engine.sigma(piSqrtX: 146_144_318) > 0)  // π(3037000499), from primecount 7.6
  }

  @Test(.enabled(if: largeTestsEnabled, "set PRIMES_LARGE_TESTS=1"))
  func windows_countThePrimesUpToTheRootOfTheLargestInt() {
    // π(√x) at x = Int.max as Σ takes it, from the windows' totals, each counted from 0.
    let limit = 3_037_000_499
    let primes = Array(Sieve.primes(upTo: integerSquareRoot(limit)).dropFirst())
    let window = SegmentedPiTable()
    var count = 0
    var low = 0
    primes.withUnsafeBufferPointer { sieving in
      while low <= limit {
        let high = min(low + SegmentedPiTable.capacity, limit + 1)
        window.fill(low: low, high: high, countFrom: 0, sievingWith: sieving)
        count += window.total
        low = high
      }
    }
    #expect(count == 146_144_318)  // π(3037000499), from primecount 7.6
  }

  @Test func primeCount_aboveTheOldLimitOf4e15_matchesPrimecount() throws {
    // π(4·10^15 + 10^9), from primecount 7.6.
    #expect(try primeCount(4_000_001_000_000_000) == 114_631_016_740_986)
  }

  @Test func primeCount_reportsProgressUpToOne() throws {
    let fractions = LockedArray()
    _ = try primeCount(1_000_000_000) { fractions.append($0) }
    let values = fractions.values
    #expect(!values.isEmpty)
    #expect(values.last == 1)
    #expect(values.allSatisfy { (0...1).contains($0) })
  }

  @Test func primeCount_reportsTheEstimatedWorkDone_inSmallSteps() throws {
    // Counted, not timed: each report adds the estimated cost of one finished piece, and no
    // piece is estimated above 1% of the whole, whichever thread finishes it. One thread cuts
    // pieces of 1% only from counts of 150 to 300 ms up, long enough for a progress bar.
    for (x, threads) in [
      (100_000_000_000_000, 1), (10_000_000_000_000, 2), (10_000_000_000_000, 5),
    ] {
      let fractions = LockedArray()
      _ = try primeCount(x, threads: threads) { fractions.append($0) }
      let values = fractions.values
      #expect(values.count >= 100, "\(threads) threads")
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "\(threads) threads")
      let steps = zip(values.dropFirst(), values).map { $0 - $1 }
      #expect((values.first ?? 1) <= 0.02 && (steps.max() ?? 1) <= 0.02, "\(threads) threads")
      #expect(values.last == 1)
    }
  }

  @Test func nthPrime_reportsTheEstimatedWorkDone_inSmallSteps() throws {
    let fractions = LockedArray()
    // p(346065536839) = 9999999999971, the largest prime below 10^13, from primecount 7.6.
    #expect(try nthPrime(346_065_536_839, threads: 2) { fractions.append($0) } == 9_999_999_999_971)
    let values = fractions.values
    #expect(values.count >= 100)
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
    // The last step, the sieve from the estimate to the prime, is the last 3%.
    #expect(zip(values.dropFirst(), values).allSatisfy { $0 - $1 <= 0.04 })
    #expect(values.last == 1)
  }

  @Test func primeCount_cancelledWhileCounting_stopsWhicheverThreadReportsProgress() async {
    // The progress handler runs on a worker thread, not the task's; the count must stop
    // whichever thread the workers run on, every time.
    for _ in 0..<30 {
      let handle = CancellableHandle()
      let task = Task {
        await handle.ready()
        return try primeCount(100_000_000_000, threads: 2) { _ in handle.cancel() }
      }
      handle.set(task)
      await #expect(throws: CancellationError.self) { try await task.value }
    }
  }

  /// A segment of the sieve near the start of a count up to 2^63 takes about a second on this
  /// machine, one prime's leaves there milliseconds: the sieve asks whether to stop before each
  /// prime, and stops at once when told.
  @Test func aSegmentOfTheSieve_stopsAtTheNextPrime_whenToldTo() {
    let engine = Gourdon(x: 1_000_000_000_000)
    let worker = Gourdon.Worker(segmentBytes: engine.segmentBytes, slots: engine.piSqrtLimit + 1)
    var asked = 0
    _ = engine.process(
      low: 0, high: worker.sieve.numbersPerSegment, worker: worker,
      shouldStop: {
        asked += 1
        return asked == 3
      })
    // Before the segment, before its first prime, and before its second, which it never
    // crosses off.
    #expect(asked == 3)
  }

  @Test func primeCount_inACancelledTask_throwsCancellation() async {
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try primeCount(100_000_000_000)
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}

struct NthPrimeTests {
  @Test(arguments: published.filter { $0.k <= 10 })
  func nthPrime_ofPowersOfTen_matchesPublishedValues(k: Int, pi: Int, p: Int) throws {
    #expect(try nthPrime(powerOfTen(k)) == p)
  }

  @Test(
    .enabled(if: largeTestsEnabled, "set PRIMES_LARGE_TESTS=1"),
    arguments: published.filter { $0.k > 10 })
  func nthPrime_ofLargePowersOfTen_matchesPublishedValues(k: Int, pi: Int, p: Int) throws {
    #expect(try nthPrime(powerOfTen(k)) == p)
  }

  @Test func nthPrime_ofSevenAndOfABillion() throws {
    #expect(try nthPrime(7) == 17)
    #expect(try nthPrime(1_000_000_000) == 22_801_763_489)
  }

  @Test func nthPrime_upToWhereATableAnswers_isASievesNthPrime() throws {
    // Up to n = 600,000 the prime is found in a π table, the least p with π(p) = n.
    let primes = Sieve.primes(upTo: 9_000_000)
    for n in Array(1...3_000) + Array(stride(from: 3_001, through: 600_000, by: 997)) + [600_000] {
      #expect(try nthPrime(n, threads: 1) == Int(primes[n - 1]), "n = \(n)")
    }
  }

  @Test func nthPrime_isTheInverseOfPrimeCount() throws {
    for n in [1, 2, 3, 600_000, 600_001, 1_000_003, 12_345_678, 98_765_432] {
      let p = try nthPrime(n)
      #expect(isPrime(p))
      #expect(try primeCount(p) == n)
    }
  }

  @Test(arguments: [0, -1, Int.min, primesBelowTwoToThe63 + 1, Int.max])
  func nthPrime_outOfRange_throwsTheRange(n: Int) {
    #expect(throws: PrimesError.nOutOfRange(n)) { try nthPrime(n) }
    #expect(
      PrimesError.nOutOfRange(n).description
        == "n must be between 1 and 216289611853439384, not \(n)")
  }

  @Test func nthPrime_acceptsEveryNWhosePrimeIsAnInt() async {
    #expect(maximumN == primesBelowTwoToThe63)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try nthPrime(maximumN)
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func inverseR_isCloseToTheNthPrime() {
    for (k, _, p) in published where k >= 6 {
      let estimate = inverseRiemannR(Double(powerOfTen(k)))
      #expect(abs(estimate - Double(p)) / Double(p) < 5e-4)
    }
  }

  @Test func theEstimateThroughPsi_isCloserToTheNthPrimeThanInverseR() throws {
    let primes = Sieve.primes(upTo: 16_000_000)
    var (errorOfR, errorThroughPsi) = (0.0, 0.0)
    for n in stride(from: 200_000, to: 1_000_000, by: 20_000) {
      let p = Double(primes[n - 1])
      errorOfR += abs(inverseRiemannR(Double(n)) - p)
      errorThroughPsi += abs(inverseRiemannRPsi(Double(n)) - p)
    }
    #expect(errorThroughPsi < errorOfR / 3)
    for (k, _, p) in published where k >= 6 {
      let p = Double(p)
      #expect(abs(inverseRiemannRPsi(Double(powerOfTen(k))) - p) < p.squareRoot() / 10)
    }
  }

  @Test func theEstimateOfTheLastPrimes_staysBelow2ToThe63() {
    // R(ψ(x)) = n lies past 2^63 for the last few million n, whose primes are below it: the
    // last step starts from the largest Double below 2^63 instead, 2^63 − 1024, and finds
    // p(maximumN) = 2^63 − 25 from there.
    #expect(inverseRiemannRPsi(Double(maximumN)) > Double(Int.max))
    #expect(nthPrimeEstimate(maximumN) == Int(Double(Int.max).nextDown))
    #expect(nthPrimeEstimate(maximumN - 3_000_000) < Int.max - 1024)
  }

  /// By the Riemann–von Mangoldt formula, N(T) = θ(T)/π + 1 + S(T) zeros have 0 < γ ≤ T, where
  /// θ is the Riemann–Siegel theta function. At the kth zero itself, counted as half, N is
  /// k − ½, and S there stays within ±0.7 for these 512 (it passes 1 between some of them):
  /// one zero missing or repeated moves every one after it by 1.
  @Test func theZetaZeros_areTheFirstOnesInOrder() {
    func theta(_ t: Double) -> Double {
      t / 2 * log(t / (2 * .pi)) - t / 2 - .pi / 8 + 1 / (48 * t) + 7 / (5760 * t * t * t)
    }
    #expect(zetaZeroOrdinates.count == 512)
    #expect(abs(zetaZeroOrdinates[0] - 14.134_725_141_734_693_79) < 1e-12)
    for (k, gamma) in zip(1..., zetaZeroOrdinates) {
      #expect(abs(Double(k) - 0.5 - (theta(gamma) / .pi + 1)) < 1, "zero \(k), γ = \(gamma)")
    }
    #expect(zip(zetaZeroOrdinates, zetaZeroOrdinates.dropFirst()).allSatisfy { $0 < $1 })
  }
}

struct IsPrimeTests {
  @Test(arguments: [2, 3, 5, 7, 11, 13, 17, 41, 43, 1_000_003, 2_147_483_647, 4_294_967_291])
  func isPrime_onPrimes(n: Int) {
    #expect(isPrime(n))
  }

  @Test(arguments: [Int.min, -7, -2, -1, 0, 1, 4, 9, 15, 25, 49, 91, 1681])
  func isPrime_onSmallNonPrimes(n: Int) {
    #expect(!isPrime(n))
  }

  @Test(
    arguments: [
      561, 1105, 1729, 2465, 2821, 6601, 8911, 41041, 825_265, 321_197_185, 5_394_826_801,
      232_250_619_601, 9_746_347_772_161,
    ])
  func isPrime_onCarmichaelNumbers(n: Int) {
    #expect(!isPrime(n))
  }

  @Test(
    arguments: [
      2047, 1_373_653, 25_326_001, 3_215_031_751, 2_152_302_898_747, 3_474_749_660_383,
      341_550_071_728_321, 3_825_123_056_546_413_051,
    ])
  func isPrime_onStrongPseudoprimesToSmallBases(n: Int) {
    #expect(!isPrime(n))
  }

  @Test func isPrime_ofAPrime_aCarmichaelNumber_andIntMax() {
    #expect(isPrime(7))
    #expect(!isPrime(561))  // a Carmichael number
    #expect(!isPrime(Int.max))
  }

  @Test func isPrime_nearInt64sLimits() {
    #expect(!isPrime(Int.max))
    #expect(isPrime(9_223_372_036_854_775_783))  // the largest prime below 2^63
    #expect(!isPrime(3_037_000_493 * 3_037_000_493))  // squares of large primes
    #expect(!isPrime(3_037_000_453 * 3_037_000_453))
    #expect(!isPrime(4_294_967_291 * 2_147_483_647))
    #expect(isPrime(3_037_000_493))
  }

  @Test func isPrime_agreesWithASieveBelowAMillion() {
    let primes = Set(Sieve.primes(upTo: 1_000_000).map(Int.init))
    for n in 0...1_000_000 where isPrime(n) != primes.contains(n) {
      Issue.record("isPrime(\(n)) is wrong")
    }
  }

  @Test func roots_areExact() {
    for n in [0, 1, 2, 3, 4, 8, 9, 26, 27, 28, 1 << 52, (1 << 52) - 1, Int.max] {
      let r = integerSquareRoot(n)
      let (next, overflow) = (r + 1).multipliedReportingOverflow(by: r + 1)
      #expect(r * r <= n && (overflow || next > n))
      let c = integerCubeRoot(n)
      let (square, squareOverflow) = (c + 1).multipliedReportingOverflow(by: c + 1)
      let (cube, cubeOverflow) = square.multipliedReportingOverflow(by: c + 1)
      #expect(c * c * c <= n && (squareOverflow || cubeOverflow || cube > n))
    }
    #expect(integerCubeRoot(27) == 3)
    #expect(integerCubeRoot(26) == 2)
    #expect(fastDivide(1 << 52, 3) == (1 << 52) / 3)
    #expect(fastDivide(999_999_999_999_999, 999_999_999) == 1_000_000)
  }

  @Test func divisions_areExact_forEveryIntWhoseQuotientIsBelow2to50() {
    var generator = SplitMix64(seed: 63)
    for _ in 0..<200_000 {
      let a = Int(generator.next() >> 1)  // up to Int.max
      let b = max(Int(generator.next() >> 1) >> Int(generator.next() % 63), (a >> 50) + 1)
      #expect(fastDivide(a, b) == a / b, "\(a) / \(b)")
    }
    #expect(fastDivide(Int.max, 3_037_000_499) == Int.max / 3_037_000_499)
    #expect(fastDivide(Int.max - 1, 8192) == (Int.max - 1) / 8192)
  }

  @Test func divisionsByReciprocals_areExact_forEveryInt() {
    var generator = SplitMix64(seed: 64)
    var divisors = [
      2, 3, 4, 5, 7, 8, 9, 1 << 31, (1 << 31) - 1, (1 << 31) + 1, Int.max, Int.max - 1,
    ]
    for _ in 0..<2_000 {
      divisors.append(max(2, Int(generator.next() >> 1) >> Int(generator.next() % 63)))
    }
    for d in divisors {
      let magic = reciprocal(of: d)
      var numerators = [
        0, 1, d - 1, d, d &+ 1, Int.max, Int.max - 1, Int.max / d * d, Int.max / d * d - 1,
      ]
      for _ in 0..<100 {
        numerators.append(Int(generator.next() >> 1) >> Int(generator.next() % 63))
      }
      for n in numerators where n >= 0 {
        #expect(divide(n, by: d, magic: magic) == n / d, "\(n) / \(d)")
      }
    }
  }

  @Test func sieve_findsThePrimesJustBelow2to63() throws {
    // Crossing off with every prime up to √(2^63), about 1.5·10^8 of them.
    let low = Int.max - 1000
    let expected = (low...Int.max).filter(isPrime)
    #expect(expected.last == 9_223_372_036_854_775_783)
    #expect(try Sieve.primes(in: low...Int.max) == expected)
  }

  /// The nth prime's last step, which below 2^63 crosses off with up to 1.5·10^8 primes (seconds
  /// of work), throws in a cancelled task rather than sieve: a session that ends waits for it.
  /// Two segments of bits, so that two threads share them.
  @Test(arguments: [1, 2])
  func sieve_inACancelledTask_throwsCancellation(threads: Int) async {
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try Sieve.OddPrimes(in: (Int.max - (1 << 20))...Int.max, threads: threads)?.count
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test(arguments: [0, 1, 2, 3, 127, 128, 129, 255, 256, 1_000_003, 8_388_737])
  func piTable_countsThePrimesUpToEachNumber(limit: Int) {
    let table = PiTable(limit: limit)
    var count = 0
    var wrong: [Int] = []
    let primes = Set(Sieve.primes(upTo: limit).map(Int.init))
    for n in 0...limit {
      if primes.contains(n) { count += 1 }
      if table[n] != count { wrong.append(n) }
    }
    #expect(wrong.prefix(5) == [], "limit \(limit)")
  }

  @Test func tables_builtOnSeveralThreads_matchThoseBuiltOnOne() {
    // Several pieces each: the π table in segments of 2^22 numbers, the factor table in 2^16
    // entries, the primes in 2^21 numbers.
    let limit = 20_000_003
    let primes = Sieve.primes(upTo: limit)
    #expect(Sieve.primes(upTo: limit, threads: 3, workLog: nil) == primes)
    let one = PiTable(limit: limit)
    let several = PiTable(limit: limit, threads: 3)
    for n in stride(from: 0, through: limit, by: 997) { #expect(one[n] == several[n], "π(\(n))") }
    #expect(one[limit] == several[limit])
    let indexed = [0] + primes  // indexed[b] is the b-th prime
    let factors = FactorTable(limit: 1_000_003, primes: indexed)
    let factorsOnThree = FactorTable(limit: 1_000_003, primes: indexed, threads: 3)
    #expect(factors.count == factorsOnThree.count)
    var differ = 0
    for i in 0..<factors.count where factors[index: i] != factorsOnThree[index: i] { differ += 1 }
    #expect(differ == 0)
  }

  @Test(arguments: [3, 128, 129, 1_000_003, 8_388_737])
  func piTable_walksDownThePrimes_oneAtATime(limit: Int) {
    let table = PiTable(limit: limit)
    var walked: [Int] = []
    table.withLookup { pi in
      var walk = pi.primes(below: limit + 1)
      var p = pi.next(&walk)
      while p != 0 {
        walked.append(p)
        p = pi.next(&walk)
      }
    }
    #expect(walked.elementsEqual(Sieve.primes(upTo: limit).dropFirst().map(Int.init).reversed()))
  }

  @Test func sieve_streamsThePrimesOfARange() {
    var streamed: [Int] = []
    Sieve.forEachPrime(in: 999_000_000...1_001_000_000) { streamed.append($0) }
    #expect(streamed == (999_000_000...1_001_000_000).filter(isPrime))
    #expect(Sieve.primes(upTo: 100).map(Int.init) == (0...100).filter(isPrime))
  }
}

/// A task to cancel from any thread. The task waits in `ready()` until it is known here.
final class CancellableHandle: Sendable {
  private struct State {
    var task: Task<Int, any Error>?
    var waiter: CheckedContinuation<Void, Never>?
  }
  private let state = Mutex(State())

  func set(_ task: Task<Int, any Error>) {
    let waiter = state.withLock { state in
      state.task = task
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  func ready() async {
    await withCheckedContinuation { continuation in
      let isSet = state.withLock { state in
        if state.task != nil { return true }
        state.waiter = continuation
        return false
      }
      if isSet { continuation.resume() }
    }
  }

  func cancel() { state.withLock { $0.task }?.cancel() }
}

final class LockedArray: Sendable {
  private let storage = Mutex<[Double]>([])
  func append(_ value: Double) { storage.withLock { $0.append(value) } }
  var values: [Double] { storage.withLock { $0 } }
}

@Suite struct WorkProfileTests {
  @Test func aProfile_answersTheQuestion_andTimesEachPieceOfEachPhase() throws {
    let profile = try _WorkProfile.primeCount(10_000_000_000, layoutThreads: 16)
    #expect(profile.answer == 455_052_511)
    #expect(!profile.phases.isEmpty && profile.phases.allSatisfy { !$0.isEmpty })
    #expect(profile.phases.joined().allSatisfy { $0 >= 0 })
    #expect(profile.phases.joined().reduce(0, +) <= profile.seconds)
  }
}
