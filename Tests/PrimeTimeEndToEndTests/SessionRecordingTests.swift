import Foundation
import Testing

/// Every session of the REPL, a script or the full screen keeps its recording in the data
/// directory's `sessions` directory, within a bound, unless told not to; a session killed at any
/// moment leaves a recording that replays up to its last line.
struct SessionRecordingTests {
  /// The recordings in `home`'s sessions directory, in name order.
  static func recordings(in home: URL) throws -> [String] {
    let directory = home.appending(path: "sessions").path
    guard FileManager.default.fileExists(atPath: directory) else { return [] }
    return try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  }

  /// Whether `name` is a recording's name of the front end, `<started>-<frontEnd>-<pid>.jsonl`.
  static func isRecordingName(_ name: String, frontEnd: String, processID: Int32? = nil) -> Bool {
    let pid = processID.map(String.init) ?? "[1-9][0-9]*"
    guard let pattern = try? Regex("[0-9]{8}T[0-9]{6}Z-\(frontEnd)-\(pid)\\.jsonl") else {
      return false
    }
    return name.wholeMatch(of: pattern) != nil
  }

  @Test func aScript_isRecordedInTheDataDirectory_asRecordWritesIt() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let session = try PrimeTime.run(["-c", "incr; incr; decr"], home: home)
    #expect(session.status == 0)
    #expect(session.stderr == "")
    let names = try Self.recordings(in: home)
    #expect(names.count == 1)
    let name = try #require(names.first)
    #expect(Self.isRecordingName(name, frontEnd: "script"), "\(name)")
    let sessions = home.appending(path: "sessions")
    let file = sessions.appending(path: name)
    func mode(_ url: URL) throws -> Int? {
      try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
    }
    #expect(try mode(sessions) == 0o700)
    #expect(try mode(file) == 0o600)

