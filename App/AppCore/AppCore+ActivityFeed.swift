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
  /// let app = combine(counter, favorites).recordingActivity()
  /// ```
  ///
  /// - Returns: The reducer, with the feed kept up to date.
  public func recordingActivity() -> RecordingActivity<Self> {
    RecordingActivity(base: self)
  }
}

/// A reducer on the app's domain that keeps the activity feed up to date; see
/// ``ComposableArchitecture/Reducer/recordingActivity()``.
public struct RecordingActivity<Base: Reducer>: Reducer
where Base.State == AppState, Base.Action == AppAction, Base.Environment == AppEnvironment {
  let base: Base

  public func reduce(
    into state: inout AppState, action: AppAction, environment: AppEnvironment
  ) -> Effect<AppAction> {
    switch action {
    case .counter(.primeModal):
      let before = state.favoritePrimes.count
      let effect = base.reduce(into: &state, action: action, environment: environment)
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
      let effect = base.reduce(into: &state, action: action, environment: environment)
      let now = environment.now()
      state.activityFeed += removed.map { Activity(kind: .removed, prime: $0, timestamp: now) }
      return effect

    case .favoritePrimes(.loadResponse(.success)):
      let before = state.favoritePrimes
      let effect = base.reduce(into: &state, action: action, environment: environment)
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
      return base.reduce(into: &state, action: action, environment: environment)
    }
  }
}
