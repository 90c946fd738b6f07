import FavoritesDatabase
import FavoritesLedger
import Foundation
import GRDB
import Synchronization
import Testing

@testable import FavoritesDatabaseLive

/// The live database, on a real SQLite file in a temporary directory.
struct FavoritesDatabaseLiveTests {
  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appending(path: "favorites-database-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Two sessions' clients on one database in `directory`, both open.
  private func twoSessions(
    in directory: URL
  ) async throws -> (mine: FavoritesDatabase, theirs: FavoritesDatabase) {
    let mine = FavoritesDatabase.live(directory: directory)
    let theirs = FavoritesDatabase.live(directory: directory)
    _ = try await mine.open()
    _ = try await theirs.open()
    return (mine, theirs)
  }

  private func entry(
    _ kind: Activity.Kind, _ prime: Int, at milliseconds: Int64 = 1_700_000_000_123
  ) -> Activity {
    Activity(id: UUID(), kind: kind, prime: prime, milliseconds: milliseconds)
  }

  @Test func writes_areWhatTheNextOpenFinds_inOrder_toTheMillisecond() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = FavoritesDatabase.live(directory: directory)
    #expect(try await database.open().contents == FavoritesDatabase.Contents())
    let added = [entry(.added, 11), entry(.added, 2), entry(.added, 7)]
    let removed = entry(.removed, 2, at: 1_700_000_000_999)
    #expect(try await database.write(.init(appended: added)) == nil)
    #expect(try await database.write(.init(appended: [removed])) == nil)
    let reopened = try await FavoritesDatabase.live(directory: directory).open().contents
    #expect(reopened.favoritePrimes == [11, 7])
    #expect(reopened.activityFeed == added + [removed])
  }

