/// π(n) for n ≤ limit in 1/8 byte per number: a bit per odd number, and the count of primes
/// before each 64-bit word, side by side so that a lookup touches one cache line.
struct PiTable {
  // entries[2w] = the primality bits of the odd numbers 128w + 1, 128w + 3, …;
  // entries[2w + 1] = the number of primes below 128w, counting 2.
  private let entries: [UInt64]
  let limit: Int

  init(limit: Int) {
    self.limit = limit
    let words = limit / 128 + 1
    var entries = [UInt64](repeating: 0, count: 2 * words)
    if limit >= 3 {
      entries.withUnsafeMutableBufferPointer { entries in
        Sieve.forEachPrime(in: 3...limit) { p in
          let i = p >> 1
          entries[2 * (i >> 6)] |= 1 << UInt64(i & 63)
        }
      }
    }
    var count: UInt64 = 1  // the prime 2, which has no bit
    for w in 0..<words {
      entries[2 * w + 1] = count
      count += UInt64(entries[2 * w].nonzeroBitCount)
    }
    self.entries = entries
  }

  /// π(n), for 0 ≤ n ≤ limit.
  subscript(n: Int) -> Int {
    entries.withUnsafeBufferPointer { Lookup(entries: $0)[n] }
  }

  /// Runs `body` with a lookup that skips bounds checks in optimized builds.
  func withLookup<R>(_ body: (Lookup) -> R) -> R {
    entries.withUnsafeBufferPointer { body(Lookup(entries: $0)) }
  }

  struct Lookup {
    let entries: UnsafeBufferPointer<UInt64>

    @inline(__always)
    subscript(n: Int) -> Int {
      guard n >= 2 else { return 0 }
      return self[atLeastTwo: n]
    }

    /// π(n) for 2 ≤ n ≤ limit, without the check.
    @inline(__always)
    subscript(atLeastTwo n: Int) -> Int {
      let i = (n &- 1) &>> 1
      let w = (i &>> 6) &<< 1
      let mask = UInt64.max &>> UInt64(truncatingIfNeeded: 63 &- (i & 63))
      return Int(truncatingIfNeeded: entries[w &+ 1]) &+ (entries[w] & mask).nonzeroBitCount
    }
  }
}

/// For each odd m ≤ limit: μ(m)·lpf(m), the Möbius function times the least prime factor, or 0
/// when m is not square-free. For m = 1 it is `Int32.max` (no prime factor, μ = 1).
struct FactorTable {
  private let values: [Int32]

  init(limit: Int, primes: ArraySlice<Int32>) {
    let count = limit / 2 + 1
    var lpf = [Int32](repeating: 0, count: count)
    var sign = [Int8](repeating: 1, count: count)
    var squareFree = [Bool](repeating: true, count: count)
    for p32 in primes where p32 > 2 {
      let p = Int(p32)
      if p > limit { break }
      // Odd multiples of p: m = p, 3p, 5p, … at index m / 2, stepping by p.
      var i = p >> 1
      while i < count {
        if lpf[i] == 0 { lpf[i] = p32 }
        sign[i] = -sign[i]
        i += p
      }
      let square = p * p
      if square <= limit {
        var j = square >> 1
        while j < count {
          squareFree[j] = false
          j += square
        }
      }
    }
    var values = [Int32](repeating: 0, count: count)
    values[0] = Int32.max
    for i in 1..<count where squareFree[i] {
      values[i] = Int32(sign[i]) * lpf[i]
    }
    self.values = values
  }

  /// μ(m)·lpf(m) for odd m.
  @inline(__always)
  subscript(m: Int) -> Int32 { values[m >> 1] }

  func withUnsafeValues<R>(_ body: (UnsafeBufferPointer<Int32>) -> R) -> R {
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
