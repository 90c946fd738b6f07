import Foundation

/// ψ(x), Chebyshev's function (the sum of ln p over the prime powers pᵏ ≤ x), by the explicit
/// formula of Riemann and von Mangoldt cut off after the zeros in `zetaZeroOrdinates`:
/// ψ(x) = x − Σ_ρ x^ρ/ρ − ln 2π − ½ ln(1 − 1/x²), where a zero ρ = ½ + iγ and its conjugate
/// add 2√x (½ cos(γ ln x) + γ sin(γ ln x)) / (¼ + γ²) to the sum. For x above 1.
func chebyshevPsi(_ x: Double) -> Double {
  let logX = log(x)
  var zeros = 0.0
  for gamma in zetaZeroOrdinates {
    let angle = gamma * logX
    zeros += (0.5 * cos(angle) + gamma * sin(angle)) / (0.25 + gamma * gamma)
  }
  let logTwoPi = 1.837_877_066_409_345_483_6
  return x - 2 * x.squareRoot() * zeros - logTwoPi - 0.5 * log(1 - 1 / (x * x))
}

/// The x with R(ψ(x)) = n: an estimate of the nth prime closer than R⁻¹(n), since R(ψ(x)) is
/// closer to π(x) than R(x) (Planat and Solé, "Improving Riemann prime counting", 2014; Kim
/// Walisch's primecount estimates the nth prime this way from n = 10⁹ up). From R⁻¹(n); for n
/// from 10⁴ up.
func inverseRiemannRPsi(_ n: Double) -> Double {
  inverse(of: { riemannR(chebyshevPsi($0)) }, at: n, from: inverseRiemannR(n), steps: 10)
}
