import AppCore
import FavoritePrimes
import FileClient
import Foundation
import Synchronization

/// Keeps the favorites and the activity feed in the data directory: loads them at start and
/// saves what changed after every command.
///
/// Saving merges: under the data directory's lock it reads the files again, applies this
/// session's changes since its last save (additions and removals) to what is there, and writes
/// the result. Two sessions adding different favorites at once therefore both keep theirs.
///
/// A file that cannot be read is moved aside, never overwritten; if it cannot be moved, that
/// file is not written at all. A failed save leaves the state in memory as it is, and the next
/// save applies every change made since the last one that succeeded.
@MainActor
public final class Persistence {
  private let files: FileClient
  /// The favorites and feed as of the last successful save (or load): changes are measured
  /// against them.
  private var savedFavorites: [Int] = []
  private var savedFeed: [Activity] = []
  private let blocked = Blocked()

  /// What was found on disk at start.
  public struct Loaded: Sendable {
    public var favoritePrimes: [Int] = []
    public var activityFeed: [Activity] = []
    /// One line for each file that could not be used.
    public var warnings: [String] = []
  }

  public init(files: FileClient) {
    self.files = files
  }

  /// Reads both files. A missing file is empty; an unusable one is moved aside.
  public func load() async -> Loaded {
    var loaded = Loaded()
    let favorites = await Self.read(
      FavoritePrimesFile.name, FavoritePrimesFile.decode, files: files, blocked: blocked)
    let feed = await Self.read(
      ActivityFeedFile.name, ActivityFeedFile.decode, files: files, blocked: blocked)
    loaded.favoritePrimes = favorites.value ?? []
    loaded.activityFeed = feed.value ?? []
    loaded.warnings = [favorites.warning, feed.warning].compactMap { $0 }
    savedFavorites = loaded.favoritePrimes
    savedFeed = loaded.activityFeed
    return loaded
  }

  /// Saves this session's changes since the last save, merged with what is on disk.
  ///
  /// - Returns: One line for each thing that went wrong.
  public func save(_ state: AppState) async -> [String] {
    let favorites = Array(state.favoritePrimes)
    let feed = Array(state.activityFeed)
    guard favorites != savedFavorites || feed != savedFeed else { return [] }
    let baseFavorites = savedFavorites
    let baseFeed = savedFeed
    let files = self.files
    let blocked = self.blocked
    let messages = Messages()
    do {
      try await files.withLock {
        try await Self.sync(
          FavoritePrimesFile.name, FavoritePrimesFile.decode, FavoritePrimesFile.encode,
          base: baseFavorites, current: favorites, files: files, blocked: blocked,
          messages: messages)
        try await Self.sync(
          ActivityFeedFile.name, ActivityFeedFile.decode, ActivityFeedFile.encode,
          base: baseFeed, current: feed, files: files, blocked: blocked, messages: messages)
      }
      savedFavorites = favorites
      savedFeed = feed
    } catch {
      messages.append("could not save: \(error); the changes are kept in memory")
    }
    return messages.all
  }

  /// Under the lock: when `current` differs from `base`, reads the file again and writes it back
  /// with this session's changes applied.
  private nonisolated static func sync<Element: Hashable & Sendable>(
    _ name: String,
    _ decode: @Sendable (Data) throws -> [Element],
    _ encode: ([Element]) throws -> Data,
    base: [Element],
    current: [Element],
    files: FileClient,
    blocked: Blocked,
    messages: Messages
  ) async throws {
    guard current != base else { return }
    let disk = await read(name, decode, files: files, blocked: blocked)
    if let warning = disk.warning { messages.append(warning) }
    let merged = merge(disk: disk.value ?? [], base: base, current: current)
    try await write(name, blocked: blocked, files: files) { try encode(merged) }
  }

  /// What is on disk, with this session's additions (in its order) and removals applied.
  nonisolated static func merge<Element: Hashable>(
    disk: [Element], base: [Element], current: [Element]
  ) -> [Element] {
    let baseSet = Set(base)
    let currentSet = Set(current)
    let removed = baseSet.subtracting(currentSet)
    var result = disk.filter { !removed.contains($0) }
    var present = Set(result)
    for element in current where !baseSet.contains(element) && !present.contains(element) {
      result.append(element)
      present.insert(element)
    }
    return result
  }

  private nonisolated static func read<Value: Sendable>(
    _ name: String, _ decode: @Sendable (Data) throws -> Value, files: FileClient,
    blocked: Blocked
  ) async -> (value: Value?, warning: String?) {
    guard !blocked.contains(name) else { return (nil, nil) }
    let reason: String
    do {
      guard let data = try await files.load(name) else { return (nil, nil) }
      return (try decode(data), nil)
    } catch {
      reason = String(describing: error)
    }
    do {
      let aside = try await files.moveAside(name)
      return (
        nil, "\(name) could not be read (\(reason)); moved it to \(aside) and started without it"
      )
    } catch {
      blocked.insert(name)
      return (
        nil,
        "\(name) could not be read (\(reason)) nor moved aside (\(error)); "
          + "it will not be written this session"
      )
    }
  }

  private nonisolated static func write(
    _ name: String, blocked: Blocked, files: FileClient, _ encode: () throws -> Data
  ) async throws {
    guard !blocked.contains(name) else {
      throw FileClientFailure("not saving \(name): the unreadable file there was not moved aside")
    }
    try await files.save(name, try encode())
  }
}

/// The files this session must not write, because an unreadable one could not be moved aside.
private final class Blocked: Sendable {
  private let names = Mutex<Set<String>>([])
  func contains(_ name: String) -> Bool { names.withLock { $0.contains(name) } }
  func insert(_ name: String) { _ = names.withLock { $0.insert(name) } }
}

private final class Messages: Sendable {
  private let lines = Mutex<[String]>([])
  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
}
