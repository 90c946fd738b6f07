/// Whether `n` is prime.
public func isPrime(_ n: Int) -> Bool {
  if n < 2 { return false }
  if n < 4 { return true }
  if n % 2 == 0 { return false }
  var d = 3
  while d <= n / d {
    if n % d == 0 { return false }
    d += 2
  }
  return true
}
