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

/// ⌊a / b⌋ for 0 ≤ a < 2^53 and 0 < b < 2^53, through floating point, which is several times
/// faster than integer division. Both operands are exact as doubles and rounding is monotonic,
/// so the rounded quotient is never below ⌊a / b⌋ and at most one above it.
@inline(__always)
func fastDivide(_ a: Int, _ b: Int) -> Int {
  let q = Int(Double(a) / Double(b))
  return q &* b > a ? q &- 1 : q
}

/// ⌊a / b⌋ for 0 ≤ a < 2^52 and 0 < b, given `inverse` = 1/b rounded: a multiplication, which
/// is faster than a division and does not stall a chain of dependent lookups as long. The
/// product is within one of a / b, so one step either way makes it exact.
@inline(__always)
func divide(_ a: Int, _ b: Int, _ inverse: Double) -> Int {
  let q = Int(Double(a) * inverse)
  if q &* b > a { return q &- 1 }
  return (q &+ 1) &* b <= a ? q &+ 1 : q
}
