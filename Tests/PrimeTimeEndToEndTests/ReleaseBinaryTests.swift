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
    /// The program exports none of its Swift symbols to the dynamic loader. The static runtime
    /// asks the linker to export them all, and ten thousand of them slowed every lookup of a
    /// shared library's symbol at start. Only the release binary links that way: against a
    /// debug or sanitizer build, which link the runtime dynamically, this holds trivially.
    /// (A sanitizer's runtime exports its own symbols, in C.)
    @Test func theBinary_exportsNoSwiftSymbols() throws {
      let symbols = try shell(
        #"readelf --dyn-syms -W "$0" | awk '$1 ~ /^[0-9]+:$/ { print $7, $8 }'"#,
        PrimeTime.binary.path)
      #expect(!symbols.isEmpty)
      let swift = symbols.filter { !$0.hasPrefix("UND ") && $0.contains(" $s") }
      #expect(swift.count == 0, "exported: \(swift.prefix(3)) and more")
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
