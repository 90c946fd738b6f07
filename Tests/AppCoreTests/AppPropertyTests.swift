import AppCore
import AppTestSupport
import ComposableArchitecture
import FavoritePrimesFormat
import FavoritesLedger
import Foundation
import Primes
import Testing

/// Random action sequences through the real app reducer: whatever happens, the favorites are
/// distinct primes and the activity feed, replayed, gives exactly the favorites. Pure reducer
/// work, run off the main actor so as not to hold up other tests.
struct AppPropertyTests {
  @Test func randomActionSequences_keepTheInvariants() {
    let seed = UInt64(ProcessInfo.processInfo.environment["PROPERTY_SEED"] ?? "") ?? 0x5EED_0001
    var random = SplitMix64(seed: seed)
    let environment = AppEnvironment(
      nthPrime: .failing, fileClient: .noop, now: { Date(timeIntervalSince1970: 0) })
    let reducer = AppReducer().recordingHistory(undoing: \.undoable)
    // How many deletes and saves on the counter went through: the pages are random too, and a
    // control of a page not shown is refused.
    var deletes = 0
    var saves = 0
    // A composition mistake the core survives (an action for a child that is not there) is a
    // failure here, not a line on standard error.
    let reporter = RuntimeWarning.Reporter { Issue.record("a runtime warning: \($0)") }
    RuntimeWarning.$reporter.withValue(reporter) {
      for sequence in 0..<200 {
        var history = History(AppState())
        for step in 0..<300 {
          let action = randomAction(&random, state: history.present)
          let favorites = history.present.favoritePrimes
          _ = reducer.reduce(into: &history, action: action, environment: environment)
          if favorites.count > history.present.favoritePrimes.count,
            case .step(.favoritePrimes(.deleteFavoritePrimes)) = action
          {
            deletes += 1
          }
          if favorites.count < history.present.favoritePrimes.count,
            case .step(.counter(.favoriteCommand)) = action
          {
            saves += 1
          }
          if let broken = violation(history.present) {
            Issue.record(
              "seed \(seed), sequence \(sequence), step \(step), after \(action): \(broken)")
            return
          }
        }
      }
    }
    #expect(deletes > 100 && saves > 100, "deletes \(deletes), saves \(saves)")
  }

  private func randomAction(
    _ random: inout SplitMix64, state: AppState
  ) -> HistoryAction<AppAction> {
    let small = Int(random.next() % 60) - 10
    let counts = [small, 2, 3, 5, 7, 11, 13, Int.max, Int.min, 0, 1]
    let count = counts[Int(random.next() % UInt64(counts.count))]
    let rows = IndexSet((0..<Int(random.next() % 4)).map { _ in Int(random.next() % 8) })
    let loaded = (0..<Int(random.next() % 5)).map { _ in
      [2, 3, 5, 7, 11, 13, 17][Int(random.next() % 7)]
    }
    let unique = loaded.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
    var actions: [AppAction] = [
      .counter(.incrTapped), .counter(.decrTapped), .counter(.countEntered(count)),
      .counter(.isPrimeTapped), .counter(.nthPrimeTapped), .alertsDismissed,
      .favoritePrimes(.deleteFavoritePrimes(rows)),
      .favoritePrimes(.loadResponse(.success(ImportedPrimes(primes: unique)))),
      .favoritePrimes(.loadResponse(.failure(ErrorMessage("no")))),
      .favoritePrimes(.saveResponse(.success(1))),
      .favoritePrimes(.primeTapped(at: count)),
      .counter(.countAdjusted(by: count)),
      .counter(.favoriteCommand(.saveFavoritePrimeTapped)),
      .counter(.favoriteCommand(.removeFavoritePrimeTapped)),
      .screens(.pageOpened(.counter)), .screens(.pageOpened(.favorites)),
      .screens(.pageOpened(.activity)),
    ]
    // What a child does only while it is there, as a front end sends it: a dismissal while
    // nothing is presented is a composition mistake the core reports.
    if state.counterDestination != nil { actions.append(.counter(.destination(.dismiss))) }
    if state.favoritesDestination != nil {
      actions.append(.favoritePrimes(.destination(.dismiss)))
    }
    if state.counterLookup != nil { actions.append(.counter(.nthPrimeLookup(.dismiss))) }
    if case .primeModal = state.counterDestination {
      actions += [
        .counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped)))),
        .counter(.destination(.presented(.primeModal(.removeFavoritePrimeTapped)))),
        .counter(.destination(.presented(.primeModal(.alertDismissed)))),
      ]
    }
    if let lookup = state.counterLookup {
      actions.append(
        .counter(.nthPrimeLookup(.presented(.answered(n: lookup.n, .success(17))))))
    }
    switch random.next() % 12 {
    case 0: return .undo
    case 1: return .redo
    default: return .step(actions[Int(random.next() % UInt64(actions.count))])
    }
  }
}

struct InvariantTests {
  @Test func violation_findsEachKindOfBrokenState() {
    let added = {
      Activity(id: UUID(1), kind: .added, prime: $0, timestamp: Date(timeIntervalSince1970: 0))
    }
    #expect(violation(AppState(favoritePrimes: [7], activityFeed: [added(7)])) == nil)
    #expect(violation(AppState(favoritePrimes: [8])) != nil)
    #expect(violation(AppState(favoritePrimes: [7, 7], activityFeed: [added(7)])) != nil)
    #expect(violation(AppState(favoritePrimes: [7])) != nil)
    #expect(violation(AppState(favoritePrimes: [], activityFeed: [added(7)])) != nil)
  }
}
