import Foundation

/// li(x), the logarithmic integral, by Ramanujan's series.
func logarithmicIntegral(_ x: Double) -> Double {
  guard x > 1 else { return 0 }
  let gamma = 0.577_215_664_901_532_860_6
  let logX = log(x)
  var sum = 0.0
  var innerSum = 0.0
  var factorial = 1.0
  var power = -1.0
  var k = 0
  var n = 1
  while n < 1000 {
    power *= -logX
    factorial *= Double(n)
    let q = factorial * Double(1 << (n - 1))
    while k <= (n - 1) / 2 {
      innerSum += 1 / Double(2 * k + 1)
      k += 1
    }
    let term = power / q * innerSum
    sum += term
    if abs(term) < 1e-17 * abs(sum) { break }
    n += 1
  }
  return gamma + log(logX) + logX.squareRoot() * sum
}

/// Riemann's R(x) = Σ μ(k)/k · li(x^(1/k)), an estimate of π(x) within about √x / log x.
func riemannR(_ x: Double) -> Double {
  let mobius: [Double] = [
    0, 1, -1, -1, 0, -1, 1, -1, 0, 0, 1, -1, 0, -1, 1, 1, 0, -1, 0, -1, 0, 1, 1, -1, 0, 0, 1, 0,
    0, -1, -1, -1, 0, 1, 1, 1, 0, -1, 1, 1, 0, -1, -1, -1, 0, 0, 1, -1, 0, 0, 0, 1, 0, -1, 0, 1,
    0, 1, 1, -1, 0, -1, 1, 0, 0,
  ]
  var sum = 0.0
  for k in 1..<mobius.count where mobius[k] != 0 {
    let root = pow(x, 1 / Double(k))
    if root < 2 { break }
    sum += mobius[k] / Double(k) * logarithmicIntegral(root)
  }
  return sum
}

/// The x with R(x) = n, by Newton's method: an estimate of the nth prime.
func inverseRiemannR(_ n: Double) -> Double {
  var x = n * log(n) + n * log(log(n))
  for _ in 0..<100 {
    let next = x - (riemannR(x) - n) * log(x)
    if abs(next - x) < 0.5 { return next }
    x = next
  }
  return x
}
