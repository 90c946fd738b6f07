import ArgumentParser

/// The command line as the completion scripts describe it: `primetime`'s own commands and
/// options, with `pi` as a command of its own. The parser writes no alias into the scripts it
/// generates, so Tab would neither offer `pi` nor complete after it; here `pi` is `prime-count`
/// declared under its alias' name. Everywhere else, in the help and the man page, `pi` stays an
/// alias.
struct CompletionScriptCommand: ParsableCommand {
  static let configuration: CommandConfiguration = {
    var configuration = PrimeTimeCommand.configuration
    configuration.subcommands = configuration.subcommands.flatMap { subcommand in
      subcommand == PrimeCountCommand.self ? [subcommand, PiCommand.self] : [subcommand]
    }
    return configuration
  }()

  @OptionGroup var command: PrimeTimeCommand

  /// The completion script that `arguments` ask for with `--generate-completion-script`, as
  /// the parser writes it for this tree; `nil` when they ask for something else.
  ///
  /// - Parameter arguments: Arguments the command line's parser answered with a message, such
  ///   as help or a script, and no command to run.
  static func script(asked arguments: [String]) -> String? {
    let option = "--generate-completion-script"
    guard arguments.contains(where: { $0 == option || $0.hasPrefix(option + "=") }) else {
      return nil
    }
    do {
      _ = try parseAsRoot(arguments)
      return nil
    } catch {
      return exitCode(for: error) == .success ? fullMessage(for: error) : nil
    }
  }
}

/// `prime-count` under the name of its alias, `pi`, for the completion scripts alone.
struct PiCommand: ParsableCommand {
  static let configuration: CommandConfiguration = {
    var configuration = PrimeCountCommand.configuration
    configuration.commandName = DirectCommand.Question.primeCount.aliases.first
    configuration.aliases = []
    return configuration
  }()

  @OptionGroup var command: PrimeCountCommand
}
