import AppCore
import FavoritePrimes
import FileClient
import Foundation
import Synchronization
import Testing

@testable import PrimeTimeCLI

@MainActor
struct PersistenceTests {
  @Test func load_missingFiles_startEmpty() async {
    let loaded = await Persistence(files: .inMemory(InMemoryFiles())).load()
    #expect(loaded.favoritePrimes == [])
    #expect(loaded.activityFeed == [])
    #expect(loaded.warnings == [])
  }

  @Test(
    arguments: [
      "not json", #"{"version":1,"favoritePrimes":["7"]}"#, #"{"version":9,"favoritePrimes":[7]}"#,
      #"{"version":1,"favoritePrimes":[8]}"#,
    ])
  func load_unusableFile_isMovedAside_neverOverwritten(contents: String) async throws {
    let files = InMemoryFiles([FavoritePrimesFile.name: Data(contents.utf8)])
    let persistence = Persistence(files: .inMemory(files))
    let loaded = await persistence.load()
    #expect(loaded.favoritePrimes == [])
    #expect(loaded.warnings.count == 1)
    #expect(loaded.warnings[0].contains("moved it to favorite-primes.json.unreadable"))
    #expect(files["favorite-primes.json.unreadable"] == Data(contents.utf8))
    _ = await persistence.save(AppState(favoritePrimes: [2]))
    #expect(files["favorite-primes.json.unreadable"] == Data(contents.utf8))
  }

  @Test func load_unusableFileThatCannotBeMoved_isNeverWritten() async {
    let original = Data("garbage".utf8)
    let files = InMemoryFiles([FavoritePrimesFile.name: original])
    var client = FileClient.inMemory(files)
    client.moveAside = { _ in throw FileClientFailure("read-only directory") }
    let persistence = Persistence(files: client)
    let loaded = await persistence.load()
    #expect(loaded.warnings.first?.contains("nor moved aside") == true)
    let errors = await persistence.save(AppState(favoritePrimes: [2]))
    #expect(errors.count == 1)
    #expect(files[FavoritePrimesFile.name] == original)
  }

  @Test func failedSave_isReported_andRetriedWithEverythingNextTime() async throws {
    let files = InMemoryFiles()
    let isWritable = Mutex(false)
    var client = FileClient.inMemory(files)
    let save = client.save
    client.save = { name, data in
      guard isWritable.withLock({ $0 }) else { throw FileClientFailure("disk full") }
      try await save(name, data)
    }
    let persistence = Persistence(files: client)
    _ = await persistence.load()
    let errors = await persistence.save(AppState(favoritePrimes: [2]))
    #expect(
      errors.first
        == "could not save: disk full; the changes are kept in memory")
    isWritable.withLock { $0 = true }
    #expect(await persistence.save(AppState(favoritePrimes: [2, 3])) == [])
    let saved = try #require(files[FavoritePrimesFile.name])
    #expect(try FavoritePrimesFile.decode(saved) == [2, 3])
  }

  @Test func save_writesOnlyWhatChanged() async {
    let files = InMemoryFiles()
    let persistence = Persistence(files: .inMemory(files))
    _ = await persistence.load()
    _ = await persistence.save(AppState(count: 5))
    #expect(files[FavoritePrimesFile.name] == nil)
    #expect(files[ActivityFeedFile.name] == nil)
  }

  @Test func save_mergesWithWhatAnotherSessionWrote() async throws {
    let files = InMemoryFiles()
    let mine = Persistence(files: .inMemory(files))
    let theirs = Persistence(files: .inMemory(files))
    _ = await mine.load()
    _ = await theirs.load()
    #expect(await mine.save(AppState(favoritePrimes: [2, 3])) == [])
    #expect(await theirs.save(AppState(favoritePrimes: [7])) == [])
    #expect(try FavoritePrimesFile.decode(#require(files[FavoritePrimesFile.name])) == [2, 3, 7])
    // A removal here takes out only what this session removed.
    #expect(await mine.save(AppState(favoritePrimes: [3])) == [])
    #expect(try FavoritePrimesFile.decode(#require(files[FavoritePrimesFile.name])) == [3, 7])
  }

  @Test func merge_appliesAdditionsAndRemovalsToTheDisk() {
    #expect(Persistence.merge(disk: [1, 2, 3], base: [1, 2], current: [2, 5]) == [2, 3, 5])
    #expect(Persistence.merge(disk: [], base: [], current: [4, 4]) == [4])
    #expect(Persistence.merge(disk: [9], base: [9], current: [9]) == [9])
  }

  @Test func load_fileThatCannotBeRead_isMovedAside() async {
    let files = InMemoryFiles([
      FavoritePrimesFile.name: Data(#"{"version":1,"favoritePrimes":[7]}"#.utf8)
    ])
    var client = FileClient.inMemory(files)
    let load = client.load
    client.load = { name in
      guard name != FavoritePrimesFile.name else {
        throw FileClientFailure("permission denied")
      }
      return try await load(name)
    }
    let loaded = await Persistence(files: client).load()
    #expect(loaded.favoritePrimes == [])
    #expect(loaded.warnings.first?.contains("(permission denied); moved it to") == true)
    #expect(files["favorite-primes.json.unreadable"] != nil)
  }
}
