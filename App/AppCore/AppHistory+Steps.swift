import ComposableArchitecture

/// What one step changed of what undo restores, kept to what it touched: the count, the
/// favorites it saved or removed, and the feed's entries for them. The history page shows a
/// step's change as the difference between two of these, which costs the size of the step, not
/// of the favorites.
public struct StepChange: Equatable, Sendable {
  /// The count before the step, or after it.
  public var count: Int
  /// The primes the step saved (after it) or removed (before it).
  public var favoritePrimes: [Int]
  /// The feed's entries the step appended: none before it.
  public var activityFeed: [Activity]

  public init(count: Int, favoritePrimes: [Int] = [], activityFeed: [Activity] = []) {
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.activityFeed = activityFeed
  }
}

extension StepChange {
  /// What a step from `before` to `after` changed: the count, and the entries the step appended
  /// to the feed with the primes they saved or removed.
  public static func between(
    _ before: AppState, _ after: AppState
  ) -> (before: StepChange, after: StepChange) {
    let appended =
      after.activityFeed.count > before.activityFeed.count
      ? after.activityFeed.elements(in: before.activityFeed.count..<after.activityFeed.count)
      : []
    return (
      StepChange(
        count: before.count,
        favoritePrimes: appended.filter { $0.kind == .removed }.map(\.prime)),
      StepChange(
        count: after.count,
        favoritePrimes: appended.filter { $0.kind == .added }.map(\.prime),
        activityFeed: appended)
    )
  }

  /// A step from `before` to `after` in words: `count 4 → 5`, `saved 3`, `removed 3`,
  /// `deleted 2 primes`, `loaded 3 primes`; `no change` when it changed none of these.
  public static func words(from before: AppState, to after: AppState) -> String {
    if before.count != after.count { return "count \(before.count) → \(after.count)" }
    let (start, end) = between(before, after)
    let (added, removed) = (end.favoritePrimes, start.favoritePrimes)
    switch (added.count, removed.count) {
    case (0, 0): return "no change"
    case (1, 0): return "saved \(added[0])"
    case (0, 1): return "removed \(removed[0])"
    case (0, let count): return "deleted \(count) primes"
    case (let count, 0): return "loaded \(count) primes"
    default: return "saved \(added.count), removed \(removed.count)"
    }
  }
}

extension History<AppState> {
  /// What the step at `index` (oldest first, from 0) changed: before it and after it.
  ///
  /// A step of this session appends to the feed what it saved or removed, and
  /// ``History/step(at:)`` leaves out what other sessions changed around it, so the entries past
  /// the feed's length before the step are the step's own.
  public func change(at index: Int) -> (before: StepChange, after: StepChange) {
    let (before, after) = step(at: index)
    return StepChange.between(before, after)
  }

  /// The step at `index` in words: `count 4 → 5`, `saved 3`, `removed 3`, `deleted 2 primes`,
  /// `loaded 3 primes`.
  public func title(at index: Int) -> String {
    let (before, after) = step(at: index)
    return StepChange.words(from: before, to: after)
  }
}
