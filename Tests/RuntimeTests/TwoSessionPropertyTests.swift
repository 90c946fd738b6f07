import AppCore
import AppTestSupport
import ComposableArchitecture
import FavoritePrimesFormat
import FavoritesDatabase
import FavoritesDatabaseLive
import FileClient
import Foundation
import NthPrimeClient
import Synchronization
import Testing

@testable import Runtime

/// Two live sessions over one real SQLite database, in random interleavings of every user step:
/// after each step has settled and its session has taken in what the other stored, the session
/// holds what the database holds; a favorite leaves the database only by a step, an undo or a
/// redo of a session that had it; and once both have taken in everything, they agree.
///
/// Seeded (`LEDGER_SEED`); 1,000 steps, or 20,000 with `FUZZ_LARGE_TESTS=1`, as `.ci/run` sets.
@MainActor
struct TwoSessionPropertyTests {
  static let seed =
    UInt64(ProcessInfo.processInfo.environment["LEDGER_SEED"] ?? "") ?? 20_261_129
  static let stepCount =
    ProcessInfo.processInfo.environment["FUZZ_LARGE_TESTS"] != nil ? 20_000 : 1_000

  @Test func twoSessions_randomSteps_eachHoldsWhatTheDatabaseHolds() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "primetime-two-sessions-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    var random = SplitMix64(seed: Self.seed)
    // One clock for both, as the machine's.
    let ticks = Mutex<UInt64>(0)
    let clock: @Sendable () -> UInt64 = {
      ticks.withLock { tick in
        tick += 1
        return tick
      }
    }
    let sessions = [
      try await LiveSession(number: 1, directory: directory, clock: clock),
      try await LiveSession(number: 2, directory: directory, clock: clock),
    ]
    var stored = try await contents(of: directory)
    // What the run went through, so that it is known to have met the cases that matter.
    var travelsThatChangedTheDatabase = 0
    var foundDoneElsewhere = 0
    var removedFromTheDatabase = 0
    for step in 0..<Self.stepCount {
      let index = Int(random.next() % 2)
      let (session, other) = (sessions[index], sessions[1 - index])
      // A front end that asks before each command (the REPL) has taken in the other's changes;
      // a watch of the files may not have delivered them yet.
      if random.next() % 2 == 0 { await session.takeIn() }
      let action = Self.randomAction(&random, state: session.state)
      let before = session.state.favoritePrimes
      await session.send(action)
      await session.takeIn()
      let found = try await contents(of: directory)
      let context = "seed \(Self.seed), step \(step), session \(index + 1), after \(action)"
      if let broken = violation(session.state) {
        Issue.record("\(context): \(broken)")
        return
      }
      guard session.holds(found) else {
        Issue.record(
          """
          \(context): the session holds \(session.state.favoritePrimes) and \
          \(session.state.activityFeed.map(\.id)); the database \(found.favoritePrimes) and \
          \(found.activityFeed.map(\.id))
          """)
        return
      }
      // Gone from the database only by this step, of a kind that removes, and of primes the
      // session had.
      let gone = Set(stored.favoritePrimes).subtracting(found.favoritePrimes)
      let removedHere =
        action.mayRemoveFavorites ? Set(before).subtracting(session.state.favoritePrimes) : []
      guard gone.isSubset(of: removedHere) else {
        let unexplained = gone.subtracting(removedHere).sorted()
        Issue.record("\(context): \(unexplained) left the database; the step removed none")
        return
      }
      if found != stored, !(action.step?.isUserStep ?? false) { travelsThatChangedTheDatabase += 1 }
      if case .travelled(let travel)? = session.state.screens.notice, !travel.alreadyDone.isEmpty {
        foundDoneElsewhere += 1
      }
      removedFromTheDatabase += gone.count
      stored = found
      if random.next() % 3 == 0 {
        await other.takeIn()
        guard try await contents(of: directory) == stored else {
          Issue.record("\(context): taking in changed the database")
          return
        }
        guard other.holds(stored) else {
          Issue.record("\(context): the other session did not take in what is stored")
          return
        }
      }
    }
    let (updates, replacements) = (
      sessions.map(\.takenInAsUpdates).reduce(0, +), sessions.map(\.takenInWhole).reduce(0, +)
    )
    #expect(
      travelsThatChangedTheDatabase > Self.stepCount / 30 && foundDoneElsewhere > 0
        && removedFromTheDatabase > Self.stepCount / 30 && updates > Self.stepCount / 10,
      """
      travels that changed the database \(travelsThatChangedTheDatabase), steps done \
      elsewhere \(foundDoneElsewhere), favorites removed \(removedFromTheDatabase), take-ins \
      of what changed \(updates), of everything \(replacements)
      """)
    for session in sessions { await session.takeIn() }
    let found = try await contents(of: directory)
    #expect(sessions.allSatisfy { $0.holds(found) })
    #expect(sessions[0].state.activityFeed == sessions[1].state.activityFeed)
    #expect(sessions[0].state.favoritePrimes == sessions[1].state.favoritePrimes)
    for session in sessions { #expect(await session.finish() == nil) }
  }

  /// What the database holds, read by a connection of its own.
  private func contents(of directory: URL) async throws -> FavoritesDatabase.Contents {
    try await FavoritesDatabase.live(directory: directory).open().contents
  }

  /// Every step a user can take, on a few primes, so that the sessions often meet on one.
  static func randomAction(
    _ random: inout SplitMix64, state: AppState
  ) -> AppHistoryAction {
    func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
    let primes = [2, 3, 5, 7, 11, 13]
    let rows = IndexSet((0..<Int(random.next() % 3)).map { _ in Int(random.next() % 6) })
    let loaded = (0..<Int(random.next() % 4)).map { _ in pick(primes) }
    let unique = loaded.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
    let save = AppAction.counter(.favoriteCommand(.saveFavoritePrimeTapped))
    let remove = AppAction.counter(.favoriteCommand(.removeFavoritePrimeTapped))
    // Saves and removals most of all, where undo and redo meet the other session's.
    var steps: [AppAction] = [
      .counter(.countEntered(pick(primes + [4]))), .counter(.countEntered(pick(primes))),
      save, save, save, remove, remove, .screens(.pageOpened(.counter)),
      .counter(.isPrimeTapped), .counter(.nthPrimeTapped), .counter(.incrTapped),
      .favoritePrimes(.deleteFavoritePrimes(rows)),
      .favoritePrimes(.loadResponse(.success(ImportedPrimes(primes: unique)))),
      .favoritePrimes(.primeTapped(at: Int(random.next() % 4))),
      .screens(.pageOpened(.counter)), .screens(.pageOpened(.favorites)),
      .screens(.pageOpened(.activity)), .alertsDismissed,
    ]
    if case .primeModal = state.counterDestination {
      steps += [
        .counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped)))),
        .counter(.destination(.presented(.primeModal(.removeFavoritePrimeTapped)))),
        .counter(.destination(.dismiss)),
      ]
    }
    switch random.next() % 20 {
    case 0, 1, 2: return .undo
    case 3, 4: return .redo
    case 5: return .travel(by: Int(random.next() % 7) - 4)
    case 6:
      return .historyPage(
        pick([.opened, .moved(by: -1), .moved(by: 2), .movedToFirst, .movedToLast, .kept]))
    case 7: return .historyPage(.cancelled)
    default: return .step(pick(steps))
    }
  }
}

