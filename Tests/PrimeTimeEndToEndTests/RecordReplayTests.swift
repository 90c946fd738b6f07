import AppTestSupport
import Foundation
import Testing

struct RecordReplayTests {
  /// A random session of 60 commands made of moves a person would make: counting, saving and
  /// removing favorites, lookups on both screens, deletes, exports and imports, undo and redo.
  static func randomSession(seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    let moves: [[String]] = [
      ["incr"], ["decr"], ["incr 3"], ["set 7", "prime", "save"], ["set 13", "prime", "save"],
      ["set 29", "prime", "save"], ["prime", "remove"], ["nth"], ["favorites", "nth 1", "counter"],
      ["favorites", "delete 1", "counter"], ["save-favorites"], ["load-favorites"], ["undo"],
      ["undo"], ["redo"], ["activity"],
    ]
    var session: [String] = []
    while session.count < 60 { session += moves[Int(random.next() % UInt64(moves.count))] }
    return Array(session.prefix(60))
  }

  @Test(arguments: [4, 6, 12] as [UInt64])
  func aRandomSession_replaysToTheSameState(seed: UInt64) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let recording = home.appending(path: "session.jsonl").path
    let session = Self.randomSession(seed: seed) + ["state --json"]
    let live = try PrimeTime.run(
      ["--record", recording], input: Data(session.joined(separator: "\n").utf8), home: home)
    let liveState = try #require(live.stdout.split(separator: "\n").last.map(String.init))
    // The session did what it is meant to: lookups answered, favorites saved and deleted.
    let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
    #expect(
      lines.contains { $0.contains(#"{"nthPrimeLookup":{"_0":{"presented":{"_0":{"answered""#) })
    #expect(lines.contains { $0.contains("saveFavoritePrimeTapped") })
    #expect(lines.contains { $0.contains("deleteFavoritePrimes") })
    // A command refused for its screen sends nothing, so every line here is an action that ran.
    #expect(!lines.contains { $0.contains("refused") })
    #expect(lines.contains { $0.hasPrefix(#"{"undo""#) })

    let replayHome = home.appending(path: "not-created")
    let replay = try PrimeTime.run(["replay", recording], home: replayHome, directory: home)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stderr == "")
    #expect(try state(replay.stdout) == state(liveState))
    #expect(!FileManager.default.fileExists(atPath: replayHome.path))
  }

