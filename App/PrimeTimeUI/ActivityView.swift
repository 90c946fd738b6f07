import AppCore
import ComposableArchitecture
import Foundation
import Screens

/// The activity feed, newest first, from the favorites screen: what was added and removed, and
/// when, in local time. A feed longer than the screen scrolls.
public enum ActivityView {
  static let hints = [Line("j k scroll   c back to the favorites", .hint)]

  /// The screen, with the `scroll` newest entries passed over; `scroll` is clamped so that the
  /// oldest entry ends the last screenful. Only the visible entries are looked at, however long
  /// the feed.
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
    let scroll = min(max(scroll, 0), Layout.maximumActivityScroll(count: feed.count, size: size))
    let newest = feed.count - scroll
    let shown = max(newest - Layout.activityRows(in: size), 0)..<newest
    for entry in feed.elements(in: shown).reversed() {
      top.append(Line("  " + entry.line(timeZone: timeZone)))
    }
    return screen(top: top, bottom: hints, size: size)
  }
}
