import Alerts
import ComposableArchitecture
import Counter
import FavoritePrimes
import FavoritePrimesFormat
import FavoritesLedger
import Foundation
import NthPrimeLookup
import PrimeModal
import RecordingFormat
import Screens
import Testing

@testable import AppCore

/// The one mapping between the app and the recording format. Every switch of it names every
/// case, so an action the app gains does not build until the format has a place for it; these
/// tests hold each case to coming back as it went.
struct RecordingMappingTests {
  static let entry = Activity(
    id: UUID(7), kind: .added, prime: 7, timestamp: Date(timeIntervalSince1970: 1_000.25))

  /// One of each of the app's actions, every case of every feature's.
  static let everyAction: [AppAction] = [
    .counter(.incrTapped), .counter(.decrTapped), .counter(.countEntered(7)),
    .counter(.countAdjusted(by: -3)), .counter(.isPrimeTapped), .counter(.nthPrimeTapped),
    .counter(.nthPrimeLookup(.presented(.started))),
    .counter(.nthPrimeLookup(.presented(.answered(n: 4, .success(7))))),
    .counter(.nthPrimeLookup(.presented(.answered(n: 4, .failure(ErrorMessage("no")))))),
    .counter(.nthPrimeLookup(.dismiss)),
    .counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped)))),
    .counter(.destination(.presented(.primeModal(.removeFavoritePrimeTapped)))),
    .counter(.destination(.presented(.primeModal(.alertDismissed)))),
    .counter(.destination(.dismiss)),
    .counter(.favoriteCommand(.saveFavoritePrimeTapped)),
    .favoritePrimes(.deleteFavoritePrimes([0, 2])),
    .favoritePrimes(.saveButtonTapped(file: nil)),
    .favoritePrimes(.saveButtonTapped(file: "a.json")),
    .favoritePrimes(.saveResponse(.success(3), file: "a.json")),
    .favoritePrimes(.saveResponse(.failure(ErrorMessage("disk full")))),
    .favoritePrimes(.loadButtonTapped(file: "b.json")),
    .favoritePrimes(
      .loadResponse(
        .success(
          ImportedPrimes(
            primes: [2], notPrime: [4], repeated: [2],
            unusable: [
              .init(shown: "x", reason: .notANumber), .init(shown: "1.5", reason: .notAWholeNumber),
              .init(shown: "1e30", reason: .outOfRange),
            ])))),
    .favoritePrimes(.loadResponse(.failure(ErrorMessage("no file")))),
    .favoritePrimes(.primeTapped(at: 1)),
    .favoritePrimes(.nthPrimeLookup(.presented(.started))),
    .favoritePrimes(.nthPrimeLookup(.dismiss)),
    .favoritePrimes(.destination(.dismiss)),
    .storageChanged(StoredFavorites(favoritePrimes: [7], activityFeed: [entry])),
    .storageUpdated(StoredUpdate(takenBack: [UUID(3)], appended: [entry])),
    .screens(.pageOpened(.counter)), .screens(.pageOpened(.favorites)),
    .screens(.pageOpened(.activity)), .screens(.selectionMoved(by: 1)),
    .screens(.selectionPaged(by: -1)), .screens(.selectionMovedToFirst),
    .screens(.selectionMovedToLast), .screens(.activityScrolled(by: 2)),
    .screens(.activityPaged(by: 1)), .screens(.activityScrolledToNewest),
    .screens(.activityScrolledToOldest), .screens(.helpOpened), .screens(.helpClosed),
    .screens(.terminalResized(Size(columns: 100, rows: 30))), .screens(.launchWarned("memory")),
    .screens(.launchWarningClosed), .screens(.storageFailed("disk full")),
    .screens(.storageRecovered), .screens(.storageWaiting("held")), .screens(.storageWaitEnded),
    .screens(.storageReadOnly("mode")), .screens(.storageWritable), .screens(.quitTapped),
    .screens(.signalReceived(15)), .alertsDismissed,
  ]

  @Test(arguments: everyAction)
  func anAction_comesBackFromTheFormat_andItsFileAsItWent(action: AppAction) throws {
    let recorded = RecordedAction(action)
    #expect(AppAction(recorded) == action)
    let line = RecordedLine.step(
      action: recorded, after: RecordedLine.Summary(History(AppState())))
    let read = try RecordedLine.decode(line.encoded(), version: RecordedLine.version)
    guard case .step(let readAction, _, _) = read else {
      Issue.record("not a step: \(read)")
      return
    }
    #expect(AppAction(readAction) == action)
  }

  @Test func everyMoveOnTheHistoryPage_comesBack() {
    let moves: [HistoryScreenAction] = [
      .opened, .moved(by: -2), .movedToFirst, .movedToLast, .kept, .cancelled,
    ]
    #expect(moves.map { HistoryScreenAction(RecordedAction.HistoryPage($0)) } == moves)
  }

  @Test func aState_comesBackFromTheFormat_inEveryShapeItCanTake() throws {
    let states: [AppState] = [
      AppState(),
      AppState(
        count: 7, favoritePrimes: [2, 7], counterDestination: .primeModal(alert: nil),
        counterLookup: NthPrimeLookupState(n: 7), activityFeed: [Self.entry],
        screens: ScreensState(
          page: .history(ScreensState.HistoryVisit(openedAt: 2, returnPage: .favorites)),
          selection: ScreensState.Selection(row: 1, top: 0, prime: 7), activityEnd: 1,
          destination: .help, notice: .feature(.saved(7)), storageStatus: .waiting("held"),
          size: Size(columns: 90, rows: 30), ending: .signal(2))),
      AppState(
        counterDestination: .primeModal(alert: .nthPrime(n: 4, prime: 7)),
        favoritesDestination: .alert(.failure("no")), favoritesLookup: NthPrimeLookupState(n: 3),
        screens: ScreensState(
          page: .activity, destination: .launchWarning("memory"),
          notice: .refused(needs: .favorites), storageStatus: .readOnly("mode"), ending: .quit)),
      AppState(
        counterDestination: .alert(.nthPrime(n: 1, prime: 2)),
        screens: ScreensState(
          page: .favorites, notice: .refusedReadOnly("mode"), storageStatus: .failed("full"))),
    ]
    let notices: [ScreensState.Notice] = [
      .feature(.saved(7)), .feature(.removed(7)), .feature(.deleted([2, 7])),
      .feature(.exported(count: 2, file: "/tmp/a.json")), .feature(.exported(count: 1, file: nil)),
      .feature(
        .imported(
          found: 3, added: 1,
          skipped: [
            .init("4", .notPrime), .init("5", .listedTwice), .init("1e+30", .outOfRange),
            .init("2.5", .notAWholeNumber), .init("null", .notANumber),
          ])),
      .feature(.cancelled), .nothingToUndo, .nothingToRedo,
      .travelled(Travel(isBack: false, steps: 2, requested: 5, count: 3, favorites: 1...12)),
      .travelled(
        Travel(
          isBack: true, steps: 1, requested: 1, step: .favorites(saved: .one(17), removed: .none),
          alreadyDone: [.init(prime: 17, saved: false), .init(prime: 3, saved: true)], count: 17,
          favorites: [])),
      .travelled(
        Travel(
          isBack: true, steps: 1, requested: 1, step: .favorites(saved: .many(3), removed: .one(2)),
          alreadyDone: [.init(prime: 2, saved: true)], count: 0, favorites: [5])),
      .travelled(
        Travel(
          isBack: false, steps: 1, requested: 1, step: .count(from: 4, to: -5),
          alreadyDone: [.init(prime: 7, saved: true)], count: -5, favorites: [7])),
    ]
    for state in states + notices.map({ AppState(screens: ScreensState(notice: $0)) }) {
      #expect(AppState(RecordedState(state)) == state)
      let line = RecordedLine.start(state).encoded()
      guard case .start(_, let read) = try RecordedLine.decode(line, version: RecordedLine.version)
      else {
        Issue.record("not a start line: \(line)")
        continue
      }
      #expect(AppState(read) == state)
    }
  }

  /// The app's actions and states have no encoding of their own: what a recording holds is
  /// the format's, so renaming a case of the app's changes no byte of a file.
  @Test func theAppsActionsAndStates_areNotCodable_theFormatIs() {
    let appTypes: [Any.Type] = [
      AppAction.self, AppState.self, CounterAction.self, CounterDestinationAction.self,
      CounterState.Destination.self, PrimeModalAction.self, PrimeModalState.self,
      FavoritePrimesAction.self, FavoritePrimesState.Destination.self, NthPrimeLookupAction.self,
      NthPrimeLookupState.self, ScreensAction.self, ScreensState.self, ScreensState.Notice.self,
      HistoryScreenAction.self, Alert.self, StoredFavorites.self, StoredUpdate.self,
      ImportedPrimes.self,
    ]
    for type in appTypes {
      #expect(!(type is any Encodable.Type), "\(type) is Encodable")
      #expect(!(type is any Decodable.Type), "\(type) is Decodable")
    }
    let formatTypes: [Any.Type] = [RecordedAction.self, RecordedState.self]
    for type in formatTypes { #expect(type is any Codable.Type) }
  }
}