  @Test func anEditedRecording_withCRLFLineEnds_andBlankLines_replays() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let recording = home.appending(path: "session.jsonl")
    let live = try PrimeTime.run(
      ["--record", recording.path, "-c", "set 7; prime; save; incr"], home: home)
    #expect(live.status == 0, "\(live.stderr)")
    let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n")
    let edited = "\r\n" + lines.joined(separator: "\r\n\r\n") + "\r\n  \n\n"
    try Data(edited.utf8).write(to: recording)
    let replayed = try PrimeTime.run(["replay", recording.path], home: home)
    #expect(replayed.status == 0, "\(replayed.stderr)")
    #expect(replayed.stdout.contains(#""favoritePrimes":[7]"#), "\(replayed.stdout)")
    // Each line is named by its number in the file: a step, and the end that differs once the
    // last step is taken out.
    let stepped = try PrimeTime.run(["replay", "--step", recording.path], home: home)
    #expect(stepped.stdout.hasPrefix("line 4: "), "\(stepped.stdout)")
    let shorter = lines.enumerated().filter { $0.offset != lines.count - 2 }.map(\.element)
    try Data(("\r\n" + shorter.joined(separator: "\r\n\r\n")).utf8).write(to: recording)
    let differs = try PrimeTime.run(["replay", recording.path], home: home)
    #expect(differs.status == 1)
    #expect(
      differs.stderr.contains("line \(2 * shorter.count), the end, does not reproduce"),
      "\(differs.stderr)")
    // A line that is not JSON is still named by its number in the file.
    try Data((edited + "{\r\n").utf8).write(to: recording)
    let broken = try PrimeTime.run(["replay", recording.path], home: home)
    #expect(broken.status == 1)
    #expect(
      broken.stderr.contains("line \(2 * lines.count + 3) is not a recording line"),
      "\(broken.stderr)")
  }

  @Test(arguments: [["--record", "-", "-c", "incr"], ["ui", "--record", "-"], ["--record=-"]])
  func recordingToADash_isRefused_andWritesNothing(arguments: [String]) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(arguments, home: home)
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "primetime: --record needs a file: standard output carries the session's own output\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == [])
  }

  @Test func replayOfADash_readsTheRecordingFromStandardInput() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let recording = home.appending(path: "session.jsonl")
    _ = try PrimeTime.run(["--record", recording.path, "-c", "set 7; prime; save"], home: home)
    let replayed = try PrimeTime.run(
      ["replay", "-"], input: try Data(contentsOf: recording), home: home)
    #expect(replayed.status == 0, "\(replayed.stderr)")
    #expect(replayed.stdout.contains(#""favoritePrimes":[7]"#))
    let broken = try PrimeTime.run(["replay", "-"], input: Data("{\n".utf8), home: home)
    #expect(broken.status == 1)
    #expect(broken.stderr.hasPrefix("primetime: standard input line 1 is not a recording line"))
    let ui = try PrimeTime.run(["replay", "--ui", "-"], home: home)
    #expect(ui.status == 64)
  }

  @Test func aFileThatHoldsSomething_isNotWrittenOver_withoutForce() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let recording = home.appending(path: "notes.txt")
    try Data("my notes\n".utf8).write(to: recording)
    let refused = try PrimeTime.run(["--record", recording.path, "-c", "set 7; save"], home: home)
    #expect(refused.status == 1)
    #expect(refused.stdout == "")
    #expect(
      refused.stderr
        == "primetime: '\(recording.path)' holds something already; give --force to write over it\n"
    )
    #expect(try Data(contentsOf: recording) == Data("my notes\n".utf8))
    // Nothing ran: the database was not even made.
    #expect(!FileManager.default.fileExists(atPath: home.appending(path: "primetime.sqlite").path))

    let forced = try PrimeTime.run(
      ["--record", recording.path, "--force", "-c", "set 7"], home: home)
    #expect(forced.status == 0)
    let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n")
    #expect(lines.first?.hasPrefix(#"{"start""#) == true)
    #expect(!lines.contains("my notes"))
    // Written over, it is readable by its owner only, as a new recording is.
    let mode = { (url: URL) in
      (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }
    #expect(try mode(recording) == 0o600)
    // An empty file holds nothing to lose, and a device is written through.
    let empty = home.appending(path: "empty.jsonl")
    try Data().write(to: empty)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: empty.path)
    #expect(try PrimeTime.run(["--record", empty.path, "-c", "incr"], home: home).status == 0)
    #expect(try mode(empty) == 0o600)
    #expect(try PrimeTime.run(["--record", "/dev/null", "-c", "incr"], home: home).status == 0)
    // Without a recording, it is a mistake said at once.
    let alone = try PrimeTime.run(["--force", "-c", "incr"], home: home)
    #expect(alone.status == 64)
    #expect(alone.stdout == "")
    #expect(alone.stderr == "primetime: --force goes with --record <file>\n")
  }

  @Test func aDroppedAction_makesTheReplayFail_namingItsLine() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let recording = home.appending(path: "session.jsonl")
    let live = try PrimeTime.run(
      ["--record", recording.path, "-c", "set 7; prime; save; incr; incr"], home: home)
    #expect(live.status == 0)
    var lines = try String(contentsOf: recording, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[2].hasPrefix(#"{"step":{"action":{"counter":{"_0":{"isPrimeTapped""#))
    lines.remove(at: 2)
    try lines.joined(separator: "\n").write(to: recording, atomically: true, encoding: .utf8)

    let replay = try PrimeTime.run(["replay", recording.path], home: home)
    #expect(replay.status == 1)
    #expect(replay.stdout == "")
    let first = try #require(replay.stderr.split(separator: "\n").first)
    #expect(
      first.hasPrefix(
        "primetime: \(recording.path) line 3 does not reproduce: after "
          + "AppHistoryAction.step(.counter(.favoriteCommand(.saveFavoritePrimeTapped)))"))
    let diff = replay.stderr.split(separator: "\n").map {
      $0.split(separator: " ").joined(separator: " ")
    }
    #expect(diff.contains("- counterDestination: .primeModal(alert: nil),"))
    #expect(diff.contains("+ counterDestination: nil,"))
  }

  @Test func step_showsEachActionAndItsChange() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let recording = home.appending(path: "session.jsonl").path
    _ = try PrimeTime.run(["--record", recording, "-c", "incr"], home: home)
    let permissions = try FileManager.default.attributesOfItem(atPath: recording)[.posixPermissions]
    #expect(permissions as? Int == 0o600)
    let replay = try PrimeTime.run(["replay", "--step", recording], home: home)
    #expect(replay.status == 0)
    let lines = replay.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "line 2: received action:")
    let trimmed = lines.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(trimmed.contains { $0.hasPrefix("-") && $0.hasSuffix("count: 0,") })
    #expect(trimmed.contains { $0.hasPrefix("+") && $0.hasSuffix("count: 1,") })
    #expect(lines.last?.hasPrefix(#"{"activityFeed":[],"count":1,"#) == true)
  }

  /// `--ui` shows the steps on the history page, where `--step` has nothing to add: the pair is
  /// refused, in either order, at a terminal as in a pipe, before the screen opens.
  @Test(arguments: [["--step", "--ui"], ["--ui", "--step"]])
  func stepWithUI_isAUsageError_ofOneLine(flags: [String]) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let recording = home.appending(path: "session.jsonl").path
    _ = try PrimeTime.run(["--record", recording, "-c", "incr"], home: home)
    let refusal = "primetime: --step and --ui do not go together: --ui shows each step"
    let piped = try PrimeTime.run(["replay"] + flags + [recording], home: home)
    #expect(piped.status == 64)
    #expect(piped.stdout == "")
    #expect(piped.stderr.hasPrefix(refusal), "\(piped.stderr)")
    #expect(piped.stderr.split(separator: "\n").count == 1, "\(piped.stderr)")

    let terminal = try PseudoTerminal(
      running: PrimeTime.binary, arguments: ["replay"] + flags + [recording], home: home)
    try terminal.expect(refusal)
    #expect(try terminal.waitForExit() == 64)
    #expect(terminal.transcript.hasPrefix(refusal), "\(terminal.transcript)")
  }

  @Test func anUnreadableRecording_isOneLine_andExitsOne() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appending(path: "not-a-recording.jsonl")
    try Data("{\"start\":{}}\n".utf8).write(to: file)
    let replay = try PrimeTime.run(["replay", file.path], home: home)
    #expect(replay.status == 1)
    #expect(
      replay.stderr
        == "primetime: \(file.path) line 1 is not a recording line: at start, lacks 'version'\n")
    let missing = try PrimeTime.run(["replay", home.appending(path: "missing").path], home: home)
    #expect(missing.status == 1)
    #expect(missing.stderr.split(separator: "\n").count == 1)

    try Data("junk\n".utf8).write(to: file)
    let junk = try PrimeTime.run(["replay", file.path], home: home)
    #expect(
      junk.stderr
        == "primetime: \(file.path) line 1 is not a recording line: the line is not JSON\n")
    let directory = try PrimeTime.run(["replay", home.path], home: home)
    #expect(
      directory.stderr
        == "primetime: cannot read '\(home.path)': \(String(cString: strerror(EISDIR)))\n")
  }

  @Test func aMisspelledActionOrLine_isNamed_withItsLine() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appending(path: "s.jsonl")
    #expect(
      try PrimeTime.run(["--record", file.path, "-c", "incr; set 3"], home: home).status == 0)
    let recorded = try String(contentsOf: file, encoding: .utf8)
    for (misspelled, message) in [
      (
        recorded.replacingOccurrences(of: "incrTapped", with: "incrTaped"),
        "line 2 is not a recording line: unknown action 'incrTaped' at step.action.counter._0"
      ),
      (
        recorded.replacingOccurrences(
          of: #"{"step":{"action":{"counter""#, with: #"{"stpe":{"action":{"counter""#),
        "line 2 is not a recording line: unknown kind of line 'stpe'"
      ),
      (
        // Format 5 had the prime modal's actions in the counter's: the line is read as format
        // 5's, and the action is named where the line has it.
        ([Self.formatFiveStart] + recorded.split(separator: "\n").dropFirst().map(String.init))
          .joined(separator: "\n")
          .replacingOccurrences(
            of: #"{"incrTapped":{}}"#, with: #"{"primeModal":{"_0":{"saveFavoritePrimeTaped":{}}}}"#
          ),
        "line 2 is not a recording line: unknown action 'saveFavoritePrimeTaped' at "
          + "step.action.counter._0.primeModal._0"
      ),
    ] {
      try Data(misspelled.utf8).write(to: file)
      let replay = try PrimeTime.run(["replay", file.path], home: home)
      #expect(replay.status == 1)
      #expect(replay.stderr == "primetime: \(file.path) \(message)\n")
    }
  }

  /// A start line as format 5 wrote it, the count and the favorites in the counter's state.
  static let formatFiveStart =
    #"{"start":{"version":5,"state":{"counter":{"primeModal":{"count":0,"favoritePrimes":[]},"#
    + #""isPrimeModalShown":false,"isNthPrimeRequestInFlight":false},"activityFeed":[],"#
    + #""screens":{"page":"counter","selection":{"row":0,"top":0},"#
    + #""size":{"columns":80,"rows":24}}}}}"#

  @Test func aRecordingThatCannotBeWritten_changesNothing() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(
      ["--record", home.appending(path: "no/such/dir/s.jsonl").path, "-c", "set 7; save"],
      home: home)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: home.appending(path: "primetime.sqlite").path))
  }

  @Test func aRecordingThroughASymbolicLink_writesTheFileItNames() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let target = home.appending(path: "target.jsonl")
    let link = home.appending(path: "link.jsonl")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let result = try PrimeTime.run(["--record", link.path, "-c", "incr"], home: home)
    #expect(result.status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    let replay = try PrimeTime.run(["replay", target.path], home: home)
    #expect(replay.status == 0)
  }

  @Test func aRecordingThatCannotBeWritten_stopsWithOneLine_andExitsOne() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    // Every write to /dev/full fails: the disk is full.
    let result = try PrimeTime.run(["--record", "/dev/full", "-c", "incr; incr"], home: home)
    #expect(result.status == 1)
    #expect(result.stdout == "count: 1\ncount: 2\n")
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(
      result.stderr
        == "primetime: the recording to '/dev/full' stopped after 0 lines: "
        + "\(String(cString: strerror(ENOSPC)))\n")
  }

  /// The parts of `state --json` a replay must give back: the count, the favorites and the feed.
  private func state(_ json: String) throws -> [String: String] {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return try ["count", "favoritePrimes", "activityFeed"].reduce(into: [:]) { result, key in
      let value = try #require(object[key])
      result[key] = String(
        decoding: try JSONSerialization.data(
          withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]),
        as: UTF8.self)
    }
  }
}
