import ArgumentParser
import Foundation
import NumberSyntax
import Primes
import REPL
import Runtime
import Synchronization

/// `primetime`: the REPL, and commands for scripts.
struct PrimeTimeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "primetime",
    abstract: "Count, check primes, keep favorite primes, and find the nth prime.",
    usage: """
      primetime \(OptionName.replUsage)
      primetime <subcommand>
      """,
    discussion: """
      With no subcommand, primetime opens its REPL: type 'help' there for the commands. \
      Piped input runs the same commands, one per line, with no prompt; the exit status is 1 \
      if any of them failed.
      """,
    version: PrimeTimeCLI.version,
    subcommands: [
      UICommand.self, FavoritesCommand.self, ActivityCommand.self, NthPrimeCommand.self,
      PrimeCountCommand.self, IsPrimeCommand.self, ReplayCommand.self, SessionsCommand.self,
      ReportCommand.self,
    ]
  )

  @OptionGroup var session: SessionOptions

  @Option(
    name: OptionName.command.declared,
    help: ArgumentHelp(
      "Run commands separated by ';' instead of reading input, e.g. -c \"incr; incr; nth\".",
      discussion: """
        Given more than once, the strings run in order; the exit status is 1 if any command \
        failed. Words are quoted and escaped as in a shell, and a # begins a comment.
        """,
      valueName: OptionName.command.valueName))
  var commandStrings: [String] = []

  @Option(
    name: OptionName.file.declared,
    help: ArgumentHelp(
      "Run the commands in <file>, one per line, instead of reading input; '-' is standard input.",
      discussion: """
        Given more than once, the files run in order; the exit status is 1 if any command \
        failed. A # begins a comment, to the end of the line.
        """,
      valueName: OptionName.file.valueName),
    completion: OptionName.file.completion)
  var scriptFiles: [String] = []
}

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
        Without it, a session of the REPL or the full screen is recorded in the data \
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
  var json: Bool { get }
}

struct FavoritesCommand: ListingCommand {
  static let configuration = CommandConfiguration(
    commandName: "favorites",
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
  static let configuration = CommandConfiguration(
    commandName: "activity",
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
      and the recording's format; it holds nothing of other sessions' favorites beyond what \
      the recording holds. 'primetime replay' runs it as the recording. Written to \
      primetime-report-<time began>.jsonl in the current directory, readable by its owner only. Example: \
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

struct NthPrimeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: DirectCommand.Question.nthPrime.rawValue,
    abstract: "Print the nth prime, for any n whose prime is below 2^63.",
    discussion: "Example: primetime nth-prime 1000000000 prints 22801763489."
  )

  @Argument(
    help: ArgumentHelp(
      "Which prime: 1 is 2, 2 is 3, and so on.", valueName: DirectCommand.Question.nthPrime.argument
    ))
  var n: String

  @OptionGroup var options: ComputeOptions
}

struct ComputeOptions: ParsableArguments {
  @Option(
    name: OptionName.threads.declared, parsing: .unconditional,
    help: ArgumentHelp(
      "How many threads to use (default: one per core).", valueName: OptionName.threads.valueName))
  var requestedThreads: Int?

  @OptionGroup var timing: TimingOptions
}

struct TimingOptions: ParsableArguments {
  @Flag(
    name: OptionName.time.declared,
    help: "After the answer, print the seconds it took on stderr.")
  var reportsTime = false
}

struct PrimeCountCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: DirectCommand.Question.primeCount.rawValue,
    abstract: "Print the number of primes up to x, pi(x).",
    discussion: "Example: primetime prime-count 100 prints 25; pi is the same command.",
    aliases: DirectCommand.Question.primeCount.aliases
  )

  @Argument(
    help: ArgumentHelp(
      "The bound, from 0 to 2^63 - 1 (9223372036854775807).",
      valueName: DirectCommand.Question.primeCount.argument))
  var x: String

  @OptionGroup var options: ComputeOptions
}

struct IsPrimeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: DirectCommand.Question.isPrime.rawValue,
    abstract: "Print true if n is prime, false otherwise.",
    discussion: "Example: primetime is-prime 2147483647 prints true."
  )

  @Argument(
    help: ArgumentHelp(
      "Any integer that fits in 64 bits.", valueName: DirectCommand.Question.isPrime.argument))
  var n: String

  @OptionGroup var timing: TimingOptions
}

/// The command line's entry point.
public enum PrimeTimeCLI {
  /// The version `primetime --version` prints.
  public static let version = "0.1.0"

