import AppCore
import AppTestSupport
import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritesDatabase
import FavoritesLedger
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

    let stored = Activity(id: UUID(7), kind: .added, prime: 7, milliseconds: 0)
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

  /// A database double that another program holds while `isHeld` is set: each write fails as
  /// a wait for it that ended does; every write and read is counted.
  private final class Held: Sendable {
    let isHeld = Mutex(true)
    let writes = Mutex(0)
    let reads = Mutex(0)

    var database: FavoritesDatabase {
      FavoritesDatabase(
        open: { FavoritesDatabase.Opened() },
        write: { _ in
          self.writes.withLock { $0 += 1 }
          guard !self.isHeld.withLock({ $0 }) else {
            throw FavoritesDatabaseError("could not write d: held", isHeld: true)
          }
          return nil
        },
        refresh: {
          self.reads.withLock { $0 += 1 }
          return nil
        },
        mayHaveChanged: { true })
    }
  }

  /// A script's store (or, where `isScript` is `false`, a person's) with storage on a database
  /// double that another program holds, its wait for the database, and the double.
  private func script(isScript: Bool = true) async throws -> (
    store: Store<History<AppState>, AppHistoryAction>, observer: StorageObserver,
    wait: DatabaseWait, database: Held
  ) {
    let double = Held()
    let storage = Storage(database: double.database)
    _ = try await storage.open()
    let store = Store(
      initialState: History(AppState()), reducer: AppHistoryReducer(),
      environment: AppEnvironment(
        nthPrime: .answering([:]), fileClient: .inMemory(InMemoryFiles()),
        now: { Date(timeIntervalSince1970: 0) }, uuid: IncrementingUUIDs().next))
    let wait = DatabaseWait()
    let observer = StorageObserver(
      storage: storage, store: store, scriptWait: isScript ? wait : nil)
    return (store, observer, wait, double)
  }

  @Test func aScript_thatGaveUpOnAHeldDatabase_triesAgainOnlyForANewChange_andWaitsAgainOnceStored()
    async throws
  {
    let (store, observer, wait, double) = try await script()
    func step(_ action: AppAction) async {
      await store.send(.step(action)).finish()
      await observer.settle()
    }
    let save = AppAction.counter(.favoriteCommand(.saveFavoritePrimeTapped))
    await step(.counter(.countEntered(2)))
    await step(save)
    #expect(double.writes.withLock { $0 } == 1)
    #expect(wait.isStopped)
    #expect(observer.takeProblems().count == 1)
    // A step that changes nothing stored, and a look for others' changes, try nothing.
    await step(.counter(.incrTapped))
    await observer.takeInOthers()
    #expect(double.writes.withLock { $0 } == 1)
    #expect(double.reads.withLock { $0 } == 0)
    #expect(observer.takeProblems().isEmpty)
    // A new change tries once, and fails with one line.
    await step(.counter(.countEntered(13)))
    await step(save)
    #expect(double.writes.withLock { $0 } == 2)
    #expect(observer.takeProblems().count == 1)
    // The other program let go: the next change stores everything, and waits go on as before.
    double.isHeld.withLock { $0 = false }
    await step(.counter(.countEntered(5)))
    await step(save)
    #expect(double.writes.withLock { $0 } == 3)
    #expect(!wait.isStopped)
    #expect(observer.takeProblems().isEmpty)
    #expect(await observer.finish() == nil)
  }

  @Test func aScriptsHeldChange_isNamedAtTheEnd_withHowToMakeItAgain() async throws {
    let (store, observer, _, _) = try await script()
    for action: AppAction in [
      .counter(.countEntered(2)), .counter(.favoriteCommand(.saveFavoritePrimeTapped)),
      .counter(.favoriteCommand(.removeFavoritePrimeTapped)),
    ] {
      await store.send(.step(action)).finish()
      await observer.settle()
    }
    #expect(
      await observer.finish()
        == "could not write d: held; not stored: saved 2, removed 2; "
        + "make these changes again once no other program holds it")
  }

  @Test func anUndo_backToWhatIsStored_leavesNothingHeld() async throws {
    let (store, observer, wait, double) = try await script()
    await store.send(.step(.counter(.countEntered(2)))).finish()
    await store.send(.step(.counter(.favoriteCommand(.saveFavoritePrimeTapped)))).finish()
    await observer.settle()
    #expect(wait.isStopped)
    await store.send(.undo).finish()
    await observer.settle()
    #expect(!wait.isStopped)
    #expect(double.writes.withLock { $0 } == 1)
    #expect(await observer.finish() == nil)
  }
  @Test func aPersonsHeldChange_isTriedAgainBeforeTheNextCommand_andNotAfterAStepThatStoresNothing()
    async throws
  {
    let (store, observer, _, double) = try await script(isScript: false)
    await store.send(.step(.counter(.countEntered(2)))).finish()
    await store.send(.step(.counter(.favoriteCommand(.saveFavoritePrimeTapped)))).finish()
    await observer.settle()
    #expect(double.writes.withLock { $0 } == 1)
    // A step that stores nothing waits for nothing.
    await store.send(.step(.counter(.incrTapped))).finish()
    await observer.settle()
    #expect(double.writes.withLock { $0 } == 1)
    // The next command tries once more, as the README says.
    await observer.takeInOthers()
    #expect(double.writes.withLock { $0 } == 2)
    double.isHeld.withLock { $0 = false }
    await observer.takeInOthers()
    #expect(double.writes.withLock { $0 } == 3)
    #expect(await observer.finish() == nil)
  }
}
