import FavoritesDatabase
import FileClient
import Foundation
import NthPrimeClient
import Synchronization

/// Everything the app needs from the outside world, whichever front end shows it. The
/// executable passes live values; tests pass controlled ones.
public struct RuntimeEnvironment: Sendable {
  /// Looks up nth primes for the REPL and the full screen; the commands for scripts call the
  /// engine directly.
  public var nthPrime: NthPrimeClient
  /// The files of a data directory: the exported and imported favorites.
  public var fileClient: @Sendable (URL) -> FileClient
  /// The favorites database of a data directory.
  public var database: @Sendable (URL) -> FavoritesDatabase
  /// A write's wait for another program that holds the database, which `database` reports
  /// into and the front end tells.
  public var databaseWait: DatabaseWait
  /// The progress of the running lookup, which `nthPrime` reports into.
  public var progress: LookupProgress
  /// The clock that stamps each activity entry; a recording keeps what it tells.
  public var now: @Sendable () -> Date
  /// A new identity for each activity entry.
  public var uuid: @Sendable () -> UUID
  /// The process's environment variables, read for the data directory, colour and `TERM`.
  public var variables: [String: String]
  /// Whether standard input, output and error are terminals.
  public var terminal: (input: Bool, output: Bool, error: Bool)

  public init(
    nthPrime: NthPrimeClient,
    fileClient: @escaping @Sendable (URL) -> FileClient,
    database: @escaping @Sendable (URL) -> FavoritesDatabase,
    databaseWait: DatabaseWait = DatabaseWait(),
    progress: LookupProgress,
    now: @escaping @Sendable () -> Date,
    uuid: @escaping @Sendable () -> UUID,
    variables: [String: String],
    terminal: (input: Bool, output: Bool, error: Bool)
  ) {
    self.nthPrime = nthPrime
    self.fileClient = fileClient
    self.database = database
    self.databaseWait = databaseWait
    self.progress = progress
    self.now = now
    self.uuid = uuid
    self.variables = variables
    self.terminal = terminal
  }

  /// Whether colour is wanted: output to a terminal whose `TERM` is not `dumb`, and no
  /// The home directory `~` names, in paths and file words alike: `$HOME`, else, where it is
  /// unset or empty, the password file's.
  public var home: String {
    variables["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
  }

  /// `NO_COLOR` (https://no-color.org) or an empty one.
  public var isColorEnabled: Bool {
    terminal.output && (variables["NO_COLOR"] ?? "").isEmpty && variables["TERM"] != "dumb"
  }
}

/// The progress of the running lookup, written by the engine's thread and read by the REPL.
public final class LookupProgress: Sendable {
  private let fraction = Mutex(0.0)

  public init() {}

  /// Records the fraction of the work done, from 0 to 1; any thread may call it.
  public func report(_ value: Double) {
    fraction.withLock { $0 = value }
  }

  /// The fraction last reported; 0 before any report.
  public var value: Double { fraction.withLock { $0 } }
}
