import ComposableArchitecture
import FavoritesLedger
import Screens

extension AppState {
  /// What a step from `before` to `after` changed: the count, or the primes saved and removed
  /// (``Words/step(_:)`` says it: `count 4 → 5`, `saved 3`, `deleted 2 primes`).
  ///
  /// ``History/step(at:)`` leaves out what other sessions changed around a step, so the
  /// entries that differ between the feeds are the step's own, found from the feeds' ends: the
  /// words cost the size of the step, not of the favorites. An entry taken back (a move back
  /// over a step, an undo in another session) counts as its opposite.
  public static func stepChange(from before: AppState, to after: AppState) -> StepChange {
    if before.count != after.count { return .count(from: before.count, to: after.count) }
    let difference = FeedDifference(from: before.activityFeed, to: after.activityFeed)
    let (own, takenBack) = (difference.appended, difference.takenBack)
    let added = (own.filter(\.saves) + takenBack.filter { !$0.saves }).map(\.prime)
    let removed = (own.filter { !$0.saves } + takenBack.filter(\.saves)).map(\.prime)
    return .favorites(saved: StepChange.Primes(added), removed: StepChange.Primes(removed))
  }

  /// A step from `before` to `after` in words (``stepChange(from:to:)``).
  public static func stepWords(from before: AppState, to after: AppState) -> String {
    Words.step(stepChange(from: before, to: after))
  }
}

extension History<AppState> {
  /// What the step at `index` (oldest first, from 0) changed.
  public func change(at index: Int) -> StepChange {
    let (before, after) = step(at: index)
    return AppState.stepChange(from: before, to: after)
  }

  /// The step at `index` (oldest first, from 0) in words, as ``AppState/stepWords(from:to:)``
  /// says it.
  public func title(at index: Int) -> String {
    Words.step(change(at: index))
  }

  /// A row of the list of steps that the history page and the REPL's `history` show: row 0 is
  /// where the kept steps start, row `n` the `n`th step kept. Rows are numbered from the
  /// session's first step, so a row keeps its number once older steps are forgotten.
  ///
  /// A step done whose change another session took back says so: `saved 17 (taken back in
  /// another session)`.
  public func row(_ row: Int) -> (number: Int, words: String) {
    guard row > 0 else {
      return (forgottenStepCount, Words.start(isWhole: forgottenStepCount == 0))
    }
    let words = Words.step(
      change(at: row - 1), isTakenBackElsewhere: isTakenBackElsewhere(at: row - 1))
    return (forgottenStepCount + row, words)
  }

  /// Whether another session took back what the done step at `index` did to a prime: a prime
  /// it saved is gone, or one it removed is back, and no later step of this session changed
  /// that prime.
  public func isTakenBackElsewhere(at index: Int) -> Bool {
    guard index < undoCount else { return false }
    var primes = Set(
      Self.primeEntries(ofStepAt: index, in: self)
        .filter { present.favoritePrimes.contains($0.prime) != ($0.kind == .added) }
        .map(\.prime))
    for later in (index + 1)..<undoCount where !primes.isEmpty {
      primes.subtract(Self.primeEntries(ofStepAt: later, in: self).map(\.prime))
    }
    return !primes.isEmpty
  }

  /// The feed entries the step at `index` added, the last for each prime.
  private static func primeEntries(ofStepAt index: Int, in history: Self) -> [Activity] {
    let (before, after) = history.step(at: index)
    let added = FeedDifference(from: before.activityFeed, to: after.activityFeed).appended
    return Dictionary(added.map { ($0.prime, $0) }, uniquingKeysWith: { $1 }).values.sorted {
      $0.prime < $1.prime
    }
  }
}