/// Each line of the kept recordings of this format, taken through the app's own types and back,
/// is the same line, byte for byte: a session that did the same would record the same file.
struct KeptRecordingsThroughTheAppTests {
  static let directory = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Recordings")

  static var recordings: [String] {
    let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    return (names ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
  }

  /// The line with its actions and states taken into the app's types and back.
  static func throughTheApp(_ line: RecordedLine) -> RecordedLine {
    switch line {
    case .start(let version, let state):
      .start(version: version, state: RecordedState(AppState(state)))
    case .step(let action, let readings, let after):
      .step(action: RecordedAction(AppAction(action)), readings: readings, after: after)
    case .feedback(let action, let step, let readings, let after):
      .feedback(
        action: RecordedAction(AppAction(action)), step: step, readings: readings, after: after)
    case .historyPage(let move, let readings, let after):
      .historyPage(
        move: RecordedAction.HistoryPage(HistoryScreenAction(move)), readings: readings,
        after: after)
    case .end(let state, let screen):
      .end(state: RecordedState(AppState(state)), screen: screen)
    case .undo, .redo, .travel, .restoringTravel, .quietHistoryPage:
      line
    }
  }

  @Test(arguments: recordings)
  func aKeptLineOfThisFormat_throughTheApp_isTheSameBytes(name: String) throws {
    let text = try String(contentsOf: Self.directory.appending(path: name), encoding: .utf8)
    let texts = text.split(separator: "\n", omittingEmptySubsequences: false)
    let read = try RecordedLine.decodeNumbered(lines: texts)
    guard case .start(RecordedLine.version, _)? = read.lines.first else { return }
    for (number, line) in zip(read.numbers, read.lines) {
      #expect(
        Self.throughTheApp(line).encoded() == String(texts[number - 1]), "\(name) line \(number)")
    }
  }
}
