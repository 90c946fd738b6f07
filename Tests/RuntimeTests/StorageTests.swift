import AppCore
import ComposableArchitecture
import FavoritesDatabase
import FavoritesDatabaseLive
import FavoritesLedger
import Foundation
import Testing

@testable import Runtime

struct StorageTests {
  private func entry(_ id: UInt64, _ prime: Int, _ kind: Activity.Kind = .added) -> Activity {
    Activity(id: UUID(id), kind: kind, prime: prime, timestamp: Date(milliseconds: 1_234))
  }

  @Test func change_appendedEntries_areAppended() {
    let a = entry(1, 2)
    let b = entry(2, 3)
    #expect(Storage.change(from: [a], to: [a, b]) == .init(appended: [b]))
  }

  @Test func change_undo_takesBackTheLastEntries_newestFirst() {
    let a = entry(1, 2)
    let b = entry(2, 3)
    let c = entry(3, 3, .removed)
    #expect(
      Storage.change(from: [a, b, c], to: [a]) == .init(takenBack: [c, b]))
  }

  @Test func change_undoThenANewStep_takesBackAndAppends() {
    let a = entry(1, 2)
    let b = entry(2, 3)
    let c = entry(3, 5)
    #expect(
      Storage.change(from: [a, b], to: [a, c])
        == .init(appended: [c], takenBack: [b]))
  }

  @Test func change_entriesThatOnlyMoved_askForTheStoredOrder() {
    let a = entry(1, 2)
    let b = entry(2, 3)
    let c = entry(3, 5)
    #expect(Storage.change(from: [a, b, c], to: [a, c, b]) == .init(returnsContents: true))
  }

  @Test func change_anEntryBackBeforeOneKept_isAppended_andAsksForTheStoredOrder() {
    let mine = entry(1, 7)
    let theirs = entry(2, 11)
    #expect(
      Storage.change(from: [theirs], to: [mine, theirs])
        == .init(appended: [mine], returnsContents: true))
  }

  @Test func change_sameFeed_isEmpty() {
    let feed = PersistentArray((1...1000).map { entry(UInt64($0), $0) })
    #expect(Storage.change(from: feed, to: feed).isEmpty)
  }

  /// A take-in that memory missed, its feed having changed meanwhile, is not lost: the next
  /// sync writes what memory changed and brings everything stored. Here the missed update took
  /// back another session's entry while memory undid one of its own, which leaves two feeds of
  /// one length that differ in the middle.
  @MainActor
  @Test func aMissedTakeIn_isBroughtByTheNextSync_withWhatMemoryChangedMeanwhile() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "primetime-storage-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let mine = FavoritesDatabase.live(directory: directory)
    _ = try await mine.open()
    let theirs = FavoritesDatabase.live(directory: directory)
    _ = try await theirs.open()
    /// What one turn of a sync from `stored` to `feed` returns to take in.
    func sync(
      _ stored: PersistentArray<Activity>, _ feed: PersistentArray<Activity>,
      asksForEverything: Bool = false
    ) async throws -> AppAction? {
      let request = SyncRequest(
        stored: stored, feed: feed, readsOthers: true, asksForEverything: asksForEverything)
      return try await Storage.sync(request, database: mine).get().takeIn
    }
    let (a, b, c, d, g) = (entry(1, 2), entry(2, 3), entry(3, 5), entry(4, 7), entry(5, 11))
    #expect(try await sync([], [a]) == nil)
    _ = try await theirs.write(.init(appended: [b]))
    #expect(try await sync([a], [a]) == .storageUpdated(StoredUpdate(appended: [b])))
    #expect(try await sync([a, b], [a, b, c]) == nil)
    _ = try await theirs.write(.init(appended: [d, g]))
    #expect(
      try await sync([a, b, c], [a, b, c]) == .storageUpdated(StoredUpdate(appended: [d, g])))
    _ = try await theirs.write(.init(takenBack: [b]))
    // Missed: memory undid `c` meanwhile.
    #expect(try await sync([a, b, c, d, g], [a, b, c, d, g]) != nil)
    let next = try await sync([a, b, c, d, g], [a, b, d, g], asksForEverything: true)
    #expect(
      next
        == .storageChanged(StoredFavorites(favoritePrimes: [2, 7, 11], activityFeed: [a, d, g])))
  }
}
