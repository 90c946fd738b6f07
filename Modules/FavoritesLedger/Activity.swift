import Foundation

/// One entry of the activity feed: a favorite prime added or removed, and when.
///
/// Every entry has an identity, so that the feed is stored, and taken back by undo, entry by
/// entry. Timestamps are kept to the millisecond, as they are stored.
public struct Activity: LedgerEntry, Hashable, Sendable {
  /// Whether the prime was added or removed; stored by its raw value.
  public typealias Kind = EntryKind

  /// The entry's identity, unique across sessions.
  public var id: UUID
  public var kind: Kind
  public var prime: Int
  /// When it happened, to the millisecond.
  public var timestamp: Date

  /// Creates an entry; the timestamp is rounded to the millisecond.
  ///
  /// ```swift
  /// Activity(id: UUID(1), kind: .added, prime: 7, timestamp: Date(timeIntervalSince1970: 0))
  /// ```
  public init(id: UUID, kind: Kind, prime: Int, timestamp: Date) {
    self.id = id
    self.kind = kind
    self.prime = prime
    self.timestamp = Date(milliseconds: timestamp.milliseconds)
  }

  /// The times, in milliseconds since 1970, that an entry holds exactly: 2^52 either way, some
  /// 142,000 years.
  public static let exactMilliseconds: ClosedRange<Int64> = -(1 << 52)...(1 << 52)

  /// Creates an entry as the database stores it, its time in milliseconds since 1970, one of
  /// ``exactMilliseconds``.
  ///
  /// ```swift
  /// Activity(id: UUID(), kind: .added, prime: prime, milliseconds: now)
  /// ```
  public init(id: UUID, kind: Kind, prime: Int, milliseconds: Int64) {
    self.init(id: id, kind: kind, prime: prime, timestamp: Date(milliseconds: milliseconds))
  }
}

extension Date {
  /// Milliseconds since 1970, to the nearest: `Date(milliseconds: m).milliseconds == m` for each
  /// `m` of ``Activity/exactMilliseconds``.
  public var milliseconds: Int64 {
    Int64((timeIntervalSince1970 * 1000).rounded())
  }

  /// The moment `milliseconds` after 1970.
  public init(milliseconds: Int64) {
    self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
  }
}
