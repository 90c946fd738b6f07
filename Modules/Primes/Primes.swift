/// Whether `n` is prime, exactly, for every `Int`.
///
/// Negative numbers, 0 and 1 are not prime. Small numbers are settled by trial division; larger
/// ones by a Miller-Rabin test with the first twelve primes as bases, which is deterministic for
/// every 64-bit integer. Products are taken modulo `n` in 128 bits, so nothing overflows.
///
/// ```swift
/// #expect(isPrime(7))
/// #expect(!isPrime(561))  // a Carmichael number
/// #expect(!isPrime(Int.max))
/// ```
public func isPrime(_ n: Int) -> Bool {
  if n < 2 { return false }
  for p in smallPrimes {
    if n == p { return true }
    if n % p == 0 { return false }
  }
  if n < 41 * 41 { return true }
  let m = UInt64(n)
  var d = m - 1
  var s = 0
  while d & 1 == 0 {
    d >>= 1
    s += 1
  }
  witnesses: for a in smallPrimes {
    var x = powMod(UInt64(a), d, m)
    if x == 1 || x == m - 1 { continue }
    for _ in 1..<s {
      x = mulMod(x, x, m)
      if x == m - 1 { continue witnesses }
    }
    return false
  }
  return true
}

private let smallPrimes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]

@inline(__always)
func mulMod(_ a: UInt64, _ b: UInt64, _ m: UInt64) -> UInt64 {
  let (high, low) = a.multipliedFullWidth(by: b)
  return m.dividingFullWidth((high, low)).remainder
}

func powMod(_ base: UInt64, _ exponent: UInt64, _ m: UInt64) -> UInt64 {
  var result: UInt64 = 1
  var base = base % m
  var exponent = exponent
  while exponent > 0 {
    if exponent & 1 == 1 { result = mulMod(result, base, m) }
    base = mulMod(base, base, m)
    exponent >>= 1
  }
  return result
}
