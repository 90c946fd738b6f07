import Foundation

/// li(x), the logarithmic integral: γ + ln ln x + Σ (ln x)^k / (k · k!).
func logarithmicIntegral(_ x: Double) -> Double {
  guard x > 1 else { return 0 }
  let gamma = 0.577_215_664_901_532_860_6
  let logX = log(x)
  var sum = 0.0
  var power = 1.0  // (ln x)^k / k!
  var k = 1.0
  while k < 1000 {
    power *= logX / k
    let term = power / k
    sum += term
    if term < 1e-17 * sum { break }
    k += 1
  }
  return gamma + log(logX) + sum
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

/// The x with R(x) = n: an estimate of the nth prime.
func inverseRiemannR(_ n: Double) -> Double {
  inverse(of: riemannR, at: n, from: n * log(n) + n * log(log(n)), steps: 100)
}

/// The x with f(x) = n, for f an estimate of π, by Newton's method from `start` with f′(x) taken
/// as 1 / ln x, the density of the primes. It stops after a step shorter than ½, before a step
/// that would not be shorter than the last (all that is left is the estimate's rounding), or
/// after `steps` steps.
func inverse(
  of f: (Double) -> Double, at n: Double, from start: Double, steps: Int
) -> Double {
  var x = start
  var lastStep = Double.infinity
  for _ in 0..<steps {
    let step = (f(x) - n) * log(x)
    if abs(step) >= abs(lastStep) { break }
    x -= step
    if abs(step) < 0.5 { break }
    lastStep = step
  }
  return x
}
