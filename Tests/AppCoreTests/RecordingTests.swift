import AppCore
import AppTestSupport
import ComposableArchitecture
import FileClient
import Foundation
import NthPrimeClient
import Synchronization
import Testing

@MainActor
struct RecordingTests {
  /// Runs `actions` through a store that records, and returns the recording's lines.
  func record(_ actions: [AppHistoryAction]) async throws -> [RecordedLine] {
    let lines = Mutex<[String]>([])
    let recorder = SessionRecorder(write: { line in lines.withLock { $0.append(line) } })
    let clock = Mutex(1_000.0)
    let uuids = IncrementingUUIDs()
    let environment = AppEnvironment(
      nthPrime: .answering([7: 17]), fileClient: .inMemory(InMemoryFiles()),
      now: recorder.recording {
        clock.withLock {
          $0 += 1
          return Date(timeIntervalSince1970: $0)
        }
      },
      uuid: recorder.recording { uuids.next() })
    let initial = AppState(favoritePrimes: [2])
    recorder.record(.start(version: RecordedLine.version, state: initial))
    let store = Store(
      initialState: History(initial), reducer: AppHistoryReducer(), environment: environment,
      afterEachAction: recorder.record)
    for action in actions { await store.send(action).finish() }
    recorder.record(.end(state: store.state.present, screen: "counter"))
    recorder.finish()
    return try lines.withLock { $0 }.map {
      try RecordedLine.decode($0, version: RecordedLine.version)
    }
  }

