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

/// ⌊a / b⌋ for 0 ≤ a and 0 < b whose quotient is below 2^50, given `inverse` = 1/b rounded: a
/// multiplication, which is faster than a division and does not stall a chain of dependent
/// lookups as long. The product is within one of a / b, and the remainder says which.
@inline(__always)
func divide(_ a: Int, _ b: Int, _ inverse: Double) -> Int {
  exactQuotient(a, b, near: nearestInteger(Double(a) * inverse))
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
