import ComposableArchitecture

/// A message that must be read before going on: the answer to an nth-prime question, or what
/// went wrong.
///
/// Every feature shows such a message as one of these, and each front end decides how: a dialog
/// on the full screen, a line of output in the REPL. What a step did (saved, deleted, nothing to
/// undo) is no alert: a feature says it as a notice, which needs no answer. Messages read as a
/// command-line tool's do: they start in lower case (numbers and names aside) and end without a
/// full stop; a second clause follows a semicolon or a colon.
///
/// ```swift
/// Alert.nthPrime(n: 7, prime: 17).message  // "the 7th prime is 17"
/// ```
public enum Alert: Equatable, Hashable, Sendable {
  /// The `n`th prime is `prime`.
  case nthPrime(n: Int, prime: Int)
  /// Something did not work; the text says what.
  case failure(String)

  /// The alert for the outcome of an nth-prime lookup.
  ///
  /// ```swift
  /// Alert(n: 7, lookup: .success(17))  // .nthPrime(n: 7, prime: 17)
  /// ```
  ///
  /// - Parameters:
  ///   - n: Which prime was asked for.
  ///   - lookup: The lookup's outcome.
  public init(n: Int, lookup: Result<Int, ErrorMessage>) {
    switch lookup {
    case .success(let prime):
      self = .nthPrime(n: n, prime: prime)
    case .failure(let error):
      self = .failure("could not find the \(ordinal(n)) prime: \(error.message)")
    }
  }

  /// The alert for an nth-prime question that has no answer, or `nil` when `n` is valid.
  ///
  /// ```swift
  /// Alert(invalidN: 0)  // .failure("there is no 0th prime: n must be at least 1")
  /// ```
  ///
  /// - Parameter n: Which prime is asked for.
  public init?(invalidN n: Int) {
    guard n < 1 else { return nil }
    self = .failure("there is no \(ordinal(n)) prime: n must be at least 1")
  }

  /// Whether this alert reports a failure: the REPL says it as an error, and the full screen in
  /// the title's colour.
  public var isFailure: Bool {
    switch self {
    case .failure: true
    case .nthPrime: false
    }
  }

  /// The text to show: lower case, no full stop, and the ordinal in English for an answer.
  ///
  /// ```swift
  /// Alert.nthPrime(n: 1, prime: 2).message  // "the 1st prime is 2"
  /// ```
  public var message: String {
    switch self {
    case .nthPrime(let n, let prime):
      return "the \(ordinal(n)) prime is \(prime)"
    case .failure(let message):
      return message
    }
  }
}

/// The English ordinal of a number, the same in every locale: 1st, 2nd, 3rd, 4th, 11th, 12th,
/// 13th, 21st, 101st, 111th, 112th.
///
/// ```swift
/// #expect(ordinal(22) == "22nd")
/// #expect(ordinal(113) == "113th")
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
