import AppCore
import ComposableArchitecture
import FavoritesDatabase
import FavoritesDatabaseLive
import FavoritesLedger
import Foundation
import NthPrimeClient
import Primes
import REPL
import Runtime

/// The cost of storing a change: a save and a removal, each a command of its own, through a
/// session and the live SQLite database in a temporary directory, with few favorites and with
/// many. Each command writes one transaction.
@MainActor
enum StorageBenchmark {
  static func run(
    rounds: Int, pairs: Int, many: Int, log: (String) -> Void = { print($0) }
  ) async throws -> [(String, Double)] {
    var few: [Double] = []
    var lots: [Double] = []
    var takeInRatios: [Double] = []
    var latencies: [Double] = []
    for _ in 0..<max(rounds, 1) {
      latencies.append(try await watchedLatency(changes: pairs))
      few.append(try await secondsPerPair(favorites: 10, pairs: pairs))
      lots.append(try await secondsPerPair(favorites: many, pairs: pairs))
      takeInRatios.append(
        try await secondsPerTakeIn(favorites: many, pairs: pairs)
          / secondsPerTakeIn(favorites: 10, pairs: pairs))
    }
    let fewSeconds = median(few)
    let manySeconds = median(lots)
    log(
      String(
        format: "save + remove, 10 favorites: %.0f µs; %d favorites: %.0f µs; ratio %.2f; "
          + "another session's, taken in: ratio %.2f",
        fewSeconds * 1e6, many, manySeconds * 1e6, manySeconds / fewSeconds,
        median(takeInRatios)))
    log(
      String(
        format: "another session's save, shown by a watching session: %.2f ms median",
        median(latencies) * 1e3))
    return [
      ("storage.watched.latency.milliseconds", median(latencies) * 1e3),
      ("storage.pair.few.microseconds", fewSeconds * 1e6),
      ("storage.pair.many.microseconds", manySeconds * 1e6),
      ("storage.pair.ratio", manySeconds / fewSeconds),
      ("storage.takeIn.ratio", median(takeInRatios)),
    ]
  }

  /// Seconds for a session to take in another session's save or removal, each read from the
  /// live database as what changed, with `favorites` favorites stored: only the take-in is
  /// timed, not the other session's write.
  static func secondsPerTakeIn(favorites count: Int, pairs: Int) async throws -> Double {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "primetime-storage-benchmark-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (primes, theirs, runtime) = try await twoSessions(
      in: directory, favorites: count, watching: false)
    var elapsed = Duration.zero
    // The first pair untimed: a session's first membership test of its feed and favorites
    // makes their index, once.
    for pair in 0...pairs {
      for kind in [Activity.Kind.added, .removed] {
        let entry = Activity(
          id: UUID(), kind: kind, prime: primes[count], milliseconds: 0)
        _ = try await theirs.write(FavoritesDatabase.Change(appended: [entry]))
        let start = ContinuousClock.now
        await runtime.dispatch(.storage(.readRequested)).finish()
        if pair > 0 { elapsed += ContinuousClock.now - start }
      }
    }
    guard runtime.state.activityFeed.count == count + 2 * (pairs + 1) else {
      throw StorageBenchmarkFailure()
    }
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return seconds / Double(2 * pairs)
  }

  /// The median of the seconds from another session's write of a change, once it returns, to
  /// the change in the state of a session that watches the database's directory, as the full
  /// screen does: the watch, the read and the store's action, with nothing polled.
  static func watchedLatency(changes: Int) async throws -> Double {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "primetime-storage-benchmark-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (primes, theirs, runtime) = try await twoSessions(
      in: directory, favorites: 10, watching: true)
    var seconds: [Double] = []
    for change in 0..<changes {
      let entry = Activity(
        id: UUID(), kind: change.isMultiple(of: 2) ? .added : .removed, prime: primes[10],
        milliseconds: 0)
      let expected = runtime.state.activityFeed.count + 1
      _ = try await theirs.write(FavoritesDatabase.Change(appended: [entry]))
      let start = ContinuousClock.now
      await runtime.waitUntil { $0.activityFeed.count == expected }
      let elapsed = ContinuousClock.now - start
      seconds.append(
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return median(seconds)
  }

  /// A session over a new database in `directory` that holds `count` favorites, and another
  /// connection to it that writes as another session does; `watching`, the session watches the
  /// directory, as the full screen does. Returns the primes stored, with one more after them.
  static func twoSessions(
    in directory: URL, favorites count: Int, watching: Bool
  ) async throws -> (primes: [Int], theirs: FavoritesDatabase, runtime: AppRuntime) {
    let primes = try await filled(directory, favorites: count)
    let theirs = FavoritesDatabase.live(directory: directory)
    _ = try await theirs.open()
    let storage = Storage(database: .live(directory: directory))
    let stored = try await storage.open().stored
    let runtime = AppRuntime(
      initialState: AppState(
        favoritePrimes: PersistentArray(stored.favoritePrimes),
        activityFeed: PersistentArray(stored.activityFeed)),
      environment: AppEnvironment(
        nthPrime: .failing, fileClient: .noop, now: { Date() }, uuid: { UUID() }),
      storage: storage, watchedDirectory: watching ? directory : nil)
    return (primes, theirs, runtime)
  }

  /// Stores `count` favorites in a new database in `directory`; returns them, with one more
  /// prime after them.
  static func filled(_ directory: URL, favorites count: Int) async throws -> [Int] {
    var primes: [Int] = []
    var candidate = 2
    while primes.count < count + 1 {
      if isPrime(candidate) { primes.append(candidate) }
      candidate += 1
    }
    let filling = FavoritesDatabase.live(directory: directory)
    _ = try await filling.open()
    _ = try await filling.write(
      FavoritesDatabase.Change(
        appended: primes.dropLast().map {
          Activity(id: UUID(), kind: .added, prime: $0, milliseconds: 0)
        }))
    return primes
  }

  /// Seconds per save/remove pair with `favorites` favorites stored.
  static func secondsPerPair(favorites count: Int, pairs: Int) async throws -> Double {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "primetime-storage-benchmark-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let primes = try await filled(directory, favorites: count)
    let storage = Storage(database: .live(directory: directory))
    let stored = try await storage.open().stored
    let session = Session(
      initialState: AppState(
        count: primes[count], favoritePrimes: PersistentArray(stored.favoritePrimes),
        activityFeed: PersistentArray(stored.activityFeed)),
      environment: AppEnvironment(
        nthPrime: .failing, fileClient: .noop, now: { Date() }, uuid: { UUID() }),
      output: Output(out: { _ in }, err: { _ in }),
      storage: storage)
    let start = ContinuousClock.now
    for _ in 0..<pairs {
      guard await session.run(line: "save") == .success,
        await session.run(line: "remove") == .success
      else { throw StorageBenchmarkFailure() }
    }
    let elapsed = ContinuousClock.now - start
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return seconds / Double(pairs)
  }

  struct StorageBenchmarkFailure: Error {}
}
