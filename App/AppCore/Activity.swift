import FavoritesLedger
import Foundation

extension UUID {
  /// A UUID made from a number, for tests and examples: `UUID(1)` is
  /// `00000000-0000-0000-0000-000000000001`.
  public init(_ number: UInt64) {
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 { bytes[15 - index] = UInt8(truncatingIfNeeded: number >> (8 * index)) }
    self.init(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}

extension Activity {
  /// How much of an entry's time a line shows: on a narrow screen, the date goes first, then
  /// the seconds, before the prime is cut.
  public enum TimeShown: CaseIterable, Sendable {
    /// `2026-11-22 07:43:15`
    case dateAndTime
    /// `07:43:15`
    case timeOfDay
    /// `07:43`
    case hoursAndMinutes
  }

  /// The entry as the feed shows it, with its time in `localTime`.
  ///
  /// ```text
  /// 2026-11-22 07:43:15  added   7
  /// ```
  ///
  /// - Parameters:
  ///   - localTime: The time the entry is shown in.
  ///   - time: How much of the time shows; all of it unless given.
  public func line(localTime: LocalTime, showing time: TimeShown = .dateAndTime) -> String {
    let c = localTime.components(of: timestamp)
    let (hour, minute, second) = (c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    let shown =
      switch time {
      case .dateAndTime:
        String(
          format: "%04d-%02d-%02d %02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, hour,
          minute, second)
      case .timeOfDay: String(format: "%02d:%02d:%02d", hour, minute, second)
      case .hoursAndMinutes: String(format: "%02d:%02d", hour, minute)
      }
    return "\(shown)  \(kind == .added ? "added  " : "removed") \(prime)"
  }

  /// The fullest time with which every one of `entries` fits in `width` columns, so that a
  /// screen's entries show their times alike; hours and minutes where none fits.
  ///
  /// ```swift
  /// let time = Activity.timeShown(for: entries, in: size.columns - 2)
  /// ```
  ///
  /// - Parameters:
  ///   - entries: The entries shown together.
  ///   - width: The columns a line may take.
  public static func timeShown(for entries: some Collection<Activity>, in width: Int)
    -> TimeShown
  {
    // Every field of a line has a fixed width but the prime's, and the time's is the same in
    // every time zone: the widest prime decides.
    let widestPrime = entries.map { String($0.prime).count }.max() ?? 0
    let fixed = "  added   ".count
    let times: [(TimeShown, Int)] = [(.dateAndTime, 19), (.timeOfDay, 8), (.hoursAndMinutes, 5)]
    return times.first { $0.1 + fixed + widestPrime <= width }?.0 ?? .hoursAndMinutes
  }
}
