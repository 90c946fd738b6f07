import Foundation
import Testing

@testable import Runtime

/// The names of the recordings a data directory keeps, and their pruning.
struct SessionRecordingsTests {
  static let started = Date(timeIntervalSince1970: 1_796_560_904)

  @Test func fileName_isTheUTCSecondTheFrontEndAndTheProcess() {
    #expect(
      SessionRecordings.fileName(
        started: Date(timeIntervalSince1970: 1_796_560_904), frontEnd: .repl, processID: 4242)
        == "20261206T124144Z-repl-4242.jsonl")
    #expect(
      SessionRecordings.fileName(started: Self.started, frontEnd: .repl, processID: 4242)
        == "20261206T124144Z-repl-4242.jsonl")
    #expect(
      SessionRecordings.fileName(
        started: Self.started.addingTimeInterval(0.999), frontEnd: .script, processID: 7)
        == "20261206T124144Z-script-7.jsonl")
    #expect(
      SessionRecordings.fileName(
        started: Date(timeIntervalSince1970: 0), frontEnd: .ui, processID: 1)
        == "19700101T000000Z-ui-1.jsonl")
  }

  @Test func aName_readsBack_asItWasWritten() throws {
    for frontEnd in SessionRecordings.FrontEnd.allCases {
      for sequence in [1, 2, 13] {
        let name = SessionRecordings.Name(
          started: Self.started, frontEnd: frontEnd, processID: 4242, sequence: sequence)
        #expect(SessionRecordings.Name(fileName: name.fileName) == name)
      }
    }
    #expect(SessionRecordings.Name(fileName: "20261206T124144Z-ui-17-2.jsonl")?.sequence == 2)
    let taken = try #require(SessionRecordings.Name(fileName: "20261206T124144Z-ui-17-2.jsonl"))
    #expect(taken.started == Self.started)
    #expect(taken.frontEnd == .ui)
    #expect(taken.processID == 17)
    #expect(taken.sequence == 2)
  }

  @Test(arguments: [
    "notes.txt", "20261206T124144Z-repl-4242.json", "20261206T124144Z-shell-4242.jsonl",
    "20261206T124144Z-repl-04242.jsonl", "20261206T124144Z-repl--1.jsonl",
    "20261206T124144Z-repl-4242-1.jsonl", "20261206T124144Z-repl-4242-x.jsonl",
    "20260231T124144Z-repl-4242.jsonl", "20261206T124144-repl-4242.jsonl",
    "2026126T124144Z-repl-4242.jsonl", "20261206T124144Z-repl-99999999999.jsonl",
    "20261206T124144Z-repl-4242-2-3.jsonl", ".jsonl",
  ])
  func aNameOfAnotherFile_isNoRecordings(_ fileName: String) {
    #expect(SessionRecordings.Name(fileName: fileName) == nil)
  }

  @Test func names_sortInTheOrderTheirSessionsBegan() {
    let names = [
      SessionRecordings.Name(
        started: Self.started.addingTimeInterval(86_400), frontEnd: .repl, processID: 1),
      SessionRecordings.Name(started: Self.started, frontEnd: .ui, processID: 99_999),
      SessionRecordings.Name(
        started: Self.started.addingTimeInterval(-1), frontEnd: .script, processID: 5),
      SessionRecordings.Name(
        started: Self.started.addingTimeInterval(3_600), frontEnd: .repl, processID: 2),
    ]
    #expect(names.sorted() == [names[2], names[1], names[3], names[0]])
  }

  /// A temporary sessions directory with a file for each name, of `bytes` each.
  func directory(
    startedSecondsApart names: [SessionRecordings.FrontEnd], bytes: Int = 10
  ) throws -> (SessionRecordings, [String]) {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "primetime sessions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var fileNames: [String] = []
    for (index, frontEnd) in names.enumerated() {
      let name = SessionRecordings.fileName(
        started: Self.started.addingTimeInterval(Double(index)), frontEnd: frontEnd,
        processID: Int32.max - Int32(index))
      try Data(repeating: UInt8(ascii: "x"), count: bytes).write(
        to: directory.appending(path: name))
      fileNames.append(name)
    }
    return (SessionRecordings(directory: directory), fileNames)
  }

  func remaining(_ recordings: SessionRecordings) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: recordings.directory.path).sorted()
  }

  @Test func prune_removesTheOldest_toKeepTheLastCount() throws {
    let (recordings, names) = try directory(startedSecondsApart: [.ui, .repl, .script, .repl, .ui])
    defer { try? FileManager.default.removeItem(at: recordings.directory) }
    try Data("mine".utf8).write(to: recordings.directory.appending(path: "notes.txt"))
    try recordings.prune(keepingLast: 3, maxBytes: .max, sparing: names[4])
    #expect(try remaining(recordings) == (Array(names[2...]) + ["notes.txt"]).sorted())
    #expect(try recordings.recordings().map(\.fileName) == Array(names[2...]))
    try recordings.prune(keepingLast: 3, maxBytes: .max, sparing: nil)
    #expect(try recordings.recordings().map(\.fileName) == Array(names[2...]))
  }

  @Test func prune_removesTheOldest_toKeepWithinTheBytes() throws {
    let (recordings, names) = try directory(
      startedSecondsApart: [.repl, .repl, .repl, .repl], bytes: 100)
    defer { try? FileManager.default.removeItem(at: recordings.directory) }
    try recordings.prune(keepingLast: 50, maxBytes: 250, sparing: nil)
    #expect(try remaining(recordings) == Array(names[2...]))
    try recordings.prune(keepingLast: 50, maxBytes: 200, sparing: nil)
    #expect(try remaining(recordings) == Array(names[2...]))
  }

  @Test func prune_neverRemovesTheRecordingBeingWritten() throws {
    let (recordings, names) = try directory(startedSecondsApart: [.repl, .ui, .script], bytes: 100)
    defer { try? FileManager.default.removeItem(at: recordings.directory) }
    // The oldest is spared, though the bound leaves room for none.
    try recordings.prune(keepingLast: 1, maxBytes: 50, sparing: names[0])
    #expect(try remaining(recordings) == [names[0]])
  }

  @Test func prune_ofADataDirectory_keepsTheRecordingBeingWritten() throws {
    let home = FileManager.default.temporaryDirectory
      .appending(path: "primetime home-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let sessions = home.appending(path: "sessions")
    try FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
    for name in ["20261206T124144Z-repl-2000000001.jsonl", "20261206T124143Z-ui-2000000002.jsonl"] {
      try Data(repeating: 0, count: 15_000_000).write(to: sessions.appending(path: name))
    }
    try SessionRecordings(dataDirectory: home)
      .prune(
        keepingLast: 50, maxBytes: 20_000_000, sparing: "20261206T124144Z-repl-2000000001.jsonl")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: sessions.path)
        == ["20261206T124144Z-repl-2000000001.jsonl"])
  }

  @Test func prune_ofNoDirectory_removesNothing() throws {
    let recordings = SessionRecordings(
      path: FileManager.default.temporaryDirectory.appending(path: "none-\(UUID())").path)
    try recordings.prune(keepingLast: 1, maxBytes: 1, sparing: nil)
    #expect(try recordings.recordings().isEmpty)
  }

  @Test func theProbe_letsGoOfItsLock_whileAnotherCopyOfItsDescriptorLives() throws {
    let path = FileManager.default.temporaryDirectory
      .appending(path: "primetime recording-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let probe = open(path, O_RDONLY | O_CLOEXEC)
    try #require(probe >= 0)
    // The copy that a program started during the probe holds until it execs.
    let copy = dup(probe)
    defer { close(copy) }
    #expect(!SessionRecordings.isLocked(probing: probe))
    close(probe)
    // A session starting now takes the lock its recording needs.
    let writer = open(path, O_WRONLY | O_CLOEXEC)
    defer { close(writer) }
    #expect(flock(writer, LOCK_EX | LOCK_NB) == 0)
  }

  @Test func create_makesTheDirectoryAndTheFile_forTheOwnerOnly_andNumbersATakenName() throws {
    let home = FileManager.default.temporaryDirectory
      .appending(path: "primetime home-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let recordings = SessionRecordings(dataDirectory: home)
    #expect(recordings.directory.path == home.appending(path: "sessions").path)
    var created: [String] = []
    for _ in 0..<3 {
      let file = try recordings.create(started: Self.started, frontEnd: .repl, processID: 4242)
      // Locked from the moment it has its name: no listing sees it as a session cut short.
      let path = recordings.directory.appending(path: file.fileName).path
      #expect(SessionRecordings.isBeingWritten(path: path))
      close(file.descriptor)
      #expect(!SessionRecordings.isBeingWritten(path: path))
      created.append(file.fileName)
    }
    // Nothing but the recordings is left in the directory.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: recordings.directory.path).sorted()
        == created.sorted())
    #expect(
      created == [
        "20261206T124144Z-repl-4242.jsonl", "20261206T124144Z-repl-4242-2.jsonl",
        "20261206T124144Z-repl-4242-3.jsonl",
      ])
    #expect(try recordings.recordings().map(\.fileName) == created)
    func mode(_ url: URL) throws -> Int {
      try #require(
        FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }
    #expect(try mode(recordings.directory) == 0o700)
    #expect(try mode(recordings.directory.appending(path: created[0])) == 0o600)
  }

  @Test func create_whereTheDirectoryCannotBe_saysWhy() throws {
    let home = FileManager.default.temporaryDirectory
      .appending(path: "primetime home-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    // A file where the directory would be: no mode lets even root make the directory there.
    try Data().write(to: home.appending(path: "sessions"))
    let refusal = #expect(throws: RecordingError.self) {
      try SessionRecordings(dataDirectory: home).create(
        started: Self.started, frontEnd: .ui, processID: 1)
    }
    #expect(refusal?.description.hasPrefix("cannot record to '\(home.path)/sessions/") == true)
  }

  @Test func theBound_isFiftySessionsAndTwentyMegabytes_unlessTheEnvironmentSaysOtherwise()
    throws
  {
    #expect(try SessionRecordings.Bound(variables: [:]) == .init(count: 50, maxBytes: 20_000_000))
    #expect(
      try SessionRecordings.Bound(variables: [
        "PRIMETIME_SESSIONS_KEEP": "3", "PRIMETIME_SESSIONS_MAX_MB": "2",
      ]) == .init(count: 3, maxBytes: 2_000_000))
  }

  @Test(arguments: ["0", "-1", "x", "", " 3", "3.5", "99999999999999999999"])
  func theBound_refusesAValueThatIsNoWholeNumberFromOne(_ value: String) {
    let keep = #expect(throws: SessionRecordings.Bound.Refusal.self) {
      try SessionRecordings.Bound(variables: ["PRIMETIME_SESSIONS_KEEP": value])
    }
    #expect(
      keep?.description
        == "PRIMETIME_SESSIONS_KEEP is not a whole number from 1; give the number of recordings "
        + "to keep, or unset it")
    let megabytes = #expect(throws: SessionRecordings.Bound.Refusal.self) {
      try SessionRecordings.Bound(variables: ["PRIMETIME_SESSIONS_MAX_MB": value])
    }
    #expect(megabytes?.variable == "PRIMETIME_SESSIONS_MAX_MB")
  }
}
