import Testing

@testable import Primes

/// Each term of π(x) = A − B + C + D + Φ0 + Σ against its defining sum, evaluated the slow way:
/// every prime from a plain sieve, μ and the least prime factor by trial division, φ by
/// inclusion and exclusion or by crossing off.
struct GourdonTermTests {
  static let cases: [(x: Int, alpha: Double)] = [
    (100_000, 1), (100_000, 3), (1_234_567, 1), (1_234_567, 2.5), (9_999_991, 1),
    (9_999_991, 6), (3_141_593, 4),
  ]

  @Test(arguments: cases)
  func eachTerm_matchesItsDefinition(x: Int, alpha: Double) throws {
    // One segment of the sieve holds all of [1, x/y] at these x; segments of 32 bytes (960
    // numbers) make dozens of segments. (Chunks stitched together are tested below, with
    // more threads than one, and the sieve's segments one by one in SegmentSieveTests.)
    let first = Gourdon(x: x, alpha: alpha)
    let reference = SlowTerms(x: x, y: first.y, xStar: first.xStar, k: first.k)
    for segmentBytes in [1 << 17, 32] {
      let engine = Gourdon(x: x, alpha: alpha, segmentBytes: segmentBytes)
      let terms = try engine.terms(threads: 2, progress: nil)
      let label = "x = \(x), α = \(alpha), \(segmentBytes)-byte segments"
      #expect(terms.a == reference.a, "A, \(label)")
      #expect(terms.b == reference.b, "B, \(label)")
      #expect(terms.c == reference.c, "C, \(label)")
      #expect(terms.d == reference.d, "D, \(label)")
      #expect(terms.phi0 == reference.phi0, "Φ0, \(label)")
      #expect(terms.sigma == reference.sigma, "Σ, \(label)")
      #expect(terms.sum == reference.pi, "π, \(label)")
    }
  }

  @Test func theCases_sumClusteredLeavesBothWays() {
    // C sums the clustered leaves of p_b by counting sparse leaves twice where p_b² ≥
    // min(x/p_b², y), else window by window: the cases above must reach both.
    var (reflected, windowed) = (0, 0)
    for (x, alpha) in Self.cases {
      let engine = Gourdon(x: x, alpha: alpha)
      for b in stride(from: engine.k + 1, through: engine.piXStar, by: 1) {
        let prime = Int(engine.primes[b])
        let xp = x / prime
        let root = integerSquareRoot(xp)
        guard min(xp / prime, engine.y) > root else { continue }  // no clustered leaves
        if engine.doubledLeaves(prime: prime, xp: xp, root: root) == nil {
          windowed += 1
        } else {
          reflected += 1
        }
      }
    }
    #expect(reflected > 0 && windowed > 0, "\(reflected) reflected, \(windowed) by window")
  }

  @Test(
    arguments: [10_000_000_000_000, 12_345_678_901_234, 100_000_000_000_000, 1_000_000_000_000_000])
  func theLayout_coversTheWorkOnce_inPiecesOfAtMostOnePercent(x: Int) {
    let engine = Gourdon(x: x)
    for threads in [1, 2, 16, 64] {
      let layout = engine.layout(threads: threads)
      #expect(layout.pieces.count == layout.costs.count)
      // The sieve's chunks tile [0, x/y] in order, then the π table's pieces tile [0, √x].
      var sieveEnd = 0
      var windows: [(low: Int, high: Int)] = []
      for (index, piece) in layout.pieces.enumerated() {
        switch piece {
        case .sieve(let low, let high):
          #expect(index < layout.sieveChunks && low == sieveEnd && high > low)
          sieveEnd = high
        case .lookups(let low, let high):
          #expect(index >= layout.sieveChunks && low % 128 == 0 && high > low)
          windows.append((low, high))
        }
      }
      #expect(sieveEnd == engine.sieveLimit + 1)
      windows.sort { $0.low < $1.low }
      #expect(windows.first?.low == 0 && windows.last?.high == engine.sqrtX + 1)
      #expect(zip(windows, windows.dropFirst()).allSatisfy { $0.high == $1.low })
      // The lookups come costliest first.
      let lookupCosts = layout.costs.dropFirst(layout.sieveChunks)
      #expect(zip(lookupCosts, lookupCosts.dropFirst()).allSatisfy { $0 >= $1 })
      // Each piece is cut to at most 1% of the whole or the least a piece is cut to, whichever
      // is more: a few milliseconds on one thread, which has no finish to balance; from
      // π(10^14) up, 1% on any number of threads.
      let floor = threads == 1 ? Gourdon.Cost.smallestPieceOnOneThread : Gourdon.Cost.smallestPiece
      let largest = layout.costs.max() ?? 0
      #expect(largest <= max(0.01 * layout.total, floor), "x = \(x), \(threads) threads")
      #expect(x < 100_000_000_000_000 || largest <= 0.01 * layout.total, "\(threads) threads")
    }
  }

  @Test func oneThread_cutsASmallQuestionInFewerPieces_thanTwo() {
    // One thread has no finish to balance: its pieces serve its progress only, and each costs
    // its setup (the sieve's counts and offsets, a window's look at every p_b).
    let engine = Gourdon(x: 1_000_000_000_000)
    let one = engine.layout(threads: 1)
    let two = engine.layout(threads: 2)
    #expect(one.pieces.count * 4 < two.pieces.count, "\(one.pieces.count), \(two.pieces.count)")
    // Each but the last of the sieve's chunks and the last of the π table's pieces, which take
    // what is left, is cut to about the floor (the π table's to half of it).
    let lasts = [one.sieveChunks - 1, one.pieces.count - 1]
    for (index, cost) in one.costs.enumerated() where !lasts.contains(index) {
      #expect(cost >= Gourdon.Cost.smallestPieceOnOneThread / 4, "piece \(index): \(cost)")
    }
  }

