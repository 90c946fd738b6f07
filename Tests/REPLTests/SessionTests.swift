import AppCore
import AppTestSupport
import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritePrimesFormat
import FavoritesDatabase
import FavoritesLedger
import FileClient
import Foundation
import NthPrimeClient
import Screens
import Synchronization
import Testing

@testable import REPL
@testable import Runtime

/// Collects what a session prints.
final class Transcript: Sendable {
  private let lines = Mutex<[String]>([])

  var output: Output {
    Output(
      out: { text in self.lines.withLock { $0.append(text) } },
      err: { text in self.lines.withLock { $0.append("stderr: " + text) } })
  }

  var text: String { lines.withLock { $0.joined(separator: "\n") } }

  func clear() { lines.withLock { $0.removeAll() } }
}

/// The changes a session wrote.
final class ChangeLog: Sendable {
  private let changes = Mutex<[FavoritesDatabase.Change]>([])
  func append(_ change: FavoritesDatabase.Change) { changes.withLock { $0.append(change) } }
  var all: [FavoritesDatabase.Change] { changes.withLock { $0 } }
}

@MainActor
struct SessionTests {
  let transcript = Transcript()
  let files = InMemoryFiles()
  let changes = ChangeLog()

  /// A session whose writes go to ``changes``, or to `write` when it is given, on a database
  /// that is read-only for `readOnly` where it is given.
  private func makeSession(
    _ state: AppState = AppState(),
    readOnly: String? = nil,
    write: (@Sendable (FavoritesDatabase.Change) async throws -> FavoritesDatabase.Contents?)? =
      nil
  ) -> Session {
    let changes = self.changes
    let ids = IncrementingUUIDs()
    return Session(
      initialState: state,
      environment: AppEnvironment(
        nthPrime: .answering([1: 2, 6: 13, 7: 17, 10: 29, 13: 41]),
        fileClient: .inMemory(files),
        now: { Date(timeIntervalSince1970: 0) }, uuid: { ids.next() }),
      output: transcript.output,
      storage: Storage(
        database: FavoritesDatabase(
          open: { FavoritesDatabase.Opened() },
          write: write
            ?? { change in
              changes.append(change)
              return nil
            },
          refresh: { nil },
          readOnly: { readOnly })),
      localTime: .gmt
    )
  }
  @Test func commands_reachEachFeature_throughItsOwnScopedStore() async {
    let session = makeSession(AppState(count: 7))
    var counterStates: [Int] = []
    var favoriteStates: [[Int]] = []
    let counter = session.runtime.counter.subscribe { counterStates.append($0.count) }
    let favorites = session.runtime.favorites.subscribe {
      favoriteStates.append(Array($0.favoritePrimes))
    }
    _ = await session.run(line: "incr")
    #expect(counterStates.first == 8)
    _ = await session.run(line: "decr; save")
    _ = await session.run(line: "decr")
    _ = await session.run(line: "save")
    _ = await session.run(line: "favorites")
    let before = favoriteStates.count
    _ = await session.run(line: "delete 1")
    #expect(favoriteStates.count > before)
    #expect(favoriteStates.last == [])
    #expect(session.runtime.favorites.state.favoritePrimes == session.state.favoritePrimes)
    #expect(session.runtime.counter.state == session.state.counter)
    _ = (counter, favorites)
  }

  private func run(_ session: Session, _ lines: String...) async -> [Session.Outcome] {
    var outcomes: [Session.Outcome] = []
    for line in lines { outcomes.append(await session.run(line: line)) }
    return outcomes
  }

