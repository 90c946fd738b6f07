import FavoritesDatabase
import FavoritesDatabaseLive
import FileClient
import FileClientLive
import Foundation
import NthPrimeClient
import NthPrimeClientLive
import PrimeTimeCLI
import Runtime

StandardStreams.holdClosedStreams()
guard
  let arguments = PrimeTimeCLI.arguments(count: CommandLine.argc, values: CommandLine.unsafeArgv)
else { exit(64) }
let terminal = (input: isatty(0) == 1, output: isatty(1) == 1, error: isatty(2) == 1)
let progress = LookupProgress()
let databaseWait = DatabaseWait()

// A command for scripts in its plain form answers first, before anything else is set up: it
// needs no data directory, database, clock or environment variables.
if let command = DirectCommand(plainArguments: arguments) {
  exit(
    PrimeTimeCLI.flushingOutput(
      await command.run(progress: progress, terminal: (terminal.input, terminal.error))))
}

// Wires the live world into the command line: the database and files on disk, the Primes
// engine, the clock.
let environment = RuntimeEnvironment(
  nthPrime: .live(progress: { progress.report($0) }),
  fileClient: { FileClient.live(directory: $0) },
  database: { FavoritesDatabase.live(directory: $0, wait: databaseWait) },
  databaseWait: databaseWait,
  progress: progress,
  now: { Date() },
  uuid: { UUID() },
  variables: ProcessInfo.processInfo.environment,
  terminal: terminal
)
exit(
  PrimeTimeCLI.flushingOutput(
    await PrimeTimeCLI.main(arguments: arguments, environment: environment)))
