import Foundation
import Testing

@testable import RecordingFormat

/// Each earlier format's lines, read as that format's types and upgraded a version at a time:
/// each upgrade is tested on its own, an old type in and the next one out.
struct RecordingUpgradeTests {
  typealias Version4 = RecordedLine.Version4
  typealias Version5 = RecordedLine.Version5
  typealias Version8 = RecordedLine.Version8

  /// A summary of a count and nothing else, as this format writes it.
  static func after(count: Int) -> RecordedLine.Summary {
    RecordedLine.Summary(
      count: count, favoriteCount: 0, lastFavorite: nil, activityCount: 0, lastActivity: nil,
      undoCount: 0, redoCount: 0)
  }

  static let summary = Version5.Summary(
    count: 7, favoriteCount: 1, lastFavorite: 7, activityCount: 0, lastActivity: nil,
    undoCount: 2, redoCount: 0)

  @Test func aVersion4Line_upgradesTheLookupsCancelAndAnswer_toTheLookupsActions() {
    let failure = RecordedResult<Int>.failure(message: "no")
    let lines: [Version4.Line] = [
      .step(action: .app(.counter(.nthPrimeCancelTapped)), after: Self.summary),
      .feedback(
        action: .favoritePrimes(.nthPrimeResponse(n: 7, failure)), step: 3, after: Self.summary),
      .step(action: .app(.counter(.primeModal(.saveFavoritePrimeTapped))), after: Self.summary),
      .step(action: .history(.moved(by: -1)), after: Self.summary),
      .travel(by: -2, after: Self.summary),
    ]
    #expect(
      lines.map { $0.upgraded() } == [
        .step(action: .app(.counter(.nthPrimeLookup(.cancelled))), after: Self.summary),
        .feedback(
          action: .favoritePrimes(.nthPrimeLookup(.answered(n: 7, failure))), step: 3,
          after: Self.summary),
        .step(action: .app(.counter(.primeModal(.saveFavoritePrimeTapped))), after: Self.summary),
        .step(action: .history(.moved(by: -1)), after: Self.summary),
        .travel(by: -2, after: Self.summary),
      ])
  }

  @Test func aVersion5State_readsTheCountAndTheFavoritesFromTheCounter_andThisFormatsDoesNot()
    throws
  {
    let text = #"""
      {"counter":{"primeModal":{"count":7,"favoritePrimes":[7]},"isPrimeModalShown":true},\#
      "activityFeed":[]}
      """#
    let state = try JSONDecoder().decode(Version5.State.self, from: Data(text.utf8))
    #expect(state.upgraded == RecordedState(count: 7, favoritePrimes: [7]))
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(RecordedState.self, from: Data(text.utf8))
    }
    // A state of this format's shape is no state of format 5.
    let current = try JSONEncoder().encode(RecordedState(count: 3, favoritePrimes: [2, 3]))
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Version5.State.self, from: current)
    }
  }

  @Test func aVersion5Line_upgradesTheModalTheAlertsAndTheLookup_toDestinations() {
    let readings = RecordedLine.Readings(now: [Date(timeIntervalSinceReferenceDate: 1.5)])
    let answer = RecordedResult<Int>.success(17)
    let lines: [Version5.Line] = [
      .step(
        action: .app(.counter(.primeModal(.saveFavoritePrimeTapped))), readings: readings,
        after: Self.summary),
      .step(action: .app(.counter(.primeModalDismissed)), after: Self.summary),
      .step(action: .app(.counter(.alertDismissed)), after: Self.summary),
      .step(action: .app(.favoritePrimes(.alertDismissed)), after: Self.summary),
      .step(action: .app(.favoritePrimes(.nthPrimeLookup(.cancelled))), after: Self.summary),
      .feedback(
        action: .counter(.nthPrimeLookup(.answered(n: 4, answer))), step: 2, after: Self.summary),
      .undo(after: Self.summary),
      .end(
        state: Version5.State(upgraded: RecordedState(count: 7, favoritePrimes: [7])),
        screen: "counter"),
    ]
    // What covered the screens is not in format 5's summaries, and none is in the upgraded one.
    let after = RecordedLine.Summary(
      count: 7, favoriteCount: 1, lastFavorite: 7, activityCount: 0, lastActivity: nil,
      undoCount: 2, redoCount: 0)
    #expect(
      lines.map { $0.upgraded() } == [
        .step(
          action: .app(.counter(.favoriteCommand(.saveFavoritePrimeTapped))), readings: readings,
          after: after),
        .step(action: .app(.counter(.destination(.dismiss))), after: after),
        .step(action: .app(.alertsDismissed), after: after),
        .step(action: .app(.alertsDismissed), after: after),
        .step(action: .app(.favoritePrimes(.nthPrimeLookup(.dismiss))), after: after),
        .feedback(
          action: .counter(.nthPrimeLookup(.presented(.answered(n: 4, answer)))), step: 2,
          after: after),
        .undo(after: after),
        .end(state: RecordedState(count: 7, favoritePrimes: [7]), screen: "counter"),
      ])
  }

  @Test func aVersion8Line_upgrades_byTheRulesOfItsFormat() {
    let after = Self.after(count: 7)
    let readings = RecordedLine.Readings(uuid: [UUID()])
    let undo = Version8.Line.undo(readings: readings, after: after)
    let travel = Version8.Line.travel(by: -3, after: after)
    let move = Version8.Line.step(action: .history(.movedToFirst), after: after)
    let step = Version8.Line.step(action: .app(.counter(.incrTapped)), after: after)
    // Format 8's rules are this format's; a move on the page is a line of its own.
    #expect(undo.upgraded(from: 8) == .undo(readings: readings, after: after))
    #expect(travel.upgraded(from: 8) == .travel(by: -3, after: after))
    #expect(move.upgraded(from: 8) == .historyPage(move: .movedToFirst, after: after))
    #expect(step.upgraded(from: 8) == .step(action: .counter(.incrTapped), after: after))
    // Before format 8, a move on the page said nothing of what others had done.
    #expect(undo.upgraded(from: 7) == .undo(readings: readings, after: after))
    #expect(
      move.upgraded(from: 7)
        == .quietHistoryPage(move: .movedToFirst, restoring: false, after: after))
    // Before format 7, undo, redo, travel and the page restored the states.
    #expect(undo.upgraded(from: 6) == .restoringTravel(by: -1, readings: readings, after: after))
    #expect(
      Version8.Line.redo(after: after).upgraded(from: 6) == .restoringTravel(by: 1, after: after))
    #expect(travel.upgraded(from: 6) == .restoringTravel(by: -3, after: after))
    #expect(
      move.upgraded(from: 6)
        == .quietHistoryPage(move: .movedToFirst, restoring: true, after: after))
    #expect(step.upgraded(from: 6) == .step(action: .counter(.incrTapped), after: after))
  }

  @Test func anEarlierStep_isAMoveOnTheHistoryPage_onlyWhereHistoryIsItsOneKey() throws {
    func step(_ json: String) throws -> EarlierStep<RecordedAction> {
      try JSONDecoder().decode(EarlierStep<RecordedAction>.self, from: Data(json.utf8))
    }
    #expect(try step(#"{"history":{"_0":{"moved":{"by":-1}}}}"#) == .history(.moved(by: -1)))
    #expect(try step(#"{"counter":{"_0":{"incrTapped":{}}}}"#) == .app(.counter(.incrTapped)))
    // With another key, it is the app's action, whose decoder passes over keys it does not know.
    #expect(
      try step(#"{"history":{"_0":{"opened":{}}},"counter":{"_0":{"incrTapped":{}}}}"#)
        == .app(.counter(.incrTapped)))
  }

  @Test func aVersion3Line_keepsItsRecordedTimes_toTheLastDigit() throws {
    // As `primetime --record` of format 3 wrote it (Tests/Recordings/two-sessions.jsonl).
    let text =
      #"{"step":{"action":{"counter":{"_0":{"primeModal":{"_0":{"saveFavoritePrimeTapped":{}}}}}},"#
      + #""readings":{"now":[817396484.8064656],"uuid":["73CBBED7-1E0D-4C83-B906-42F00EBF2514"]},"#
      + #""after":{"count":7,"favoriteCount":3,"lastFavorite":7,"activityCount":3,"lastActivity":"#
      + #"{"id":"73CBBED7-1E0D-4C83-B906-42F00EBF2514","type":"added","prime":7,"#
      + #""timestamp":817396484.806},"isPrimeModalShown":true,"isNthPrimeRequestInFlight":false,"#
      + #""primeModalAlert":{"notice":{"_0":"saved 7 to your favorite primes"}},"undoCount":2,"#
      + #""redoCount":0}}}"#
    let line = try RecordedLine.decode(text, version: 3)
    guard case .step(let action, let readings?, let after) = line else {
      Issue.record("not a step with readings: \(line)")
      return
    }
    #expect(action == .counter(.favoriteCommand(.saveFavoritePrimeTapped)))
    #expect(readings.now == [Date(timeIntervalSinceReferenceDate: 817396484.8064656)])
    #expect(after.lastActivity?.timestamp == Date(timeIntervalSinceReferenceDate: 817396484.806))
    #expect(after.counterDestination == nil)
  }

  @Test func aStorageProblemOfFormat11_readsAsAFailure_andAWaitIsWrittenApart() throws {
    let failing = RecordedState(screens: .init(storage: .failed("disk full")))
    let line = try RecordedLine.start(version: 11, state: failing).encoded()
    #expect(line.contains(#""storageProblem":"disk full""#) && !line.contains("storageWait"))
    #expect(try RecordedLine.decode(line, version: 11) == .start(version: 11, state: failing))
    let waiting = RecordedState(screens: .init(storage: .waiting("waiting for it")))
    let waitLine = try RecordedLine.start(version: RecordedLine.version, state: waiting).encoded()
    #expect(waitLine.contains(#""storageWait":"waiting for it""#))
    #expect(!waitLine.contains("storageProblem"))
  }

  // MARK: - Why a recording cannot be replayed

  @Test func aLineThatIsNoLineOfItsFormat_isNamed_withItsOwnTextAndWhereItGoesWrong() throws {
    let start = RecordingUpgradeTests.startLine(version: 5)
    let misspelled =
      #"{"step":{"action":{"counter":{"_0":{"primeModal":{"_0":{"saveFavoritePrimeTaped":{}}}}}},"#
      + #""after":{"count":0,"favoriteCount":0,"activityCount":0,"undoCount":0,"redoCount":0}}}"#
    let error = #expect(throws: RecordedLine.Unreadable.self) {
      try RecordedLine.decode(lines: [start, misspelled])
    }
    #expect(
      error?.description
        == "line 2 is not a recording line: unknown action 'saveFavoritePrimeTaped' at "
        + "step.action.counter._0.primeModal._0")
    guard case .notARecordingLine(2, let text, let cause)? = error,
      case .typeMismatch(_, let context) = cause as? DecodingError
    else {
      Issue.record("\(String(describing: error))")
      return
    }
    // The line as the file has it, and a path into it: format 5's, not an upgraded one's.
    #expect(text == misspelled)
    #expect(
      context.codingPath.map(\.stringValue) == [
        "step", "action", "counter", "_0", "primeModal", "_0",
      ])
  }

  @Test func aStartLineOfAnUnreadVersion_isRefused_beforeTheRestOfItIsRead() {
    let error = #expect(throws: RecordedLine.Unreadable.self) {
      try RecordedLine.decode(lines: [#"{"start":{"version":2,"state":{"old":true}}}"#])
    }
    #expect(
      error?.description
        == "line 1: the recording has format version 2; this primetime reads versions 3 to 16")
    guard case .obsoleteVersion(2)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
  }

  @Test func aLineOnlyAnUpgradeMakes_isNoLineOfThisFormat() throws {
    let after = String(
      decoding: try JSONEncoder().encode(Self.after(count: 0)),
      as: UTF8.self)
    for kind in [
      #"{"restoringTravel":{"by":-1,"after":\#(after)}}"#,
      #"{"quietHistoryPage":{"move":{"movedToFirst":{}},"restoring":true,"after":\#(after)}}"#,
    ] {
      let start = try RecordedLine.start(version: RecordedLine.version, state: RecordedState())
        .encoded()
      let error = #expect(throws: RecordedLine.Unreadable.self) {
        try RecordedLine.decode(lines: [start, kind])
      }
      guard case .notARecordingLine(2, _, let cause)? = error,
        case .dataCorrupted(let context) = cause as? DecodingError
      else {
        Issue.record("\(String(describing: error))")
        continue
      }
      #expect(context.debugDescription.contains("only by reading an earlier format's"))
    }
  }

  /// The start line of a recording of format 3, 4 or 5, with the count 0 and no favorites, in
  /// the shape those formats wrote.
  static func startLine(version: Int, count: Int = 0) -> String {
    #"{"start":{"version":\#(version),"state":{"counter":{"primeModal":{"count":\#(count),"#
      + #""favoritePrimes":[]},"isPrimeModalShown":false,"isNthPrimeRequestInFlight":false},"#
      + #""activityFeed":[],"screens":{"page":"counter","selection":{"row":0,"top":0},"#
      + #""size":{"columns":80,"rows":24}}}}}"#
  }
}
