import AppCore
import AppTestSupport
import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritesDatabase
import FileClient
import Foundation
import NthPrimeClient
import Screens
import Synchronization
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

  /// A database double that is read-only for `reason` while it is set, and holds `contents`.
  private final class Switchable: Sendable {
    let reason = Mutex<String?>(nil)
    let contents = Mutex(FavoritesDatabase.Contents())

    var database: FavoritesDatabase {
      FavoritesDatabase(
        open: {
          FavoritesDatabase.Opened(
            contents: self.contents.withLock { $0 }, readOnly: self.reason.withLock { $0 })
        },
        write: { _ in throw FavoritesDatabaseError("written") },
        refresh: { .contents(self.contents.withLock { $0 }) },
        mayHaveChanged: { true },
        readOnly: { self.reason.withLock { $0 } })
    }
  }

  @Test func favoritesBecomeWritable_andReadOnlyAgain_asTheDatabaseFinds() async throws {
    let reason = "the data directory /d is not writable (Permission denied)"
    let double = Switchable()
    double.reason.withLock { $0 = reason }
    let storage = Storage(database: double.database)
    _ = try await storage.open()
    #expect(storage.readOnly == reason)
    let store = Store(
      initialState: History(AppState(screens: ScreensState(storageStatus: .readOnly(reason)))),
      reducer: AppHistoryReducer(),
      environment: AppEnvironment(
        nthPrime: .answering([:]), fileClient: .inMemory(InMemoryFiles()),
        now: { Date(timeIntervalSince1970: 0) }))
    let observer = StorageObserver(storage: storage, store: store)
    await observer.takeInOthers()
    #expect(store.state.present.screens.storageStatus == .readOnly(reason))

    let stored = FavoritesDatabase.Entry(id: UUID(7), kind: .added, prime: 7, milliseconds: 0)
    double.contents.withLock { $0 = .init(favoritePrimes: [7], activityFeed: [stored]) }
    double.reason.withLock { $0 = nil }
    await observer.takeInOthers()
    #expect(store.state.present.screens.storageStatus == nil)
    #expect(store.state.present.favoritePrimes == [7])

    double.reason.withLock { $0 = "the file system is read-only" }
    await observer.takeInOthers()
    #expect(store.state.present.screens.storageStatus == .readOnly("the file system is read-only"))
    #expect(await observer.finish() == nil)
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
