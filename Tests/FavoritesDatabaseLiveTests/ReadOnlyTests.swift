import FavoritesDatabase
import FavoritesLedger
import Foundation
import Synchronization
import Testing

@testable import FavoritesDatabaseLive

/// A data directory this session may not write: the database is read as it is, nothing is
/// created, written or moved aside, and once the directory can be written the next refresh
/// opens the database for writing.
///
/// The tests run as root, whom no mode stops, so a hook answers for the system whether a path
/// may be written (`LiveConnection.Hooks.access`); the end-to-end tests run the binary as
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

  /// Hooks under which writing the paths that `isDenied` picks is denied while `denial` is on,
  /// no wait sleeps, and the clock stands where every file has long settled.
  private func hooks(
    denying isDenied: @escaping @Sendable (String) -> Bool, while denial: Denial = Denial(),
    sleep: @escaping @Sendable (Duration) -> Void = { _ in },
    now: @escaping @Sendable () -> Date = { .distantFuture }
  ) -> LiveConnection.Hooks {
    LiveConnection.Hooks(
      sleep: sleep,
      access: { path, mode in denial.isOn && isDenied(path) && mode & W_OK != 0 ? EACCES : 0 },
      now: now)
  }

  private func entry(_ kind: Activity.Kind, _ prime: Int) -> Activity {
    Activity(id: UUID(), kind: kind, prime: prime, milliseconds: 1_700_000_000_000)
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
    // Opened for writing, it holds what it held: nothing changed.
    #expect(try await database.refresh() == nil)
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
    #expect(try await database.refresh() == nil)
    #expect(database.readOnly() == nil)
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
    #expect(try await mine.refresh()?.contents?.favoritePrimes == [13, 17])
    #expect(mine.readOnly() != nil)
  }

  @Test func aWriteByAnotherProgram_afterAnImmutableOpen_isSeen_andLaterOnesToo() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await stored([7], in: directory)
    let mine = FavoritesDatabase.live(
      directory: directory, hooks: hooks(denying: { $0 == directory.path }))
    #expect(try await mine.open().contents.favoritePrimes == [7])
    #expect(try mine.mayHaveChanged() == false)
    // Another user, who may write, saves 11 and then 13.
    let theirs = FavoritesDatabase.live(directory: directory)
    _ = try await theirs.open()
    _ = try await theirs.write(FavoritesDatabase.Change(appended: [entry(.added, 11)]))
    #expect(try mine.mayHaveChanged() == true)
    #expect(try await mine.refresh()?.contents?.favoritePrimes == [7, 11])
    #expect(try mine.mayHaveChanged() == false)
    _ = try await theirs.write(FavoritesDatabase.Change(appended: [entry(.added, 13)]))
    #expect(try mine.mayHaveChanged() == true)
    #expect(try await mine.refresh()?.contents?.favoritePrimes == [7, 11, 13])
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

  @Test func aDirectoryThatCannotBeRead_isRefused_notTakenForAnEmptyOne() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await stored([7], in: directory)
    let error = await #expect(throws: FavoritesDatabaseError.self) {
      try await FavoritesDatabase.live(
        directory: directory,
        hooks: LiveConnection.Hooks(access: { path, _ in path == directory.path ? EACCES : 0 })
      ).open()
    }
    #expect(
      error?.description
        == "could not read the data directory \(directory.path): Permission denied")
  }

  @Test func aLogWithoutItsSharedMemory_isLookedAtForASecond_andThenRefused() async throws {
    let directory = try temporaryDirectory()
    let copy = try temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: copy)
    }
    // A copy of a database and its log, taken while a session had it open, without the
    // shared-memory file.
    let theirs = FavoritesDatabase.live(directory: directory)
    _ = try await theirs.open()
    _ = try await theirs.write(FavoritesDatabase.Change(appended: [entry(.added, 13)]))
    for name in [FavoritesDatabase.fileName, FavoritesDatabase.fileName + "-wal"] {
      try FileManager.default.copyItem(
        at: directory.appending(path: name), to: copy.appending(path: name))
    }
    let slept = Mutex(Duration.zero)
    let error = await #expect(throws: FavoritesDatabaseError.self) {
      try await FavoritesDatabase.live(
        directory: copy,
        hooks: hooks(
          denying: { $0 == copy.path }, sleep: { duration in slept.withLock { $0 += duration } })
      ).open()
    }
    #expect(slept.withLock { $0 } == .seconds(1))
    #expect(
      error?.description
        == "could not read \(copy.appending(path: FavoritesDatabase.fileName).path): its "
        + "write-ahead log has no shared-memory file beside it, which SQLite cannot make in a "
        + "directory it cannot write")
    #expect(try names(in: copy).count == 2)
  }

  @Test func aLogAloneForAMoment_asAWriterClosing_isReadOnceItIsGone() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await stored([7], in: directory)
    // The moment in a writer's close between deleting the shared memory and the log.
    let log = directory.appending(path: FavoritesDatabase.fileName + "-wal")
    try Data(repeating: 0, count: 32).write(to: log)
    let opened = try await FavoritesDatabase.live(
      directory: directory,
      hooks: hooks(
        denying: { $0 == directory.path },
        sleep: { _ in try? FileManager.default.removeItem(at: log) })
    ).open()
    #expect(opened.contents.favoritePrimes == [7])
  }

  @Test func filesWrittenWithinTheClocksTick_areLookedAtAgain_untilTheySettle() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await stored([7], in: directory)
    let file = directory.appending(path: FavoritesDatabase.fileName).path
    let written = try #require(
      FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date)
    let clock = Mutex(written)
    let mine = FavoritesDatabase.live(
      directory: directory,
      hooks: hooks(denying: { $0 == directory.path }, now: { clock.withLock { $0 } }))
    #expect(try await mine.open().contents.favoritePrimes == [7])
    // A write in the same tick would not change the stamps: too fresh to tell, it is read again,
    // and nothing changed.
    #expect(try mine.mayHaveChanged() == true)
    #expect(try await mine.refresh() == nil)
    clock.withLock { $0 += 3 }
    #expect(try await mine.refresh() == nil)
    #expect(try mine.mayHaveChanged() == false)
  }

  @Test func aWriterThatCloses_leavesItsChangeInTheDatabase_whichIsReadAgain() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await stored([7], in: directory)
    let mine = FavoritesDatabase.live(
      directory: directory, hooks: hooks(denying: { $0 == directory.path }))
    _ = try await mine.open()
    try await stored([11], in: directory)
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.appending(path: FavoritesDatabase.fileName + "-wal").path))
    #expect(try mine.mayHaveChanged() == true)
    #expect(try await mine.refresh()?.contents?.favoritePrimes == [7, 11])
  }

  @Test func theVersion1Files_areReadIntoMemory_andLeftAsTheyAre() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "favorite-primes.json")
    try Data(#"{"version":1,"favoritePrimes":[2,3,7]}"#.utf8).write(to: file)
    let opened = try await FavoritesDatabase.live(
      directory: directory, hooks: hooks(denying: { $0 == directory.path })
    ).open()
    #expect(opened.contents.favoritePrimes == [2, 3, 7])
    #expect(opened.readOnly != nil)
    // One that cannot be read is left too.
    let feed = directory.appending(path: "activity-feed.json")
    try Data("not json".utf8).write(to: feed)
    let again = try await FavoritesDatabase.live(
      directory: directory, hooks: hooks(denying: { $0 == directory.path })
    ).open()
    #expect(again.notices == ["\(feed.path) could not be read; it was left as it is"])
    #expect(try names(in: directory) == ["activity-feed.json", "favorite-primes.json"])
  }

  @Test func aDamagedDatabase_isRefused_andLeftAsItIs() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await stored([2, 3, 5, 7], in: directory)
    let file = directory.appending(path: FavoritesDatabase.fileName)
    var bytes = try Data(contentsOf: file)
    // Every page after the first, scrambled past its header.
    for page in stride(from: 4096, to: bytes.count, by: 4096) {
      bytes.replaceSubrange(page + 8..<page + 100, with: Data(repeating: 0xFF, count: 92))
    }
    try bytes.write(to: file)
    let error = await #expect(throws: FavoritesDatabaseError.self) {
      try await FavoritesDatabase.live(
        directory: directory, hooks: hooks(denying: { $0 == directory.path })
      ).open()
    }
    #expect(error?.description.hasPrefix("could not read \(file.path): ") == true)
    #expect(try Data(contentsOf: file) == bytes)
  }

  @Test func theImmutableURI_escapesWhatAURIPathReads() {
    #expect(LiveConnection.immutable("/a b/%41?#x") == "file:///a b/%2541%3f%23x?immutable=1")
    #expect(LiveConnection.immutable("rel/db") == "file:rel/db?immutable=1")
  }
}

extension FavoritesDatabase.Refreshed {
  /// Everything stored, where the refresh read everything.
  var contents: FavoritesDatabase.Contents? {
    if case .contents(let contents) = self { contents } else { nil }
  }
}
