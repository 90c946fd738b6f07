/// An equatable description of an error, for actions that carry the outcome of an effect.
///
/// Actions are compared in tests, and `any Error` is not `Equatable`. An effect that can fail
/// sends `Result<Value, ErrorMessage>` back, so that a failure is an ordinary, assertable value
/// rather than a crash or silence.
///
/// ```swift
/// case answered(n: Int, Result<Int, ErrorMessage>)
/// ```
///
/// The effect that can fail captures its outcome as such a result:
///
/// ```swift
/// await send(.answered(n: n, await Result { try await nthPrime.nthPrime(n) }))
/// ```
public struct ErrorMessage: Error, Codable, Hashable, Sendable, CustomStringConvertible {
  /// The text a person reads.
  public var message: String

  /// Creates a message shown as is, with no error type or prefix added.
  public init(_ message: String) {
    self.message = message
  }

  /// Creates a message that describes an error.
  ///
  /// An `ErrorMessage` passes through unchanged; any other error is described with
  /// `String(describing:)`.
  public init(describing error: any Error) {
    if let message = error as? ErrorMessage {
      self = message
    } else {
      self.message = String(describing: error)
    }
  }

  public var description: String { message }
}

extension Result where Failure == ErrorMessage {
  /// Runs an async throwing operation and captures its value or its error as a message.
  ///
  /// ```swift
  /// await Result { try await nthPrime.nthPrime(n) }
  /// ```
  public init(catching body: @Sendable () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(ErrorMessage(describing: error))
    }
  }
}

/// A result is encoded as the one case it holds: `{"success": value}` or `{"failure": error}`, so
/// that actions carrying an effect's outcome can be recorded and replayed.
extension Result: @retroactive Codable where Success: Codable, Failure: Codable {
  private enum CodingKeys: String, CodingKey {
    case success
    case failure
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.success) {
      self = .success(try container.decode(Success.self, forKey: .success))
    } else {
      self = .failure(try container.decode(Failure.self, forKey: .failure))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .success(let value): try container.encode(value, forKey: .success)
    case .failure(let error): try container.encode(error, forKey: .failure)
    }
  }
}
