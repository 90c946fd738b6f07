import Foundation
import Testing

/// What release builds leave out of the binary, and what the app does without it: they link
/// Foundation statically but not ICU's data (`App/ICUDataOmitted`), so the local time comes from
/// the C library. CI runs these against the release binary (`Scripts/test-optimized`).
struct ReleaseBinaryTests {
  /// Names from the table of contents of ICU's data: its time zones, its root locale and its
  /// converters. The library's code names none of them.
  static let icuDataEntries = ["l/zoneinfo64.res", "l/root.res", "l/cnvalias.icu"]

  @Test func theBinary_holdsNoICUData() throws {
    let bytes = try Data(contentsOf: PrimeTime.binary, options: .mappedIfSafe)
    for entry in Self.icuDataEntries {
      #expect(bytes.range(of: Data(entry.utf8)) == nil, "\(entry) is in \(PrimeTime.binary.path)")
    }
  }

  #if os(Linux)
    /// The release binary is linked statically, the C library included (Package.swift): the
    /// kernel starts it without the dynamic loader, which had a dozen shared libraries to map and
    /// their symbols to bind, and it exports no symbols, none of the runtime's ten thousand among
    /// them. A debug or sanitizer build links the runtime and Foundation as shared libraries: it
    /// holds none of CoreFoundation's code, and this test asks nothing of it.
    @Test func aBinaryThatHoldsFoundation_needsNoDynamicLoader() throws {
      let holdsFoundation = try shell(
        #"nm --defined-only "$0" | grep -c ' __CFInitialize$'"#, PrimeTime.binary.path)
      guard holdsFoundation != ["0"] else { return }
      let headers = try shell(#"readelf --program-headers -W "$0""#, PrimeTime.binary.path)
      #expect(headers.contains { $0.contains("LOAD") }, "\(headers)")
      let dynamic = headers.filter { $0.contains("INTERP") || $0.contains("DYNAMIC") }
      #expect(dynamic.isEmpty, "\(dynamic)")
    }
  #endif

  /// `state` dumps the feed, each entry's time as a date, without ICU's date formatting.
  @Test func state_dumpsTheFeedsTimes() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(["-c", "set 7; save; state"], home: home)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("timestamp: Date(20"), "\(result.stdout)")
  }

  /// The feed shows each entry in the system's local time with the offset of its own date:
  /// `TZ` in the POSIX form that the C library reads without a time zone database, New York's
  /// rules, five hours behind GMT in January and four in July.
  @Test func theFeed_showsTheSystemsLocalTime_withEachDatesOffset() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try Data(#"{"version":1,"favoritePrimes":[7,11]}"#.utf8)
      .write(to: home.appending(path: "favorite-primes.json"))
    try Data(
      #"""
      {"version":1,"activityFeed":[{"type":"added","prime":7,"timestamp":"2026-01-15T07:30:00Z"},
      {"type":"added","prime":11,"timestamp":"2026-07-15T07:31:00Z"}]}
      """#.utf8
    ).write(to: home.appending(path: "activity-feed.json"))
    let result = try PrimeTime.run(
      ["-c", "activity"], home: home, environment: ["TZ": "EST5EDT,M3.2.0,M11.1.0"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("2026-07-15 03:31:00  added   11"), "\(lines)")
    #expect(lines.contains("2026-01-15 02:30:00  added   7"), "\(lines)")
  }
}
