import Foundation
import RecordingFormat
import Testing

/// The lines a session writes by hand (``JSONLineWriter``) are the bytes the format's `Codable`
/// conformances encode, field for field and in their order: every case of every action, every
/// shape of a state, and every line of the kept recordings.
@Suite struct WritingTests {
  static let entry = RecordedState.Activity(
    id: UUID(
      uuid: (
        0x89, 0x0E, 0x10, 0xA3, 0xA7, 0xA1, 0x49, 0xF4, 0x82, 0xFB, 0x33, 0xCC, 0xAE, 0xC1, 0x33,
        0x72
      )),
    kind: .removed, prime: 7,
    timestamp: Date(timeIntervalSinceReferenceDate: 818253847.938))

  static let summary = RecordedLine.Summary(
    count: 7, favoriteCount: 1, lastFavorite: 7, activityCount: 1, lastActivity: entry,
    counterDestination: .primeModal(alert: .nthPrime(n: 4, prime: 7)),
    favoritesDestination: .alert(.failure("a \"quoted\"\nline")), counterLookup: .init(n: 3),
    favoritesLookup: .init(n: 9), notice: .refused(needs: .favorites), undoCount: 2, redoCount: 1)

  static let everyAction: [RecordedAction] = [
    .counter(.incrTapped), .counter(.decrTapped), .counter(.countEntered(-7)),
    .counter(.countAdjusted(by: 3)), .counter(.isPrimeTapped), .counter(.nthPrimeTapped),
    .counter(.nthPrimeLookup(.presented(.started))),
    .counter(.nthPrimeLookup(.presented(.answered(n: 4, .success(7))))),
    .counter(.nthPrimeLookup(.presented(.answered(n: 4, .failure(message: "no \\ way"))))),
    .counter(.nthPrimeLookup(.dismiss)),
    .counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped)))),
    .counter(.destination(.presented(.primeModal(.removeFavoritePrimeTapped)))),
    .counter(.destination(.presented(.primeModal(.alertDismissed)))),
    .counter(.destination(.dismiss)), .counter(.favoriteCommand(.saveFavoritePrimeTapped)),
    .favoritePrimes(.deleteFavoritePrimes([0, 1, 2, 5, 9])),
    .favoritePrimes(.deleteFavoritePrimes([])), .favoritePrimes(.saveButtonTapped(file: nil)),
    .favoritePrimes(.saveButtonTapped(file: "my primes.json")),
    .favoritePrimes(.saveResponse(.success(3), file: "a.json")),
    .favoritePrimes(.saveResponse(.failure(message: "disk full"))),
    .favoritePrimes(.loadButtonTapped(file: nil)),
    .favoritePrimes(
      .loadResponse(
        .success(
          .init(
            primes: [2], notPrime: [4], repeated: [2],
            unusable: [.init(shown: "x", reason: .notANumber)])))),
    .favoritePrimes(
      .loadResponse(.success(.init(primes: [], notPrime: [], repeated: [], unusable: [])))),
    .favoritePrimes(.loadResponse(.failure(message: "no file"))),
    .favoritePrimes(.primeTapped(at: 1)), .favoritePrimes(.nthPrimeLookup(.presented(.started))),
    .favoritePrimes(.nthPrimeLookup(.dismiss)), .favoritePrimes(.destination(.dismiss)),
    .storageChanged(.init(favoritePrimes: [7, 11], activityFeed: [entry])),
    .storageUpdated(.init(takenBack: [entry.id], appended: [entry, entry])),
    .screens(.pageOpened(.counter)), .screens(.pageOpened(.favorites)),
    .screens(.pageOpened(.activity)), .screens(.selectionMoved(by: -1)),
    .screens(.selectionPaged(by: 2)), .screens(.selectionMovedToFirst),
    .screens(.selectionMovedToLast), .screens(.activityScrolled(by: 1)),
    .screens(.activityPaged(by: -1)), .screens(.activityScrolledToNewest),
    .screens(.activityScrolledToOldest), .screens(.helpOpened), .screens(.helpClosed),
    .screens(.terminalResized(.init(columns: 100, rows: 30))),
    .screens(.launchWarned("kept in memory")), .screens(.launchWarningClosed),
    .screens(.storageFailed("disk full")), .screens(.storageRecovered),
    .screens(.storageWaiting("held")), .screens(.storageWaitEnded),
    .screens(.storageReadOnly("mode")), .screens(.storageWritable), .screens(.quitTapped),
    .screens(.signalReceived(15)), .alertsDismissed,
  ]

  static let everyShapeOfState: [RecordedState] = [
    RecordedState(),
    RecordedState(
      count: 7, favoritePrimes: [2, 7], counterDestination: .alert(.nthPrime(n: 1, prime: 2)),
      counterLookup: .init(n: 7), favoritesDestination: .alert(.failure("no")),
      favoritesLookup: .init(n: 3), activityFeed: [entry],
      screens: .init(
        page: .history(.init(openedAt: 2, returnPage: .favorites)),
        selection: .init(row: 1, top: 0, prime: 7), activityEnd: 1, destination: .help,
        notice: .said("saved 7"), storage: .waiting("held"), size: .init(columns: 90, rows: 30),
        ending: .signal(2))),
    RecordedState(
      counterDestination: .primeModal(alert: nil),
      screens: .init(
        page: .activity, destination: .launchWarning("memory"),
        notice: .refusedReadOnly("mode"), storage: .readOnly("mode"), ending: .quit)),
    RecordedState(screens: .init(page: .favorites, storage: .failed("full"))),
  ]

  /// Every case of the notice, and every shape of a travel and of a step's change.
  static let everyNotice: [RecordedState.Notice] = [
    .said("saved 7"), .refused(needs: .counter), .refusedReadOnly("mode"), .saved(7),
    .removed(7), .deleted([2, 7]), .deleted([]), .exported(count: 2, file: "a \"b\".json"),
    .exported(count: 1, file: nil),
    .imported(found: 2, added: 1, skipped: []),
    .imported(
      found: 3, added: 0,
      skipped: [.init(shown: "4", reason: .notPrime), .init(shown: "\"13\"", reason: .notANumber)]),
    .cancelled,
    .nothingToUndo, .nothingToRedo,
    .travelled(
      .init(
        isBack: true, steps: 1, requested: 1, step: .count(from: 4, to: 5), alreadyDone: [],
        count: 5, favoriteCount: 0, lastFavorites: [])),
    .travelled(
      .init(
        isBack: false, steps: 2, requested: .max,
        step: .favorites(saved: .one(17), removed: .many(3)),
        alreadyDone: [.init(prime: 17, saved: false), .init(prime: 3, saved: true)], count: -1,
        favoriteCount: 12, lastFavorites: [2, 3])),
    .travelled(
      .init(
        isBack: true, steps: 1, requested: 1, step: .favorites(saved: .none, removed: .none),
        alreadyDone: [], count: 0, favoriteCount: 0, lastFavorites: [])),
    .travelled(
      .init(
        isBack: true, steps: 1, requested: 1, step: nil, alreadyDone: [], count: 0,
        favoriteCount: 0, lastFavorites: [])),
  ]

  @Test func everyNotice_isWrittenAsItsConformanceEncodesIt() throws {
    for notice in Self.everyNotice {
      var summary = Self.summary
      summary.notice = notice
      try Self.agree(.step(action: .alertsDismissed, after: summary))
      try Self.agree(
        .start(version: RecordedLine.version, state: RecordedState(screens: .init(notice: notice))))
    }
  }

  static func agree(_ line: RecordedLine) throws {
    #expect(try line.encoded() == JSONLineEncoder.encode(line))
  }

  @Test func everyAction_isWrittenAsItsConformanceEncodesIt() throws {
    let readings = RecordedLine.Readings(
      now: [Date(timeIntervalSinceReferenceDate: 818253853.1170692)], uuid: [Self.entry.id])
    for action in Self.everyAction {
      try Self.agree(.step(action: action, after: Self.summary))
      try Self.agree(.feedback(action: action, step: 4, readings: readings, after: Self.summary))
    }
  }

  @Test func everyKindOfLine_andEveryShapeOfState_isWrittenAsItsConformanceEncodesIt() throws {
    let empty = RecordedLine.Readings()
    for state in Self.everyShapeOfState {
      try Self.agree(.start(version: RecordedLine.version, state: state))
      try Self.agree(.end(state: state, screen: "favorites"))
    }
    for move: RecordedAction.HistoryPage in [
      .opened, .moved(by: -2), .movedToFirst, .movedToLast, .kept, .cancelled,
    ] {
      try Self.agree(.historyPage(move: move, readings: empty, after: Self.summary))
      try Self.agree(.quietHistoryPage(move: move, restoring: true, after: Self.summary))
    }
    try Self.agree(.undo(after: Self.summary))
    try Self.agree(.redo(readings: empty, after: Self.summary))
    try Self.agree(.travel(by: -3, after: Self.summary))
    try Self.agree(.restoringTravel(by: 2, after: Self.summary))
  }

  @Test(arguments: KeptRecordingTests.recordings)
  func everyLineOfAKeptRecording_isWrittenAsItsConformanceEncodesIt(name: String) throws {
    let lines = try RecordedLine.decode(
      lines: try KeptRecordingTests.text(name).split(separator: "\n"))
    for line in lines { try Self.agree(line) }
  }
}
