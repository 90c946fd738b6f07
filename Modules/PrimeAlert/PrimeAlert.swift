/// A message for the person using the app: the answer to an nth-prime question, or what went
/// wrong.
///
/// Counter and FavoritePrimes both ask for nth primes and show the answer the same way.
///
/// ```swift
/// PrimeAlert.nthPrime(n: 7, prime: 17).message  // "The 7th prime is 17"
/// PrimeAlert.failure("The count must be at least 1").message
/// ```
public enum PrimeAlert: Equatable, Hashable, Sendable {
  /// The `n`th prime is `prime`.
  case nthPrime(n: Int, prime: Int)
  /// Something did not work; the text says what.
  case failure(String)

  /// The text to show.
  ///
  /// ```swift
  /// PrimeAlert.nthPrime(n: 1, prime: 2).message  // "The 1st prime is 2"
  /// ```
  public var message: String {
    switch self {
    case .nthPrime(let n, let prime):
      return "The \(ordinal(n)) prime is \(prime)"
    case .failure(let message):
      return message
    }
  }
}

/// The English ordinal of a number, the same in every locale: 1st, 2nd, 3rd, 4th, 11th, 12th,
/// 13th, 21st, 101st, 111th, 112th.
///
/// ```swift
/// ordinal(22)  // "22nd"
/// ordinal(113) // "113th"
/// ```
///
/// - Parameter n: Any integer; negative numbers keep their sign.
/// - Returns: The number followed by its suffix.
public func ordinal(_ n: Int) -> String {
  let lastTwo = n.magnitude % 100
  let suffix: String
  if (11...13).contains(lastTwo) {
    suffix = "th"
  } else {
    switch lastTwo % 10 {
    case 1: suffix = "st"
    case 2: suffix = "nd"
    case 3: suffix = "rd"
    default: suffix = "th"
    }
  }
  return "\(n)\(suffix)"
}
