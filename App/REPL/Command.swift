import AppCore
import NumberSyntax
import Screens

/// One command of the REPL, whole: its name and aliases, its arguments, its help, the screen it
/// works on, and what it does. ``Command/all`` lists them; parsing, `help` and Tab completion all
/// read that one table.
struct Command: Sendable {
  /// What running a parsed command does to a session.
  typealias Run = @MainActor @Sendable (Session) async -> Void

  let name: String
  let aliases: [String]
  /// The command and its arguments, e.g. `incr [k]`.
  let usage: String
  /// What it does, in a few words.
  let summary: String
  /// What `help <command>` says after the summary, where the summary is not the whole story.
  let details: String?
  /// A line that uses it, for `help <command>`.
  let example: String
  /// The screen it works on, or `nil` for any, as `help` says: the one its control needs
  /// (``AppAction/screenNeeded``), where the app refuses it elsewhere.
  let screen: Screen?
  /// What Tab offers after its name.
  let argumentCompletions: @Sendable () -> Completion
  private let parseArguments: @Sendable ([String]) throws(CommandError) -> (any Sendable, Run)

  /// A command whose arguments read as a `Value` that `run` receives.
  init<Value>(
    _ name: String,
    aliases: [String] = [],
    _ arguments: Arguments<Value>,
    control: AppAction? = nil,
    summary: String,
    details: String? = nil,
    example: String,
    run: @escaping @MainActor @Sendable (Session, Value) async -> Void
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = arguments.usage.isEmpty ? name : "\(name) \(arguments.usage)"
    self.summary = summary
    self.details = details
    self.example = example
    self.screen = control?.screenNeeded
    self.argumentCompletions = arguments.completions
    self.parseArguments = { words throws(CommandError) in
      let value = try arguments.parse(words)
      return (value, { session in await run(session, value) })
    }
  }

  /// Its name first, then its aliases: every word that runs it.
  var names: [String] { [name] + aliases }

  /// The value these words give and what running it with them does, or why the words do not
  /// fit.
  func bind(_ words: [String]) throws(CommandError) -> (any Sendable, Run) {
    do {
      return try parseArguments(words)
    } catch {
      throw CommandError("\(name): \(error.description) (usage: \(usage))")
    }
  }

  /// The command a name or alias refers to, matched exactly: case counts.
  static func named(_ name: String) -> Command? {
    all.first { $0.names.contains(name) }
  }

  /// What Tab offers for the word that starts at byte `start` of `line`: command names and
  /// aliases, except those of one character, for the first word of a command (after the start
  /// of the line or a `;`), the command's own completion for the word after its name, and
  /// nothing further on. The words before are read as the command will read them, quotes and
  /// all; a quote that opens the word being completed is left out, the word starting after it.
  static func completions(line: String, start: Int) -> Completion {
    var before = String(decoding: line.utf8.prefix(start), as: UTF8.self)
    if before.last == "'" || before.last == "\"" { before.removeLast() }
    guard let words = try? ShellWords.commands(in: before).last else { return .words([]) }
    switch words.count {
    case 0: return .words(all.flatMap(\.names).filter { $0.count > 1 })
    case 1: return named(words[0])?.argumentCompletions() ?? .words([])
    default: return .words([])
    }
  }
}

/// What Tab offers for a word of the command line.
enum Completion: Equatable, Sendable {
  /// The words that begin as the word typed so far does.
  case words([String])
  /// The names of files and directories, as a shell completes them: from the current
  /// directory, or the home directory after `~/`.
  case fileNames
}

extension Command: CustomStringConvertible {
  var description: String { name }
}

/// A line that reads as a command, ready to run.
struct ParsedCommand: Sendable {
  let command: Command
  /// What its arguments read as.
  let value: any Sendable
  let run: Command.Run
}

/// Why a line is not a command; the message is the one line the person reads.
public struct CommandError: Error, Equatable, CustomStringConvertible, Sendable {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}

/// Turns lines into commands.
public enum CommandParser {
  /// Parses one command's line, read as a shell reads it (``ShellWords``). An empty or blank
  /// line is `nil`.
  ///
  /// ```swift
  /// try CommandParser.parse("incr 3")?.command.name  // "incr"
  /// ```
  static func parse(_ line: String) throws(CommandError) -> ParsedCommand? {
    let commands = try ShellWords.commands(in: line)
    guard commands.count == 1 else {
      throw CommandError("one command at a time: this line holds \(commands.count)")
    }
    return try parse(words: commands[0])
  }

  /// Parses one command from its words. No words is `nil`. A command followed only by `--help`
  /// or `-h` is `help` for that command.
  static func parse(words: [String]) throws(CommandError) -> ParsedCommand? {
    guard let first = words.first else { return nil }
    guard let command = Command.named(first) else {
      throw CommandError(unknownCommand(first, arguments: Array(words.dropFirst())))
    }
    if words.count == 2, ["--help", "-h"].contains(words[1]), let help = Command.named("help") {
      let (value, run) = try help.bind([command.name])
      return ParsedCommand(command: help, value: value, run: run)
    }
    let (value, run) = try command.bind(Array(words.dropFirst()))
    return ParsedCommand(command: command, value: value, run: run)
  }
}