/// A session as the app runs it: its store, its own storage over the database in `directory`,
/// and its own clock and identities, which no other session's repeat.
@MainActor
private final class LiveSession {
  let runtime: AppRuntime
  /// How many of the other's changes came in as what changed, and as everything stored (where
  /// a write did not apply as memory made it).
  private let counts = TakeIns()
  var takenInAsUpdates: Int { counts.updates }
  var takenInWhole: Int { counts.whole }

  /// - Parameter next: The clock, in milliseconds, whose readings also number the identities.
  init(number: UInt64, directory: URL, clock next: @escaping @Sendable () -> UInt64) async throws {
    let storage = Storage(database: .live(directory: directory))
    let stored = try await storage.open().stored
    let counts = counts
    runtime = AppRuntime(
      initialState: AppState(
        favoritePrimes: PersistentArray(stored.favoritePrimes),
        activityFeed: PersistentArray(stored.activityFeed)),
      environment: AppEnvironment(
        nthPrime: .answering([2: 3, 5: 11, 7: 17, 11: 31, 13: 41]),
        fileClient: .inMemory(InMemoryFiles()),
        now: { Date(milliseconds: Int64(next())) },
        uuid: { UUID(number << 40 | next()) }),
      storage: storage,
      afterEachAction: { action, _ in
        switch action {
        case .step(.storageUpdated): counts.updates += 1
        case .step(.storageChanged): counts.whole += 1
        default: break
        }
      })
    #expect(runtime.state.sync != nil)
  }

  var state: AppState { runtime.state }

  /// Sends `action`, waits for what its effects send back, its change's write among them.
  func send(_ action: AppHistoryAction) async {
    await runtime.dispatch(action).finish()
  }

  /// Takes in what the other session stored, as the watch of the files delivers it.
  func takeIn() async {
    await runtime.dispatch(.storage(.filesChanged)).finish()
  }

  func finish() async -> String? {
    await runtime.end()
  }

  /// Whether the session's favorites and feed are those in `contents`, in their order.
  func holds(_ contents: FavoritesDatabase.Contents) -> Bool {
    Array(state.favoritePrimes) == contents.favoritePrimes
      && state.activityFeed.map { $0.id } == contents.activityFeed.map(\.id)
      && state.activityFeed.map { $0.prime } == contents.activityFeed.map(\.prime)
  }
}

extension AppHistoryAction {
  /// The app's action, where this is a step.
  fileprivate var step: AppAction? {
    if case .step(let action) = self { action } else { nil }
  }
}

/// What a session took in, counted as the store handles it.
@MainActor
private final class TakeIns {
  var updates = 0
  var whole = 0
}

extension AppHistoryAction {
  /// Whether the action may remove a favorite: a removal, a delete, or a travel over steps.
  fileprivate var mayRemoveFavorites: Bool {
    switch self {
    case .undo, .redo, .travel, .historyPage: true
    case .step(.counter(.favoriteCommand(.removeFavoritePrimeTapped))),
      .step(.counter(.destination(.presented(.primeModal(.removeFavoritePrimeTapped))))),
      .step(.favoritePrimes(.deleteFavoritePrimes)):
      true
    default: false
    }
  }
}
