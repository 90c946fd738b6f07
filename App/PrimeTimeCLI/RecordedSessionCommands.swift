import ArgumentParser
import Runtime

struct ReplayCommand: RecordedSessionsCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Run a recorded session again and check that it ends the same.",
    discussion: """
      Runs the actions of a recorded session through the app again: one the data directory \
      keeps in its sessions directory, or a file written with \(OptionName.record.long). \
      Effects are not \
      run: their answers, the clock's and the identities come from the recording, and nothing \
      on disk is read or written. Prints the final state as 'state --json' does and exits 0 \
      when every action leaves the state recorded; otherwise names the first line that does \
      not reproduce, with the difference, and exits 1. A recording with no end line (its \
      session was killed, or crashed) replays as far as it goes: where every line reproduces, \
      replay prints the state the last line reached, names that line, and exits 3. Example: \
      primetime replay session.jsonl
      """
  )

  @Argument(
    help: ArgumentHelp(
      "A recording made with \(OptionName.record.long) or 'primetime report', or a session "
        + "kept in the data directory: 'last', or its number in 'primetime sessions'.",
      discussion: "A file named 'last' or a number is ./last.",
      valueName: OptionName.record.valueName),
    completion: OptionName.record.completion)
  var file: String

  @Flag(help: "Print each action and the change it makes to the state, as 'trace on' does.")
  var step = false

  @Flag(
    help: """
      Open the recording's steps in the full screen's history page, to look at: j and k move, \
      q quits. A recording that does not reproduce opens at the line that differs.
      """)
  var ui = false

  @OptionGroup var data: DataDirectoryOption
  @ParentCommand var app: PrimeTimeCommand

  /// `--ui` shows every step on its history page; `--step`, which prints them, is no part of
  /// it, and is refused there rather than left unsaid.
  func validate() throws {
    guard !(step && ui) else {
      throw ValidationError(
        "--step and --ui do not go together: --ui shows each step on its history page")
    }
  }
}

/// A subcommand that reads the sessions recorded in the data directory: it takes
/// `--data-dir`, after its name or before it, and no other option of the REPL's but those it
/// names.
protocol RecordedSessionsCommand: ParsableCommand {
  /// `--data-dir`, given after the subcommand's name.
  var data: DataDirectoryOption { get }
  /// The command line, whose options were given before the subcommand's name.
  var app: PrimeTimeCommand { get }
  /// The REPL's options that the subcommand takes too.
  static var replOptions: [OptionName] { get }
}

extension RecordedSessionsCommand {
  static var replOptions: [OptionName] { [.dataDirectory] }

  /// The data directory given after the subcommand's name, else before it, as a session's
  /// options.
  var options: SessionOptions {
    var options = app.session
    options.dataDirectory = data.dataDirectory ?? app.session.dataDirectory
    return options
  }
}

/// `--data-dir` alone, for the subcommands that read the recorded sessions.
struct DataDirectoryOption: ParsableArguments {
  @Option(
    name: OptionName.dataDirectory.declared,
    help: ArgumentHelp(
      "The data directory whose sessions to read (default: as the REPL's).",
      valueName: OptionName.dataDirectory.valueName),
    completion: OptionName.dataDirectory.completion)
  var dataDirectory: String?
}

struct SessionsCommand: RecordedSessionsCommand {
  static let configuration = CommandConfiguration(
    commandName: "sessions",
    abstract: "List the recorded sessions, newest first, or remove all but the newest.",
    discussion: """
      Every session keeps its recording in the data directory's sessions folder. A row gives \
      its number (1 is the newest, for 'primetime replay 1' and 'primetime report 1'), the \
      local time it began, its front end, its steps, how it ended (ended, with quit or the \
      signal where the session says; running; cut short, where it stopped with no end line; or \
      unreadable) and its size. A recording whose session is still running is never removed. \
      Example: primetime sessions --keep 10
      """
  )

  @Flag(
    help: """
      Print one line of JSON: the sessions, newest first, their times in ISO 8601 in UTC and \
      their sizes in bytes.
      """)
  var json = false

  @Option(
    help: ArgumentHelp(
      "Remove all but the newest <count> recordings now.", valueName: "count"))
  var keep: Int?

  @Flag(help: "Remove every recording now.")
  var clear = false

  @OptionGroup var data: DataDirectoryOption
  @ParentCommand var app: PrimeTimeCommand

  func validate() throws {
    if keep != nil && clear {
      throw ValidationError("--keep and --clear do not go together: --clear is --keep 0")
    }
    if let keep, keep < 0 {
      throw ValidationError("--keep needs a count of 0 or more, not \(keep)")
    }
    if json && (keep != nil || clear) {
      throw ValidationError("--json goes with the list, not with --keep or --clear")
    }
  }
}

struct ReportCommand: RecordedSessionsCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Write a recorded session to one file, with what ran it, for a bug report.",
    discussion: """
      The file is the session's recording after one line, {"report":{...}}, that gives \
      primetime's version and build, the system, the terminal, the database's schema version \
      and the recording's format. The recording holds the session's steps, the names of the \
      files it saved and loaded, and the favorites and the feed it began and ended with; of \
      other sessions, only what the recording holds. 'primetime replay' runs it as the \
      recording. Written to primetime-report-<recording's file name> in the current \
      directory, readable by its owner only. Example: \
      primetime report last
      """
  )

  @Argument(
    help: ArgumentHelp(
      "The session: 'last', or its number in 'primetime sessions'.", valueName: "session"),
    completion: .list(["last"]))
  var session = "last"

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: ArgumentHelp("Write the report to <file>.", valueName: "file"),
    completion: .file())
  var output: String?

  @Flag(
    name: OptionName.force.declared,
    help: "Write over a file that holds something.")
  var overwrites = false

  @OptionGroup var data: DataDirectoryOption
  @ParentCommand var app: PrimeTimeCommand

  static var replOptions: [OptionName] { [.dataDirectory, .force] }
}
