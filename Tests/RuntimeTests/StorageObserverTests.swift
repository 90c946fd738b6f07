import AppCore
import AppTestSupport
import ComposableArchitecture
import FavoritesDatabase
import FileClient
import Foundation
import NthPrimeClient
import Testing

@testable import Runtime

@MainActor
struct StorageObserverTests {
  /// A store of the app with storage on it that watches `directory`.
  private func observer(watching directory: URL) -> StorageObserver {
    let uuids = IncrementingUUIDs()
    let store = Store(
      initialState: History(AppState()), reducer: AppHistoryReducer(),
      environment: AppEnvironment(
        nthPrime: .answering([:]), fileClient: .inMemory(InMemoryFiles()),
        now: { Date(timeIntervalSince1970: 0) }, uuid: { uuids.next() }))
    return StorageObserver(storage: Storage(database: .noop), store: store, watching: directory)
  }

  /// The session's own last write changes the directory too: a watch still on would start a
  /// take-in after the session ended, holding its store past the end of the program.
  @Test func finish_endsTheWatch_soThatNoLaterChangeStartsATakeIn() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "primetime-observer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let observer = observer(watching: directory)
    #expect(observer.isWatching)
    #expect(await observer.finish() == nil)
    #expect(!observer.isWatching)
  }
}
