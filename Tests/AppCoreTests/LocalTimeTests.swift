import AppCore
import CustomDump
import FavoritesLedger
import Foundation
import RecordingFormat
import Testing

/// The time the feed and the session list show: a given time zone's, with the offset of each
/// date, or GMT. The system's local time, read from the C library, is held to `TZ` by
/// `ReleaseBinaryTests` in a process of its own.
struct LocalTimeTests {
  /// 2026-01-15 07:30:00 and 2026-07-15 07:30:00, GMT.
  let january = Date(timeIntervalSince1970: 1_768_462_200)
  let july = Date(timeIntervalSince1970: 1_784_100_600)

  @Test func aTimeZone_givesEachDateItsOwnOffset() throws {
    let newYork = LocalTime(try #require(TimeZone(identifier: "America/New_York")))
    #expect(newYork.secondsFromGMT(at: january) == -5 * 3600)
    #expect(newYork.secondsFromGMT(at: july) == -4 * 3600)
    let parts = newYork.components(of: july)
    #expect(
      [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second]
        == [2026, 7, 15, 3, 30, 0])
  }

  @Test func gmt_isNeitherAheadNorBehind() {
    #expect(LocalTime.gmt.secondsFromGMT(at: july) == 0)
    let parts = LocalTime.gmt.components(of: january)
    #expect([parts.year, parts.month, parts.day, parts.hour] == [2026, 1, 15, 7])
  }

  @Test func anEntry_showsInTheGivenTime() throws {
    let tokyo = LocalTime(try #require(TimeZone(secondsFromGMT: 9 * 3600)))
    let entry = Activity(id: UUID(), kind: .added, prime: 13, timestamp: january)
    #expect(entry.line(localTime: tokyo) == "2026-01-15 16:30:00  added   13")
    #expect(entry.line(localTime: tokyo, showing: .hoursAndMinutes) == "16:30  added   13")
  }
}

/// Dumps show an entry's time as CustomDump shows a date, without `DateFormatter`, which release
/// builds cannot run: `state`, `trace on` and `replay --step` dump the feed.
struct ActivityDumpTests {
  @Test(arguments: [
    1_768_462_200.056, 1_784_100_600, 0, -1.5, -0.001, 1_768_462_200.9995, 4_102_444_799.999,
  ])
  func anEntrysTime_dumpsAsCustomDumpDumpsADate(seconds: Double) {
    let date = Date(timeIntervalSince1970: seconds)
    let entry = Activity(id: UUID(7), kind: .added, prime: 7, timestamp: date)
    let dump = String(customDumping: entry)
    #expect(dump.contains("timestamp: \(String(customDumping: date))"), "\(dump)")
    #expect(dump.hasPrefix("Activity("))
  }

  /// CustomDump's own `Date` would call `DateFormatter`: neither kind of entry hands it one.
  @Test func neitherKindOfEntry_handsCustomDumpADate() {
    let date = Date(timeIntervalSince1970: 1_768_462_200.056)
    let entry = Activity(id: UUID(7), kind: .added, prime: 7, timestamp: date)
    let recorded = RecordedState.Activity(id: UUID(7), kind: .added, prime: 7, timestamp: date)
    for mirror in [entry.customDumpMirror, recorded.customDumpMirror] {
      let time = mirror.children.first { $0.label == "timestamp" }?.value
      #expect(time as? DumpedDate == DumpedDate(date: date))
      #expect(!(time is Date))
    }
    #expect(String(customDumping: recorded).hasPrefix("RecordedState.Activity("))
  }

  /// Between milliseconds, a half rounds up, as CoreFoundation rounds it for CustomDump.
  @Test(arguments: [-0.0005, 0.0005, 1.0004999, -1.0015, 59.9995])
  func aTimeBetweenMilliseconds_roundsAsCustomDumpRoundsIt(seconds: Double) {
    let date = Date(timeIntervalSince1970: seconds)
    #expect(String(customDumping: DumpedDate(date: date)) == String(customDumping: date))
  }
}
