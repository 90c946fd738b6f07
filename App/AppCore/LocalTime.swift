import Foundation

/// The time of day that the feed and the session list show: the system's local time, or that of
/// a given time zone.
///
/// The system's comes from the C library (`localtime_r`, which reads `TZ`, else
/// `/etc/localtime`), date by date, so that a time from before a change to or from summer time
/// shows with the offset it had then. Foundation's `TimeZone.current` would need ICU's time zone
/// data, which release builds leave out (`App/ICUDataOmitted`).
///
/// ```swift
/// let parts = LocalTime.gmt.components(of: january)
/// ```
public struct LocalTime: Sendable {
  private let offset: @Sendable (Date) -> Int

  /// The system's local time, as other programs on the machine show it.
  public static let system = LocalTime { date in
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return 0 }
    return Int(parts.tm_gmtoff)
  }

  /// Greenwich Mean Time.
  public static let gmt = LocalTime { _ in 0 }

  /// The time in `timeZone`.
  public init(_ timeZone: TimeZone) {
    offset = { timeZone.secondsFromGMT(for: $0) }
  }

  private init(offset: @escaping @Sendable (Date) -> Int) {
    self.offset = offset
  }

  /// The seconds that this time is ahead of GMT at `date`.
  public func secondsFromGMT(at date: Date) -> Int { offset(date) }

  /// The year, month, day, hour, minute and second of `date` in this time.
  public func components(of date: Date) -> DateComponents {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: offset(date)) ?? .gmt
    return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
  }
}
