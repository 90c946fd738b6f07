import Foundation
import Synchronization

/// Reads and writes named files in the app's data directory.
///
/// The interface only: the live value, which writes atomically to disk, lives in
/// `FileClientLive`, which only the executable links. Tests use ``noop``, ``failing`` or
/// ``inMemory(_:)``.
///
/// ```swift
/// let data = try await fileClient.load("favorite-primes.json")
/// try await fileClient.save("favorite-primes.json", encoded)
/// ```
public struct FileClient: Sendable {
  /// Returns a file's contents, or `nil` when there is no such file.
  public var load: @Sendable (_ name: String) async throws -> Data?
  /// Replaces a file's contents, all at once or not at all.
  public var save: @Sendable (_ name: String, _ data: Data) async throws -> Void
  /// Moves a file that cannot be used out of the way, under a new name that says when, and
  /// returns where it went.
  public var moveAside: @Sendable (_ name: String) async throws -> String
  /// Runs `body` while holding the data directory's exclusive lock, so that the
  /// read-merge-write sequences of several processes never interleave.
  public var withLock: @Sendable (_ body: @Sendable () async throws -> Void) async throws -> Void

  /// Creates a client from its operations; without `withLock`, bodies run unlocked.
  ///
  /// ```swift
  /// FileClient(load: { _ in nil }, save: { _, _ in }, moveAside: { "\($0).old" })
  /// ```
  public init(
    load: @escaping @Sendable (_ name: String) async throws -> Data?,
    save: @escaping @Sendable (_ name: String, _ data: Data) async throws -> Void,
    moveAside: @escaping @Sendable (_ name: String) async throws -> String,
    withLock: @escaping @Sendable (_ body: @Sendable () async throws -> Void) async throws -> Void =
      FileClient.unlocked
  ) {
    self.load = load
    self.save = save
    self.moveAside = moveAside
    self.withLock = withLock
  }
}

/// The error of ``FileClient/failing``.
public struct FileClientFailure: Error, CustomStringConvertible, Sendable {
  /// What failed.
  public var description: String

  /// Creates the error.
  public init(_ description: String) {
    self.description = description
  }
}

extension FileClient {
  /// Runs `body` without any lock: for clients that only one session uses.
  @Sendable
  public static func unlocked(_ body: @Sendable () async throws -> Void) async throws {
    try await body()
  }

  /// A client with no files that forgets what it saves.
  public static let noop = FileClient(
    load: { _ in nil }, save: { _, _ in }, moveAside: { "\($0).unreadable" })

  /// A client whose every call fails, for testing error paths.
  ///
  /// ```swift
  /// FavoritePrimesEnvironment(fileClient: .failing, nthPrime: { _ in 2 })
  /// ```
  public static let failing = FileClient(
    load: { name in throw FileClientFailure("could not read \(name)") },
    save: { name, _ in throw FileClientFailure("could not write \(name)") },
    moveAside: { name in throw FileClientFailure("could not move \(name)") }
  )

  /// A client that keeps files in memory, in the given box.
  ///
  /// ```swift
  /// let files = InMemoryFiles()
  /// let client = FileClient.inMemory(files)
  /// try await client.save("a", Data([1]))
  /// files["a"]  // Data([1])
  /// ```
  ///
  /// - Parameter files: Holds the files; a test inspects or prepares it.
  /// - Returns: The client.
  public static func inMemory(_ files: InMemoryFiles) -> FileClient {
    FileClient(
      load: { name in files[name] },
      save: { name, data in files[name] = data },
      moveAside: { name in
        let aside = "\(name).unreadable"
        files[aside] = files[name]
        files[name] = nil
        return aside
      }
    )
  }
}

/// Files held in memory, for ``FileClient/inMemory(_:)``.
public final class InMemoryFiles: Sendable {
  private let storage = Mutex<[String: Data]>([:])

  /// Creates an empty set of files, or one with the given contents.
  public init(_ files: [String: Data] = [:]) {
    storage.withLock { $0 = files }
  }

  /// A file's contents, or `nil`.
  public subscript(name: String) -> Data? {
    get { storage.withLock { $0[name] } }
    set { storage.withLock { $0[name] = newValue } }
  }
}