  @Test func takingBack_reversesEntries_andPutsARemovedFavoriteBackInItsPlace() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = FavoritesDatabase.live(directory: directory)
    _ = try await database.open()
    let added = [entry(.added, 2), entry(.added, 3), entry(.added, 5)]
    _ = try await database.write(.init(appended: added))
    let removed = entry(.removed, 3)
    _ = try await database.write(.init(appended: [removed]))
    #expect(try await database.write(.init(takenBack: [removed])) == nil)
    let contents = try await FavoritesDatabase.live(directory: directory).open().contents
    #expect(contents.favoritePrimes == [2, 3, 5])
    #expect(contents.activityFeed == added)
  }

  @Test func anotherSessionsChanges_areSeenByRefresh_andItsEntriesAreNotTakenBack() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (mine, theirs) = try await twoSessions(in: directory)
    #expect(try await mine.refresh() == nil)
    let their7 = entry(.added, 7)
    _ = try await theirs.write(.init(appended: [their7]))
    #expect(try await mine.refresh() == .update(.init(appended: [their7])))
    #expect(try await mine.refresh() == nil)
    // Taking back their entry changes nothing, and says what is stored.
    let stored = try await mine.write(.init(takenBack: [their7]))
    #expect(stored?.favoritePrimes == [7])
    // Adding a prime they added already is left out.
    let my7 = entry(.added, 7)
    #expect(try await mine.write(.init(appended: [my7]))?.activityFeed == [their7])
  }

  /// A refresh reads only what changed after what the session last read or wrote: another
  /// session's undo comes as the entry it took back, its redo as that entry taken back and
  /// written again, and the session's own writes not at all.
  @Test func aRefresh_readsWhatAnotherSessionChanged_sinceTheLastReadOrWrite() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (mine, theirs) = try await twoSessions(in: directory)
    let their7 = entry(.added, 7)
    _ = try await theirs.write(.init(appended: [their7, entry(.added, 11)]))
    _ = try await mine.refresh()
    _ = try await mine.write(.init(appended: [entry(.added, 13)]))
    _ = try await theirs.refresh()
    _ = try await theirs.write(.init(takenBack: [their7]))
    #expect(try await mine.refresh() == .update(.init(takenBack: [their7.id])))
    _ = try await theirs.write(.init(appended: [their7]))
    #expect(try await mine.refresh() == .update(.init(appended: [their7])))
    let contents = try await FavoritesDatabase.live(directory: directory).open().contents
    #expect(contents.favoritePrimes == [11, 13, 7])
  }

  /// A database of schema version 1, which has no record of entries taken back, keeps all it
  /// holds when this version opens it, its favorites in the order of their saves (an import of
  /// the version-1 files kept another), and tells what changed from then on.
  /// A feed row that another program wrote out of any range, or as text, is left out as a row
  /// whose id cannot be read is: opening neither traps nor refuses the rest.
  @Test(arguments: [
    "timestamp = 9223372036854775807", "timestamp = -9223372036854775808",
    "timestamp = 'noon'", "prime = 'seven'", "timestamp = 1e300",
  ])
  func aFeedRowThatCannotBeRead_isLeftOut(change: String) async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let kept = entry(.added, 3)
    let spoiled = entry(.added, 7)
    _ = try await {
      let database = FavoritesDatabase.live(directory: directory)
      _ = try await database.open()
      return try await database.write(.init(appended: [kept, spoiled]))
    }()
    let file = directory.appending(path: FavoritesDatabase.fileName)
    try DatabaseQueue(path: file.path).inDatabase { db in
      try db.execute(
        sql: "UPDATE activity SET \(change) WHERE id = ?", arguments: [spoiled.id.uuidString])
    }
    let opened = try await FavoritesDatabase.live(directory: directory).open()
    #expect(opened.contents.activityFeed == [kept])
  }

  @Test func aVersion1Database_isMigrated_keepingWhatItHolds() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let stored = [entry(.added, 3), entry(.added, 7)]
    do {
      let database = FavoritesDatabase.live(directory: directory)
      _ = try await database.open()
      _ = try await database.write(.init(appended: stored))
    }
    let file = directory.appending(path: FavoritesDatabase.fileName)
    try DatabaseQueue(path: file.path).inDatabase { db in
      try db.execute(
        sql: "DROP TRIGGER activity_taken_back; DROP TABLE takenback; PRAGMA user_version = 1")
      try db.execute(sql: "UPDATE favorite SET position = 100 WHERE prime = 3")
    }
    let (mine, theirs) = try await twoSessions(in: directory)
    let opened = try await FavoritesDatabase.live(directory: directory).open()
    #expect(
      opened.contents == FavoritesDatabase.Contents(favoritePrimes: [3, 7], activityFeed: stored))
    #expect(opened.notices.isEmpty)
    let their11 = entry(.added, 11)
    _ = try await theirs.write(.init(appended: [their11]))
    #expect(try await mine.refresh() == .update(.init(appended: [their11])))
    _ = try await theirs.write(.init(takenBack: [their11]))
    #expect(try await mine.refresh() == .update(.init(takenBack: [their11.id])))
  }

  @Test func anEntryAnotherSessionTookBack_isNotWrittenAgain() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (mine, theirs) = try await twoSessions(in: directory)
    let their7 = entry(.added, 7)
    _ = try await theirs.write(.init(appended: [their7]))
    #expect(try await mine.refresh() == .update(.init(appended: [their7])))
    _ = try await theirs.write(.init(takenBack: [their7]))
    // An old state of mine, brought back by my undo, still holds their entry.
    let stored = try await mine.write(.init(appended: [their7]))
    #expect(stored == FavoritesDatabase.Contents())
  }

  @Test func undoOfAnEntryWhosePrimeChangedSince_isLeftOut() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (mine, theirs) = try await twoSessions(in: directory)
    let my13 = entry(.added, 13)
    _ = try await mine.write(.init(appended: [my13]))
    let their13 = entry(.removed, 13)
    _ = try await theirs.write(.init(appended: [their13]))
    let stored = try await mine.write(.init(takenBack: [my13]))
    #expect(
      stored == FavoritesDatabase.Contents(favoritePrimes: [], activityFeed: [my13, their13]))
  }

  @Test func redoOfAnEntryWhosePrimeChangedSinceItWasTakenBack_isLeftOut() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (mine, theirs) = try await twoSessions(in: directory)
    let my7 = entry(.added, 7)
    _ = try await mine.write(.init(appended: [my7]))
    #expect(try await mine.write(.init(takenBack: [my7])) == nil)
    let their7 = [entry(.added, 7), entry(.removed, 7)]
    _ = try await theirs.write(.init(appended: their7))
    // Redo: my entry again. They saved and removed 7 since; it stays removed.
    let stored = try await mine.write(.init(appended: [my7]))
    #expect(stored == FavoritesDatabase.Contents(favoritePrimes: [], activityFeed: their7))
  }

  @Test func redoOfARemovalAfterAnotherSessionSavedThatPrime_leavesTheirsAlone() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (mine, theirs) = try await twoSessions(in: directory)
    let my7 = entry(.added, 7)
    let myRemoval = entry(.removed, 7)
    _ = try await mine.write(.init(appended: [my7, myRemoval]))
    #expect(try await mine.write(.init(takenBack: [myRemoval])) == nil)
    let their7 = [entry(.removed, 7), entry(.added, 7)]
    _ = try await theirs.write(.init(appended: their7))
    let stored = try await mine.write(.init(appended: [myRemoval]))
    #expect(stored == FavoritesDatabase.Contents(favoritePrimes: [7], activityFeed: [my7] + their7))
  }

  @Test func redoPastAnotherSessionsEntry_writesItAgainLast() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (mine, theirs) = try await twoSessions(in: directory)
    let my7 = entry(.added, 7)
    _ = try await mine.write(.init(appended: [my7]))
    let their11 = entry(.added, 11)
    _ = try await theirs.write(.init(appended: [their11]))
    #expect(try await mine.write(.init(takenBack: [my7]))?.favoritePrimes == [11])
    // Redo writes the entry anew, after theirs, and its favorite by its save.
    #expect(try await mine.write(.init(appended: [my7])) == nil)
    let contents = try await FavoritesDatabase.live(directory: directory).open().contents
    #expect(
      contents
        == FavoritesDatabase.Contents(favoritePrimes: [11, 7], activityFeed: [their11, my7]))
  }

  @Test func undoingTwoStepsOnOnePrime_andRedoingThem_writesBoth() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = FavoritesDatabase.live(directory: directory)
    _ = try await database.open()
    let added = [entry(.added, 2), entry(.added, 3)]
    let removed = entry(.removed, 2)
    _ = try await database.write(.init(appended: added))
    _ = try await database.write(.init(appended: [removed]))
    #expect(try await database.write(.init(takenBack: [removed])) == nil)
    #expect(try await database.write(.init(takenBack: added.reversed())) == nil)
    #expect(try await database.write(.init(appended: added)) == nil)
    #expect(try await database.write(.init(appended: [removed])) == nil)
    let contents = try await FavoritesDatabase.live(directory: directory).open().contents
    #expect(
      contents == FavoritesDatabase.Contents(favoritePrimes: [3], activityFeed: added + [removed]))
  }

  @Test func aWriteWhileAnotherConnectionHoldsTheLock_waitsForIt_andThenApplies() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let released = Mutex(false)
    let holderCommit = Mutex<(@Sendable () -> Void)?>(nil)
    let hooks = LiveConnection.Hooks(beforeWriting: {
      guard !released.withLock({ $0 }) else { return }
      released.withLock { $0 = true }
      // Committed from another thread once this write has started: the write's
      // `BEGIN IMMEDIATE` finds the database locked, and waits instead of failing.
      let commit = holderCommit.withLock { $0 }
      DispatchQueue.global().async { commit?() }
    })
    let mine = FavoritesDatabase.live(directory: directory, hooks: hooks)
    _ = try await mine.open()
    // Another program's write transaction, open until the write below is under way.
    let commit = try heldByAnotherProgram(in: directory)
    holderCommit.withLock { $0 = commit }
    let my7 = entry(.added, 7)
    let stored = try await mine.write(.init(appended: [my7]))
    #expect(released.withLock { $0 })
    #expect(stored == FavoritesDatabase.Contents(favoritePrimes: [11, 7], activityFeed: [my7]))
  }

  /// Another program's write transaction on the database in `directory`, open until `commit`.
  private func heldByAnotherProgram(in directory: URL) throws -> @Sendable () -> Void {
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true
    let holder = try DatabaseQueue(
      path: directory.appending(path: FavoritesDatabase.fileName).path,
      configuration: configuration)
    try holder.inDatabase { db in
      try db.execute(sql: "BEGIN IMMEDIATE; INSERT INTO favorite (prime) VALUES (11)")
    }
    return { try? holder.inDatabase { db in try db.execute(sql: "COMMIT") } }
  }

  @Test func aLongWait_isToldOnce_withTheDatabaseItWaitsFor_andItsEnd() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let slept = Mutex(Duration.zero)
    let wait = DatabaseWait()
    let mine = FavoritesDatabase.live(
      directory: directory, wait: wait,
      hooks: LiveConnection.Hooks(sleep: { duration in slept.withLock { $0 += duration } }))
    _ = try await mine.open()
    let commit = try heldByAnotherProgram(in: directory)
    let said = Mutex<[String?]>([])
    wait.observe(
      said: { path in
        said.withLock { $0.append(path) }
        // Told of the wait, the other program ends its transaction.
        if path != nil { commit() }
      },
      interrupted: { false })
    let my7 = entry(.added, 7)
    let stored = try await mine.write(.init(appended: [my7]))
    #expect(stored == FavoritesDatabase.Contents(favoritePrimes: [11, 7], activityFeed: [my7]))
    let path = directory.appending(path: FavoritesDatabase.fileName).path
    #expect(said.withLock { $0 } == [path, nil])
    #expect(slept.withLock { $0 } >= BusyWait.noticeAfter)
    // A write that finds the database free says nothing.
    _ = try await mine.write(.init(appended: [entry(.removed, 7)]))
    #expect(said.withLock { $0 }.count == 2)
  }

  @Test func aToldWaitGivenUp_failsTheWrite_andStoresNothingOfIt() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let wait = DatabaseWait()
    let mine = FavoritesDatabase.live(
      directory: directory, wait: wait, hooks: LiveConnection.Hooks(sleep: { _ in }))
    _ = try await mine.open()
    let commit = try heldByAnotherProgram(in: directory)
    let said = Mutex<[String?]>([])
    // An interrupt from before the wait is dropped as it starts; the person interrupts again
    // once the wait is told.
    let interrupts = Mutex(1)
    wait.observe(
      said: { path in
        said.withLock { $0.append(path) }
        if path != nil { interrupts.withLock { $0 += 1 } }
      },
      interrupted: {
        interrupts.withLock { interrupts in
          defer { interrupts = 0 }
          return interrupts > 0
        }
      })
    await #expect {
      try await mine.write(.init(appended: [entry(.added, 7)]))
    } throws: { error in
      "\(error)".hasSuffix("another program holds it, and the wait for it was given up")
    }
    let path = directory.appending(path: FavoritesDatabase.fileName).path
    #expect(said.withLock { $0 } == [path, nil])
    commit()
    let contents = try await FavoritesDatabase.live(directory: directory).open().contents
    #expect(contents == FavoritesDatabase.Contents(favoritePrimes: [11]))
  }

  @Test func aWaitOfAMinute_isGivenUp_andSaysSo() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let slept = Mutex(Duration.zero)
    let mine = FavoritesDatabase.live(
      directory: directory,
      hooks: LiveConnection.Hooks(sleep: { duration in slept.withLock { $0 += duration } }))
    _ = try await mine.open()
    let commit = try heldByAnotherProgram(in: directory)
    defer { commit() }
    await #expect {
      try await mine.write(.init(appended: [entry(.added, 7)]))
    } throws: { error in
      "\(error)".hasSuffix("another program held it for over a minute")
    }
    #expect(slept.withLock { $0 } >= BusyWait.limit)
  }

  @Test func aWaitStopped_givesUpAfterAMoment_asHeld_andWaitsAgainOnceResumed() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let slept = Mutex(Duration.zero)
    let wait = DatabaseWait()
    let mine = FavoritesDatabase.live(
      directory: directory, wait: wait,
      hooks: LiveConnection.Hooks(sleep: { duration in slept.withLock { $0 += duration } }))
    _ = try await mine.open()
    let commit = try heldByAnotherProgram(in: directory)
    defer { commit() }
    wait.stopWaiting()
    await #expect {
      try await mine.write(.init(appended: [entry(.added, 7)]))
    } throws: { error in
      (error as? FavoritesDatabaseError)?.isHeld == true
        && "\(error)".hasSuffix("another program still holds it")
    }
    #expect(slept.withLock { $0 } >= BusyWait.grace)
    #expect(slept.withLock { $0 } < BusyWait.grace + .milliseconds(100))
    wait.resumeWaiting()
    slept.withLock { $0 = .zero }
    await #expect {
      try await mine.write(.init(appended: [entry(.added, 7)]))
    } throws: { error in
      (error as? FavoritesDatabaseError)?.isHeld == true
        && "\(error)".hasSuffix("another program held it for over a minute")
    }
    #expect(slept.withLock { $0 } >= BusyWait.limit)
  }

  @Test func anOpenWhileAnotherProgramWrites_readsWhatIsCommitted_waitingForNothing() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = FavoritesDatabase.live(directory: directory)
    _ = try await first.open()
    _ = try await first.write(.init(appended: [entry(.added, 7)]))
    let commit = try heldByAnotherProgram(in: directory)
    defer { commit() }
    let slept = Mutex(Duration.zero)
    let mine = FavoritesDatabase.live(
      directory: directory,
      hooks: LiveConnection.Hooks(sleep: { duration in slept.withLock { $0 += duration } }))
    #expect(try await mine.open().contents.favoritePrimes == [7])
    #expect(slept.withLock { $0 } == .zero)
  }

  @Test func anOpenWhileAnotherSessionOpens_waitsForIt_andSaysSoAfterASecond() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Another session opening: it holds the data directory's lock.
    let lock = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { close(lock) }
    #expect(flock(lock, LOCK_EX) == 0)
    let wait = DatabaseWait()
    let said = Mutex<[String?]>([])
    wait.observe(
      said: { path in
        said.withLock { $0.append(path) }
        if path != nil { flock(lock, LOCK_UN) }
      },
      interrupted: { false })
    let mine = FavoritesDatabase.live(
      directory: directory, wait: wait, hooks: LiveConnection.Hooks(sleep: { _ in }))
    #expect(try await mine.open().contents == FavoritesDatabase.Contents())
    #expect(
      said.withLock { $0 } == [directory.appending(path: FavoritesDatabase.fileName).path, nil])
  }

  @Test func oneWaitOverSeveralLocks_isToldOnce_andItsMinuteCountsThemAll() {
    let said = Mutex<[String?]>([])
    let wait = DatabaseWait()
    wait.observe(said: { path in said.withLock { $0.append(path) } }, interrupted: { false })
    let slept = Mutex(Duration.zero)
    let busy = BusyWait(
      wait: wait, path: "p", sleep: { duration in slept.withLock { $0 += duration } })
    struct Busy: Error {}
    #expect(throws: BusyWait.Failure.tooLong) {
      try busy.during {
        // A first lock held for over a second, then taken.
        for tries in 0..<30 { #expect(busy.shouldRetry(tries: tries)) }
        #expect(said.withLock { $0 } == ["p"])
        // A second lock of the same work, held on: the wait goes on from where it was.
        var tries = 0
        while busy.shouldRetry(tries: tries) { tries += 1 }
        throw Busy()
      }
    }
    #expect(said.withLock { $0 } == ["p", nil])
    #expect(slept.withLock { $0 } >= BusyWait.limit)
    #expect(slept.withLock { $0 } < BusyWait.limit + .milliseconds(100))
  }

  @Test func databaseWait_tellsItsObserver_untilItStopsObserving() {
    let told = Mutex<[String?]>([])
    let wait = DatabaseWait()
    wait.observe(said: { path in told.withLock { $0.append(path) } }, interrupted: { false })
    wait.say("primetime.sqlite")
    wait.say(nil)
    wait.stopObserving()
    wait.say("primetime.sqlite")
    #expect(told.withLock { $0 } == ["primetime.sqlite", nil])
    #expect(
      DatabaseWait.message(path: "x.sqlite") == "waiting for another program that holds x.sqlite")
  }

  @Test func busyWait_triesAtSQLitesIntervals_tellsAfterASecond_andStopsAfterAMinute() {
    var slept = Duration.zero
    var intervals: [Duration] = []
    var toldAfter: Duration?
    var tries = 0
    while case .retry(let interval, let tells) = BusyWait.step(
      tries: tries, slept: slept, isGivenUp: false)
    {
      if tells, toldAfter == nil { toldAfter = slept }
      intervals.append(interval)
      slept += interval
      tries += 1
    }
    let sqlites: [Duration] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100].map {
      .milliseconds($0)
    }
    #expect(Array(intervals.prefix(12)) == sqlites)
    #expect(intervals.dropFirst(12).allSatisfy { $0 == .milliseconds(100) })
    #expect(toldAfter.map { $0 >= .seconds(1) && $0 < .milliseconds(1_100) } == true)
    #expect(slept >= .seconds(60) && slept < .milliseconds(60_100))
    #expect(BusyWait.step(tries: 3, slept: .zero, isGivenUp: true) == .giveUp)
  }

  @Test func aCorruptFile_isMovedAside_andANewDatabaseStarts() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: FavoritesDatabase.fileName)
    try Data(repeating: 1, count: 4096).write(to: file)
    let opened = try await FavoritesDatabase.live(directory: directory).open()
    #expect(opened.contents == FavoritesDatabase.Contents())
    #expect(opened.notices.count == 1)
    #expect(opened.notices.first?.contains("moved it to") == true)
  }

  @Test func aCorruptFileAnotherSessionReplacedFirst_isLeftAlone_andTheirsIsOpened() async throws {
    let directory = try temporaryDirectory()
    let elsewhere = try temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: elsewhere)
    }
    // The other session's new database, with 7 saved; closed at the end of the block, so
    // that everything is in its file.
    let their7 = entry(.added, 7)
    do {
      let theirs = FavoritesDatabase.live(directory: elsewhere)
      _ = try await theirs.open()
      _ = try await theirs.write(.init(appended: [their7]))
    }
    let file = directory.appending(path: FavoritesDatabase.fileName).path
    try Data(repeating: 1, count: 4096).write(to: URL(filePath: file))
    let replaced = Mutex(false)
    let hooks = LiveConnection.Hooks(beforeMovingAside: {
      // Between this session's check and its move, the other moves the corrupt file aside and
      // starts its database in its place.
      guard !replaced.withLock({ $0 }) else { return }
      replaced.withLock { $0 = true }
      rename(file, file + ".moved-by-theirs")
      try? FileManager.default.copyItem(
        atPath: elsewhere.appending(path: FavoritesDatabase.fileName).path, toPath: file)
    })
    let mine = FavoritesDatabase.live(directory: directory, hooks: hooks)
    let opened = try await mine.open()
    #expect(replaced.withLock { $0 })
    #expect(opened.contents.favoritePrimes == [7])
    #expect(opened.contents.activityFeed == [their7])
    #expect(opened.notices == [])
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!names.contains { $0.contains("unreadable") })
  }

  @Test func anotherProgramsDatabase_isMovedAside() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A valid SQLite database with a table of its own, and user_version 0.
    do {
      // Closed at the end of the block: everything is in the database file.
      _ = try await FavoritesDatabase.live(directory: directory).open()
    }
    let file = directory.appending(path: FavoritesDatabase.fileName)
    #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))
    var bytes = try Data(contentsOf: file)
    bytes.replaceSubrange(60..<64, with: [0, 0, 0, 0])
    try bytes.write(to: file)
    let opened = try await FavoritesDatabase.live(directory: directory).open()
    #expect(opened.notices.first?.contains("another program's database") == true)
  }

  @Test func aLaterSchemaVersion_isRefused_andNotChanged() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try await FavoritesDatabase.live(directory: directory).open()
    let file = directory.appending(path: FavoritesDatabase.fileName)
    var bytes = try Data(contentsOf: file)
    bytes.replaceSubrange(60..<64, with: [0, 0, 0, 3])
    try bytes.write(to: file)
    let error = await #expect(throws: FavoritesDatabaseError.self) {
      try await FavoritesDatabase.live(directory: directory).open()
    }
    #expect(error?.description.contains("schema version 3") == true)
    #expect(try Data(contentsOf: file) == bytes)
  }

  @Test func theOriginalAppsBareArray_isImportedAtFirstStart() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "favorite-primes.json")
    try Data("[2, 3, 7]".utf8).write(to: file)
    let opened = try await FavoritesDatabase.live(directory: directory).open()
    #expect(opened.contents.favoritePrimes == [2, 3, 7])
    #expect(opened.contents.activityFeed.map(\.prime) == [2, 3, 7])
    #expect(FileManager.default.fileExists(atPath: file.path + ".migrated"))
  }

  /// A version-1 feed alone that saves a prime again after removing it gives that favorite
  /// once.
  @Test func aVersion1FeedThatSavesAPrimeTwice_isImported_withTheFavoriteOnce() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let entries = [("added", 2), ("added", 5), ("removed", 2), ("added", 2)].map { kind, prime in
      #"{"type":"\#(kind)","prime":\#(prime),"timestamp":"2026-11-22T07:30:00Z"}"#
    }
    try Data(#"{"version":1,"activityFeed":[\#(entries.joined(separator: ","))]}"#.utf8)
      .write(to: directory.appending(path: "activity-feed.json"))
    let opened = try await FavoritesDatabase.live(directory: directory).open()
    #expect(opened.contents.favoritePrimes == [5, 2])
    #expect(opened.contents.activityFeed.map(\.prime) == [2, 5, 2, 2])
  }

  @Test func movingACorruptFileAside_happensWhileNoOtherSessionCanOpen() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: FavoritesDatabase.fileName)
    try Data(repeating: 1, count: 4096).write(to: file)
    let othersLockedOut = Mutex<Bool?>(nil)
    let hooks = LiveConnection.Hooks(beforeMovingAside: {
      // Another session's open takes the same lock: try it without waiting.
      let fd = open(directory.path, O_RDONLY | O_DIRECTORY)
      defer { close(fd) }
      let lockedOut = flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
      if !lockedOut { flock(fd, LOCK_UN) }
      othersLockedOut.withLock { $0 = lockedOut }
    })
    let opened = try await FavoritesDatabase.live(directory: directory, hooks: hooks).open()
    #expect(opened.notices.first?.contains("moved it to") == true)
    #expect(othersLockedOut.withLock { $0 } == true)
  }
}

/// The one naming style of files moved aside.
struct MovedAsideTests {
  @Test func theName_isTheUTCTimeAndTheProcess_withASuffixWhereTaken() {
    let date = Date(timeIntervalSince1970: 1_795_880_219.867)
    let first = MovedAside.path(for: "/d/primetime.sqlite", at: date, process: 42) { _ in false }
    #expect(first == "/d/primetime.sqlite.unreadable-20261128T153659Z-42")
    let taken: Set = [first, first + "-2"]
    #expect(
      MovedAside.path(for: "/d/primetime.sqlite", at: date, process: 42) { taken.contains($0) }
        == first + "-3")
  }

  @Test func theDocumentedExample() {
    let path = MovedAside.path(
      for: "/data/primetime.sqlite", at: Date(timeIntervalSince1970: 0), process: 7)
    #expect(path == "/data/primetime.sqlite.unreadable-19700101T000000Z-7")
  }
}
