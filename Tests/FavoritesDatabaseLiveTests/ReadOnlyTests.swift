import FavoritesDatabase
import Foundation
import Synchronization
import Testing

@testable import FavoritesDatabaseLive

/// A data directory this session may not write: the database is read as it is, nothing is
/// created, written or moved aside, and once the directory can be written the next refresh
/// opens the database for writing.
///
/// The tests run as root, whom no mode stops, so a hook answers for the system whether a path
/// may be written (`LiveConnection.Hooks.writeDenial`); the end-to-end tests run the binary as
/// a user the modes stop.
struct ReadOnlyTests {
  /// A new directory whose name holds what a URI escapes, and a space.
  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appending(path: "read-only tests %41?#-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Whether writing is denied, until the test ends it.
  private final class Denial: Sendable {
    private let state = Mutex(true)
    var isOn: Bool { state.withLock { $0 } }
    func end() { state.withLock { $0 = false } }
  }

  /// Hooks under which writing the paths that `isDenied` picks is denied while `denial` is on.
  private func hooks(
    denying isDenied: @escaping @Sendable (String) -> Bool, while denial: Denial = Denial()
  ) -> LiveConnection.Hooks {
    LiveConnection.Hooks(writeDenial: { path in denial.isOn && isDenied(path) ? EACCES : 0 })
  }

  private func entry(_ kind: FavoritesDatabase.Entry.Kind, _ prime: Int) -> FavoritesDatabase.Entry
  {
    FavoritesDatabase.Entry(id: UUID(), kind: kind, prime: prime, milliseconds: 1_700_000_000_000)
  }

  /// A database in `directory` that holds `primes`, closed.
  private func stored(_ primes: [Int], in directory: URL) async throws {
    let database = FavoritesDatabase.live(directory: directory)
    _ = try await database.open()
    _ = try await database.write(
      FavoritesDatabase.Change(appended: primes.map { entry(.added, $0) }))
  }

  private func names(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  @Test func aDirectoryThatCannotBeWritten_isRead_andNothingIsWritten_untilItCanBe() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await stored([7], in: directory)
    let file = directory.appending(path: FavoritesDatabase.fileName)
    let bytes = try Data(contentsOf: file)
    let denial = Denial()
    let database = FavoritesDatabase.live(
      directory: directory, hooks: hooks(denying: { $0 == directory.path }, while: denial))

    let opened = try await database.open()
    #expect(opened.contents.favoritePrimes == [7])
    #expect(
      opened.readOnly == "the data directory \(directory.path) is not writable (Permission denied)")
    #expect(database.readOnly() == opened.readOnly)
    let error = await #expect(throws: FavoritesDatabaseError.self) {
      try await database.write(FavoritesDatabase.Change(appended: [entry(.added, 11)]))
    }
    #expect(error?.description == "could not write \(file.path): \(opened.readOnly ?? "")")
    #expect(try database.mayHaveChanged() == false)
    #expect(try await database.refresh() == nil)
    // Opened as immutable: no log, no shared memory, and the file as it was.
    #expect(try names(in: directory) == [FavoritesDatabase.fileName])
    #expect(try Data(contentsOf: file) == bytes)

    denial.end()
    #expect(try database.mayHaveChanged() == true)
    #expect(try await database.refresh()?.favoritePrimes == [7])
    #expect(database.readOnly() == nil)
    #expect(
      try await database.write(FavoritesDatabase.Change(appended: [entry(.added, 11)])) == nil)
    let reopened = try await FavoritesDatabase.live(directory: directory).open()
    #expect(reopened.contents.favoritePrimes == [7, 11])
    #expect(reopened.readOnly == nil)
  }

  @Test func aDatabaseFileThatCannotBeWritten_isRead_andNamedAsWhy() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await stored([2, 3], in: directory)
    let file = directory.appending(path: FavoritesDatabase.fileName).path
    let opened = try await FavoritesDatabase.live(
      directory: directory, hooks: hooks(denying: { $0 == file })
    ).open()
    #expect(opened.contents.favoritePrimes == [2, 3])
    #expect(opened.readOnly == "\(file) is not writable (Permission denied)")
  }

  @Test func aDirectoryWithNoDatabase_holdsNothing_andNothingIsCreated_untilItCanBeWritten()
    async throws
  {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let denial = Denial()
    let database = FavoritesDatabase.live(
      directory: directory, hooks: hooks(denying: { $0 == directory.path }, while: denial))
    let opened = try await database.open()
    #expect(opened.contents == FavoritesDatabase.Contents())
    #expect(opened.readOnly != nil)
    #expect(try database.mayHaveChanged() == false)
    #expect(try await database.refresh() == nil)
    #expect(try names(in: directory) == [])

    denial.end()
    #expect(try await database.refresh() == FavoritesDatabase.Contents())
    #expect(try await database.write(FavoritesDatabase.Change(appended: [entry(.added, 5)])) == nil)
    #expect(
      try await FavoritesDatabase.live(directory: directory).open().contents.favoritePrimes == [5])
  }

  @Test func aLogLeftBesideTheDatabase_isRead_andLaterCommitsAreSeen() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Another session, open all along, keeps the log and the shared memory beside the database.
    let theirs = FavoritesDatabase.live(directory: directory)
    _ = try await theirs.open()
    _ = try await theirs.write(FavoritesDatabase.Change(appended: [entry(.added, 13)]))
    let log = directory.appending(path: FavoritesDatabase.fileName + "-wal").path
    #expect(try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int ?? 0 > 0)
    let mine = FavoritesDatabase.live(
      directory: directory,
      hooks: hooks(denying: { $0 == directory.path }))
    let opened = try await mine.open()
    #expect(opened.contents.favoritePrimes == [13])
    #expect(opened.readOnly != nil)
    #expect(try mine.mayHaveChanged() == false)

    _ = try await theirs.write(FavoritesDatabase.Change(appended: [entry(.added, 17)]))
    #expect(try mine.mayHaveChanged() == true)
    #expect(try await mine.refresh()?.favoritePrimes == [13, 17])
    #expect(mine.readOnly() != nil)
  }

  @Test func aFileThatIsNoDatabase_isRefused_andLeftWhereItIs() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: FavoritesDatabase.fileName)
    try Data(repeating: 1, count: 4096).write(to: file)
    let error = await #expect(throws: FavoritesDatabaseError.self) {
      try await FavoritesDatabase.live(
        directory: directory,
        hooks: hooks(denying: { $0 == directory.path })
      ).open()
    }
    #expect(error?.description.hasPrefix("could not read \(file.path): ") == true)
    #expect(try names(in: directory) == [FavoritesDatabase.fileName])
  }

  @Test func theImmutableURI_escapesWhatAURIPathReads() {
    #expect(LiveConnection.immutable("/a b/%41?#x") == "file:///a b/%2541%3f%23x?immutable=1")
    #expect(LiveConnection.immutable("rel/db") == "file:rel/db?immutable=1")
  }
}
