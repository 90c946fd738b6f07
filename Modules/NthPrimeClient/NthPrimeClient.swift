/// Looks up the nth prime for a feature, which never runs the prime engine itself.
///
/// The interface only: the live value, on the Primes engine, lives in `NthPrimeClientLive`,
/// which only the executable links.
///
/// ```swift
/// let client = NthPrimeClient.answering([3: 5])
/// #expect(try await client.nthPrime(3) == 5)
/// ```
public struct NthPrimeClient: Sendable {
  /// Returns the `n`th prime, 1-based: `nthPrime(1) == 2`.
  public var nthPrime: @Sendable (Int) async throws -> Int

  /// Creates a client from its lookup, which may throw for any `n` it cannot answer.
  public init(nthPrime: @escaping @Sendable (Int) async throws -> Int) {
    self.nthPrime = nthPrime
  }
}

/// The error of ``NthPrimeClient/failing``.
public struct NthPrimeClientFailure: Error, CustomStringConvertible, Sendable {
  public var description: String { "the nth-prime lookup is unavailable" }

  /// Creates the error; it carries nothing, as every such failure reads the same.
  public init() {}
}

extension NthPrimeClient {
  /// A client whose every lookup fails.
  public static let failing = NthPrimeClient(nthPrime: { _ in throw NthPrimeClientFailure() })

  /// A client that answers from a table and fails for anything else.
  ///
  /// ```swift
  /// NthPrimeClient.answering([3: 5])
  /// ```
  ///
  /// - Parameter answers: The nth prime for each n the client knows.
  public static func answering(_ answers: [Int: Int]) -> NthPrimeClient {
    NthPrimeClient { n in
      guard let prime = answers[n] else { throw NthPrimeClientFailure() }
      return prime
    }
  }
}
