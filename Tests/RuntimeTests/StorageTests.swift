import AppCore
import ComposableArchitecture
import FavoritesDatabase
import Foundation
import Testing

@testable import Runtime

struct StorageTests {
  private func entry(_ id: UInt64, _ prime: Int, _ kind: Activity.Kind = .added) -> Activity {
    Activity(id: UUID(id), kind: kind, prime: prime, timestamp: Date(milliseconds: 1_234))
  }

  private func stored(_ activity: Activity) -> FavoritesDatabase.Entry {
    FavoritesDatabase.Entry(
      id: activity.id, kind: activity.kind, prime: activity.prime,
      milliseconds: 1_234)
  }

  @Test func change_appendedEntries_areAppended() {
    let a = entry(1, 2)
    let b = entry(2, 3)
    #expect(Storage.change(from: [a], to: [a, b]) == .init(appended: [stored(b)]))
  }

  @Test func change_undo_takesBackTheLastEntries_newestFirst() {
    let a = entry(1, 2)
    let b = entry(2, 3)
    let c = entry(3, 3, .removed)
    #expect(
      Storage.change(from: [a, b, c], to: [a]) == .init(takenBack: [stored(c), stored(b)]))
  }

  @Test func change_undoThenANewStep_takesBackAndAppends() {
    let a = entry(1, 2)
    let b = entry(2, 3)
    let c = entry(3, 5)
    #expect(
      Storage.change(from: [a, b], to: [a, c])
        == .init(appended: [stored(c)], takenBack: [stored(b)]))
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
        == .init(appended: [stored(mine)], returnsContents: true))
  }

  @Test func change_sameFeed_isEmpty() {
    let feed = PersistentArray((1...1000).map { entry(UInt64($0), $0) })
    #expect(Storage.change(from: feed, to: feed).isEmpty)
  }
}
