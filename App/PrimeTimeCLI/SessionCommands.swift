import ArgumentParser
import REPL
import Runtime

/// Where a session keeps its data, and where it records itself: the REPL's options, and the
/// full-screen app's.
struct SessionOptions: ParsableArguments {
  @Option(
    name: OptionName.dataDirectory.declared,
    help: ArgumentHelp(
      "Where favorites, activity and REPL history live.",
      discussion:
        "Default: $PRIMETIME_HOME, else $XDG_DATA_HOME/primetime, else ~/.local/share/primetime.",
      valueName: OptionName.dataDirectory.valueName),
    completion: OptionName.dataDirectory.completion)
  var dataDirectory: String?

  @Option(
    name: OptionName.record.declared,
    help: ArgumentHelp(
      "Write the session to <file> as JSON Lines, to run again with 'primetime replay <file>'.",
      discussion: """
        Without it, a session (the REPL, -c, -f, piped input or the full screen) is recorded \
        in the data \
        directory's sessions directory, which keeps the last 50 sessions and 20 MB at most \
        ($PRIMETIME_SESSIONS_KEEP and $PRIMETIME_SESSIONS_MAX_MB set these).
        """,
      valueName: OptionName.record.valueName),
    completion: OptionName.record.completion)
  var recording: String?

  @Flag(
    name: OptionName.noRecord.declared,
    help: ArgumentHelp(
      "Record the session nowhere, not even in the data directory.",
      discussion: "PRIMETIME_RECORD=0 in the environment does the same."))
  var isNotRecorded = false

  @Flag(
    name: OptionName.force.declared,
    help: "With \(OptionName.record.long), write over a file that holds something.")
  var overwritesRecording = false

  /// Where the session is recorded: to the file `--record` names, with whether `--force` lets
  /// it be written over; else, where `keeps` (a session of the REPL or the full screen), in the
  /// data directory, unless `--no-record` or `PRIMETIME_RECORD=0` says not to.
  ///
  /// - Throws: ``RecordingVariableRefusal`` for a variable of the recording that is refused.
  func recording(in environment: RuntimeEnvironment, keeps: Bool) throws(RecordingVariableRefusal)
    -> SessionRecording
  {
    if let recording {
      return .file(
        RecordingFile.Target(path: environment.path(recording), overwrites: overwritesRecording))
    }
    guard keeps, !isNotRecorded else { return .off }
    switch environment.variables["PRIMETIME_RECORD"] {
    case nil, "1": break
    case "0": return .off
    default:
      throw RecordingVariableRefusal(
        description: "PRIMETIME_RECORD is neither 0 nor 1; give 0 to record nothing, or unset it")
    }
    do {
      return .kept(try SessionRecordings.Bound(variables: environment.variables))
    } catch {
      throw RecordingVariableRefusal(description: error.description)
    }
  }
}

/// A variable of the recording that is not one of its values: one line, a usage error.
struct RecordingVariableRefusal: Error, CustomStringConvertible {
  var description: String
}

struct UICommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ui",
    abstract: "Open the full screen: the counter, the prime modal, the favorites and the history.",
    discussion: """
      The same app as the REPL, as screens: + and - count, p asks whether the count is prime, \
      n asks for the nth prime, f shows the favorites, h the history of your steps, u and r \
      undo and redo, ? or F1 shows the keys, q quits. Other \
      sessions' changes appear as they are stored. \(OptionName.dataDirectory.long), \
      \(OptionName.record.long) and \(OptionName.noRecord.long) apply as they do to the REPL. Example: primetime ui \
      \(OptionName.record.long) session.jsonl
      """
  )

  /// `--data-dir` and `--record`, as the REPL has them; given before `ui`, they are the app's.
  @OptionGroup var session: SessionOptions
  @ParentCommand var app: PrimeTimeCommand
}

/// A subcommand that runs a session, and so takes the session's options, after its name or
/// before it.
protocol SessionCommand: ParsableCommand {
  /// The options given after the subcommand's name.
  var session: SessionOptions { get }
  /// The command line whose options were given before it.
  var app: PrimeTimeCommand { get }
}

extension SessionCommand {
  /// The options given after the subcommand's name, else those given before it.
  var options: SessionOptions {
    var options = session
    options.dataDirectory = session.dataDirectory ?? app.session.dataDirectory
    options.recording = session.recording ?? app.session.recording
    options.overwritesRecording = session.overwritesRecording || app.session.overwritesRecording
    options.isNotRecorded = session.isNotRecorded || app.session.isNotRecorded
    return options
  }
}

extension UICommand: SessionCommand {}

/// A subcommand that is the REPL's command of the same name, run once, with its `--json`.
protocol ListingCommand: SessionCommand, RunnableCommand {
  /// The REPL's listing it runs.
  static var listing: REPL.Listing { get }
  var json: Bool { get }
}

struct FavoritesCommand: ListingCommand {
  static let listing = REPL.Listing.favorites
  static let configuration = CommandConfiguration(
    commandName: listing.rawValue,
    abstract: "Print the favorite primes, a numbered row each, or as a JSON array.",
    discussion: """
      The REPL's 'favorites', run once. Example: primetime favorites --json prints [7,11].
      """
  )

  @Flag(help: "Print one line of JSON: the primes in their order.")
  var json = false

  @OptionGroup var session: SessionOptions
  @ParentCommand var app: PrimeTimeCommand
}

struct ActivityCommand: ListingCommand {
  static let listing = REPL.Listing.activity
  static let configuration = CommandConfiguration(
    commandName: listing.rawValue,
    abstract: "Print the favorites added and removed, newest first, or as a JSON array.",
    discussion: """
      The REPL's 'activity', run once; times are local, and in JSON ISO 8601 in UTC. Example: \
      primetime activity --json
      """
  )

  @Flag(help: "Print one line of JSON: the entries, newest first, with their ids and times.")
  var json = false

  @OptionGroup var session: SessionOptions
  @ParentCommand var app: PrimeTimeCommand
}
