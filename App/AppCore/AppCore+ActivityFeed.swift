import ComposableArchitecture
import Foundation

extension Reducer where State == AppState, Action == AppAction, Environment == AppEnvironment {
  /// Records in the activity feed every favorite prime that the actions add or remove: saves and
  /// removals in the prime modal, deletes and loads on the favorites screen. Each entry is
  /// stamped with the environment's clock.
  ///
  /// Only the actions that can change the favorites are looked at, so every other action costs
  /// one `switch`.
  ///
  /// ```swift
  /// let app = Reducer.combine(counter, favorites).recordingActivity()
  /// ```
  ///
  /// - Returns: The reducer, with the feed kept up to date.
  public func recordingActivity() -> Reducer {
    Reducer { state, action, environment in
      switch action {
      case .counter(.primeModal):
        let before = state.favoritePrimes.count
        let effect = run(&state, action, environment)
        let after = state.favoritePrimes.count
        if after != before {
          state.activityFeed.append(
            Activity(
              kind: after > before ? .added : .removed, prime: state.count,
              timestamp: environment.now()))
        }
        return effect

      case .favoritePrimes(.deleteFavoritePrimes(let rows)):
        let removed = rows.filter { $0 < state.favoritePrimes.count }
          .map { state.favoritePrimes[$0] }
        let effect = run(&state, action, environment)
        let now = environment.now()
        state.activityFeed += removed.map { Activity(kind: .removed, prime: $0, timestamp: now) }
        return effect

      case .favoritePrimes(.loadResponse(.success)):
        let before = state.favoritePrimes
        let effect = run(&state, action, environment)
        let after = state.favoritePrimes
        guard before != after else { return effect }
        let now = environment.now()
        let kept = Set(before).intersection(after)
        state.activityFeed +=
          before.filter { !kept.contains($0) }.map {
            Activity(kind: .removed, prime: $0, timestamp: now)
          }
          + after.filter { !kept.contains($0) }.map {
            Activity(kind: .added, prime: $0, timestamp: now)
          }
        return effect

      default:
        return run(&state, action, environment)
      }
    }
  }
}
