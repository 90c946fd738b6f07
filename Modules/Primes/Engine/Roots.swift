import Foundation

/// ⌊√n⌋, exactly.
func integerSquareRoot(_ n: Int) -> Int {
  guard n > 1 else { return max(n, 0) }
  var r = min(Int(Double(n).squareRoot()), 3_037_000_499)  // ⌊√Int.max⌋
  while r * r > n { r -= 1 }
  while true {
    let (square, overflow) = (r + 1).multipliedReportingOverflow(by: r + 1)
    if overflow || square > n { return r }
    r += 1
  }
}

/// ⌊∛n⌋, exactly, for n ≥ 0.
func integerCubeRoot(_ n: Int) -> Int {
  guard n > 1 else { return max(n, 0) }
  var r = min(Int(cbrt(Double(n))), 2_097_151)  // ⌊∛Int.max⌋
  while r * r * r > n { r -= 1 }
  while r < 2_097_151, (r + 1) * (r + 1) * (r + 1) <= n { r += 1 }
  return r
}

/// ⌊a / b⌋ for 0 ≤ a and 0 < b whose quotient is below 2^50, through floating point, which is
/// several times faster than integer division. The rounded quotient is within one of the exact
/// one, and the remainder, exact in wrapping arithmetic since it lies in (−b, 2b), says which.
@inline(__always)
func fastDivide(_ a: Int, _ b: Int) -> Int {
  exactQuotient(a, b, near: nearestInteger(Double(a) / Double(b)))
}

/// ⌊n / d⌋ for 0 ≤ n < 2^63 and d ≥ 2, given `magic` = ``reciprocal(of:)`` of d: the high word
/// of one 128-bit product, shifted, which is exact and takes a few cycles where a division
/// takes tens; the loops over primes keep a reciprocal beside each.
@inline(__always)
func divide(_ n: Int, by d: Int, magic: UInt64) -> Int {
  // ⌈log₂ d⌉ − 1.
  let shift = UInt64(
    truncatingIfNeeded: 63 &- UInt64(truncatingIfNeeded: d &- 1).leadingZeroBitCount)
  return Int(
    truncatingIfNeeded: UInt64(truncatingIfNeeded: n).multipliedFullWidth(by: magic).high &>> shift)
}

/// ⌈2^(63 + l) / d⌉ with l = ⌈log₂ d⌉, for d ≥ 2: below 2^64, and with it
/// ⌊n · magic / 2^(63 + l)⌋ = ⌊n / d⌋ for every n below 2^63, since the product's excess over n/d,
/// n·(magic − 2^(63 + l)/d) / 2^(63 + l), is below 2^63 / 2^(63 + l) ≤ 1/d, and the fraction
/// of n/d is at most 1 − 1/d.
func reciprocal(of d: Int) -> UInt64 {
  precondition(d >= 2, "a divisor from 2 on")
  let l = 64 - UInt64(d - 1).leadingZeroBitCount
  let (quotient, remainder) = UInt64(d).dividingFullWidth((1 << UInt64(l - 1), 0))
  return quotient + (remainder == 0 ? 0 : 1)
}

/// The integer nearest to `value`, for 0 ≤ value < 2^51: adding 2^52 puts it in the low bits
/// of the sum's significand. Unlike `Int(value)`, this has no range checks to branch on.
@inline(__always)
private func nearestInteger(_ value: Double) -> Int {
  let magic = 0x1p52
  return Int(bitPattern: UInt((value + magic).bitPattern &- magic.bitPattern))
}

/// ⌊a / b⌋, given a `q` within one of it.
@inline(__always)
private func exactQuotient(_ a: Int, _ b: Int, near q: Int) -> Int {
  let remainder = a &- q &* b
  if remainder < 0 { return q &- 1 }
  return remainder >= b ? q &+ 1 : q
}
