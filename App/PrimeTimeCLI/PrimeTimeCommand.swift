import ArgumentParser
import Foundation
import NumberSyntax
import REPL
import Runtime

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
      command = try PrimeTimeCommand.parseAsRoot(parserArguments(arguments))
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
        (PrimeTimeCommand.message(for: error)
        .split(separator: "\n").first.map(String.init) ?? "invalid arguments")
        .replacingOccurrences(of: "Error: ", with: "")
      // A thread count is an option of the two commands that count, not of the others.
      if let threads = OptionName.threads.spellings.first(where: {
        message == "Unknown option '\($0)'"
      }) {
        return usageError("\(threads) goes with 'prime-count' and 'nth-prime'")
      }
      // The parser echoes what it refused whole, and an argument may be of megabytes.
      return usageError(printable(lowercasingTheFirstWord(message), limit: 200))
    }
    // Help, however asked for, shows whatever other options came with it.
    if !(command is PrimeTimeCommand), command is any RunnableCommand,
      let name = type(of: command).configuration.commandName,
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
  /// whole help. A REPL command is said to be one, with the subcommand that asks the same where
  /// there is one (`nth`: `nth-prime`, `fav`: `favorites`). `nil` for anything else, which the
  /// parser's message describes.
  ///
  /// ```swift
  /// PrimeTimeCLI.unknownCommand(in: ["nth-prime-x", "5"])
  /// // "unknown command 'nth-prime-x'; did you mean 'nth-prime'?"
  /// ```
  static func unknownCommand(in arguments: [String]) -> String? {
    // `help <word>` asks about the word as a command.
    let asksForHelp = arguments.first == "help"
    let arguments = asksForHelp ? Array(arguments.dropFirst()) : arguments
    guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
    let subcommands = PrimeTimeCommand.configuration.subcommands.flatMap { subcommand in
      [subcommand.configuration.commandName].compactMap { $0 } + subcommand.configuration.aliases
    }
    guard !subcommands.contains(word), word != "help" else { return nil }
    if let name = CommandParser.commandName(word) {
      // The subcommand that asks the same: `favorites` for `fav`, `is-prime` for `prime`.
      let twin =
        subcommands.contains(name)
        ? name : CommandParser.commandsOfTheShell.first { $0.here == name }?.name
      guard let twin else {
        return "'\(printable(word))' is a REPL command: type it in the REPL (primetime), or run it"
          + " with primetime -c"
      }
      return "'\(printable(word))' is a REPL command; did you mean '\(twin)'?"
    }
    return CommandParser.unknownCommand(
      word, among: subcommands + ["help"], hint: "try 'primetime --help'")
  }

  /// The arguments as the parser reads them: a thread count joined to `-t` set apart from it,
  /// the subcommand's options after its name, and a negative number as a value.
  static func parserArguments(_ arguments: [String]) -> [String] {
    negativeNumbersAsValues(subcommandOptionsAfterItsName(joinedNumbersApart(arguments)))
  }

  /// The arguments, with a thread count joined to `-t` as primecount writes it, `-t4`, given as
  /// the parser reads it, `-t 4`; up to a `--`, after which every argument is a value.
  static func joinedNumbersApart(_ arguments: [String]) -> [String] {
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    var apart: [String] = []
    for argument in arguments[..<end] {
      if let count = OptionName.threads.joinedNumber(in: argument) {
        apart += [String(argument.prefix(2)), String(count)]
      } else {
        apart.append(argument)
      }
    }
    return apart + arguments[end...]
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
    StandardError.say("cannot write standard output: \(reason)")
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
    StandardError.say(message)
    return 1
  }

  static func usageError(_ message: String) -> Int32 {
    StandardError.say(message)
    return usageStatus
  }
}
