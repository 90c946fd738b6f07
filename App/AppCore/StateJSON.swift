import FavoritesLedger
import Foundation
import Screens

/// The state as the app shows it to scripts: `state --json` in the REPL, and what `replay`
/// prints once a recording reproduces.
public enum StateJSON {
  /// The state and the screen as one line of JSON, keys sorted, as `state --json` and `replay`
  /// print it.
  ///
  /// ```json
  /// {"activityFeed":[{"id":"…","prime":7,"timestamp":"…","type":"added"}],"count":7,…}
  /// ```
  ///
  /// Timestamps are ISO 8601 in UTC, to the millisecond.
  public static func line(_ state: AppState, screen: Screen) -> String {
    let snapshot = JSONState(
      count: state.count, favoritePrimes: Array(state.favoritePrimes),
      activityFeed: state.activityFeed.map(Entry.init),
      isPrimeModalOpen: {
        if case .primeModal = state.counterDestination { true } else { false }
      }(),
      isLookingUp: state.isLookingUp, screen: screen.rawValue)
    return line(snapshot) ?? "{}"
  }

  /// The favorite primes as one line of JSON, an array in their order, as `favorites --json`
  /// prints them.
  ///
  /// ```swift
  /// StateJSON.favorites([7, 11])  // "[7,11]"
  /// ```
  public static func favorites(_ primes: some Sequence<Int>) -> String {
    line(Array(primes)) ?? "[]"
  }

  /// The activity feed as one line of JSON, an array newest first as `activity` lists it, each
  /// entry as `state --json` writes it.
  public static func activity(_ feed: some BidirectionalCollection<Activity>) -> String {
    line(feed.reversed().map(Entry.init)) ?? "[]"
  }

  /// A value as one line of JSON, keys sorted, timestamps as ``timestamp(_:)`` writes them.
  private static func line(_ value: some Encodable) -> String? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(timestamp(date))
    }
    guard let data = try? encoder.encode(value) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// An ISO 8601 timestamp in UTC, to the millisecond: the whole seconds formatted, then the
  /// milliseconds counted from the integer milliseconds (formatting the fraction of a `Double`
  /// truncates, and is 1 ms short about half the time).
  ///
  /// ```swift
  /// StateJSON.timestamp(Date(milliseconds: 1_700_000_000_001))  // "2023-11-14T22:13:20.001Z"
  /// ```
  public static func timestamp(_ date: Date) -> String {
    timestamp(milliseconds: date.milliseconds)
  }

  /// The same, from milliseconds since 1970, for a caller that rounds them its own way.
  static func timestamp(milliseconds: Int64) -> String {
    let (seconds, fraction) = (milliseconds.floorDiv(1000), milliseconds.floorMod(1000))
    let whole = Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    let digits = String(fraction)
    return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
  }

  /// An entry of the feed: `{"id":…,"prime":7,"timestamp":…,"type":"added"}`.
  private struct Entry: Encodable {
    var id: UUID
    var type: Activity.Kind
    var prime: Int
    var timestamp: Date

    init(_ activity: Activity) {
      (id, type, prime, timestamp) = (
        activity.id, activity.kind, activity.prime, activity.timestamp
      )
    }
  }

  private struct JSONState: Encodable {
    var count: Int
    var favoritePrimes: [Int]
    var activityFeed: [Entry]
    var isPrimeModalOpen: Bool
    var isLookingUp: Bool
    var screen: String
  }
}

extension Int64 {
  /// The quotient rounded toward negative infinity.
  fileprivate func floorDiv(_ divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }

  /// The remainder of ``floorDiv(_:)``, from 0 up to `divisor`.
  fileprivate func floorMod(_ divisor: Int64) -> Int64 {
    self - floorDiv(divisor) * divisor
  }
}