  let session: [AppHistoryAction] = [
    .step(.counter(.countEntered(7))), .step(.counter(.isPrimeTapped)),
    .step(.counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped))))),
    .step(.counter(.nthPrimeTapped)),
    .step(.favoritePrimes(.saveButtonTapped(file: nil))),
    .step(.favoritePrimes(.deleteFavoritePrimes([0]))), .undo, .redo,
    .step(.storageChanged(StoredFavorites(favoritePrimes: [3, 7], activityFeed: []))),
  ]

  /// Whether a line is the lookup's answer.
  private func isAnswer(_ line: RecordedLine) -> Bool {
    if case .feedback(.counter(.nthPrimeLookup(.presented(.answered))), _, _, _) = line {
      true
    } else {
      false
    }
  }

  @Test func aRecording_holdsEveryActionWithItsReadings_andReplaysToTheSameState() async throws {
    let lines = try await record(session)
    // The start, nine actions, the lookup's start and answer, the export's answer, and the end.
    #expect(lines.count == 14)
    let answer = try #require(lines.first(where: isAnswer))
    #expect(
      answer.action?.0
        == .feedback(
          .counter(.nthPrimeLookup(.presented(.answered(n: 7, .success(17))))), step: 4))
    #expect(answer.action?.2.counterDestination == .alert(.nthPrime(n: 7, prime: 17)))
    let save = try #require(
      lines.first { line in
        if case .step(
          .counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped)))),
          _, _) = line
        {
          true
        } else {
          false
        }
      })
    #expect(
      save.action?.1
        == RecordedLine.Readings(
          now: [Date(timeIntervalSince1970: 1_001)], uuid: [UUID(1)]))
    guard case .end(let final, _) = try #require(lines.last) else {
      Issue.record("no end line")
      return
    }
    #expect(final.favoritePrimes == [3, 7])
    #expect(try Replay.run(lines) == .reproduced(final))
  }

  @Test func undoAndRedoThatWriteNewEntries_recordTheirReadings_andReplay() async throws {
    // Another session removed the 7 this one saved: redo saves it again by a new entry, whose
    // identity and time the recording must hold.
    let removed = Activity(
      id: UUID(99), kind: .removed, prime: 7, timestamp: Date(timeIntervalSince1970: 5))
    let lines = try await record([
      .step(.counter(.countEntered(7))), .step(.counter(.isPrimeTapped)),
      .step(.counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped))))),
      .step(.storageChanged(StoredFavorites(favoritePrimes: [2], activityFeed: [removed]))),
      .undo, .redo, .travel(by: -1), .travel(by: 1),
    ])
    let redo = try #require(lines.first { $0.action?.0 == .redo })
    #expect(redo.action?.1.uuid.count == 1)
    #expect(redo.action?.1.now.count == 1)
    guard case .end(let final, _) = try #require(lines.last) else {
      Issue.record("no end line")
      return
    }
    #expect(final.favoritePrimes == [2, 7])
    #expect(try Replay.run(lines) == .reproduced(final))
  }

  @Test func aChangedAnswer_divergesAtItsLine() async throws {
    var lines = try await record(session)
    let index = try #require(lines.firstIndex(where: isAnswer))
    guard case .feedback(_, let step, let readings, let after) = lines[index] else { return }
    lines[index] = .feedback(
      action: .counter(.nthPrimeLookup(.presented(.answered(n: 7, .success(19))))), step: step,
      readings: readings,
      after: after)
    guard case .diverged(let line, _, let recorded, let replayed) = try Replay.run(lines) else {
      Issue.record("the replay did not diverge")
      return
    }
    #expect(line == index + 1)
    #expect(recorded.counterDestination == .alert(.nthPrime(n: 7, prime: 17)))
    #expect(replayed.counterDestination == .alert(.nthPrime(n: 7, prime: 19)))
  }

  @Test func aMissingReading_divergesAtItsLine() async throws {
    var lines = try await record(session)
    let index = try #require(lines.firstIndex { $0.action?.1.isEmpty == false })
    guard case .step(let action, _, let after) = lines[index] else { return }
    lines[index] = .step(action: action, after: after)
    guard case .diverged(let line, _, _, _) = try Replay.run(lines) else {
      Issue.record("the replay did not diverge")
      return
    }
    #expect(line == index + 1)
  }

  @Test func aDifferentEnd_isReported() async throws {
    var lines = try await record(session)
    lines[lines.count - 1] = .end(state: AppState(count: 99), screen: "counter")
    guard case .endDiffers(let line, let recorded, _) = try Replay.run(lines) else {
      Issue.record("the end did not differ")
      return
    }
    #expect(line == lines.count)
    #expect(recorded.count == 99)
  }

  @Test func unreadableRecordings_sayWhichLine() throws {
    let state = AppState()
    let start = RecordedLine.start(version: RecordedLine.version, state: state)
    var refused = History(state)
    refused.present.screens.notice = .said("nothing to undo")
    let undo = RecordedLine.undo(readings: nil, after: RecordedLine.Summary(refused))
    let missing = #expect(throws: Replay.Unreadable.self) { try Replay.run([undo]) }
    #expect(missing?.description == "line 1: a recording starts with a start line")
    guard case .startLineMissing? = missing else {
      Issue.record("\(String(describing: missing))")
      return
    }
    let cutShort = #expect(throws: Replay.Unreadable.self) { try Replay.run([start, undo]) }
    #expect(cutShort?.description == "line 2: the recording has no end line")
    guard case .cutShort(lines: 2)? = cutShort else {
      Issue.record("\(String(describing: cutShort))")
      return
    }
    let restarted = #expect(throws: Replay.Unreadable.self) {
      try Replay.run([start, start, .end(state: state, screen: "")])
    }
    #expect(restarted?.description == "line 2: a start line after the first")
    guard case .startLineAfterTheFirst(line: 2)? = restarted else {
      Issue.record("\(String(describing: restarted))")
      return
    }
    let obsolete = #expect(throws: Replay.Unreadable.self) {
      try Replay.run([.start(version: 1, state: state), .end(state: state, screen: "")])
    }
    #expect(
      obsolete?.description
        == "line 1: the recording has format version 1; this primetime reads versions 3 to 10")
    guard case .obsoleteVersion(1)? = obsolete else {
      Issue.record("\(String(describing: obsolete))")
      return
    }
    let future = #expect(throws: Replay.Unreadable.self) {
      try Replay.run([.start(version: 11, state: state), .end(state: state, screen: "")])
    }
    #expect(
      future?.description
        == "line 1: the recording has format version 11; this primetime reads versions 3 to 10")
    guard case .futureVersion(11)? = future else {
      Issue.record("\(String(describing: future))")
      return
    }
    // The versions before this one are read, after their lines are upgraded.
    #expect(
      try Replay.run([.start(version: 3, state: state), .end(state: state, screen: "counter")])
        == .reproduced(state))
  }

  @Test func aLine_encodesAsReadableJSON() throws {
    let line = RecordedLine.step(
      action: .counter(.incrTapped), after: RecordedLine.Summary(History(AppState(count: 1))))
    let text = try line.encoded()
    #expect(text.hasPrefix(#"{"step":{"action":{"counter":{"_0":{"incrTapped":{}}}},"after":{"#))
    #expect(try RecordedLine.decode(text, version: RecordedLine.version) == line)
  }

  @Test func versionFourLines_readTheLookupsCancelAndAnswer_asTheLookupsActions() throws {
    let cancel = #"{"step":{"action":{"favoritePrimes":{"_0":{"nthPrimeCancelTapped":{}}}},"#
    let answer =
      #"{"feedback":{"action":{"counter":{"_0":{"nthPrimeResponse":{"n":7,"_1":"#
      + #"{"failure":{"message":"a {brace} and a \"quote}\""}}}}}},"step":3,"#
    let after = String(
      decoding: try JSONEncoder().encode(RecordedLine.Summary(History(AppState(count: 7)))),
      as: UTF8.self)
    let lines = try RecordedLine.decode(lines: [
      try RecordedLine.start(version: 4, state: AppState(count: 7)).encoded(),
      cancel + #""after":"# + after + "}}",
      answer + #""after":"# + after + "}}",
    ])
    guard case .step(let cancelled, _, _) = lines[1],
      case .feedback(let answered, let step, _, _) = lines[2]
    else {
      Issue.record("not a step and a feedback: \(lines)")
      return
    }
    #expect(cancelled == .favoritePrimes(.nthPrimeLookup(.dismiss)))
    #expect(
      answered
        == .counter(
          .nthPrimeLookup(
            .presented(
              .answered(n: 7, .failure(ErrorMessage(#"a {brace} and a "quote}""#)))))))
    #expect(step == 3)
  }

  @Test func versionFiveLines_readTheModalAndTheAlerts_asDestinations() throws {
    let after = String(
      decoding: try JSONEncoder().encode(RecordedLine.Summary(History(AppState(count: 7)))),
      as: UTF8.self)
    let step = { (action: String) in #"{"step":{"action":"# + action + #","after":"# + after + "}}"
    }
    let lines = try RecordedLine.decode(lines: [
      #"{"start":{"version":5,"state":{"counter":{"primeModal":{"count":7,"favoritePrimes":[7]},"#
        + #""isPrimeModalShown":true,"isNthPrimeRequestInFlight":false},"activityFeed":[]}}}"#,
      step(#"{"counter":{"_0":{"primeModal":{"_0":{"saveFavoritePrimeTapped":{}}}}}}"#),
      step(#"{"counter":{"_0":{"primeModal":{"_0":{"alertDismissed":{}}}}}}"#),
      step(#"{"counter":{"_0":{"primeModalDismissed":{}}}}"#),
      step(#"{"counter":{"_0":{"alertDismissed":{}}}}"#),
      step(#"{"favoritePrimes":{"_0":{"alertDismissed":{}}}}"#),
      step(#"{"counter":{"_0":{"nthPrimeLookup":{"_0":{"cancelled":{}}}}}}"#),
    ])
    #expect(lines[0] == .start(version: 5, state: AppState(count: 7, favoritePrimes: [7])))
    // The modal's actions ran whether or not it was open: the counter's favorite command.
    #expect(
      lines.dropFirst().map { $0.action?.0 } == [
        .step(.counter(.favoriteCommand(.saveFavoritePrimeTapped))),
        .step(.counter(.favoriteCommand(.alertDismissed))),
        .step(.counter(.destination(.dismiss))),
        .step(.alertsDismissed),
        .step(.alertsDismissed),
        .step(.counter(.nthPrimeLookup(.dismiss))),
      ])
  }

  @Test func aVersionFiveSave_withTheModalClosed_replaysAsItWasRecorded() throws {
    // Format 5 ran the prime modal's actions whether or not the modal was open, as the REPL's
    // `set 7; save` did.
    let saved = Activity(
      id: UUID(1), kind: .added, prime: 7, timestamp: Date(timeIntervalSince1970: 1_000))
    var after = History(AppState(count: 7))
    after.record(before: after.present)
    after.present = AppState(count: 7, favoritePrimes: [7], activityFeed: [saved])
    func encode(_ value: some Encodable) throws -> String {
      String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }
    let readings = try encode(
      RecordedLine.Readings(now: [Date(timeIntervalSince1970: 1_000)], uuid: [UUID(1)]))
    let summary = try encode(RecordedLine.Summary(after))
    let feed = try encode([saved])
    let start =
      #"{"start":{"version":5,"state":{"counter":{"primeModal":{"count":7,"favoritePrimes":[]},"#
      + #""isPrimeModalShown":false,"isNthPrimeRequestInFlight":false},"activityFeed":[]}}}"#
    let save =
      #"{"step":{"action":{"counter":{"_0":{"primeModal":{"_0":{"saveFavoritePrimeTapped":{}}}}}},"#
      + #""readings":"# + readings + #","after":"# + summary + "}}"
    let end =
      #"{"end":{"state":{"counter":{"primeModal":{"count":7,"favoritePrimes":[7]},"#
      + #""isPrimeModalShown":false,"isNthPrimeRequestInFlight":false},"activityFeed":"#
      + feed + #"},"screen":"counter"}}"#
    let lines = try RecordedLine.decode(lines: [start, save, end])
    guard case .reproduced(let state) = try Replay.run(lines) else {
      Issue.record("the recording did not replay: \(try Replay.run(lines))")
      return
    }
    #expect(state.favoritePrimes == [7])
    #expect(state.counterDestination == nil)
  }

  @Test func aVersionFiveSummary_isCheckedForTheDataAndTheHistory_only() throws {
    let summary = RecordedLine.Summary(History(AppState(count: 7)))
    let text = try RecordedLine.step(action: .counter(.incrTapped), after: summary).encoded()
    let earlier = try RecordedLine.decode(text, version: 5)
    let current = try RecordedLine.decode(text, version: 6)
    var covered = History(AppState(count: 7, counterDestination: .alert(.failure("no"))))
    covered.present.screens.notice = .said("news")
    let replayed = RecordedLine.Summary(covered)
    // A line reads the same in either version; what differs is what a replay checks of it.
    #expect(earlier == current)
    let recorded = try #require(earlier.action?.2)
    #expect(recorded.agreesInTheDataAndTheHistory(with: replayed))
    #expect(recorded != replayed)
    #expect(
      !recorded.agreesInTheDataAndTheHistory(
        with: RecordedLine.Summary(History(AppState(count: 8)))))
  }

  @Test func versionEightLines_readTheHistoryPagesMoves_asLinesOfTheirOwn() throws {
    let after = String(
      decoding: try JSONEncoder().encode(RecordedLine.Summary(History(AppState(count: 7)))),
      as: UTF8.self)
    let readings = #"{"now":[],"uuid":[]}"#
    let lines = try RecordedLine.decode(lines: [
      try RecordedLine.start(version: 8, state: AppState(count: 7)).encoded(),
      #"{"step":{"action":{"history":{"_0":{"opened":{}}}},"after":"# + after + "}}",
      #"{"step":{"action":{"history":{"_0":{"moved":{"by":-1}}}},"readings":"# + readings
        + #","after":"# + after + "}}",
      // Not a move on the page: left as it is.
      #"{"step":{"action":{"counter":{"_0":{"incrTapped":{}}}},"after":"# + after + "}}",
    ])
    let summary = RecordedLine.Summary(History(AppState(count: 7)))
    #expect(
      Array(lines.dropFirst()) == [
        .historyPage(move: .opened, after: summary),
        .historyPage(move: .moved(by: -1), readings: RecordedLine.Readings(), after: summary),
        .step(action: .counter(.incrTapped), after: summary),
      ])
  }

  @Test func movesOnTheHistoryPage_areRecorded_andReplay_inThisFormatAndUpgradedFromEight()
    async throws
  {
    let lines = try await record([
      .step(.counter(.incrTapped)), .step(.counter(.incrTapped)), .historyPage(.opened),
      .historyPage(.moved(by: -1)), .historyPage(.kept),
    ])
    #expect(
      lines.compactMap { $0.action?.0 }.suffix(3) == [
        .historyPage(.opened), .historyPage(.moved(by: -1)), .historyPage(.kept),
      ])
    guard case .end(let end, _)? = lines.last else {
      Issue.record("no end line: \(lines)")
      return
    }
    #expect(end.count == 1)
    #expect(try Replay.run(lines) == .reproduced(end))
    // The same session as version 8 wrote it: each move a step of the app's.
    let asVersionEight = try lines.map { line in
      if case .start(_, let state) = line {
        return try RecordedLine.start(version: 8, state: state).encoded()
      }
      let text = try line.encoded()
      let prefix = #"{"historyPage":{"move":"#
      // A move's JSON holds no comma: the line's next field follows it.
      guard text.hasPrefix(prefix), let comma = text.firstRange(of: #","#) else { return text }
      let move = text[text.index(text.startIndex, offsetBy: prefix.count)..<comma.lowerBound]
      return #"{"step":{"action":{"history":{"_0":"# + move + "}}" + text[comma.lowerBound...]
    }
    #expect(asVersionEight.filter { $0.contains(#"{"history":{"_0":"#) }.count == 3)
    #expect(try Replay.run(RecordedLine.decode(lines: asVersionEight)) == .reproduced(end))
  }

  @Test func aLaterVersion_isRefusedWithItsVersion_beforeItsLinesAreRead() throws {
    let start = try RecordedLine.start(version: RecordedLine.version + 1, state: AppState())
      .encoded()
    let refusal =
      "line 1: the recording has format version \(RecordedLine.version + 1); this primetime "
      + "reads versions 3 to \(RecordedLine.version)"
    do {
      _ = try RecordedLine.decode(lines: [start, #"{"step":{"action":{"aNewAction":{}}}}"#])
      Issue.record("a later version was read")
    } catch {
      #expect(error.line == 1)
      #expect(error.description == refusal)
      guard case .futureVersion(RecordedLine.version + 1) = error else {
        Issue.record("\(error)")
        return
      }
    }
  }
}
