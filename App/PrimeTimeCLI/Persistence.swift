import AppCore
import FavoritePrimes
import FileClient
import Foundation

/// Keeps the favorites and the activity feed in the data directory: loads them at start and
/// saves whatever changed after every command.
///
/// A file that cannot be read is moved aside, never overwritten; if it cannot be moved, that
/// file is not written at all. A failed save leaves the state in memory as it is and is tried
/// again after the next command, with everything.
@MainActor
public final class Persistence {
  private let files: FileClient
  private var savedFavorites: [Int]
  private var savedFeed: [Activity]
  private var blocked: Set<String> = []

  /// What was found on disk at start.
  public struct Loaded: Sendable {
    public var favoritePrimes: [Int] = []
    public var activityFeed: [Activity] = []
    /// One line for each file that could not be used.
    public var warnings: [String] = []
  }

  public init(files: FileClient) {
    self.files = files
    self.savedFavorites = []
    self.savedFeed = []
  }

  /// Reads both files. A missing file is empty; an unusable one is moved aside.
  public func load() async -> Loaded {
    var loaded = Loaded()
    if let favorites = await read(FavoritePrimesFile.name, FavoritePrimesFile.decode, &loaded) {
      loaded.favoritePrimes = favorites
    }
    if let feed = await read(ActivityFeedFile.name, ActivityFeedFile.decode, &loaded) {
      loaded.activityFeed = feed
    }
    savedFavorites = loaded.favoritePrimes
    savedFeed = loaded.activityFeed
    return loaded
  }

  /// Saves the favorites and the feed if they changed since the last successful save.
  ///
  /// - Returns: One line for each file that could not be saved.
  public func save(_ state: AppState) async -> [String] {
    var errors: [String] = []
    if state.favoritePrimes != savedFavorites {
      if let error = await write(
        FavoritePrimesFile.name, { try FavoritePrimesFile.encode(state.favoritePrimes) })
      {
        errors.append(error)
      } else {
        savedFavorites = state.favoritePrimes
      }
    }
    if state.activityFeed != savedFeed {
      if let error = await write(
        ActivityFeedFile.name, { try ActivityFeedFile.encode(state.activityFeed) })
      {
        errors.append(error)
      } else {
        savedFeed = state.activityFeed
      }
    }
    return errors
  }

  private func read<Value>(
    _ name: String, _ decode: (Data) throws -> Value, _ loaded: inout Loaded
  ) async -> Value? {
    let reason: String
    do {
      guard let data = try await files.load(name) else { return nil }
      return try decode(data)
    } catch {
      reason = String(describing: error)
    }
    do {
      let aside = try await files.moveAside(name)
      loaded.warnings.append(
        "\(name) could not be read (\(reason)); moved it to \(aside) and started without it")
    } catch {
      blocked.insert(name)
      loaded.warnings.append(
        "\(name) could not be read (\(reason)) nor moved aside (\(error)); "
          + "it will not be written this session")
    }
    return nil
  }

  private func write(_ name: String, _ encode: () throws -> Data) async -> String? {
    guard !blocked.contains(name) else {
      return "not saving \(name): the unreadable file there was not moved aside"
    }
    do {
      try await files.save(name, try encode())
      return nil
    } catch {
      return "could not save \(name): \(error); the changes are kept in memory"
    }
  }
}
