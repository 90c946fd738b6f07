import Foundation

/// One entry of the activity feed: a favorite prime added or removed, and when.
public struct Activity: Codable, Equatable, Hashable, Sendable {
  /// What happened.
  public enum Kind: String, Codable, Sendable {
    /// The prime became a favorite.
    case added
    /// The prime stopped being a favorite.
    case removed
  }

  /// What happened.
  public var kind: Kind
  /// The prime.
  public var prime: Int
  /// When it happened.
  public var timestamp: Date

  /// Creates an entry.
  ///
  /// ```swift
  /// Activity(kind: .added, prime: 7, timestamp: Date(timeIntervalSince1970: 0))
  /// ```
  public init(kind: Kind, prime: Int, timestamp: Date) {
    self.kind = kind
    self.prime = prime
    self.timestamp = timestamp
  }

  private enum CodingKeys: String, CodingKey {
    case kind = "type"
    case prime
    case timestamp
  }
}
