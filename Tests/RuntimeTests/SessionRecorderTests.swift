import AppCore
import AppTestSupport
import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritesLedger
import FileClient
import Foundation
import NthPrimeClient
import RecordingFormat
import Runtime
import Synchronization
import Testing

/// A session recorded through ``SessionRecorder`` as the app's store runs, and replayed.
@MainActor
struct SessionRecorderTests {
  /// Runs `actions` through a store that records, and returns the recording's lines.
  func record(_ actions: [AppHistoryAction]) async throws -> [RecordedLine] {
    let lines = Mutex<[String]>([])
    let recorder = SessionRecorder(write: { line in
      lines.withLock { $0.append(String(decoding: line.dropLast(), as: UTF8.self)) }
    })
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
    recorder.record(.start(initial))
    let store = Store(
      initialState: History(initial), reducer: AppHistoryReducer(), environment: environment,
      afterEachAction: recorder.record)
    for action in actions { await store.send(action).finish() }
    recorder.record(.end(store.state.present, screen: .counter))
    return try lines.withLock { $0 }.map {
      try RecordedLine.decode($0, version: RecordedLine.version)
    }
  }

  let session: [AppHistoryAction] = [
    .step(.counter(.countEntered(7))), .step(.counter(.isPrimeTapped)),
    .step(.counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped))))),
    .step(.counter(.nthPrimeTapped)),
    .step(.favoritePrimes(.saveButtonTapped(file: nil))),
    .step(.screens(.pageOpened(.favorites))),
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
    // The start, ten actions, the lookup's start and answer, the export's answer, and the end.
    #expect(lines.count == 15)
    let answer = try #require(lines.first(where: isAnswer))
    #expect(
      answer.replayed?.0
        == .app(
          .feedback(
            .counter(.nthPrimeLookup(.presented(.answered(n: 7, .success(17))))), step: 4)))
    #expect(answer.replayed?.2.counterDestination == .alert(.nthPrime(n: 7, prime: 17)))
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
      save.replayed?.1
        == RecordedLine.Readings(
          now: [Date(timeIntervalSince1970: 1_001)], uuid: [UUID(1)]))
    let delete = try #require(
      lines.first { line in
        if case .step(.favoritePrimes(.deleteFavoritePrimes), _, _) = line { true } else { false }
      })
    #expect(
      delete.replayed?.1
        == RecordedLine.Readings(now: [Date(timeIntervalSince1970: 1_002)], uuid: [UUID(2)]))
    #expect(delete.replayed?.2.favoriteCount == 1)
    guard case .end(let final, _) = try #require(lines.last) else {
      Issue.record("no end line")
      return
    }
    #expect(final.favoritePrimes == [3, 7])
    #expect(try Replay.run(lines) == .reproduced(AppState(final)))
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
    let redo = try #require(lines.first { $0.replayed?.0 == .app(.redo) })
    #expect(redo.replayed?.1.uuid.count == 1)
    #expect(redo.replayed?.1.now.count == 1)
    guard case .end(let final, _) = try #require(lines.last) else {
      Issue.record("no end line")
      return
    }
    #expect(final.favoritePrimes == [2, 7])
    #expect(try Replay.run(lines) == .reproduced(AppState(final)))
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
    let index = try #require(lines.firstIndex { $0.replayed?.1.isEmpty == false })
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
    lines[lines.count - 1] = .end(AppState(count: 99), screen: .counter)
    guard case .endDiffers(let line, let recorded, _) = try Replay.run(lines) else {
      Issue.record("the end did not differ")
      return
    }
    #expect(line == lines.count)
    #expect(recorded.count == 99)
  }

  @Test func movesOnTheHistoryPage_areRecorded_andReplay_inThisFormatAndUpgradedFromEight()
    async throws
  {
    let lines = try await record([
      .step(.counter(.incrTapped)), .step(.counter(.incrTapped)), .historyPage(.opened),
      .historyPage(.moved(by: -1)), .historyPage(.kept),
    ])
    #expect(
      lines.compactMap { $0.replayed?.0 }.suffix(3) == [
        .app(.historyPage(.opened)), .app(.historyPage(.moved(by: -1))), .app(.historyPage(.kept)),
      ])
    guard case .end(let end, _)? = lines.last else {
      Issue.record("no end line: \(lines)")
      return
    }
    #expect(end.count == 1)
    #expect(try Replay.run(lines) == .reproduced(AppState(end)))
    // The same session as version 8 wrote it: each move a step of the app's.
    let asVersionEight = try lines.map { line in
      if case .start(_, let state) = line {
        return try RecordedLine.start(version: 8, state: state).encoded()
      }
      let text = line.encoded()
      let prefix = #"{"historyPage":{"move":"#
      // A move's JSON holds no comma: the line's next field follows it.
      guard text.hasPrefix(prefix), let comma = text.firstRange(of: #","#) else { return text }
      let move = text[text.index(text.startIndex, offsetBy: prefix.count)..<comma.lowerBound]
      return #"{"step":{"action":{"history":{"_0":"# + move + "}}" + text[comma.lowerBound...]
    }
    #expect(asVersionEight.filter { $0.contains(#"{"history":{"_0":"#) }.count == 3)
    #expect(
      try Replay.run(RecordedLine.decode(lines: asVersionEight)) == .reproduced(AppState(end)))
  }
}
