import AppCore
import ComposableArchitecture
import FavoritesLedger
import Foundation
import Screens

/// The activity feed, newest first, from the favorites screen: what was added and removed, and
/// when, in local time. A feed longer than the screen scrolls; on a narrow screen the time
/// loses its date, then its seconds, before a prime is cut.
public enum ActivityView {
  /// The screen, with the `scroll` newest entries passed over; `scroll` is clamped so that the
  /// oldest entry ends the last screenful. Only the visible entries are looked at, however long
  /// the feed. It is drawn in the terminal's `charset`.
  ///
  /// ```swift
  /// let oldest = ActivityView.draw(
  ///   feed, scroll: last, localTime: utc, size: size, charset: .unicode)
  /// ```
  public static func draw(
    _ feed: PersistentArray<Activity>, scroll: Int = 0, localTime: LocalTime, size: Size,
    charset: Charset
  ) -> Drawing {
    guard size.isLargeEnough else { return tooSmall(size, charset: charset) }
    var top = [Line("Activity (\(feed.count))", .title), Line("")]
    if feed.isEmpty { top.append(Line("  Nothing yet")) }
    let scroll = min(max(scroll, 0), Layout.maximumActivityScroll(count: feed.count, size: size))
    let newest = feed.count - scroll
    let shown = max(newest - Layout.activityRows(in: size), 0)..<newest
    let entries = feed.elements(in: shown)
    // The same part of the time on every row, so that the rows stay aligned.
    let time = Activity.timeShown(for: entries, in: size.columns - 2)
    for entry in entries.reversed() {
      top.append(Line("  " + entry.line(localTime: localTime, showing: time)))
    }
    return screen(
      top: top, bottom: AppView.activityPage.hints(size: size), size: size, charset: charset)
  }
}
