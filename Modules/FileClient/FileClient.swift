import Foundation
import Synchronization

/// Reads and writes files: a name is a file in the app's data directory, an absolute path a
/// file anywhere.
///
/// The interface only: the live value, which writes atomically to disk, lives in
/// `FileClientLive`, with the file helpers that the live database and the command line's
/// `replay` use too; no feature links it, and only the executable hands the live value to the
/// app. Tests use ``noop``, ``failing`` or ``inMemory(_:)``.
///
/// ```swift
/// try await client.save("a", Data([1]))
/// let data = try await client.load("a")  // Data([1])
/// ```
public struct FileClient: Sendable {
  /// Returns a file's contents, or `nil` when there is no such file.
  public var load: @Sendable (_ name: String) async throws -> Data?
  /// Replaces a file's contents, all at once or not at all.
  public var save: @Sendable (_ name: String, _ data: Data) async throws -> Void
  /// Where a name's file is, as messages name it: for the live client, its absolute path.
  public var path: @Sendable (_ name: String) -> String
  /// Creates a client from its operations; `load` must return `nil`, not throw, for a missing
  /// file.
  ///
  /// ```swift
  /// FileClient(load: { _ in nil }, save: { _, _ in })
  /// ```
  ///
  /// - Parameters:
  ///   - load: Reads a file.
  ///   - save: Replaces a file's contents.
  ///   - path: Where a name's file is; the name itself unless given.
  public init(
    load: @escaping @Sendable (_ name: String) async throws -> Data?,
    save: @escaping @Sendable (_ name: String, _ data: Data) async throws -> Void,
    path: @escaping @Sendable (_ name: String) -> String = { $0 }
  ) {
    self.load = load
    self.save = save
    self.path = path
  }
}

/// The error of ``FileClient/failing``.
public struct FileClientFailure: Error, CustomStringConvertible, Sendable {
  /// What failed.
  public var description: String

  /// Creates the error from a line that names the step and the file, such as
  /// `could not read favorite-primes.json`.
  public init(_ description: String) {
    self.description = description
  }
}

extension FileClient {
  /// The name that stands for the standard streams: a live client reads standard input for a
  /// load of it and writes standard output for a save.
  public static let standardStreams = "-"

  /// A client with no files that forgets what it saves.
  public static let noop = FileClient(load: { _ in nil }, save: { _, _ in })

  /// A client whose every call fails, for testing error paths.
  ///
  /// ```swift
  /// FavoritePrimesEnvironment(fileClient: .failing, nthPrime: .answering([7: 17]))
  /// ```
  public static let failing = FileClient(
    load: { name in throw FileClientFailure("could not read \(name)") },
    save: { name, _ in throw FileClientFailure("could not write \(name)") }
  )

  /// A client that keeps files in memory, in the given box.
  ///
  /// ```swift
  /// let files = InMemoryFiles()
  /// let client = FileClient.inMemory(files)
  /// try await client.save("a", Data([1]))  // files["a"] == Data([1])
  /// ```
  ///
  /// - Parameter files: Holds the files; a test inspects or prepares it.
  public static func inMemory(_ files: InMemoryFiles) -> FileClient {
    FileClient(
      load: { name in files[name] },
      save: { name, data in files[name] = data }
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

  /// A file's contents, or `nil` when there is none; setting `nil` deletes the file.
  public subscript(name: String) -> Data? {
    get { storage.withLock { $0[name] } }
    set { storage.withLock { $0[name] = newValue } }
  }
}
