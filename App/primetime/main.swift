import FavoritesDatabase
import FavoritesDatabaseLive
import FileClient
import FileClientLive
import Foundation
import NthPrimeClient
import NthPrimeClientLive
import PrimeTimeCLI

// Wires the live world into the command line: the database and files on disk, the Primes
// engine, the clock.
let progress = LookupProgress()
let environment = CLIEnvironment(
  nthPrime: .live(progress: { progress.report($0) }),
  fileClient: { FileClient.live(directory: $0) },
  database: { FavoritesDatabase.live(directory: $0) },
  progress: progress,
  now: { Date() },
  uuid: { UUID() },
  variables: ProcessInfo.processInfo.environment,
  terminal: (isatty(0) == 1, isatty(1) == 1, isatty(2) == 1)
)
let status = await PrimeTimeCLI.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
exit(status)