    // What --record writes of the same session, in a data directory of its own.
    let other = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: other) }
    let recorded = other.appending(path: "session.jsonl")
    let asked = try PrimeTime.run(
      ["--record", recorded.path, "-c", "incr; incr; decr"], home: other)
    #expect(asked.status == 0)
    #expect(try Data(contentsOf: file) == Data(contentsOf: recorded))
    // --record writes there alone.
    #expect(try Self.recordings(in: other).isEmpty)

    let replay = try PrimeTime.run(["replay", file.path], home: home)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains(#""count":1"#))
    // Piped input is a script too.
    let piped = try PrimeTime.run([], input: Data("incr\n".utf8), home: home)
    #expect(piped.status == 0)
    // And so is a file of commands.
    try Data("incr\n".utf8).write(to: home.appending(path: "script.pt"))
    #expect(try PrimeTime.run(["-f", "script.pt"], home: home).status == 0)
    let all = try Self.recordings(in: home)
    #expect(all.count == 3)
    #expect(all.allSatisfy { Self.isRecordingName($0, frontEnd: "script") })
  }

  @Test(
    arguments: [
      (["--no-record", "-c", "incr"], [:]), (["-c", "incr"], ["PRIMETIME_RECORD": "0"]),
      (["-c", "incr", "--no-record"], ["PRIMETIME_RECORD": "1"]),
      (["nth-prime", "5"], [:]), (["is-prime", "7"], [:]), (["prime-count", "10"], [:]),
      (["favorites"], [:]), (["activity", "--json"], [:]), (["favorites", "--no-record"], [:]),
      (["--no-record", "favorites"], [:]),
    ] as [([String], [String: String])])
  func aSessionToldNotTo_orADirectCommand_recordsNothing(
    arguments: [String], environment: [String: String]
  ) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let run = try PrimeTime.run(arguments, home: home, environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr == "")
    #expect(!FileManager.default.fileExists(atPath: home.appending(path: "sessions").path))
  }

  @Test func aReplay_recordsNothing() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let recording = home.appending(path: "session.jsonl").path
    #expect(try PrimeTime.run(["--record", recording, "-c", "incr"], home: home).status == 0)
    #expect(try PrimeTime.run(["replay", recording], home: home).status == 0)
    #expect(try Self.recordings(in: home).isEmpty)
  }

  @Test(
    arguments: [
      (
        ["--no-record", "--record", "x.jsonl", "-c", "incr"], [:],
        "primetime: --no-record and --record do not go together; give one of them"
      ),
      (
        ["ui", "--record", "x.jsonl", "--no-record"], [:],
        "primetime: --no-record and --record do not go together; give one of them"
      ),
      (
        ["-c", "incr"], ["PRIMETIME_RECORD": "yes"],
        "primetime: PRIMETIME_RECORD is neither 0 nor 1; give 0 to record nothing, or unset it"
      ),
      (
        ["-c", "incr"], ["PRIMETIME_SESSIONS_KEEP": "0"],
        "primetime: PRIMETIME_SESSIONS_KEEP is not a whole number from 1; give the number of "
          + "recordings to keep, or unset it"
      ),
      (
        ["-c", "incr"], ["PRIMETIME_SESSIONS_MAX_MB": "20MB"],
        "primetime: PRIMETIME_SESSIONS_MAX_MB is not a whole number from 1 to 9223372036854; give the "
          + "megabytes they may take, or unset it"
      ),
    ] as [([String], [String: String], String)])
  func aRecordingThatCannotBe_isRefused_inOneLine(
    arguments: [String], environment: [String: String], message: String
  ) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let run = try PrimeTime.run(arguments, home: home, environment: environment)
    #expect(run.status == 64)
    #expect(run.stdout == "")
    #expect(run.stderr == message + "\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
  }

  /// Writes an old recording of `bytes` bytes, begun on the given day of January 2020, by a
  /// process that is not running: its number is above any the kernel hands out.
  static func oldRecording(
    in home: URL, day: Int, processID: Int = 2_000_000_000, bytes: Int = 10
  ) throws -> String {
    let sessions = home.appending(path: "sessions")
    try FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
    let name = "202001\(day < 10 ? "0" : "")\(day)T000000Z-repl-\(processID).jsonl"
    try Data(repeating: UInt8(ascii: "x"), count: bytes).write(to: sessions.appending(path: name))
    return name
  }

  @Test func theOldestRecordings_areRemovedAsASessionStarts_toKeepTheLastCount() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let old = try (1...3).map { try Self.oldRecording(in: home, day: $0) }
    let run = try PrimeTime.run(
      ["-c", "incr"], home: home, environment: ["PRIMETIME_SESSIONS_KEEP": "2"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let names = try Self.recordings(in: home)
    #expect(names.count == 2)
    #expect(names.first == old[2])
    #expect(names.last.map { Self.isRecordingName($0, frontEnd: "script") } == true)
    // By default, 50 are kept.
    for processID in 2_000_000_001...2_000_000_055 {
      _ = try Self.oldRecording(in: home, day: 4, processID: processID)
    }
    #expect(try PrimeTime.run(["-c", "incr"], home: home).status == 0)
    let kept = try Self.recordings(in: home)
    #expect(kept.count == 50)
    #expect(kept.last.map { Self.isRecordingName($0, frontEnd: "script") } == true)
  }

  /// A session longer than the bound makes room as it grows, removing older recordings, and
  /// stops recording where it alone would take more, saying so once; the session runs on.
  @Test func aSessionLongerThanTheBound_makesRoom_thenStopsRecording_andRunsOn() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let older = try Self.oldRecording(in: home, day: 1, bytes: 600_000)
    let input = String(repeating: "incr\n", count: 10_000) + "state --json\n"
    let run = try PrimeTime.run(
      [], input: Data(input.utf8), home: home, environment: ["PRIMETIME_SESSIONS_MAX_MB": "1"])
    #expect(run.status == 0)
    #expect(run.stdout.contains(#""count":10000"#))
    let names = try Self.recordings(in: home)
    #expect(!names.contains(older))
    #expect(names.count == 1)
    let file = home.appending(path: "sessions").appending(path: try #require(names.first))
    let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
    #expect(try #require(size) <= 1_000_000)
    #expect(
      run.stderr.hasPrefix("primetime: the recording to '\(file.path)' stopped after "),
      "\(run.stderr)")
    #expect(
      run.stderr.hasSuffix(
        " lines: it reached 1 MB, the most that recordings may take (PRIMETIME_SESSIONS_MAX_MB); "
          + "the session goes on unrecorded\n"))
    #expect(run.stderr.split(separator: "\n").count == 1)
  }

  @Test func theRecordingOfASessionStillRunning_isKept_whenAnotherStartsAndPrunes() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let running = try LiveSession(home: home)
    try running.run("incr")
    let before = try Self.recordings(in: home)
    #expect(before.count == 1)
    let run = try PrimeTime.run(
      ["-c", "incr"], home: home, environment: ["PRIMETIME_SESSIONS_KEEP": "1"])
    #expect(run.status == 0)
    let after = try Self.recordings(in: home)
    #expect(after.count == 2)
    #expect(after.contains(before[0]))
    try running.quit()
  }

  @Test func theOldestRecordings_areRemovedAsASessionStarts_toKeepWithinTheMegabytes() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let older = try Self.oldRecording(in: home, day: 1, bytes: 700_000)
    let newer = try Self.oldRecording(in: home, day: 2, bytes: 400_000)
    let run = try PrimeTime.run(
      ["-c", "incr"], home: home, environment: ["PRIMETIME_SESSIONS_MAX_MB": "1"])
    #expect(run.status == 0)
    let names = try Self.recordings(in: home)
    #expect(!names.contains(older))
    #expect(names.first == newer)
    #expect(names.count == 2)
  }

  /// What a session needs for a SIGSEGV sent from outside to end it as a crash does: the Swift
  /// runtime's backtracer, where it is on, returns from a SIGSEGV that no instruction caused, and
  /// a sanitizer's handler reports it and exits 1; both are left out.
  static var crashing: [String: String] {
    var environment = ["SWIFT_BACKTRACE": "enable=no"]
    for name in ["ASAN_OPTIONS", "TSAN_OPTIONS"] {
      environment[name] = (PrimeTime.instrumentation[name].map { $0 + ":" } ?? "") + "handle_segv=0"
    }
    return environment
  }

  /// A session killed with `signal` after some steps leaves a recording that replays to the
  /// state its last line reached, and `replay` says it was cut short there.
  @Test(arguments: [SIGKILL, SIGSEGV])
  func aSessionKilledMidway_leavesARecording_thatReplaysToItsLastLine(signal: Int32) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let session = try LiveSession(home: home, environment: Self.crashing)
    let pid = session.process.processIdentifier
    try session.run("set 7")
    try session.run("prime")
    #expect(try session.run("save").favoritePrimes == [7])
    try session.run("incr")
    // The recording has each step the session showed, before it shows it.
    let name = try #require(try Self.recordings(in: home).first)
    #expect(Self.isRecordingName(name, frontEnd: "script", processID: pid))
    kill(pid, signal)
    session.process.waitUntilExit()
    #expect(session.process.terminationReason == .uncaughtSignal)
    #expect(session.process.terminationStatus == signal)

    let file = home.appending(path: "sessions").appending(path: name)
    let lines = try String(contentsOf: file, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "", "the file ends with a whole line")
    let replay = try PrimeTime.run(["replay", file.path], home: home)
    #expect(replay.status == 3)
    #expect(
      replay.stderr
        == "primetime: \(file.path) was cut short: line \(lines.count - 1) is its last, with no "
        + "end line; up to there it reproduces, to the state printed, count 8 and 1 favorite\n")
    #expect(replay.stdout.contains(#""count":8,"favoritePrimes":[7]"#), "\(replay.stdout)")
  }

  /// A session killed while a step runs (a lookup of the 10^16th prime, which takes seconds)
  /// leaves every line up to that step in its recording: each line is written as its action
  /// runs, not when the session next waits for input.
  @Test(arguments: [SIGKILL, SIGSEGV])
  func aSessionKilledInTheMiddleOfAStep_hasEveryStepUpToIt(signal: Int32) async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let session = try LiveSession(home: home, environment: Self.crashing)
    let pid = session.process.processIdentifier
    try session.send("set 7; prime; save; incr; set 10000000000000000; nth")
    let file = try await Polling().until({ try Self.recordings(in: home).first }) { $0 != nil }
      .get().map { home.appending(path: "sessions").appending(path: $0) }
    let started = #"{"nthPrimeLookup":{"_0":{"presented":{"_0":{"started":{}}}}}}"#
    let text = try await Polling().until({
      (try? String(contentsOf: try #require(file), encoding: .utf8)) ?? ""
    }) { $0.contains(started) }.get()
    #expect(session.process.isRunning, "the lookup ended before the session was killed")
    kill(pid, signal)
    session.process.waitUntilExit()
    #expect(session.process.terminationStatus == signal)
    #expect(text.contains(#""saveFavoritePrimeTapped""#))
    let replay = try PrimeTime.run(["replay", try #require(file).path], home: home)
    #expect(replay.status == 3, "\(replay.stderr)")
    #expect(
      replay.stdout.contains(#""count":10000000000000000,"favoritePrimes":[7]"#),
      "\(replay.stdout)")
  }

  /// A last line cut off as it was written (a copy taken then, the power lost) is no line of the
  /// recording: the recording replays as cut short before it. A whole last line without its
  /// newline is read as it is.
  @Test func aLastLineCutOffAsItWasWritten_endsTheRecordingBeforeIt() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let recording = home.appending(path: "s.jsonl")
    #expect(
      try PrimeTime.run(["--record", recording.path, "-c", "incr; incr; incr"], home: home)
        .status == 0)
    let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n")
    // The start, three steps, and half of the end line.
    let cut =
      lines.dropLast().joined(separator: "\n") + "\n" + (try #require(lines.last)).prefix(40)
    try Data(cut.utf8).write(to: recording)
    let replay = try PrimeTime.run(["replay", recording.path], home: home)
    #expect(replay.status == 3, "\(replay.stderr)")
    #expect(replay.stderr.contains("was cut short: line 4 is its last"), "\(replay.stderr)")
    #expect(replay.stdout.contains(#""count":3"#))
    // Whole, without its newline: read as it is.
    try Data(lines.joined(separator: "\n").utf8).write(to: recording)
    #expect(try PrimeTime.run(["replay", recording.path], home: home).status == 0)
  }

  @Test func twoSessionsAtOnce_writeTwoRecordings() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let first = try LiveSession(home: home)
    let second = try LiveSession(home: home)
    try first.run("incr")
    try second.run("set 7")
    try first.run("incr")
    try second.run("decr")
    let pids = [first.process.processIdentifier, second.process.processIdentifier]
    try first.quit()
    try second.quit()
    let names = try Self.recordings(in: home)
    #expect(names.count == 2)
    for (pid, count) in zip(pids, [2, 6]) {
      let name = try #require(
        names.first { Self.isRecordingName($0, frontEnd: "script", processID: pid) })
      let replay = try PrimeTime.run(
        ["replay", home.appending(path: "sessions").appending(path: name).path], home: home)
      #expect(replay.status == 0, "\(replay.stderr)")
      #expect(replay.stdout.contains(#""count":\#(count),"#))
    }
  }

  @Test func aReadOnlyDataDirectory_recordsNowhere_andSaysSoOnce() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let readOnly = try PrimeTime.ReadOnlyHome(home)
    defer { readOnly.restore() }
    let run = try PrimeTime.run(["-c", "incr; incr"], home: home, launcher: readOnly.launcher)
    #expect(run.stdout == "count: 1\ncount: 2\n")
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(run.stderr)")
    #expect(lines.first?.hasPrefix("primetime: favorites are read-only: ") == true)
    #expect(lines.first?.hasSuffix("; this session is not recorded") == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
  }

  @Test func aSessionsDirectoryThatCannotBeWritten_recordsNowhere_andSaysSoOnce() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    // A file where the directory goes: no mode lets even root write a recording there.
    try Data().write(to: home.appending(path: "sessions"))
    let run = try PrimeTime.run(["-c", "incr; incr"], home: home)
    #expect(run.status == 0)
    #expect(run.stdout == "count: 1\ncount: 2\n")
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(run.stderr)")
    #expect(
      lines.first?.hasPrefix(
        "primetime: this session is not recorded: cannot record to '\(home.path)/sessions/")
        == true)
    #expect(lines.first?.hasSuffix(": Not a directory") == true)
  }

  @Test func aFullDisk_stopsTheRecording_inOneLine_andTheSessionGoesOn() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    // The sessions directory is a file system of 16 KiB, filled, in a mount namespace of the
    // binary's own (root's, or a user namespace's where the test is not root).
    let launcher =
      ["/usr/bin/unshare"] + (geteuid() == 0 ? [] : ["--user", "--map-root-user"]) + [
        "--mount", "--propagation", "private", "/bin/sh", "-c",
        #"mkdir -p "$0/sessions" && mount -t tmpfs -o size=16k tmpfs "$0/sessions" && "#
          + #"{ dd if=/dev/zero of="$0/sessions/filler" bs=4k 2>/dev/null; exec "$@"; }"#,
        home.path,
      ]
    let run = try PrimeTime.run(["-c", "incr; incr; incr"], home: home, launcher: launcher)
    #expect(run.status == 0)
    #expect(run.stdout == "count: 1\ncount: 2\ncount: 3\n")
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(run.stderr)")
    #expect(
      lines.first?.hasPrefix("primetime: the recording to '\(home.path)/sessions/") == true)
    #expect(
      lines.first?.hasSuffix(
        " stopped after 0 lines: No space left on device; the session goes on unrecorded")
        == true)
  }

  @Test func aPersonAtThePrompt_isRecordedAsTheREPL() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try PseudoTerminal(running: PrimeTime.binary, home: home)
    try terminal.expect("counter 0> ")
    terminal.type("set 7\r")
    try terminal.expect("counter 7> ")
    terminal.type("quit\r")
    #expect(try terminal.waitForExit() == 0)
    let names = try Self.recordings(in: home)
    #expect(names.count == 1)
    let name = try #require(names.first)
    #expect(Self.isRecordingName(name, frontEnd: "repl"), "\(name)")
    let replay = try PrimeTime.run(
      ["replay", home.appending(path: "sessions").appending(path: name).path], home: home)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains(#""count":7,"#))
  }

  @Test func theFullScreen_isRecordedAsTheUI() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession(running: ["ui"], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("[-]  0  [+]")
    try tmux.send("+")
    try await tmux.waitFor("[-]  1  [+]")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
    let names = try Self.recordings(in: home)
    #expect(names.count == 1)
    let name = try #require(names.first)
    #expect(Self.isRecordingName(name, frontEnd: "ui"), "\(name)")
    let replay = try PrimeTime.run(
      ["replay", home.appending(path: "sessions").appending(path: name).path], home: home)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains(#""count":1,"#))
  }
}