  @Test func countingToAPrime_savingIt_andAskingForTheNthPrime() async {
    let session = makeSession()
    let outcomes = await run(session, "incr", "incr 6", "prime", "save", "nth")
    #expect(outcomes.allSatisfy { $0 == .success })
    #expect(
      transcript.text == """
        count: 1
        count: 7
        7 is prime 🎉  ('save' adds it to your favorite primes)
        saved 7 to your favorite primes
        the 7th prime is 17
        """)
    #expect(session.state.favoritePrimes == [7])
    #expect(session.state.counterDestination == nil && session.state.favoritesDestination == nil)
  }

  @Test func eachCommandThatChangesFavorites_writesItsChangeAlone() async throws {
    let session = makeSession(AppState(count: 13))
    _ = await run(session, "save", "incr", "undo", "undo", "redo")
    let added = Activity(id: UUID(1), kind: .added, prime: 13, milliseconds: 0)
    #expect(
      changes.all == [
        FavoritesDatabase.Change(appended: [added]),
        FavoritesDatabase.Change(takenBack: [added]),
        FavoritesDatabase.Change(appended: [added]),
      ])
    #expect(files[FavoritePrimesFile.name] == nil)
  }

  @Test(
    arguments: [
      ("save", "6 is not prime, so it cannot be a favorite"),
      ("remove", "6 is not a favorite prime"),
      ("delete 1", "'delete' works on the favorites screen; type 'favorites' to go there"),
      (
        "nth 1",
        "on the counter, 'nth' takes no row: it asks for the count-th prime (set the count with 'set <n>')"
      ),
      ("bogus", "unknown command 'bogus' (try 'help')"),
      ("incr 9223372036854775807", "the count cannot go above 9223372036854775807; it stays at 6"),
    ])
  func refusedCommands_sayWhy_andChangeNothing(line: String, message: String) async {
    let session = makeSession(AppState(count: 6))
    let before = session.store.state
    #expect(await session.run(line: line) == .failure(message))
    #expect(session.store.state == before)
  }

  @Test func incrPastIntMax_isRefused_andTheCountStays() async {
    let session = makeSession(AppState(count: .max - 1))
    #expect(
      await session.run(line: "incr 5")
        == .failure(
          "the count cannot go above 9223372036854775807; it stays at 9223372036854775806"))
    #expect(await session.run(line: "incr") == .success)
    #expect(
      await session.run(line: "incr")
        == .failure(
          "the count cannot go above 9223372036854775807; it stays at 9223372036854775807"))
    #expect(session.state.count == .max)
    #expect(session.state.counterDestination == nil && session.state.favoritesDestination == nil)
  }

  @Test func nthWithCountZero_failsWithAMessage() async {
    let session = makeSession()
    #expect(
      await session.run(line: "nth") == .failure("there is no 0th prime: n must be at least 1"))
  }

  @Test func favoritesScreen_listsDeletesAndAsks() async {
    let session = makeSession(AppState(favoritePrimes: [2, 7, 13]))
    _ = await run(session, "favorites", "nth 2", "delete 3 1", "counter")
    #expect(
      transcript.text == """
        1  2
        2  7
        3  13
        the 7th prime is 17
        deleted 2, 13
        count: 0
        """)
    #expect(session.state.favoritePrimes == [7])
    #expect(session.state.activityFeed.map(\.kind) == [.removed, .removed])
    #expect(
      await session.run(line: "delete 1")
        == .failure("'delete' works on the favorites screen; type 'favorites' to go there"))
  }

  @Test func deletingARowThatDoesNotExist_deletesNothing() async {
    let session = makeSession(AppState(favoritePrimes: [2, 7]))
    _ = await session.run(line: "favorites")
    #expect(
      await session.run(line: "delete 1 5")
        == .failure("there is no 5th favorite prime: there are 2"))
    #expect(
      await session.run(line: "nth 3") == .failure("there is no 3rd favorite prime: there are 2"))
    #expect(session.state.favoritePrimes == [2, 7])
    #expect(session.state.counterDestination == nil && session.state.favoritesDestination == nil)
  }

  @Test func undoAndRedo_walkTheSteps() async {
    let session = makeSession(AppState(count: 6))
    _ = await run(session, "incr", "save", "undo", "undo", "redo", "history")
    #expect(
      transcript.text == """
        count: 7
        saved 7 to your favorite primes
        undone; count: 7; no favorites
        undone; count: 6; no favorites
        redone; count: 7; no favorites
          0  start
        > 1  count 6 → 7
          2  saved 7 (undone)
        1 step to undo, 1 step to redo
        """)
  }

  @Test func undoAndRedoN_travelSeveralSteps_asFarAsThereAreSteps() async {
    let session = makeSession(AppState(count: 6))
    _ = await run(session, "incr", "save", "incr", "undo 2", "redo 5", "undo 9", "history")
    #expect(
      transcript.text == """
        count: 7
        saved 7 to your favorite primes
        count: 8
        undone 2 steps; count: 7; no favorites
        redone 2 steps, all there were; count: 8; favorites: 7
        undone 3 steps, all there were; count: 6; no favorites
        > 0  start
          1  count 6 → 7 (undone)
          2  saved 7 (undone)
          3  count 7 → 8 (undone)
        0 steps to undo, 3 steps to redo
        """)
  }

  @Test func undoN_withNothingToUndo_saysSo_andIsNoFailure() async {
    let session = makeSession(AppState(count: 6))
    let outcomes = await run(session, "undo 3", "redo")
    #expect(outcomes == [.success, .success])
    #expect(transcript.text == "nothing to undo\nnothing to redo")
  }

  @Test func traceOn_printsTheActionAndTheDiff() async {
    let session = makeSession()
    _ = await run(session, "trace on", "incr")
    #expect(transcript.text.contains(".counter(.incrTapped)"))
    let diffLines = transcript.text.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(diffLines.contains("- count: 0,"))
    #expect(diffLines.contains("+ count: 1,"))
    transcript.clear()
    _ = await run(session, "trace off", "incr")
    #expect(transcript.text == "trace off\ncount: 2")
  }

  @Test func saveAndLoadFavorites_reportWhatTheyDid() async {
    let session = makeSession(AppState(favoritePrimes: [3, 5]))
    _ = await run(session, "save-favorites", "load-favorites")
    #expect(
      transcript.text
        == "saved 2 favorite primes to favorite-primes.json\n"
        + "added 0 favorite primes; 2 were favorites already")
  }

  @Test func aWriteThatFails_keepsTheChangeInMemory_andTheNextWriteIncludesIt() async {
    let attempts = ChangeLog()
    let failures = Mutex(1)
    let session = makeSession(AppState(count: 13)) { change in
      attempts.append(change)
      let fails = failures.withLock { remaining in
        defer { remaining = max(0, remaining - 1) }
        return remaining > 0
      }
      if fails { throw FavoritesDatabaseError("could not write the database: disk full") }
      return nil
    }
    let saved = await session.run(line: "save")
    #expect(
      saved == .failure("could not write the database: disk full; the changes are kept in memory"))
    #expect(session.state.favoritePrimes == [13])
    #expect(await session.run(line: "incr") == .success)
    let added = Activity(id: UUID(1), kind: .added, prime: 13, milliseconds: 0)
    #expect(attempts.all == [.init(appended: [added]), .init(appended: [added])])
    #expect(await session.run(line: "incr") == .success)
    #expect(attempts.all.count == 2)
  }

  @Test func whileFavoritesAreReadOnly_aCommandThatWouldChangeThem_failsInOneLine_andWritesNothing()
    async
  {
    let reason = "the data directory /d is not writable (Permission denied)"
    let session = makeSession(
      AppState(
        count: 7, favoritePrimes: [2], screens: ScreensState(storageStatus: .readOnly(reason))),
      readOnly: reason)
    let refused = { (command: String) in
      Session.Outcome.failure(
        "favorites are read-only: the data directory /d is not writable (Permission denied); "
          + "'\(command)' changed nothing")
    }
    #expect(await session.run(line: "save") == refused("save"))
    #expect(await session.run(line: "incr") == .success)
    #expect(await session.run(line: "undo") == .success)
    #expect(await session.run(line: "favorites") == .success)
    #expect(await session.run(line: "delete 1") == refused("delete"))
    #expect(await session.run(line: "counter") == .success)
    #expect(await session.run(line: "set 2") == .success)
    #expect(await session.run(line: "remove") == refused("remove"))
    #expect(await session.run(line: "set 7") == .success)
    #expect(await session.run(line: "nth") == .success)
    #expect(transcript.text.contains("the 7th prime is 17"))
    #expect(session.state.favoritePrimes == [2])
    #expect(session.state.count == 7)
    #expect(changes.all == [])
    #expect(transcript.text.contains("1  2"))
    #expect(!transcript.text.contains("saved"))
  }

  /// A sync that a command's last action starts (here the dismissal of the answer's alert,
  /// which reads others' changes while the favorites are read-only) ends before the next
  /// command reads others' changes: the next command lists what another session stored since.
  @Test func theNextCommand_seesAnotherSessionsChange_afterASyncTheLastCommandLeftRunning()
    async
  {
    let reason = "the data directory /d is not writable (Permission denied)"
    let theirs = Activity(id: UUID(99), kind: .added, prime: 3, milliseconds: 0)
    let othersWrote = Mutex(false)
    let ids = IncrementingUUIDs()
    let session = Session(
      initialState: AppState(count: 7, screens: ScreensState(storageStatus: .readOnly(reason))),
      environment: AppEnvironment(
        nthPrime: .answering([7: 17]), fileClient: .inMemory(files),
        now: { Date(timeIntervalSince1970: 0) }, uuid: { ids.next() }),
      output: transcript.output,
      storage: Storage(
        database: FavoritesDatabase(
          open: { FavoritesDatabase.Opened() },
          write: { _ in nil },
          refresh: {
            othersWrote.withLock { $0 } ? .update(.init(appended: [theirs])) : nil
          },
          readOnly: { reason })))
    #expect(await session.run(line: "nth") == .success)
    othersWrote.withLock { $0 = true }
    #expect(await session.run(line: "favorites") == .success)
    #expect(transcript.text.contains("1  3"))
  }

  @Test func whileStoringFails_theREPL_stillSaysWhatEachCommandDid() async {
    let session = makeSession(AppState(count: 13)) { _ in
      throw FavoritesDatabaseError("could not write the database: disk full")
    }
    _ = await session.run(line: "save")
    _ = await session.run(line: "remove")
    _ = await session.run(line: "undo")
    #expect(transcript.text.contains("saved 13 to your favorite primes"))
    #expect(transcript.text.contains("removed 13 from your favorite primes"))
    #expect(transcript.text.contains("undone; count: 13; favorites: 13"))
  }

  @Test func aChangeMadeWhileAWriteIsUnderWay_isWrittenToo_whenTheWriteBringsOthersChanges()
    async
  {
    let writes = ChangeLog()
    let (release, releaser) = AsyncStream<Void>.makeStream()
    let theirs = Activity(id: UUID(99), kind: .added, prime: 3, milliseconds: 0)
    let seven = Activity(id: UUID(1), kind: .added, prime: 7, milliseconds: 0)
    let session = makeSession(AppState(count: 7)) { change in
      writes.append(change)
      guard writes.all.count == 1 else { return nil }
      // The first write waits, and finds that another session saved 3 meanwhile.
      for await _ in release { break }
      return FavoritesDatabase.Contents(favoritePrimes: [3, 7], activityFeed: [theirs, seven])
    }
    let save = AppHistoryAction.step(
      .counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped)))))
    session.store.send(.step(.counter(.isPrimeTapped)))
    session.store.send(save)
    while writes.all.isEmpty { await Task.yield() }
    session.store.send(.step(.counter(.countEntered(11))))
    session.store.send(.step(.counter(.isPrimeTapped)))
    session.store.send(save)
    releaser.yield()
    await session.runtime.waitUntil { $0.sync?.isSyncing == false }
    let eleven = Activity(id: UUID(2), kind: .added, prime: 11, milliseconds: 0)
    #expect(writes.all.count == 2)
    #expect(writes.all.last?.appended == [eleven])
    #expect(session.state.favoritePrimes.contains(11))
  }

  @Test func quit_endsTheSession() async {
    let session = makeSession()
    #expect(!session.isQuitRequested)
    _ = await session.run(line: "exit")
    #expect(session.isQuitRequested)
  }

  @Test func aRelativeFile_withTheCurrentDirectoryGone_failsInOneLine_andAWholePathStillWorks()
    async
  {
    let session = Session(
      initialState: AppState(favoritePrimes: [7]),
      environment: AppEnvironment(
        nthPrime: .answering([:]), fileClient: .inMemory(files),
        now: { Date(timeIntervalSince1970: 0) }, uuid: { IncrementingUUIDs().next() }),
      output: transcript.output,
      files: FileWords(workingDirectory: nil, home: nil, inputHoldsCommands: false))
    #expect(
      await session.run(line: "save-favorites x.json")
        == .failure("the current directory is gone; name the file by its whole path"))
    #expect(files["x.json"] == nil)
    #expect(await session.run(line: "save-favorites /tmp/x.json") == .success)
    #expect(files["/tmp/x.json"] != nil)
  }

  @Test func everyCommandsExample_runsAndSucceeds_inANewSession() async throws {
    for command in Command.all {
      let session = makeSession()
      transcript.clear()
      for words in try ShellWords.commands(in: command.example) {
        #expect(await session.run(words: words) == .success, "\(command.name): \(words)")
      }
      #expect(!transcript.text.isEmpty || command.name == "quit", "\(command.name)")
    }
  }

  @Test func aCommandOnTheWrongScreen_isRefused_andSendsNothing() async {
    let session = makeSession(AppState(count: 7, favoritePrimes: [2]))
    _ = await session.run(line: "favorites")
    // With the trace on, every action sent would be reported.
    _ = await session.run(line: "trace on")
    transcript.clear()
    let before = session.store.state
    for line in ["incr", "decr", "set 3", "prime", "save", "remove"] {
      #expect(
        await session.run(line: line)
          == .failure(
            "'\(line.split(separator: " ")[0])' works on the counter screen; "
              + "type 'counter' to go there"))
    }
    #expect(transcript.text == "")
    #expect(session.store.state == before)
    _ = await session.run(line: "counter")
    let onTheCounter = session.store.state
    transcript.clear()
    #expect(
      await session.run(line: "delete 1")
        == .failure("'delete' works on the favorites screen; type 'favorites' to go there"))
    #expect(transcript.text == "")
    #expect(session.store.state == onTheCounter)
  }

  /// What `help` says of the screen a command works on is what the app refuses elsewhere: each
  /// command's example, run on the other screen, is refused exactly when its table entry names a
  /// screen.
  @Test func theScreenACommandWorksOn_isTheOneTheAppRefusesItElsewhere() async throws {
    for command in Command.all where command.name != "quit" {
      for screen in [Screen.counter, .favorites] {
        let session = makeSession(AppState(count: 7, favoritePrimes: [7]))
        // The example's setup runs where it works; its command, on `screen`.
        let commands = try ShellWords.commands(in: command.example)
        for words in commands.dropLast() { _ = await session.run(words: words) }
        _ = await session.run(line: screen.rawValue)
        let outcome = await session.run(words: commands.last ?? [command.name])
        let isRefused =
          if case .failure(let message) = outcome { message.contains("' works on the ") } else {
            false
          }
        if let needed = command.screen, needed != screen {
          #expect(
            outcome
              == .failure(
                "'\(command.name)' works on the \(needed.rawValue) screen; "
                  + "type '\(needed.rawValue)' to go there"),
            "\(command.name) on \(screen)")
        } else {
          #expect(!isRefused, "\(command.name) on \(screen)")
        }
      }
    }
  }
}
