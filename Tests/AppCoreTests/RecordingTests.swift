import AppTestSupport
import ComposableArchitecture
import FavoritesLedger
import FileClient
import Foundation
import NthPrimeClient
import RecordingFormat
import Synchronization
import Testing

@testable import AppCore

@MainActor
struct RecordingTests {
  @Test func unreadableRecordings_sayWhichLine() throws {
    let state = AppState()
    let start = RecordedLine.start(state)
    var refused = History(state)
    refused.present.screens.notice = .nothingToUndo
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
      try Replay.run([start, start, .end(state: RecordedState(state), screen: "")])
    }
    #expect(restarted?.description == "line 2: a start line after the first")
    guard case .startLineAfterTheFirst(line: 2)? = restarted else {
      Issue.record("\(String(describing: restarted))")
      return
    }
    let obsolete = #expect(throws: Replay.Unreadable.self) {
      try Replay.run([
        .start(version: 1, state: RecordedState(state)),
        .end(state: RecordedState(state), screen: ""),
      ])
    }
    #expect(
      obsolete?.description
        == "line 1: the recording has format version 1; this primetime reads versions 3 to 16")
    guard case .obsoleteVersion(1)? = obsolete else {
      Issue.record("\(String(describing: obsolete))")
      return
    }
    let future = #expect(throws: Replay.Unreadable.self) {
      try Replay.run([
        .start(version: 17, state: RecordedState(state)),
        .end(state: RecordedState(state), screen: ""),
      ])
    }
    #expect(
      future?.description
        == "line 1: the recording has format version 17; this primetime reads versions 3 to 16")
    guard case .futureVersion(17)? = future else {
      Issue.record("\(String(describing: future))")
      return
    }
    // The versions before this one are read, after their lines are upgraded.
    #expect(
      try Replay.run([
        .start(version: 3, state: RecordedState(state)),
        .end(state: RecordedState(state), screen: "counter"),
      ])
        == .reproduced(state))
  }

  @Test func aLine_encodesAsReadableJSON() throws {
    let line = RecordedLine.step(
      action: .counter(.incrTapped), after: RecordedLine.Summary(History(AppState(count: 1))))
    let text = line.encoded()
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
      #"{"start":{"version":4,"state":{"counter":{"primeModal":{"count":7,"favoritePrimes":[]},"#
        + #""isPrimeModalShown":false,"isNthPrimeRequestInFlight":false},"activityFeed":[]}}}"#,
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
              .answered(n: 7, .failure(message: #"a {brace} and a "quote}""#))))))
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
    #expect(lines[0] == .start(version: 5, state: RecordedState(count: 7, favoritePrimes: [7])))
    // The modal's actions ran whether or not it was open: the counter's favorite command.
    let expected: [AppAction] = [
      .counter(.favoriteCommand(.saveFavoritePrimeTapped)),
      .counter(.favoriteCommand(.alertDismissed)), .counter(.destination(.dismiss)),
      .alertsDismissed, .alertsDismissed, .counter(.nthPrimeLookup(.dismiss)),
    ]
    #expect(lines.dropFirst().map { $0.replayed?.0 } == expected.map { .app(.step($0)) })
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
    let feed = try encode([RecordedState.Activity(saved)])
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
    covered.present.screens.notice = .feature(.cancelled)
    let replayed = RecordedLine.Summary(covered)
    // A line reads the same in either version; what differs is what a replay checks of it.
    #expect(earlier == current)
    let recorded = try #require(earlier.replayed?.2)
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
      try RecordedLine.start(version: 8, state: RecordedState(count: 7)).encoded(),
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

  @Test func aLaterVersion_isRefusedWithItsVersion_beforeItsLinesAreRead() throws {
    let start = try RecordedLine.start(version: RecordedLine.version + 1, state: RecordedState())
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

  @Test func anEndLineBeforeTheLast_isRefused() {
    let state = AppState()
    let end = RecordedLine.end(state, screen: .counter)
    let error = #expect(throws: Replay.Unreadable.self) {
      try Replay.run([.start(state), end, end])
    }
    #expect(error?.description == "line 2: the end line is not the last")
    guard case .endLineNotLast(line: 2)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
  }

  @Test func whatAReplayCompares_isTheDataAndTheHistory_forFormat5AndBefore() {
    #expect(Replay.Comparison(recordedIn: 3) == .dataAndHistory)
    #expect(Replay.Comparison(recordedIn: 5) == .dataAndHistory)
    #expect(Replay.Comparison(recordedIn: 6) == .noticeByItsWords)
    #expect(Replay.Comparison(recordedIn: 15) == .noticeByItsWords)
    #expect(Replay.Comparison(recordedIn: 16) == .everything)
    #expect(Replay.Comparison(recordedIn: RecordedLine.version) == .everything)
  }

  /// Formats 6 to 15 kept a notice as the words the app said: a replay says the replayed notice
  /// and compares the words, so a notice said otherwise is found.
  @Test func aNoticeOfFormat15_isComparedByItsWords() throws {
    let file = KeptRecordingsThroughTheAppTests.directory.appending(path: "format-15.jsonl")
    let text = try String(contentsOf: file, encoding: .utf8)
    func replay(_ text: String) throws -> Replay.Outcome {
      let lines = text.split(separator: "\n").map(String.init)
      return try Replay.run(RecordedLine.decode(lines: lines))
    }
    guard case .reproduced = try replay(text) else {
      Issue.record("format-15.jsonl does not reproduce")
      return
    }
    let reworded = text.replacingOccurrences(
      of: "saved 7 to your favorite primes", with: "saved 7 to your favourite primes")
    #expect(reworded != text)
    guard case .diverged(let line, _, let recorded, let replayed) = try replay(reworded) else {
      Issue.record("a notice in other words reproduces")
      return
    }
    #expect(line == 4)
    #expect(recorded.notice == .said("saved 7 to your favourite primes"))
    #expect(replayed.notice == .said("saved 7 to your favorite primes"))
  }
}
