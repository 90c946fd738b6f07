import ComposableArchitecture
import FavoritesLedger
import Foundation

extension AppState {
  /// Appends to the feed what an action did to the favorites: each prime it removed, in the
  /// order the list held them, then each it added, in the order the list holds them, all at
  /// one time, each with an identity of its own.
  ///
  /// The app's reducer calls it whenever an action leaves the favorites changed, whichever
  /// feature changed them: a save or a removal in the prime modal, a delete or a load on the
  /// favorites screen, or a feature's change yet to come.
  mutating func recordActivity(
    _ changes: PersistentArrayChanges<Int>, environment: AppEnvironment
  ) {
    guard !changes.removed.isEmpty || !changes.inserted.isEmpty else { return }
    let now = environment.now()
    activityFeed.append(
      contentsOf: changes.removed.map {
        Activity(id: environment.uuid(), kind: .removed, prime: $0, timestamp: now)
      })
    activityFeed.append(
      contentsOf: changes.inserted.map {
        Activity(id: environment.uuid(), kind: .added, prime: $0, timestamp: now)
      })
  }
}