  /// The program's arguments, without its name, each read as UTF-8; `nil`, after one line on
  /// standard error, when one is not UTF-8. Read with replacement characters, as
  /// `CommandLine.arguments` reads it, such an argument would name another file than the one
  /// given, and a session would write where the user never said.
  ///
  /// - Parameters:
  ///   - count: How many arguments there are, the program's name included (`argc`).
  ///   - values: The arguments as C strings (`argv`).
  /// - Returns: The arguments, or `nil` when one is not UTF-8.
  public static func arguments(
    count: Int32, values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  ) -> [String]? {
    var arguments: [String] = []
    for index in 1..<Int(max(count, 1)) {
      guard let value = values[index] else { break }
      guard let argument = String(validatingCString: value) else {
        _ = usageError("argument \(index) is not UTF-8; name files and values in UTF-8")
        return nil
      }
      arguments.append(argument)
    }
    return arguments
  }

  /// Parses the arguments and runs the command. Help and `--version` print on standard output
  /// and return 0; a command line that is refused says why on standard error and returns 64.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the program name.
  ///   - environment: The engine, the clock, the data directory's variables and the terminal.
  /// - Returns: The exit status.
  @MainActor
  public static func main(arguments: [String], environment: RuntimeEnvironment) async -> Int32 {
    // The parser's `help <name>` shows the whole help for a name it does not know.
    if arguments.first == "help", let unknown = unknownCommand(in: arguments) {
      return usageError(unknown)
    }
    let command: any ParsableCommand
    do {
      command = try PrimeTimeCommand.parseAsRoot(
        negativeNumbersAsValues(subcommandOptionsAfterItsName(arguments)))
    } catch {
      let code = PrimeTimeCommand.exitCode(for: error)
      if code == .success {
        print(
          CompletionScriptCommand.script(asked: arguments)
            ?? PrimeTimeCommand.fullMessage(for: error))
        return 0
      }
      if let unknown = unknownCommand(in: arguments) { return usageError(unknown) }
      let message =
        PrimeTimeCommand.message(for: error)
        .split(separator: "\n").first.map(String.init) ?? "invalid arguments"
      // The parser echoes what it refused whole, and an argument may be of megabytes.
      return usageError(
        printable(
          lowercasingTheFirstWord(message.replacingOccurrences(of: "Error: ", with: "")),
          limit: 200))
    }
    if !(command is PrimeTimeCommand), let name = type(of: command).configuration.commandName,
      let option = replOption(
        in: arguments.prefix { $0 != "--" },
        allowing: (type(of: command) as? any RecordedSessionsCommand.Type)?.replOptions
          ?? (command is any SessionCommand ? OptionName.session : []))
    {
      return usageError("\(option) goes with the REPL, not with '\(name)'")
    }
    let session =
      (command as? PrimeTimeCommand)?.session ?? (command as? any SessionCommand)?.options
    if let session, session.overwritesRecording, session.recording == nil {
      return usageError("\(OptionName.force.long) goes with \(OptionName.record.long) <file>")
    }
    if let session, session.isNotRecorded, session.recording != nil {
      return usageError(
        "\(OptionName.noRecord.long) and \(OptionName.record.long) do not go together; "
          + "give one of them")
    }
    if let session, session.recording == "-" {
      return usageError(
        "\(OptionName.record.long) needs a file: standard output carries the session's own output")
    }
    guard let runnable = command as? any RunnableCommand else {
      // `--help`, `help <subcommand>` and the like.
      do {
        var command = command
        try command.run()
        return 0
      } catch {
        print(PrimeTimeCommand.fullMessage(for: error))
        return PrimeTimeCommand.exitCode(for: error).rawValue
      }
    }
    return await runnable.run(in: environment)
  }

  /// The command for scripts that the parser read, if it read one.
  static func directCommand(_ command: any ParsableCommand) -> DirectCommand? {
    (command as? any DirectlyAnswered)?.direct
  }

  /// What the REPL says of a mistyped command, when the first argument, or the word after
  /// `help`, names no subcommand: the parser would call it an unexpected argument, or show the
  /// whole help. `nil` for anything else, which the parser's message describes.
  ///
  /// ```swift
  /// PrimeTimeCLI.unknownCommand(in: ["nth-prime-x", "5"])
  /// // "unknown command 'nth-prime-x'; did you mean 'nth-prime'?"
  /// ```
  static func unknownCommand(in arguments: [String]) -> String? {
    // `help <word>` asks about the word as a command.
    let arguments = arguments.first == "help" ? Array(arguments.dropFirst()) : arguments
    guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
    let names =
      PrimeTimeCommand.configuration.subcommands.flatMap { subcommand in
        [subcommand.configuration.commandName].compactMap { $0 } + subcommand.configuration.aliases
      } + ["help"]
    guard !names.contains(word) else { return nil }
    return CommandParser.unknownCommand(word, among: names, hint: "try 'primetime --help'")
  }

