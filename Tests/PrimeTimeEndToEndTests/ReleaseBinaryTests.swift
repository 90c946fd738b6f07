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
    /// kernel starts it without the dynamic loader, which had five shared libraries to map and
    /// their symbols to bind, and it exports no symbols, none of the runtime's ten thousand among
    /// them. A debug or sanitizer build, which links the runtime and Foundation as shared
    /// libraries, is left alone by this test and the next.
    @Test func theReleaseBinary_needsNoDynamicLoader() throws {
      guard try !Self.linksFoundationDynamically() else { return }
      let headers = try shell(#"readelf --program-headers -W "$0""#, PrimeTime.binary.path)
      #expect(headers.contains { $0.contains("LOAD") }, "\(headers)")
      let dynamic = headers.filter { $0.contains("INTERP") || $0.contains("DYNAMIC") }
      #expect(dynamic.isEmpty, "\(dynamic)")
    }

    /// The code and data that the start touches are laid out together, in the order that
    /// `App/primetime.order` lists them (`Scripts/startup-order` writes it), for the kernel maps
    /// 64 KB of the file around each page a program reads: as the linker laid them out by
    /// itself, the listed symbols lay in 169 of those blocks, and `nth-prime 1` peaked at 8.6 MB
    /// against 3.8 MB. The list is the binary's (nine in ten of its symbols are there;
    /// `Scripts/startup-order` writes it again), and its symbols lie in fewer than 100 blocks
    /// (57 when it was last written).
    @Test func whatTheStartTouches_isLaidOutTogether() throws {
      guard try !Self.linksFoundationDynamically() else { return }
      let order = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../App/primetime.order")
      let listed = Set(try String(contentsOf: order, encoding: .utf8).split(separator: "\n"))
      var found: Set<Substring> = []
      var blocks: Set<UInt64> = []
      for line in try shell(#"nm --defined-only "$0""#, PrimeTime.binary.path) {
        let fields = line.split(separator: " ", maxSplits: 2)
        guard fields.count == 3, listed.contains(fields[2]),
          let address = UInt64(fields[0], radix: 16)
        else { continue }
        found.insert(fields[2])
        blocks.insert(address >> 16)
      }
      #expect(
        found.count * 10 >= listed.count * 9,
        "\(found.count) of \(listed.count) listed (a stripped binary has no symbols to read)")
      #expect(!blocks.isEmpty)
      #expect(blocks.count < 100, "\(blocks.count) blocks of 64 KB")
    }

    /// A count looks no protocol conformance up at run time, on one thread, on two, or on those
    /// it takes when none are asked for (Foundation's count of them made one): the runtime finds
    /// one by reading every conformance record in the binary, which brought about 0.5 MB of it
    /// into memory (the engine's dictionary of chunks, a captured stride and the workers'
    /// atomics, each a type the runtime made from its name and checked), where primecount 8.7's
    /// whole count of 10^12 takes 1.2 MB above its start. gdb, run without the debug
    /// information, prints a line wherever the runtime starts that search.
    @Test(
      arguments: [
        ("prime-count", "1", "37607912018"), ("prime-count", "2", "37607912018"),
        ("nth-prime", "2", "29996224275833"), ("nth-prime", "", "29996224275833"),
      ])
    func aCount_looksUpNoConformanceAtRunTime(command: String, threads: String, answer: String)
      throws
    {
      guard try !Self.linksFoundationDynamically() else { return }
      try #require(
        try shell("command -v gdb") != [],
        "the release binary's tests need gdb: apt-get install gdb")
      let search =
        "_ZL52swift_conformsToProtocolMaybeInstantiateSuperclassesPKN5swift14TargetMetadataINS_9"
        + "InProcessEEEPKNS_24TargetProtocolDescriptorIS1_EEb"
      let lines = try shell(
        #"gdb -q -batch -nx --readnever -iex "set debuginfod enabled off""#
          + #" -ex "set print thread-events off" -ex "dprintf $1,\"conformance lookup\n\"""#
          + #" -ex run --args "$0" "$2" 1000000000000 ${3:+--threads "$3"} 2>&1"#,
        PrimeTime.binary.path, search, command, threads)
      // gdb found the runtime's search: a toolchain that renamed it fails here, not silently.
      #expect(lines.contains { $0.hasPrefix("Dprintf 1 at ") }, "\(lines)")
      #expect(lines.contains(answer), "\(lines)")
      #expect(!lines.contains("conformance lookup"), "\(lines)")
    }

    /// Whether the binary loads Foundation as a shared library, as debug and sanitizer builds do;
    /// the release binary holds it. Read from its dynamic section, which a stripped binary
    /// keeps; a path that names no binary reads as no such library, and fails the tests.
    static func linksFoundationDynamically() throws -> Bool {
      try shell(#"readelf --dynamic "$0" | grep -c 'libFoundation\.so'"#, PrimeTime.binary.path)
        != ["0"]
    }
  #endif

  /// A `~name` that names no user is the name of a file, as the REPL's file words say. The
  /// release binary holds the C library, which looked up a user missing from /etc/passwd in
  /// the modules that /etc/nsswitch.conf names next (`systemd` on Debian): shared libraries,
  /// loaded into a program linked statically, where this command ended in SIGSEGV.
  @Test func aTildeThatNamesNoUser_isTheNameOfAFile() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(
      ["-c", "save-favorites ~no-such-user-of-primetime/x.json"], home: home)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("no directory"), "\(result.stderr)")
    #expect(result.stderr.contains("/~no-such-user-of-primetime"), "\(result.stderr)")
  }

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
