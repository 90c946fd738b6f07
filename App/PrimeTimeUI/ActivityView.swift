import AppCore
import ComposableArchitecture
import Foundation

/// The activity feed, newest first, from the favorites screen: what was added and removed, and
/// when, in local time.
public enum ActivityView {
  static let hints = [Line("c back to the favorites", .hint)]

  /// The screen: as many of the newest entries as fit.
  public static func draw(
    _ feed: PersistentArray<Activity>, timeZone: TimeZone, size: Size
  ) -> Drawing {
    guard size.isLargeEnough else { return tooSmall(size) }
    var top = [Line("Activity (\(feed.count))", .title), Line("")]
    if feed.isEmpty { top.append(Line("  Nothing yet")) }
    for entry in feed.reversed().prefix(max(size.rows - 3, 0)) {
      top.append(Line("  " + entry.line(timeZone: timeZone)))
    }
    return screen(top: top, bottom: hints, size: size)
  }
}
