import AppTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Hostile input against the built binary, which the README promises changes nothing: cut,
/// flipped and hand-made recordings for `replay`, favorites files for `load-favorites`, a
/// damaged database, junk on the command line and on standard input, and terminals from 1×1 to
/// 500×200. Run against the release build too (`PRIMETIME_BINARY`), where optimization can turn
/// a latent bug into a crash that the debug build never shows.
///
/// No case may end the binary by a signal (status 128 and above), and what is refused is said
/// in one line on stderr. Every case is generated from one seed, printed with each failure:
/// `HOSTILE_SEED=<seed>` replays a run. The default run takes a small sample;
/// `HOSTILE_LARGE_TESTS=1` takes every position and size it can (about 10 minutes on the
/// release binary, 14 on the debug one, on two cores).
enum HostileInputTests {
  static let seed =
    UInt64(ProcessInfo.processInfo.environment["HOSTILE_SEED"] ?? "") ?? 20_261_128
  static let isLarge = ProcessInfo.processInfo.environment["HOSTILE_LARGE_TESTS"] != nil

  /// The generator of one kind of case: the run's seed mixed with the kind's name (FNV-1a), so
  /// that one kind's sample stays the same when another kind draws more or fewer numbers.
  static func random(_ kind: String) -> SplitMix64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in kind.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return SplitMix64(seed: seed ^ hash)
  }

  /// Text's lines, without the empty one after its last newline: a blank line in the middle
  /// counts, as a reader sees it.
  static func outputLines(_ text: String) -> [Substring] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// What a failure message shows of a process's output: its start, since a crash's backtrace
  /// or a runaway line can be megabytes long.
  static func shown(_ text: String) -> String {
    text.count > 1500 ? String(text.prefix(1500)) + "… (\(text.utf8.count) bytes)" : text
  }

  /// The state of a data directory as `state --json` reads it in a new session.
  static func stored(_ home: URL) throws -> SessionState {
    let result = try PrimeTime.run(["-c", "state --json"], home: home)
    return try SessionState(json: result.stdout.trimmingCharacters(in: .newlines))
  }
}

// MARK: - Recordings

extension HostileInputTests {
  /// `primetime replay` and `replay --step` of recordings that were cut short, had a byte
  /// flipped, or were written to hurt: the replay never dies, exits 1, and the first line of
  /// stderr names the file and the first line it could not use, never an earlier, intact one.
  struct Recordings {
    /// A session with every kind of line: steps, a lookup's feedback on each screen, undo, redo,
    /// travels of several steps, a delete and its undo. It ends with two favorites, which the
    /// moves at the edges of `Int` need.
    static let session =
      "set 7; prime; save; nth; set 3; save; incr; undo; redo; undo 3; redo 3; favorites; "
      + "nth 1; delete 1; undo; counter"

    /// Records ``session`` with the binary, and returns the file's lines, with its times and
    /// identities made the same in every run (``fixingTimesAndIdentities(_:)``); the file is
    /// left so.
    static func record(in home: URL) throws -> [String] {
      let file = home.appending(path: "recorded.jsonl")
      let recorded = try PrimeTime.run(["--record", file.path, "-c", session], home: home)
      try #require(recorded.status == 0, "\(recorded.stderr)")
      let text = fixingTimesAndIdentities(try String(contentsOf: file, encoding: .utf8))
      try Data(text.utf8).write(to: file)
      let lines = text.split(separator: "\n").map(String.init)
      try #require(lines.count > 20)
      return lines
    }

    /// A recording with what the clock and the identities answered replaced by fixed values:
    /// the n-th identity by `00000000-0000-4000-8000-00000000000n`, and every time by one of
    /// `800000001.5`, `800000002.5`, …, the same for times in the same millisecond, which is all
    /// the app keeps of a time. It still replays, and its bytes are the same in every run, so
    /// that a seed flips and cuts the same bytes every time.
    static func fixingTimesAndIdentities(_ text: String) -> String {
      let identity = /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/
      var identities: [Substring: String] = [:]
      for found in text.matches(of: identity) where identities[found.output] == nil {
        identities[found.output] = String(
          format: "00000000-0000-4000-8000-%012d", identities.count + 1)
      }
      let fixed = text.replacing(identity) { identities[$0.output] ?? "" }
      // Seconds since 2001, as the encoding Swift derives for a Date writes them.
      var milliseconds: [Int64: String] = [:]
      func time(_ number: Substring) -> String {
        let seconds = Double(number) ?? 0
        let millisecond = Int64(((seconds + 978_307_200) * 1000).rounded())
        if let time = milliseconds[millisecond] { return time }
        let time = "\(800_000_001 + milliseconds.count).5"
        milliseconds[millisecond] = time
        return time
      }
      return fixed.replacing(/"(now|timestamp)":(\[[^\]]*\]|[-0-9.eE+]+)/) { match in
        let (_, key, value) = match.output
        let times =
          value.hasPrefix("[")
          ? "["
            + value.dropFirst().dropLast().split(separator: ",").map(time).joined(
              separator: ",") + "]"
          : time(value)
        return "\"\(key)\":\(times)"
      }
    }

    /// The file's lines joined as the recorder writes them, each ended by a newline.
    static func joined(_ lines: some Sequence<String>) -> Data {
      Data(lines.map { $0 + "\n" }.joined().utf8)
    }

