import AppCore
import ComposableArchitecture
import Foundation

/// The activity feed, newest first, from the favorites screen: what was added and removed, and
/// when, in local time. A feed longer than the screen scrolls.
public enum ActivityView {
  static let hints = [Line("j k scroll   c back to the favorites", .hint)]

  /// The rows the feed has on a terminal of this size: all but the title, a blank row and the
  /// row of hints.
  public static func visibleRows(in size: Size) -> Int {
    max(size.rows - 3, 1)
  }

  /// How far the feed can scroll: the number of newest entries that can be passed over.
  public static func maximumScroll(count: Int, size: Size) -> Int {
    max(count - visibleRows(in: size), 0)
  }

  /// The screen, with the `scroll` newest entries passed over. Only the visible entries are
  /// looked at, however long the feed.
  ///
  /// ```swift
  /// let oldest = ActivityView.draw(feed, scroll: last, timeZone: utc, size: size)
  /// ```
  public static func draw(
    _ feed: PersistentArray<Activity>, scroll: Int = 0, timeZone: TimeZone, size: Size
  ) -> Drawing {
    guard size.isLargeEnough else { return tooSmall(size) }
    var top = [Line("Activity (\(feed.count))", .title), Line("")]
    if feed.isEmpty { top.append(Line("  Nothing yet")) }
    let scroll = min(max(scroll, 0), maximumScroll(count: feed.count, size: size))
    let newest = feed.count - scroll
    let shown = max(newest - visibleRows(in: size), 0)..<newest
    for entry in feed.elements(in: shown).reversed() {
      top.append(Line("  " + entry.line(timeZone: timeZone)))
    }
    return screen(top: top, bottom: hints, size: size)
  }
}
