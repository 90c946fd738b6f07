import Foundation
import Testing

/// `primetime sessions` lists the recordings kept in the data directory's sessions folder,
/// `replay last` and `replay 2` run one of them again, and `report` writes one to a file for a
/// bug report.
struct SessionsTests {
  /// No process has an identity above 2^22 on Linux: the sessions of these are over.
  static let endedProcess = 99_999_991

  /// The recording of a session that ran `commands`, made in a home of its own.
  static func recording(_ commands: String) throws -> Data {
    let recorder = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: recorder) }
    let file = recorder.appending(path: "session.jsonl")
    let result = try PrimeTime.run(["--record", file.path, "-c", commands], home: recorder)
    #expect(result.status == 0, "\(result.stderr)")
    return try Data(contentsOf: file)
  }

  /// Puts `contents` in `home`'s sessions folder under `name`.
  static func keep(_ contents: Data, as name: String, in home: URL) throws {
    let sessions = home.appending(path: "sessions")
    try FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
    try contents.write(to: sessions.appending(path: name))
  }

  /// The recording without its end line, as a session that was killed leaves it.
  static func cutShort(_ recording: Data) -> Data {
    let lines = String(decoding: recording, as: UTF8.self).split(separator: "\n").dropLast()
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }

  /// A home with four sessions: one that saved 7 (the oldest), one cut short, one that quit,
  /// and a file that is no recording (the newest).
  static func homeWithSessions() throws -> URL {
    let home = try PrimeTime.temporaryDirectory()
    let saved = try recording("set 7; prime; save")
    try keep(saved, as: "20261206T090000Z-script-\(endedProcess).jsonl", in: home)
    try keep(cutShort(saved), as: "20261206T100000Z-repl-\(endedProcess + 1).jsonl", in: home)
    try keep(
      try recording("incr; quit"), as: "20261206T110000Z-repl-\(endedProcess + 2).jsonl", in: home)
    try keep(Data("my notes\n".utf8), as: "20261206T120000Z-ui-\(endedProcess + 3).jsonl", in: home)
    return home
  }

  @Test func sessions_listsTheRecordings_newestFirst_withHowEachEnded() throws {
    let home = try Self.homeWithSessions()
    defer { try? FileManager.default.removeItem(at: home) }
    let listed = try PrimeTime.run(["sessions"], home: home)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stderr == "")
    let rows = listed.stdout.split(separator: "\n").map { line in
      line.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
    }
    #expect(
      rows.map { $0.prefix(5) }
        == [
          ["1", "2026-12-06 12:00:00", "ui", "unreadable", "9 B"],
          ["2", "2026-12-06 11:00:00", "repl", "2 steps", "ended (quit)"],
          ["3", "2026-12-06 10:00:00", "repl", "3 steps", "cut short"],
          ["4", "2026-12-06 09:00:00", "script", "3 steps", "ended"],
        ].map { $0[...] })
    #expect(
      rows.dropFirst().allSatisfy { $0.last?.wholeMatch(of: /[0-9]+ B|[0-9]+\.[0-9] KiB/) != nil },
      "\(rows)")
    // The times are local.
    let elsewhere = try PrimeTime.run(["sessions"], home: home, environment: ["TZ": "Asia/Tokyo"])
    #expect(elsewhere.stdout.hasPrefix("1  2026-12-06 21:00:00  ui"), "\(elsewhere.stdout)")
  }

  @Test func sessionsJSON_hasTheSameFields_withTimesInISO8601() throws {
    let home = try Self.homeWithSessions()
    defer { try? FileManager.default.removeItem(at: home) }
    let listed = try PrimeTime.run(["sessions", "--json"], home: home)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.split(separator: "\n").count == 1)
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    #expect(rows.map { $0["number"] as? Int } == [1, 2, 3, 4])
    #expect(
      rows.map { $0["began"] as? String } == [
        "2026-12-06T12:00:00Z", "2026-12-06T11:00:00Z", "2026-12-06T10:00:00Z",
        "2026-12-06T09:00:00Z",
      ])
    #expect(rows.map { $0["frontEnd"] as? String } == ["ui", "repl", "repl", "script"])
    #expect(rows.map { $0["steps"] as? Int } == [nil, 2, 3, 3])
    #expect(
      rows.map { $0["ending"] as? String } == ["unreadable", "ended", "cut short", "ended"])
    #expect(rows.map { $0["endedBy"] as? String } == [nil, "quit", nil, nil])
    let oldest = home.appending(path: "sessions/20261206T090000Z-script-\(Self.endedProcess).jsonl")
    #expect(rows.last?["file"] as? String == oldest.path)
    #expect(rows.last?["bytes"] as? Int == (try Data(contentsOf: oldest)).count)
  }

  @Test func noSessions_saySoInOneLine_andMakeNothing() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let listed = try PrimeTime.run(["sessions"], home: home)
    #expect(listed.status == 0)
    #expect(listed.stdout == "no sessions are recorded in \(home.path)/sessions\n")
    #expect(try PrimeTime.run(["sessions", "--json"], home: home).stdout == "[]\n")
    try FileManager.default.createDirectory(
      at: home.appending(path: "sessions"), withIntermediateDirectories: false)
    #expect(try PrimeTime.run(["sessions"], home: home).stdout == listed.stdout)
    let replayed = try PrimeTime.run(["replay", "last"], home: home)
    #expect(replayed.status == 1)
    #expect(replayed.stderr == "primetime: no sessions are recorded in \(home.path)/sessions\n")
    let reported = try PrimeTime.run(["report"], home: home)
    #expect(reported.status == 1)
    #expect(reported.stderr == replayed.stderr)
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == ["sessions"])
  }

  @Test func keep_removesAllButTheNewest_andSparesASessionStillRunning() throws {
    let home = try Self.homeWithSessions()
    defer { try? FileManager.default.removeItem(at: home) }
    // A session still writes this one: it holds the file's lock, and it has no end line yet.
    let running = "20261206T080000Z-repl-\(getpid()).jsonl"
    try Self.keep(Self.cutShort(try Self.recording("incr")), as: running, in: home)
    let held = open(home.path + "/sessions/" + running, O_RDONLY | O_CLOEXEC)
    defer { close(held) }
    #expect(flock(held, LOCK_EX) == 0)
    let listed = try PrimeTime.run(["sessions"], home: home)
    #expect(listed.stdout.split(separator: "\n").last?.contains("  running  ") == true)

    let kept = try PrimeTime.run(["sessions", "--keep", "2"], home: home)
    #expect(kept.status == 0, "\(kept.stderr)")
    #expect(
      kept.stdout
        == "removed 2 sessions, keeping the newest 2\nspared 1 session still running: \(running)\n")
    let names = { try FileManager.default.contentsOfDirectory(atPath: home.path + "/sessions") }
    #expect(
      try names().sorted() == [
        running, "20261206T110000Z-repl-\(Self.endedProcess + 2).jsonl",
        "20261206T120000Z-ui-\(Self.endedProcess + 3).jsonl",
      ])
    let cleared = try PrimeTime.run(["sessions", "--clear"], home: home)
    #expect(
      cleared.stdout == "removed 2 sessions\nspared 1 session still running: \(running)\n")
    #expect(try names() == [running])

    let both = try PrimeTime.run(["sessions", "--keep", "1", "--clear"], home: home)
    #expect(both.status == 64)
    #expect(
      both.stderr == "primetime: --keep and --clear do not go together: --clear is --keep 0\n")
    #expect(try names() == [running])
  }

  @Test func replay_takesLast_orANumberFromTheList_andAFileOfSuchANameAsDotSlash() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try Self.keep(
      try Self.recording("set 7; prime; save"),
      as: "20261206T090000Z-repl-\(Self.endedProcess).jsonl",
      in: home)
    try Self.keep(
      try Self.recording("set 11; prime; save"),
      as: "20261206T100000Z-repl-\(Self.endedProcess + 1).jsonl", in: home)
    let last = try PrimeTime.run(["replay", "last"], home: home)
    #expect(last.status == 0, "\(last.stderr)")
    #expect(last.stdout.contains(#""favoritePrimes":[11]"#), "\(last.stdout)")
    #expect(try PrimeTime.run(["replay", "1"], home: home).stdout == last.stdout)
    let second = try PrimeTime.run(["replay", "--step", "2"], home: home)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains(#""favoritePrimes":[7]"#))
    #expect(second.stdout.hasPrefix("line 2: "))

    let beyond = try PrimeTime.run(["replay", "3"], home: home)
    #expect(beyond.status == 1)
    #expect(beyond.stdout == "")
    #expect(
      beyond.stderr
        == "primetime: there is no session 3: 'primetime sessions' lists 2 sessions, 1 the newest\n"
    )
    // The data directory may be named on either side.
    let data = home.appending(path: "elsewhere")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false)
    try FileManager.default.moveItem(
      at: home.appending(path: "sessions"), to: data.appending(path: "sessions"))
    #expect(
      try PrimeTime.run(["replay", "last", "--data-dir", data.path], home: home).stdout
        == last.stdout)
    #expect(
      try PrimeTime.run(["--data-dir", data.path, "replay", "last"], home: home).stdout
        == last.stdout)
    // A file named `last` is `./last`.
    try Data(try Self.recording("set 13; prime; save")).write(to: home.appending(path: "last"))
    let file = try PrimeTime.run(["replay", "./last"], home: home)
    #expect(file.stdout.contains(#""favoritePrimes":[13]"#), "\(file.stderr)")
  }

  @Test func report_writesTheRecording_afterALineOfWhatRanIt_readableByItsOwnerOnly() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    // A database of the schema this primetime writes.
    _ = try PrimeTime.run(["--no-record", "-c", "favorites"], home: home)
    let recording = try Self.recording("set 7; prime; save; incr")
    let name = "20261206T124144Z-repl-\(Self.endedProcess).jsonl"
    try Self.keep(recording, as: name, in: home)
    let reported = try PrimeTime.run(
      ["report"], home: home, environment: ["TERM": "xterm-256color"])
    #expect(reported.status == 0, "\(reported.stderr)")
    let file = home.appending(path: "primetime-report-\(name)")
    #expect(
      reported.stdout == """
        wrote \(file.lastPathComponent): the session recorded in \(name)
        this report holds the session's recording: its steps, the names of the files it saved \
        and loaded, and the favorites and the feed it began and ended with; of other sessions, \
        only what the recording holds

        """)
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
    #expect(mode as? Int == 0o600)
    let text = try String(contentsOf: file, encoding: .utf8)
    let first = try #require(text.split(separator: "\n").first)
    #expect(text.dropFirst(first.count + 1) == String(decoding: recording, as: UTF8.self))
    let object = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
    let report = try #require(object?["report"] as? [String: Any])
    #expect(object?.count == 1)
    #expect(report["primetime"] as? String == "0.1.0")
    #expect(["debug", "release"].contains(report["build"] as? String))
    #expect((report["kernel"] as? String)?.isEmpty == false)
    #expect((report["machine"] as? String)?.isEmpty == false)
    #expect(report["os"] is String)
    #expect(report["term"] as? String == "xterm-256color")
    #expect(report["standardOutputIsATerminal"] as? Bool == false)
    #expect(report["databaseSchemaVersion"] as? Int == 2)
    #expect(report["recordingFormatVersion"] as? Int == 16)
    #expect(report["session"] as? String == name)
    #expect(
      (report["note"] as? String)?.hasPrefix("this report holds the session's recording") == true)

    // It replays as the recording, each line named by its number in the report.
    let replayed = try PrimeTime.run(["replay", file.path], home: home)
    #expect(replayed.status == 0, "\(replayed.stderr)")
    #expect(replayed.stdout.contains(#""favoritePrimes":[7]"#))
    let stepped = try PrimeTime.run(["replay", "--step", file.path], home: home)
    #expect(stepped.stdout.hasPrefix("line 3: "), "\(stepped.stdout)")
    let lines = text.split(separator: "\n")
    try Data((lines.dropLast(2) + lines.suffix(1)).joined(separator: "\n").utf8).write(to: file)
    let differs = try PrimeTime.run(["replay", file.path], home: home)
    #expect(differs.stderr.contains("line \(lines.count - 1), the end, does not reproduce"))
  }

  @Test func report_writesOverAFile_onlyWithForce() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try Self.keep(
      try Self.recording("incr"), as: "20261206T124144Z-ui-\(Self.endedProcess).jsonl", in: home)
    let notes = home.appending(path: "notes.txt")
    try Data("my notes\n".utf8).write(to: notes)
    let refused = try PrimeTime.run(["report", "1", "-o", "notes.txt"], home: home)
    #expect(refused.status == 1)
    #expect(refused.stdout == "")
    #expect(
      refused.stderr
        == "primetime: 'notes.txt' holds something already; give --force to write over it\n")
    #expect(try Data(contentsOf: notes) == Data("my notes\n".utf8))
    for arguments in [
      ["report", "--force", "-o", "notes.txt"], ["--force", "report", "-o", "notes.txt"],
    ] {
      let forced = try PrimeTime.run(arguments, home: home)
      #expect(forced.status == 0, "\(forced.stderr)")
      #expect(try String(contentsOf: notes, encoding: .utf8).hasPrefix(#"{"report":{"#))
    }
    let mode = try FileManager.default.attributesOfItem(atPath: notes.path)[.posixPermissions]
    #expect(mode as? Int == 0o600)
    let beyond = try PrimeTime.run(["report", "2"], home: home)
    #expect(beyond.status == 1)
    #expect(
      beyond.stderr
        == "primetime: there is no session 2: 'primetime sessions' lists 1 session, 1 the newest\n")
    let file = try PrimeTime.run(["report", "session.jsonl"], home: home)
    #expect(file.status == 64)
    #expect(
      file.stderr
        == "primetime: 'report' takes 'last' or a number from 'primetime sessions', not 'session.jsonl'\n"
    )
  }

  /// `Tests/Recordings/report.jsonl` was written by `primetime report` from a real session.
  @Test func theKeptReport_replays() throws {
    let report = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Recordings/report.jsonl")
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let text = try String(contentsOf: report, encoding: .utf8)
    #expect(text.hasPrefix(#"{"report":{"#))
    let replayed = try PrimeTime.run(["replay", report.path], home: home)
    #expect(replayed.status == 0, "\(replayed.stderr)")
    #expect(replayed.stdout.contains(#""favoritePrimes":[7,11]"#), "\(replayed.stdout)")
  }
}

extension SessionsTests {
  @Test func replayUI_opensTheLastSession() async throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let name = "20261206T124144Z-repl-\(Self.endedProcess).jsonl"
    try Self.keep(try Self.recording("incr 3; prime; save"), as: name, in: home)
    let tmux = try TmuxSession(running: ["replay", "--ui", "last"], home: home)
    defer { tmux.kill() }
    try await tmux.waitFor("Recording \(name)")
    try tmux.send("G")
    try await tmux.waitFor("> 4  saved 3")
    try tmux.send("q")
    #expect(try await tmux.waitForExit() == 0)
  }
}