    /// Replays `file` and checks what any replay must do: no signal; either the recording
    /// reproduces (status 0, nothing on stderr, and for `replay` the state's one line of JSON),
    /// or it was cut short where every line reproduces (status 3, for `replay` the state the
    /// last line reached as one line of JSON, and on stderr one line,
    /// `primetime: <file> was cut short: line <n> is its last…`), or status 1, nothing on
    /// stdout (for `replay`; `--step` has printed the steps before), and stderr's first line
    /// `primetime: <file> line <n>…`, alone unless a difference follows it.
    ///
    /// - Returns: The line named, or `nil` when the recording reproduced or the message names
    ///   none (which is recorded as an issue), and what the replay printed on stderr.
    @discardableResult
    static func replay(
      _ file: URL, step: Bool, home: URL, _ context: @autoclosure () -> String
    ) throws -> (line: Int?, stderr: String) {
      let result = try PrimeTime.run(
        ["replay"] + (step ? ["--step"] : []) + [file.path], home: home)
      let what = "seed \(seed), \(step ? "replay --step" : "replay"), \(context())"
      guard result.status < 128 else {
        Issue.record("\(what): died with status \(result.status): \(shown(result.stderr))")
        return (nil, result.stderr)
      }
      if result.status == 0 {
        #expect(result.stderr == "", "\(what): \(shown(result.stderr))")
        if !step {
          #expect(
            outputLines(result.stdout).count == 1 && result.stdout.hasPrefix("{"),
            "\(what): \(shown(result.stdout))")
        }
        return (nil, result.stderr)
      }
      if result.status == 3 {
        if !step {
          #expect(
            outputLines(result.stdout).count == 1 && result.stdout.hasPrefix("{"),
            "\(what): \(shown(result.stdout))")
        }
        let stderr = outputLines(result.stderr)
        #expect(stderr.count == 1, "\(what): \(shown(result.stderr))")
        let prefix = "primetime: \(file.path) was cut short: line "
        guard let first = stderr.first, first.hasPrefix(prefix),
          let line = Int(first.dropFirst(prefix.count).prefix { $0.isWholeNumber })
        else {
          Issue.record("\(what): the first line names no line: \(shown(result.stderr))")
          return (nil, result.stderr)
        }
        return (line, result.stderr)
      }
      #expect(result.status == 1, "\(what): status \(result.status)")
      if !step { #expect(result.stdout == "", "\(what): \(shown(result.stdout))") }
      let stderr = outputLines(result.stderr)
      let first = stderr.first ?? ""
      let prefix = "primetime: \(file.path) line "
      guard first.hasPrefix(prefix),
        let line = Int(first.dropFirst(prefix.count).prefix { $0.isWholeNumber })
      else {
        Issue.record("\(what): the first line names no file and line: \(shown(result.stderr))")
        return (nil, result.stderr)
      }
      if !first.contains("does not reproduce") {
        #expect(stderr.count == 1, "\(what): \(shown(result.stderr))")
      }
      return (line, result.stderr)
    }

    /// The recording the cases below start from: it replays, it has every kind of line, and
    /// with its times and identities fixed it is the same in every run.
    @Test func theRecordingUntouched_replays_andIsTheSameInEveryRun() throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let lines = try Self.record(in: home)
      let again = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: again) }
      #expect(try Self.record(in: again) == lines)
      let file = home.appending(path: "recorded.jsonl")
      #expect(try Self.replay(file, step: false, home: home, "untouched").line == nil)
      #expect(try Self.replay(file, step: true, home: home, "untouched").line == nil)
      // The recording holds every kind of line that the cases below cut and flip.
      for kind in ["start", "step", "feedback", "undo", "redo", "travel", "end"] {
        #expect(lines.contains { $0.hasPrefix("{\"\(kind)\"") }, "\(kind)")
      }
    }

    /// A session killed mid-write leaves its file cut at a line's end or inside a line.
    @Test func aRecordingCutAtEachLineEndOrMidLine_neverCrashes_andNamesTheLineItEndsIn()
      throws
    {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let lines = try Self.record(in: home)
      let file = home.appending(path: "cut.jsonl")
      for kept in 0..<lines.count {
        try Self.joined(lines.prefix(kept)).write(to: file)
        for step in [false, true] {
          let named = try Self.replay(file, step: step, home: home, "the first \(kept) lines").line
          // No end line: the last line there is is named; an empty file, its first.
          #expect(named == max(kept, 1), "seed \(seed), the first \(kept) lines")
        }
      }
      var random = HostileInputTests.random("cut")
      for (index, line) in lines.enumerated() {
        let bytes = Array(line.utf8)
        // Inside the line: at least one byte of it kept, and at least one cut off. `--step`
        // replays every seventh cut as well.
        let cuts =
          isLarge ? Array(1..<bytes.count) : [1 + Int(random.next() % UInt64(bytes.count - 1))]
        for cut in cuts {
          try (Self.joined(lines.prefix(index)) + Data(bytes.prefix(cut))).write(to: file)
          let named = try Self.replay(
            file, step: cut.isMultiple(of: 7), home: home,
            "line \(index + 1) cut after \(cut) bytes"
          ).line
          // A last line cut off as it was written is no line: the recording ends before it, at
          // the last whole line; where there is none, at its first.
          #expect(
            named == max(index, 1), "seed \(seed), line \(index + 1) cut after \(cut) bytes")
        }
      }
    }

    @Test func aRecordingWithEachByteFlipped_neverCrashes_andNeverBlamesAnEarlierLine() throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let recorded = Self.joined(try Self.record(in: home))
      let file = home.appending(path: "flipped.jsonl")
      var random = HostileInputTests.random("flip")
      let positions =
        isLarge
        ? Array(recorded.indices)
        : (0..<48).map { _ in Int(random.next() % UInt64(recorded.count)) }.sorted()
      let newlines = recorded.indices.filter { recorded[$0] == UInt8(ascii: "\n") }
      for position in positions {
        // Any bits of the byte, never none.
        let mask = UInt8(truncatingIfNeeded: random.next() % 255 + 1)
        var flipped = recorded
        flipped[position] ^= mask
        try flipped.write(to: file)
        // The line the byte is on; a newline flipped joins its line to the next.
        let line = newlines.prefix { $0 < position }.count + 1
        let context = "byte \(position) (line \(line)) flipped with \(mask)"
        for step in isLarge && !position.isMultiple(of: 8) ? [false] : [false, true] {
          if let named = try Self.replay(file, step: step, home: home, context).line {
            #expect(named >= line, "seed \(seed), \(context): line \(named) named")
          }
        }
      }
    }

    /// The parser meets nesting far deeper than any recording has.
    @Test func aDeeplyNestedLine_isRefused_namingItsLine() throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let lines = try Self.record(in: home)
      let file = home.appending(path: "nested.jsonl")
      let brackets = String(repeating: "[", count: 100_000)
      let cases: [(String, [String], Int)] = [
        ("100,000 [ alone", [brackets], 1),
        ("100,000 [ after the start line", [lines[0], brackets] + lines.dropFirst(), 2),
        (
          "100,000 [ closed, after the start line",
          [lines[0], brackets + String(repeating: "]", count: 100_000)] + lines.dropFirst(), 2
        ),
        (
          "an action nested 50,000 deep",
          [
            lines[0],
            #"{"step":{"action":"# + String(repeating: #"{"counter":{"_0":"#, count: 50_000),
          ]
            + lines.dropFirst(),
          2
        ),
      ]
      for (name, content, line) in cases {
        try Self.joined(content).write(to: file)
        for step in [false, true] {
          #expect(try Self.replay(file, step: step, home: home, name).line == line, "\(name)")
        }
      }
    }

    /// A number in a recording that no `Int` holds: in an action, in a summary, as the
    /// version, as a feedback's step.
    @Test(arguments: [
      (#""countEntered":{"_0":7}"#, #""countEntered":{"_0":99999999999999999999}"#),
      (#""countEntered":{"_0":7}"#, #""countEntered":{"_0":1e30}"#),
      (#""countEntered":{"_0":7}"#, #""countEntered":{"_0":-1e30}"#),
      (#""countEntered":{"_0":7}"#, #""countEntered":{"_0":1e400}"#),
      (#""after":{"count":7,"#, #""after":{"count":99999999999999999999,"#),
      // The version's digits after twenty nines.
      (#""version":"#, #""version":99999999999999999999"#),
      (#""step":4,"#, #""step":-99999999999999999999,"#),
    ])
    func aNumberBeyondInt_isRefused_namingItsLine_asANumberNotAsBadJSON(
      recorded: String, hostile: String
    ) throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      var lines = try Self.record(in: home)
      let line = try #require(lines.firstIndex { $0.contains(recorded) }, "\(recorded)")
      lines[line] = lines[line].replacingOccurrences(of: recorded, with: hostile)
      let file = home.appending(path: "huge.jsonl")
      try Self.joined(lines).write(to: file)
      for step in [false, true] {
        let replayed = try Self.replay(file, step: step, home: home, hostile)
        #expect(replayed.line == line + 1, "\(hostile)")
        // The line is JSON (JSON's numbers have no limit): the message says what is wrong with
        // the number.
        #expect(
          !replayed.stderr.contains("the line is not JSON"), "\(hostile): \(replayed.stderr)")
      }
    }

    /// One line of megabytes (a hundred with `HOSTILE_LARGE_TESTS=1`), as a runaway writer or a
    /// hostile one leaves: the replay copes, and its message stays a line a person can read.
    @Test func aLineOfManyMegabytes_neverCrashes_andTheMessageStaysShort() throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let lines = try Self.record(in: home)
      let file = home.appending(path: "long.jsonl")
      let size = (isLarge ? 100 : 4) << 20
      let step = try #require(lines.firstIndex { $0.contains(#""countEntered":{"_0":7}"#) })
      let long: [(String, String, Bool)] = [
        // Unknown keys are ignored, as the encoding Swift derives for the lines does.
        (
          "a step with a long unknown key's value",
          String(lines[step].dropLast(2)) + #","padding":""# + String(repeating: "x", count: size)
            + #""}}"#, true
        ),
        ("digits", String(repeating: "9", count: size), false),
        ("junk", String(repeating: "x", count: size), false),
        (
          "an action with a long name",
          lines[step].replacingOccurrences(
            of: #"{"countEntered":{"_0":7}}"#,
            with: #"{""# + String(repeating: "a", count: size) + #"":{}}"#), false
        ),
        (
          "a count of many digits",
          lines[step].replacingOccurrences(
            of: #""countEntered":{"_0":7}"#,
            with: #""countEntered":{"_0":"# + String(repeating: "9", count: size) + "}"), false
        ),
      ]
      for (name, line, mayReproduce) in long {
        var content = lines
        content[step] = line
        try Self.joined(content).write(to: file)
        let (named, stderr) = try Self.replay(file, step: false, home: home, name)
        #expect(mayReproduce ? named == nil : named == step + 1, "\(name)")
        #expect(
          stderr.utf8.count < 1000 + file.path.utf8.count,
          "seed \(seed), \(name): a message of \(stderr.utf8.count) bytes: \(shown(stderr))")
      }
    }

    /// A name in a recording is JSON text, whose escapes can stand for a newline or a terminal's
    /// escape sequence (found by the flips: `destination` with its `i` flipped to `\` reads
    /// `dest\nation`): the message names it in one line, and sends the terminal no control
    /// character.
    @Test(arguments: [#"incr\nTapped"#, #"incr\u001b[2JTapped"#, #"incr\rTapped"#])
    func anActionNamedWithAnEscape_isNamedInOneLine_withNoControlCharacter(name: String) throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      var lines = try Self.record(in: home)
      let line = try #require(lines.firstIndex { $0.contains(#""incrTapped""#) })
      lines[line] = lines[line].replacingOccurrences(of: "incrTapped", with: name)
      let file = home.appending(path: "escaped.jsonl")
      try Self.joined(lines).write(to: file)
      let (named, stderr) = try Self.replay(file, step: false, home: home, name)
      #expect(named == line + 1, "\(name)")
      #expect(
        !stderr.dropLast().contains { $0.isNewline || $0.asciiValue.map { $0 < 0x20 } == true },
        "\(name): \(stderr.debugDescription)")
    }

    /// A version from the future, as a newer PrimeTime writes, and one older than any read.
    @Test func aStartLineFromTheFutureOrTheDistantPast_isRefused_namingItsVersion() throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let recorded = try Self.record(in: home)
      let match = try #require(recorded[0].firstMatch(of: /"version":([0-9]+),/))
      let current = try #require(Int(match.1))
      let file = home.appending(path: "future.jsonl")
      for version in [current + 1, 1_000, Int.max, Int.min, 2] {
        let start = recorded[0].replacingOccurrences(
          of: String(match.0), with: "\"version\":\(version),")
        try Self.joined([start] + recorded.dropFirst()).write(to: file)
        let result = try PrimeTime.run(["replay", file.path], home: home)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
          result.stderr.hasPrefix(
            "primetime: \(file.path) line 1: the recording has format version \(version); "),
          "\(version): \(result.stderr)")
        #expect(outputLines(result.stderr).count == 1)
      }
    }

    /// A recording is a file anyone can write: actions and states may carry any `Int`, at its
    /// edges too, which the app's own keys never send (a key moves by one row).
    enum EdgeCase: String, CaseIterable, Sendable {
      case selectionMovedByIntMaxTwice
      case selectionMovedByIntMinTwice
      case activityScrolledByIntMaxAndIntMin
      case terminalResizedToIntMinThenASelectionMove
      case terminalResizedToIntMinThenAnActivityScroll
      case terminalResizedToIntMaxThenMoves
      case startedWithTheSelectionAtIntMaxThenAMove
      case startedWithTheActivityScrolledToIntMinThenAScroll
      case historyPageMovedByIntMinAndIntMax
      case travelByIntMinAndIntMax

      static let intMax = "9223372036854775807"
      static let intMin = "-9223372036854775808"

      /// The actions of the lines added before the end line.
      var actions: [String] {
        func screens(_ action: String) -> String { #"{"screens":{"_0":{\#(action)}}}"# }
        let activity = screens(#""pageOpened":{"_0":"activity"}"#)
        switch self {
        case .selectionMovedByIntMaxTwice:
          return Array(repeating: screens(#""selectionMoved":{"by":\#(Self.intMax)}"#), count: 2)
        case .selectionMovedByIntMinTwice:
          return Array(repeating: screens(#""selectionMoved":{"by":\#(Self.intMin)}"#), count: 2)
        case .activityScrolledByIntMaxAndIntMin:
          return [activity]
            + [Self.intMax, Self.intMax, Self.intMin, Self.intMin].map {
              screens(#""activityScrolled":{"by":\#($0)}"#)
            }
        case .terminalResizedToIntMinThenASelectionMove:
          return [
            screens(
              #""terminalResized":{"_0":{"columns":\#(Self.intMin),"rows":\#(Self.intMin)}}"#),
            screens(#""selectionMoved":{"by":1}"#),
          ]
        case .terminalResizedToIntMinThenAnActivityScroll:
          return [
            screens(
              #""terminalResized":{"_0":{"columns":\#(Self.intMin),"rows":\#(Self.intMin)}}"#),
            activity, screens(#""activityScrolled":{"by":1}"#),
          ]
        case .terminalResizedToIntMaxThenMoves:
          return [
            screens(
              #""terminalResized":{"_0":{"columns":\#(Self.intMax),"rows":\#(Self.intMax)}}"#),
            screens(#""selectionMoved":{"by":1}"#), activity,
            screens(#""activityScrolled":{"by":1}"#),
          ]
        case .startedWithTheSelectionAtIntMaxThenAMove:
          return [screens(#""selectionMoved":{"by":1}"#)]
        case .startedWithTheActivityScrolledToIntMinThenAScroll:
          return [screens(#""activityScrolled":{"by":1}"#)]
        case .historyPageMovedByIntMinAndIntMax:
          return [#"{"opened":{}}"#]
            + [Self.intMin, Self.intMax, Self.intMax, Self.intMin].map {
              #"{"moved":{"by":\#($0)}}"#
            }
        case .travelByIntMinAndIntMax:
          return []
        }
      }

      /// The lines added before the end line: a step for each action, with the summary that
      /// the recording's last action left, which none of these changes, so that the replay
      /// runs on to the next. (A case that starts at an edge adds one line, whose action is the
      /// one that meets the edge; its summary can only end the replay after it.)
      func lines(after summary: String) -> [String] {
        switch self {
        case .historyPageMovedByIntMinAndIntMax:
          return actions.map { #"{"historyPage":{"move":\#($0),"after":\#(summary)}}"# }
        case .travelByIntMinAndIntMax:
          return [Self.intMin, Self.intMax, Self.intMax, Self.intMin].map {
            #"{"travel":{"by":\#($0),"after":\#(summary)}}"#
          }
        default:
          return actions.map { #"{"step":{"action":\#($0),"after":\#(summary)}}"# }
        }
      }

      /// Whether the case starts with the screens' state at an edge: its lines follow the start
      /// line at once, before any recorded action can move the selection or the scroll back.
      var startsAtTheEdge: Bool {
        self == .startedWithTheSelectionAtIntMaxThenAMove
          || self == .startedWithTheActivityScrolledToIntMinThenAScroll
      }

      /// The start line, with the screens' state at the edge where the case starts there.
      func start(_ line: String) throws -> String {
        switch self {
        case .startedWithTheSelectionAtIntMaxThenAMove:
          let selection = #""selection":{"row":0,"top":0}"#
          try #require(line.contains(selection))
          return line.replacingOccurrences(
            of: selection, with: #""selection":{"row":\#(Self.intMax),"top":\#(Self.intMax)}"#)
        case .startedWithTheActivityScrolledToIntMinThenAScroll:
          try #require(line.contains(#""screens":{"#))
          return line.replacingOccurrences(
            of: #""screens":{"#, with: #""screens":{"activityEnd":\#(Self.intMin),"#)
        default:
          return line
        }
      }
    }

    @Test(arguments: EdgeCase.allCases)
    func aRecordingWithValuesAtTheEdgesOfInt_neverCrashes(edge: EdgeCase) throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let lines = try Self.record(in: home)
      let last = lines[lines.count - 2]
      let after = try #require(last.range(of: #""after":"#, options: .backwards))
      let summary = String(last[after.upperBound...].dropLast(2))
      let recorded = edge.startsAtTheEdge ? [] : lines.dropFirst().dropLast()
      let hostile =
        [try edge.start(lines[0])] + recorded + edge.lines(after: summary)
        + [lines[lines.count - 1]]
      let file = home.appending(path: "edge.jsonl")
      try Self.joined(hostile).write(to: file)
      for step in [false, true] {
        let named = try Self.replay(file, step: step, home: home, "\(edge)").line
        #expect(named.map { (1...hostile.count).contains($0) } ?? true, "\(edge)")
      }
    }
  }
}

// MARK: - Favorites files

extension HostileInputTests {
  /// `load-favorites` of files that are not favorites files: each is refused in one line that
  /// names the file, and the favorites and the feed, in memory and on disk, stay as they were.
  struct FavoritesFiles {
    static func cases() -> [(String, Data)] {
      var random = HostileInputTests.random("favorites")
      var cases: [(String, Data)] = []
      for index in 0..<(isLarge ? 1_000 : 12) {
        // At least 8 bytes, so that none is by chance a short file that parses, such as `[]`.
        let count = 8 + Int(random.next() % 249)
        let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        cases.append(("random bytes \(index)", Data(bytes)))
      }
      for valid in [#"{"version":1,"favoritePrimes":[2,3,5,7,11]}"#, "[2, 3, 5, 7, 11]"] {
        let lengths =
          isLarge
          ? Array(1..<valid.utf8.count)
          : (0..<6).map { _ in 1 + Int(random.next() % UInt64(valid.utf8.count - 1)) }
        for length in lengths {
          cases.append(("\(valid) cut to \(length) bytes", Data(valid.utf8.prefix(length))))
        }
      }
      let brackets = String(repeating: "[", count: 100_000)
      let named: [(String, String)] = [
        ("a string for the list", #"{"version":1,"favoritePrimes":"2,3"}"#),
        ("a string for the version", #"{"version":"1","favoritePrimes":[2]}"#),
        ("strings for numbers", #"["2","3"]"#),
        ("an object without the keys", #"{"a":1}"#),
        ("null", "null"),
        ("a number alone", "7"),
        ("true for a prime", "[true]"),
        ("lists in the list", "[[2],[3]]"),
        ("a fraction", "[2.5]"),
        ("a number beyond Int64", "[99999999999999999999]"),
        ("1e30", "[1e30]"),
        ("-1e30", "[-1e30]"),
        ("1e400", "[1e400]"),
        ("a version beyond Int64", #"{"version":99999999999999999999,"favoritePrimes":[2]}"#),
        ("a version from the future", #"{"version":2,"favoritePrimes":[2]}"#),
        ("100,000 [", brackets),
        ("100,000 [ closed", brackets + String(repeating: "]", count: 100_000)),
        (
          "lists 10,000 deep for the favorites",
          #"{"version":1,"favoritePrimes":"# + String(repeating: "[", count: 10_000)
            + String(repeating: "]", count: 10_000) + "}"
        ),
        ("a NUL byte", "[2,\u{0}3]"),
        ("nothing", ""),
      ]
      cases += named.map { ($0.0, Data($0.1.utf8)) }
      cases.append(("invalid UTF-8 after the list", Data("[2, 3]".utf8) + Data([0xFF, 0xFE])))
      return cases
    }

    /// The files that are lists, whose elements are each skipped and named, by the rule every
    /// element is read by; every other case is refused whole.
    static let listsOfNothingUsable: Set = [
      "strings for numbers", "true for a prime", "lists in the list", "a fraction",
      "a number beyond Int64", "1e30", "-1e30",
    ]

    @Test func aHostileFavoritesFile_isRefusedInOneLine_orHasEachElementSkipped_andChangesNothing()
      throws
    {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let saved = try PrimeTime.run(["-c", "set 7; prime; save"], home: home)
      try #require(saved.status == 0)
      let before = try HostileInputTests.stored(home)
      try #require(before.favoritePrimes == [7])
      let file = home.appending(path: "hostile.json")
      for (name, contents) in Self.cases() {
        try contents.write(to: file)
        let result = try PrimeTime.run(
          ["-c", "load-favorites hostile.json; state --json"], home: home, directory: home)
        let what = "seed \(seed), \(name)"
        let lines = outputLines(result.stdout)
        if Self.listsOfNothingUsable.contains(name) {
          #expect(result.status == 0, "\(what): status \(result.status): \(shown(result.stderr))")
          #expect(
            lines.count == 2 && lines[0].hasPrefix("added 0 favorite primes; skipped ")
              && result.stderr.isEmpty, "\(what): \(shown(result.stdout))")
        } else {
          #expect(result.status == 1, "\(what): status \(result.status): \(shown(result.stderr))")
          #expect(
            outputLines(result.stderr).count == 1
              && result.stderr.hasPrefix(
                "primetime: command 1: could not load the favorite primes: \(file.path) "),
            "\(what): \(shown(result.stderr))")
        }
        let state = try? SessionState(json: lines.last.map(String.init) ?? "")
        #expect(state == before, "\(what): \(shown(result.stdout))")
      }
      #expect(try HostileInputTests.stored(home) == before, "seed \(seed)")
    }
  }
}

// MARK: - A damaged database

extension HostileInputTests {
  /// `primetime.sqlite` damaged after a session saved: what the README promises. The file is
  /// used as it is (SQLite cannot see every flipped byte), moved aside as
  /// `primetime.sqlite.unreadable-…` with one line on stderr, or, where it says it is of a later
  /// schema version, refused in one line and left alone. It is never overwritten, and nothing
  /// dies.
  struct DamagedDatabase {
    /// A database as a session that saved 7 leaves it.
    static func saved() throws -> Data {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      try #require(try PrimeTime.run(["-c", "set 7; prime; save"], home: home).status == 0)
      // The session ended: its write-ahead log is in the database, and gone.
      #expect(
        !FileManager.default.fileExists(atPath: home.appending(path: "primetime.sqlite-wal").path))
      return try Data(contentsOf: home.appending(path: "primetime.sqlite"))
    }

    /// Starts a session on `damaged` and checks that it keeps one of the README's promises.
    static func expectUsedMovedAsideOrRefused(_ damaged: Data, _ what: String) throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let database = home.appending(path: "primetime.sqlite")
      try damaged.write(to: database)
      let result = try PrimeTime.run(["-c", "favorites"], home: home)
      #expect(
        result.status < 128, "\(what): died with status \(result.status): \(shown(result.stderr))")
      let stderr = outputLines(result.stderr)
      let files = try FileManager.default.contentsOfDirectory(atPath: home.path)
      if let aside = files.first(where: {
        $0.hasPrefix("primetime.sqlite.unreadable-") && !$0.hasSuffix("-wal")
          && !$0.hasSuffix("-shm")
      }) {
        let asidePath = home.appending(path: aside).path
        #expect(result.status == 1, "\(what): moved aside, status \(result.status)")
        #expect(
          stderr.count == 1
            && stderr[0].hasPrefix("primetime: \(database.path) could not be used (")
            && stderr[0].hasSuffix("; moved it to \(asidePath) and started anew"),
          "\(what): \(shown(result.stderr))")
        #expect(try Data(contentsOf: home.appending(path: aside)) == damaged, "\(what)")
        #expect(result.stdout.hasPrefix("no favorite primes yet"), "\(what): \(result.stdout)")
      } else if result.status == 0 {
        #expect(stderr.isEmpty, "\(what): used as it is, yet said \(shown(result.stderr))")
        let size = try FileManager.default.attributesOfItem(atPath: database.path)[.size] as? Int
        #expect(
          size == damaged.count,
          "\(what): the file was written over: \(damaged.count) bytes, now \(size ?? 0)")
        #expect(
          outputLines(result.stdout).allSatisfy {
            $0.wholeMatch(of: /[0-9]+  -?[0-9]+/) != nil || $0.hasPrefix("no favorite primes yet")
          }, "\(what): \(result.stdout)")
      } else {
        // Refused: a later schema version, or a schema SQLite finds sound and PrimeTime's
        // queries cannot use, which is left for the user to look at rather than moved aside
        // on a guess.
        #expect(
          result.status == 1 && stderr.count == 1 && stderr[0].hasPrefix("primetime: ")
            && stderr[0].contains(database.path),
          """
          \(what): neither used, moved aside nor refused in one line naming it: \
          status \(result.status): \(shown(result.stderr))
          """)
        #expect(result.stdout == "", "\(what)")
        #expect(try Data(contentsOf: database) == damaged, "\(what): the refused file changed")
      }
    }

    @Test func aDatabaseWithBytesFlippedOrCut_isUsedMovedAsideOrRefused_neverOverwritten()
      throws
    {
      let saved = try Self.saved()
      var random = HostileInputTests.random("database")
      let flips = isLarge ? 400 : 24
      for _ in 0..<flips {
        // Half in the 100-byte header, where SQLite and the schema version live.
        let position = Int(random.next() % UInt64(random.next() % 2 == 0 ? 100 : saved.count))
        let mask = UInt8(truncatingIfNeeded: random.next() % 255 + 1)
        var damaged = saved
        damaged[position] ^= mask
        try Self.expectUsedMovedAsideOrRefused(
          damaged, "seed \(seed), byte \(position) flipped with \(mask)")
      }
      for _ in 0..<(isLarge ? 100 : 6) {
        let length = 2 + Int(random.next() % UInt64(saved.count - 2))
        try Self.expectUsedMovedAsideOrRefused(
          saved.prefix(length), "seed \(seed), cut to \(length) bytes")
      }
    }

    /// Damage found by the sample above, or that names a field SQLite keeps, kept as cases.
    enum Damage: String, CaseIterable, Sendable {
      /// `PRAGMA user_version = -1`, bytes 60 to 63 (any flip of the high bit of byte 60
      /// makes it negative).
      case aNegativeSchemaVersion
      /// `PRAGMA user_version = 2`: from a later PrimeTime.
      case aLaterSchemaVersion
      /// The favorites table's `position` column renamed in the schema's text: SQLite's own
      /// check finds nothing wrong, yet the app's query cannot run.
      case aColumnRenamedInTheSchema
      /// The header's largest root page (bytes 52 to 55) set, as if the file were
      /// auto-vacuumed: `PRAGMA integrity_check` then reports the damage in several lines.
      case autoVacuumSwitchedOnInTheHeader
      /// Cut to its first byte.
      case cutToOneByte
      /// Cut to its header.
      case cutTo100Bytes
      /// Its first page only.
      case cutToItsFirstPage

      func apply(to saved: Data) throws -> Data {
        var damaged = saved
        switch self {
        case .aNegativeSchemaVersion:
          damaged.replaceSubrange(60..<64, with: [0xFF, 0xFF, 0xFF, 0xFF])
        case .aLaterSchemaVersion:
          damaged.replaceSubrange(60..<64, with: [0, 0, 0, 2])
        case .autoVacuumSwitchedOnInTheHeader:
          damaged.replaceSubrange(52..<56, with: [0, 0x88, 0, 0])
        case .aColumnRenamedInTheSchema:
          // The last copy of the table's text is the schema's; an earlier one is a free page's.
          let column = try #require(
            damaged.range(of: Data("position INTEGER".utf8), options: .backwards))
          damaged[column.lowerBound] = UInt8(ascii: "q")
        case .cutToOneByte:
          damaged = saved.prefix(1)
        case .cutTo100Bytes:
          damaged = saved.prefix(100)
        case .cutToItsFirstPage:
          damaged = saved.prefix(4096)
        }
        return damaged
      }
    }

    @Test(arguments: Damage.allCases)
    func aDatabaseDamagedSo_isUsedMovedAsideOrRefused_neverOverwritten(damage: Damage) throws {
      try Self.expectUsedMovedAsideOrRefused(try damage.apply(to: try Self.saved()), "\(damage)")
    }
  }
}

// MARK: - Command lines and standard input

extension HostileInputTests {
  /// Junk on the command line, numbers no `Int64` holds, invalid UTF-8 in arguments, and NUL
  /// bytes and invalid UTF-8 in piped lines: usage errors exit 64 in one line, as the CLI does,
  /// and nothing dies.
  struct CommandLines {
    static let words = [
      "nth-prime", "prime-count", "is-prime", "replay", "ui", "help", "--help", "-h", "--version",
      "-c", "--command", "--data-dir", "--record", "--threads", "--time", "--step", "--ui", "--",
      "-", "0", "1", "7", "-1", "-7", "1e400", "99999999999999999999999", "2^63", "2^31-1", "1.5",
      "10^40-10^40", "((1))", "1_000", "", " ", "incr; nth", "set 7; save", "favorites",
      "state --json", "x.jsonl", "data", "--threads=0", "--data-dir=", "-cx", "☃", "\u{7F}",
    ]

    /// Seeded words from the commands and options, with junk among them. Numbers stay far
    /// below what takes a lookup more than milliseconds.
    static func randomArguments(_ random: inout SplitMix64) -> [String] {
      (0..<Int(random.next() % 6)).map { _ in
        if random.next() % 5 == 0 {
          return String(
            String.UnicodeScalarView(
              (0..<Int(random.next() % 8 + 1)).compactMap { _ in
                Unicode.Scalar(UInt32(random.next() % 0x2FF + 1))
              }))
        }
        return words[Int(random.next() % UInt64(words.count))]
      }
    }

    @Test func randomArguments_neverCrash_andAUsageErrorIsOneLine() throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      var random = HostileInputTests.random("arguments")
      for index in 0..<(isLarge ? 1_000 : 60) {
        let arguments = Self.randomArguments(&random)
        // Relative names (a recording, a data directory) land in the test's own directory.
        let result = try PrimeTime.run(arguments, home: home, directory: home)
        let what = "seed \(seed), case \(index): primetime \(arguments)"
        #expect(
          [0, 1, 64].contains(result.status),
          "\(what): status \(result.status): \(shown(result.stderr))")
        let stderr = outputLines(result.stderr)
        switch result.status {
        case 64:
          #expect(
            stderr.count == 1 && stderr[0].hasPrefix("primetime: ") && result.stdout == "",
            "\(what): \(shown(result.stderr))")
        case 1:
          #expect(
            !stderr.isEmpty && stderr.allSatisfy { $0.hasPrefix("primetime: ") },
            "\(what): \(shown(result.stderr))")
        default:
          #expect(
            stderr.allSatisfy { $0.hasPrefix("primetime: ") || $0.hasPrefix("Seconds: ") },
            "\(what): \(shown(result.stderr))")
        }
      }
    }

    @Test(
      arguments: [
        (["nth-prime", "99999999999999999999999"], 64, ""),
        (["nth-prime", "1e400"], 64, ""),
        (["prime-count", "1e400"], 64, ""),
        (["prime-count", "--", "-1e400"], 64, ""),
        (["is-prime", "1e400"], 64, ""),
        (["is-prime", "-1"], 0, "false\n"),
        (["is-prime", "--", "-9223372036854775808"], 0, "false\n"),
        (["is-prime", "9223372036854775807"], 0, "false\n"),
        (["is-prime", "9223372036854775808"], 64, ""),
        (["is-prime", "-(2^63)"], 0, "false\n"),
        (["is-prime", "-(2^63)-1"], 64, ""),
        (
          [
            "is-prime",
            String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000),
          ], 64, ""
        ),
        (["is-prime", String(repeating: "-", count: 10_000) + "7"], 64, ""),
        (["is-prime", String(repeating: "9", count: 100_000)], 64, ""),
        (["nth-prime", "5", "--threads", "99999999999999999999"], 64, ""),
      ] as [([String], Int32, String)])
    func aNumberNoInt64Holds_isAUsageErrorInOneLine_orAnswered(
      arguments: [String], status: Int32, stdout: String
    ) throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let result = try PrimeTime.run(arguments, home: home)
      let what = "primetime \(arguments.map { $0.count > 40 ? "\($0.prefix(20))…" : $0 })"
      #expect(result.status == status, "\(what): \(shown(result.stderr))")
      #expect(result.stdout == stdout, "\(what)")
      if status == 64 {
        #expect(
          outputLines(result.stderr).count == 1 && result.stderr.hasPrefix("primetime: "),
          "\(what): \(shown(result.stderr))")
        #expect(result.stderr.utf8.count < 300, "\(what): \(shown(result.stderr))")
      }
    }

    /// Arguments as bytes, invalid UTF-8 among them, which `Process` cannot pass: it takes
    /// Strings, and a String holds no invalid UTF-8.
    @Test(
      arguments: [
        [[0xFF]],
        [Array("nth-prime".utf8), [0xFF, 0xFE]],
        [Array("is-prime".utf8), Array("1".utf8) + [0xFF]],
        [Array("is-prime".utf8), [0xC0, 0x80]],
        [Array("is-prime".utf8), [0xED, 0xA0, 0x80]],
        [Array("--".utf8) + [0xFF]],
        [Array("-".utf8) + [0xFF]],
        [Array("help".utf8), [0xC3]],
        [Array("ui".utf8), [0xFF]],
        [Array("nth-prime".utf8), Array("--threads".utf8), [0xFF], Array("5".utf8)],
        [Array("prime-count".utf8), Array("1".utf8) + [0xF4, 0x90, 0x80, 0x80]],
      ] as [[[UInt8]]])
    func invalidUTF8InAnArgument_isAUsageErrorInOneLine(arguments: [[UInt8]]) throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let result = try RawProcess.run(arguments, home: home)
      #expect(result.status == 64, "\(arguments): \(shown(result.stderr))")
      #expect(result.stdout == "", "\(arguments)")
      #expect(
        outputLines(result.stderr).count == 1 && result.stderr.hasPrefix("primetime: "),
        "\(arguments): \(shown(result.stderr))")
    }

    /// An argument that is not UTF-8 is refused before anything runs: read with replacement
    /// characters, as Swift reads arguments, a path in it would name another file.
    @Test func invalidUTF8InACommandString_isAUsageError_andRunsNothing() throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let result = try RawProcess.run(
        [Array("-c".utf8), Array("set 7".utf8) + [0xFF] + Array("; incr".utf8)], home: home)
      #expect(result.status == 64)
      #expect(result.stdout == "")
      #expect(
        result.stderr == "primetime: argument 2 is not UTF-8; name files and values in UTF-8\n")
      #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
    }

    /// A path is bytes: a data directory or a recording named with bytes that are not UTF-8 is
    /// the one used, or is refused in one line; the data never lands under another name.
    @Test(arguments: ["--data-dir", "--record"])
    func aPathWithInvalidUTF8_isUsedAsNamed_orRefused_neverAnother(option: String) throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let named = Array(home.appending(path: "data").path.utf8) + [0xFF]
      let result = try RawProcess.run(
        [Array(option.utf8), named, Array("-c".utf8), Array("set 7; prime; save".utf8)],
        home: home)
      #expect(result.status < 128, "\(option): \(shown(result.stderr))")
      if result.status == 0 {
        #expect(RawProcess.exists(named), "\(option): nothing was made where it was named")
      } else {
        #expect(
          outputLines(result.stderr).count == 1 && result.stderr.hasPrefix("primetime: "),
          "\(option): \(shown(result.stderr))")
      }
      // What the name reads as once its invalid byte is replaced.
      let replaced = home.appending(path: "data\u{FFFD}").path
      #expect(
        !FileManager.default.fileExists(atPath: replaced),
        "\(option): wrote to \(replaced), which is not the name given")
    }

    /// Piped lines: a command that changes the favorites, with a NUL byte or bytes
    /// that are not UTF-8 in it. Each is refused in one line that names it, the session goes
    /// on, and nothing is saved or removed.
    @Test func nulsAndInvalidUTF8InPipedLines_areRefusedOneLineEach_andChangeNothing() throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      try #require(try PrimeTime.run(["-c", "set 7; prime; save"], home: home).status == 0)
      let before = try HostileInputTests.stored(home)
      var random = HostileInputTests.random("stdin")
      let commands = [
        "remove", "delete 1", "undo", "redo", "load-favorites", "set 11", "save", "incr 4",
        "favorites", "quit", "exit", "set 7", "nth", "state --json", "help",
      ]
      let hostile: [[UInt8]] = [
        [0], [0, 0], [0xFF], [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80],
        [0x80], [0xFE, 0xFF],
      ]
      var input = Data()
      let count = isLarge ? 20_000 : 200
      for _ in 0..<count {
        var line = Array(commands[Int(random.next() % UInt64(commands.count))].utf8)
        // Anywhere in the line but at its ends, where it would be another word.
        let place = 1 + Int(random.next() % UInt64(line.count))
        line.insert(contentsOf: hostile[Int(random.next() % UInt64(hostile.count))], at: place)
        input += Data(line) + Data("\n".utf8)
      }
      input += Data("state --json\n".utf8)
      let result = try PrimeTime.run([], input: input, home: home)
      #expect(result.status == 1, "seed \(seed): status \(result.status)")
      let stderr = outputLines(result.stderr)
      #expect(stderr.count == count, "seed \(seed): \(stderr.count) lines for \(count)")
      for (index, line) in stderr.enumerated()
      where !line.hasPrefix("primetime: line \(index + 1): ") {
        Issue.record("seed \(seed), line \(index + 1): \(line)")
        break
      }
      let state = try? SessionState(json: String(outputLines(result.stdout).last ?? ""))
      #expect(state == before, "seed \(seed): \(shown(result.stdout))")
      #expect(try HostileInputTests.stored(home) == before, "seed \(seed)")
    }
  }
}

// MARK: - Terminal sizes

extension HostileInputTests {
  /// `primetime ui` at every size a terminal can have, from 1×1 to 500×200, started there or
  /// resized there, with a lookup running or not: it stays alive, draws the page or, below
  /// 40×12, the size it needs, and `q` quits with status 0.
  @Suite(.serialized)
  struct TerminalSizes {
    struct Size: Sendable, CustomTestStringConvertible {
      var columns: Int
      var rows: Int
      var testDescription: String { "\(columns)×\(rows)" }
      var isLargeEnough: Bool { columns >= 40 && rows >= 12 }
    }

    /// The sizes every run tries: the smallest a terminal has, 1×1 and 2×1, one row and column
    /// below the smallest the app draws for, that size itself (40×12), and 500×200.
    static let named = [(1, 1), (2, 1), (39, 11), (40, 12), (500, 200)].map {
      Size(columns: $0.0, rows: $0.1)
    }

    /// Seeded sizes up to 500×200, half of them within a few rows and columns of 40×12.
    static func sizes(_ count: Int, _ kind: String) -> [Size] {
      var random = HostileInputTests.random(kind)
      return (0..<count).map { index in
        index.isMultiple(of: 2)
          ? Size(columns: 1 + Int(random.next() % 45), rows: 1 + Int(random.next() % 14))
          : Size(columns: 1 + Int(random.next() % 500), rows: 1 + Int(random.next() % 200))
      }
    }

    static let startingSizes = named + sizes(isLarge ? 30 : 3, "starting size")

    /// What the app draws below 40×12: the size it needs, on the first row, shortened as the
    /// app shortens a line that does not fit (to `needs 40×12`, then cut, with an ellipsis).
    static func sizeNeeded(columns: Int) -> String {
      let message = "primetime ui needs 40×12"
      let short = "needs 40×12"
      if message.count <= columns { return message }
      if short.count <= columns { return short }
      return String(short.prefix(columns - 1)) + "…"
    }

    /// Whether the pane shows what the app draws at `size`: below 40×12, what `belowTheSize`
    /// recognizes, by default the size it needs alone; otherwise the page that `page`
    /// recognizes, drawn for this size (not what tmux kept of the last drawing).
    static func shows(
      _ size: Size, _ page: @escaping (Size, [Substring]) -> Bool,
      belowTheSize: @escaping (Size, [Substring]) -> Bool = sizeNeededAlone
    ) -> (String) -> Bool {
      { screen in
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(size.rows)
        guard size.isLargeEnough else { return belowTheSize(size, Array(rows)) }
        return rows.count == size.rows && page(size, Array(rows))
      }
    }

    /// Below 40×12 with nothing to say: the size the app needs, on the first row, alone.
    static func sizeNeededAlone(_ size: Size, _ rows: [Substring]) -> Bool {
      // At 1×1 under `screen`, ncurses writes nothing: the one cell is the screen's last,
      // which that description cannot write without scrolling.
      let first = rows.first.map(String.init)
      return (first == sizeNeeded(columns: size.columns) || size.columns * size.rows == 1)
        && rows.dropFirst().allSatisfy(\.isEmpty)
    }

    /// Below 40×12 while a lookup runs: the size the app needs on the first row, and on the
    /// last rows how far the lookup is and that Esc or Ctrl-C cancels it, each broken between
    /// words (a word wider than the row cut every row's width); where the rows cannot hold
    /// both, the lookup's rows stay.
    static func lookingUpBelowTheSize(_ size: Size, _ rows: [Substring]) -> Bool {
      (0...100).contains { percent in
        let news = ["Looking up: \(percent)%", "Esc or Ctrl-C cancels"].flatMap {
          wrapped($0, to: size.columns)
        }
        let room = max(size.rows - news.count, 0)
        let top = [sizeNeeded(columns: size.columns)] + Array(repeating: "", count: room)
        return rows.map(String.init) == Array(top.prefix(room)) + news.suffix(size.rows - room)
      }
    }

    /// `text` in rows of at most `width` characters, broken between words, a word wider than
    /// a row cut every `width` characters.
    static func wrapped(_ text: String, to width: Int) -> [String] {
      var rows: [String] = []
      var row = ""
      for word in text.split(separator: " ") {
        let candidate = row.isEmpty ? String(word) : row + " " + word
        if candidate.count <= width {
          row = candidate
          continue
        }
        if !row.isEmpty { rows.append(row) }
        row = String(word)
        while row.count > width {
          rows.append(String(row.prefix(width)))
          row = String(row.dropFirst(width))
        }
      }
      if !row.isEmpty { rows.append(row) }
      return rows
    }

    /// The counter at 0, centred for the width, with the hints on the last row.
    static func counter(_ size: Size, _ rows: [Substring]) -> Bool {
      rows.contains(
        Substring(String(repeating: " ", count: (size.columns - 11) / 2) + "[-]  0  [+]"))
        && rows.last?.contains("q quit") == true
    }

    /// The favorites with a lookup running: its progress bar as wide as the terminal allows,
    /// and its hint on the last row.
    static func lookingUp(_ size: Size, _ rows: [Substring]) -> Bool {
      let bar = rows.count >= 2 ? rows[rows.count - 2].filter { $0 == "█" || $0 == "░" } : ""
      return rows.first == "Favorite primes (1)" && rows.last == "  Looking up; Esc cancels"
        && bar.count == max(size.columns - 12, 10)
    }

    /// Quits with `q` and returns the exit status, which the pane prints: read at a size that
    /// shows it, after the app has ended.
    static func quit(_ tmux: TmuxSession) async throws -> Int32 {
      try tmux.send("q")
      try await tmux.waitFor { _ in (try? tmux.query("#{pane_dead}")) == "1" }
      try tmux.resize(columns: 60, rows: 16)
      return try await tmux.waitForExit()
    }

    /// Started at each size, under the terminal type tmux sets (`screen`) and under
    /// `xterm-256color`, which most terminal emulators set: their descriptions differ in how the
    /// last cell of the screen, all there is at 1×1, may be written.
    @Test(arguments: startingSizes, ["screen", "xterm-256color"])
    func startedAtAnySize_drawsTheCounterOrTheSizeItNeeds_andQQuitsWith0(
      size: Size, terminal: String
    ) async throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let tmux = try TmuxSession(
        running: ["ui"], home: home, columns: size.columns, rows: size.rows,
        environment: ["TERM": terminal])
      defer { tmux.kill() }
      try await tmux.waitFor(Self.shows(size, Self.counter))
      #expect(try tmux.query("#{pane_width}×#{pane_height}") == size.testDescription)
      #expect(try await Self.quit(tmux) == 0, "seed \(seed), \(size.testDescription)")
    }

    /// The terminal type of the sessions that are resized: one under which the app can draw at
    /// every size, 1×1 included, so that a sweep gets past 1×1 to the sizes after it (under
    /// `screen`, the test above holds 1×1).
    static let resizedTerminal = ["TERM": "xterm-256color"]

    @Test func resizedAgainAndAgain_drawsForEachSize_andQQuitsWith0() async throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let tmux = try TmuxSession(running: ["ui"], home: home, environment: Self.resizedTerminal)
      defer { tmux.kill() }
      try await tmux.waitFor("[-]  0  [+]")
      for size in Self.named + Self.sizes(isLarge ? 200 : 20, "resize") + Self.named.reversed() {
        try tmux.resize(columns: size.columns, rows: size.rows)
        try await tmux.waitFor(Self.shows(size, Self.counter))
      }
      #expect(try await Self.quit(tmux) == 0, "seed \(seed)")
    }

    /// A lookup of seconds: the 10^16 + 61st prime, with every core busy, while the terminal
    /// changes size one step at a time and in a burst; Esc cancels it at 1×1, where only the
    /// last letter of how to cancel it shows.
    @Test func resizedWhileALookupRuns_staysAlive_cancelsAt1x1_andQQuitsWith0() async throws {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let saved = try PrimeTime.run(["-c", "set 10^16+61; prime; save"], home: home)
      try #require(saved.status == 0, "\(saved.stderr)")
      let before = try HostileInputTests.stored(home)
      let tmux = try TmuxSession(running: ["ui"], home: home, environment: Self.resizedTerminal)
      defer { tmux.kill() }
      try await tmux.waitFor("[-]  0  [+]")
      try tmux.send("f")
      try await tmux.waitFor("Favorite primes (1)")
      try tmux.send("n")
      try await tmux.waitFor("Looking up; Esc cancels")
      for size in Self.named + Self.sizes(isLarge ? 40 : 8, "lookup") {
        try tmux.resize(columns: size.columns, rows: size.rows)
        try await tmux.waitFor(
          Self.shows(size, Self.lookingUp, belowTheSize: Self.lookingUpBelowTheSize))
      }
      // A burst: every resize a signal, with no time to draw between them.
      let burst = Self.sizes(20, "burst")
      for size in burst { try tmux.resize(columns: size.columns, rows: size.rows) }
      let last = Size(columns: 41, rows: 12)
      try tmux.resize(columns: last.columns, rows: last.rows)
      try await tmux.waitFor(Self.shows(last, Self.lookingUp))

      try tmux.resize(columns: 1, rows: 1)
      try await tmux.waitFor(
        Self.shows(
          Size(columns: 1, rows: 1), Self.lookingUp, belowTheSize: Self.lookingUpBelowTheSize))
      try tmux.send("Escape")
      try tmux.resize(columns: 60, rows: 16)
      try await tmux.waitFor {
        $0.split(separator: "\n").last == "cancelled" && !$0.contains("Looking up")
      }
      #expect(try await Self.quit(tmux) == 0, "seed \(seed)")
      #expect(try HostileInputTests.stored(home) == before)
    }
  }
}

// MARK: - Raw arguments

/// Runs the binary with arguments given as bytes, through `posix_spawn`, as `TmuxSession`
/// runs tmux: `Process` takes Strings, which cannot hold the invalid UTF-8 a shell passes on.
enum RawProcess {
  static func run(_ arguments: [[UInt8]], home: URL) throws -> PrimeTime.Result {
    var output: [Int32] = [-1, -1]
    var errors: [Int32] = [-1, -1]
    // Close-on-exec: the child keeps only the copies made its stdout and stderr.
    guard pipe(&output) == 0, pipe(&errors) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    for descriptor in output + errors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    let path = PrimeTime.binary.path
    let variables =
      ["PATH": "/usr/bin:/bin", "HOME": home.path, "PRIMETIME_HOME": home.path, "TZ": "UTC"]
      .merging(PrimeTime.instrumentation) { $1 }.map { "\($0.key)=\($0.value)" }
    // Each word as its bytes, NUL-terminated, as the kernel hands them on.
    let argv: [UnsafeMutablePointer<CChar>?] =
      ([Array(path.utf8)] + arguments).map { bytes in
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
        pointer[bytes.count] = 0
        return pointer
      } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { pointer?.deallocate() }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
    close(output[1])
    close(errors[1])
    let stdout = FileHandle(fileDescriptor: output[0], closeOnDealloc: true)
    let stderr = FileHandle(fileDescriptor: errors[0], closeOnDealloc: true)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    let group = DispatchGroup()
    let errorData = Mutex(Data())
    DispatchQueue.global().async(group: group) {
      let data = stderr.readDataToEndOfFile()
      errorData.withLock { $0 = data }
    }
    let outputData = stdout.readDataToEndOfFile()
    group.wait()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    // Ended by a signal: 128 plus its number, as a shell says.
    let signal = status & 0x7F
    return PrimeTime.Result(
      stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData.withLock { $0 }, as: UTF8.self),
      status: signal != 0 ? 128 + signal : (status >> 8) & 0xFF)
  }

  /// Whether a file is at `path`, given as bytes.
  static func exists(_ path: [UInt8]) -> Bool {
    var info = stat()
    return (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { name in
      name.baseAddress.map { stat($0, &info) == 0 } ?? false
    }
  }
}