  @Test(arguments: [300_000_007, 100_000_000_003])
  func theTermsDoNotDependOnTheThreadCount(x: Int) throws {
    // Small segments, so that every thread gets chunks of the sieve as well as lookups; at
    // 10^11 + 3, √x spans several windows of the π table, and B's primes cross windows.
    let engine = Gourdon(x: x, alpha: 2, segmentBytes: 64)
    let one = try engine.terms(threads: 1, progress: nil)
    for threads in [2, 3, 7, 64] {
      #expect(try engine.terms(threads: threads, progress: nil) == one, "x = \(x)")
    }
  }
}

/// The terms straight from their definitions, for small x.
private struct SlowTerms {
  let a: Int
  let b: Int
  let c: Int
  let d: Int
  let phi0: Int
  let sigma: Int
  let pi: Int

  init(x: Int, y: Int, xStar: Int, k: Int) {
    func root(_ n: Int, _ k: Int) -> Int {
      var r = 0
      while (0..<k).reduce(1, { product, _ in product * (r + 1) }) <= n { r += 1 }
      return r
    }
    let cubeRoot = root(x, 3)
    let squareRoot = root(x, 2)
    let isPrime = sieve(upTo: x)
    pi = isPrime.filter { $0 }.count
    // Every π and φ below is of a number up to x/y or √x.
    let limit = max(x / y, squareRoot)
    var piOf = [Int](repeating: 0, count: limit + 1)
    var primes = [0]  // primes[b] is the b-th prime
    for n in 1...limit {
      piOf[n] = piOf[n - 1] + (isPrime[n] ? 1 : 0)
      if isPrime[n] { primes.append(n) }
    }

    // Φ0 = Σ μ(n)·φ(x/n, k) over the square-free n ≤ y whose prime factors all exceed p_k.
    var phi0 = 0
    for n in 1...y {
      let (mu, least) = mobiusAndLeastFactor(n)
      if mu != 0, least > primes[k] { phi0 += mu * phiByInclusionExclusion(x / n, primes[1...k]) }
    }
    self.phi0 = phi0

    // B = Σ π(x/p) over the primes y < p ≤ √x.
    b = primes.dropFirst().filter { $0 > y && $0 <= squareRoot }.reduce(0) { $0 + piOf[x / $1] }

    // A = Σ π(x/(p·q)) over the primes x* < p ≤ ∛x and p < q ≤ √(x/p), twice when x/(p·q) < y.
    var a = 0
    for p in primes.dropFirst() where p > xStar && p <= cubeRoot {
      let qMax = root(x / p, 2)
      for q in primes.dropFirst() where q > p && q <= qMax {
        let n = x / (p * q)
        a += (n < y ? 2 : 1) * piOf[n]
      }
    }
    self.a = a

    // C and D: the special leaves x/(p_b·m) with k < b ≤ π(x*), m square-free, lpf(m) > p_b,
    // m ≤ y < p_b·m and x/(p_b·m) ≥ p_b. C takes those with x/(p_b·m) < p_b², where
    // φ(x/(p_b·m), b − 1) = π(x/(p_b·m)) − b + 2; D takes the others, whose φ comes from
    // crossing off.
    var c = 0
    var d = 0
    var survivors = [Bool](repeating: true, count: x / y + 1)  // not yet crossed off
    survivors[0] = false
    for b in 1...piOf[xStar] {
      if b > k {
        let p = primes[b]
        var phiPrefix = [Int](repeating: 0, count: survivors.count)
        for n in 1..<survivors.count { phiPrefix[n] = phiPrefix[n - 1] + (survivors[n] ? 1 : 0) }
        for m in 1...y {
          let (mu, least) = mobiusAndLeastFactor(m)
          guard mu != 0, least > p, p * m > y, m <= x / (p * p) else { continue }
          let n = x / (p * m)
          if n < p * p {
            c -= mu * (piOf[n] - b + 2)
          } else {
            d -= mu * phiPrefix[n]
          }
        }
      }
      var multiple = primes[b]
      while multiple < survivors.count {
        survivors[multiple] = false
        multiple += primes[b]
      }
    }
    self.c = c
    self.d = d

    // Σ is what the identity leaves: π(x) − (A − B + C + D + Φ0).
    sigma = pi - (a - b + c + d + phi0)
  }
}

private func sieve(upTo limit: Int) -> [Bool] {
  var isPrime = [Bool](repeating: true, count: limit + 1)
  isPrime[0] = false
  isPrime[1] = false
  var p = 2
  while p * p <= limit {
    if isPrime[p] {
      for multiple in stride(from: p * p, through: limit, by: p) { isPrime[multiple] = false }
    }
    p += 1
  }
  return isPrime
}

/// μ(n) and the least prime factor of n (n itself for 1), by trial division.
private func mobiusAndLeastFactor(_ n: Int) -> (mu: Int, least: Int) {
  var rest = n
  var mu = 1
  var least = n == 1 ? Int.max : 0
  var p = 2
  while p * p <= rest {
    if rest % p == 0 {
      if least == 0 { least = p }
      rest /= p
      if rest % p == 0 { return (0, least) }
      mu = -mu
    }
    p += 1
  }
  if rest > 1 {
    if least == 0 { least = rest }
    mu = -mu
  }
  return (mu, least)
}

/// How many of 1…n no prime in `primes` divides.
private func phiByInclusionExclusion(_ n: Int, _ primes: ArraySlice<Int>) -> Int {
  guard let first = primes.first else { return n }
  let rest = primes.dropFirst()
  return phiByInclusionExclusion(n, rest) - phiByInclusionExclusion(n / first, rest)
}
