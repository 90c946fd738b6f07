/// Looks at something again and again, pausing between looks, until it shows what a test
/// expects.
///
/// The limit is a safety net for a hung program, far above what a step takes on a busy machine.
/// It counts only the time the test watched: at most a second of each pause, however long the
/// machine kept the test itself waiting, and the test looks once more before it gives up. A
/// machine busy enough to starve the test for minutes never makes it give up on a program that
/// has shown what was expected.
struct Polling: Sendable {
  var limit: Duration = .seconds(120)
  var pause: Duration = .milliseconds(20)
  var now: @Sendable () -> ContinuousClock.Instant = { .now }
  var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

  /// Looks until `isShown` holds for what `look` sees, and returns that; or gives up with the
  /// last thing seen.
  func until<Seen: Sendable>(
    _ look: () throws -> Seen, _ isShown: (Seen) -> Bool
  ) async throws -> Result<Seen, GaveUp<Seen>> {
    var watched = Duration.zero
    var previous = now()
    while true {
      let seen = try look()
      if isShown(seen) { return .success(seen) }
      let instant = now()
      watched += min(instant - previous, .seconds(1))
      previous = instant
      if watched >= limit { return .failure(GaveUp(last: seen)) }
      try await sleep(pause)
    }
  }

  struct GaveUp<Seen: Sendable>: Error {
    var last: Seen
  }
}