  /// The arguments, with the first negative number that is no option's value moved after a
  /// `--`, so that `is-prime -7` reads -7 as the number it is.
  static func negativeNumbersAsValues(_ arguments: [String]) -> [String] {
    guard
      let index = arguments.firstIndex(where: isNegativeNumber),
      index == 0 || !(OptionName.threads.spellings + replOptions).contains(arguments[index - 1]),
      !arguments.contains("--")
    else { return arguments }
    var arguments = arguments
    let number = arguments.remove(at: index)
    return arguments + ["--", number]
  }

  /// Whether an argument is a negative number, such as `-7` or `-2^10`, rather than an option:
  /// no option's name starts with a digit or a parenthesis.
  private static func isNegativeNumber(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), let next = argument.dropFirst().first else { return false }
    return next.isASCII && (next.isNumber || next == "(")
  }

  /// The options that go with the REPL alone, each of which takes a value.
  private static let replOptions = OptionName.repl.flatMap(\.spellings)

  /// The first of the REPL's options and flags among `arguments`, if any, leaving out those the
  /// subcommand takes too, `allowed`.
  private static func replOption(
    in arguments: some Sequence<String>, allowing allowed: [OptionName]
  ) -> String? {
    let flags = OptionName.replFlags.flatMap(\.spellings)
    let allowed = allowed.flatMap(\.spellings)
    return arguments.lazy.compactMap { argument in
      replOptions.first { argument == $0 || argument.hasPrefix($0 + "=") }
        ?? flags.first { argument == $0 }
    }.first { !allowed.contains($0) }
  }

  /// The arguments, with the options given before a subcommand's name that are not the app's
  /// own moved after it, so that `--json favorites` reads as `favorites --json`: an option
  /// means the same on either side of the name, or is refused the same.
  ///
  /// ```swift
  /// PrimeTimeCLI.subcommandOptionsAfterItsName(["-t", "2", "nth-prime", "5"])
  /// // ["nth-prime", "-t", "2", "5"]
  /// ```
  static func subcommandOptionsAfterItsName(_ arguments: [String]) -> [String] {
    let names = Set(
      PrimeTimeCommand.configuration.subcommands.flatMap { subcommand in
        [subcommand.configuration.commandName].compactMap { $0 } + subcommand.configuration.aliases
      })
    // The options of the app that take a value, and those of a subcommand that do.
    let appValued = Set(replOptions + ["--generate-completion-script"])
    let valued = appValued.union(OptionName.threads.spellings)
    var app: [String] = []
    var moved: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      guard argument.hasPrefix("-"), argument != "--", argument != "-" else { break }
      let takesValue = valued.contains(argument)
      let group = Array(arguments[index..<min(index + (takesValue ? 2 : 1), arguments.count)])
      let isTheApps =
        appValued.contains(argument) || appValued.contains { argument.hasPrefix($0 + "=") }
        || (OptionName.replFlags.flatMap(\.spellings) + ["--version"]).contains(argument)
      if isTheApps { app += group } else { moved += group }
      index += group.count
    }
    guard !moved.isEmpty, index < arguments.count, names.contains(arguments[index]) else {
      return arguments
    }
    return app + [arguments[index]] + moved + arguments[(index + 1)...]
  }

  /// The session's data directory, from its option or the environment; `nil` when there is
  /// none, said on stderr as a usage error.
  static func dataDirectory(_ options: SessionOptions, _ environment: RuntimeEnvironment)
    -> URL?
  {
    do {
      return try environment.dataDirectory(option: options.dataDirectory)
    } catch {
      _ = usageError(error.description)
      return nil
    }
  }

  /// Writes out what is buffered for standard output before the process exits with `status`:
  /// output that could not be written (a full disk, a closed file) is said on standard error,
  /// and a run that succeeded fails with status 1, as `cat` and `ls` do.
  public static func flushingOutput(_ status: Int32) -> Int32 {
    let error = REPL.standardOutputError()
    guard error != 0 else { return status }
    let reason = String(cString: strerror(error))
    // Standard error may be gone too (a terminal that hung up): then nothing is said, and
    // nothing stops the process on the way out.
    try? FileHandle.standardError.write(
      contentsOf: Data("primetime: cannot write standard output: \(reason)\n".utf8))
    return status == 0 ? 1 : status
  }

  /// Where the session is recorded; `nil` when a variable of the recording is refused, said on
  /// stderr as a usage error.
  static func recording(
    _ options: SessionOptions, _ environment: RuntimeEnvironment, keeps: Bool
  ) -> SessionRecording? {
    do {
      return try options.recording(in: environment, keeps: keeps)
    } catch {
      _ = usageError(error.description)
      return nil
    }
  }

  /// Exit status for bad arguments (EX_USAGE).
  static let usageStatus = ExitStatus.usage

  /// Says on standard error why a command failed.
  ///
  /// - Returns: The exit status of a command that failed: 1.
  static func failure(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("primetime: \(message)\n".utf8))
    return 1
  }

  static func usageError(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("primetime: \(message)\n".utf8))
    return usageStatus
  }
}
