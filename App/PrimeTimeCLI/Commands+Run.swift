import ArgumentParser
import Foundation
import FullScreen
import REPL
import Replay
import Runtime

/// A command that runs itself, in the environment it is handed, and answers with its exit
/// status, so that the entry point runs whichever command the parser read without a switch over
/// them, and tests hand in an environment of their own. What each command does is its
/// `run(in:)` in this file; its arguments are declared in `PrimeTimeCommand.swift`.
protocol RunnableCommand: ParsableCommand {
  /// Runs the command. It says what went wrong itself, on standard error; the caller only exits
  /// with the status.
  ///
  /// - Parameter environment: The outside world: the terminal, the variables, the progress.
  /// - Returns: The exit status.
  @MainActor
  func run(in environment: RuntimeEnvironment) async -> Int32
}

/// A command for scripts: one question about one number, which the fast path also reads
/// without the parser.
protocol DirectlyAnswered: RunnableCommand {
  /// The question, as the fast path reads it.
  var direct: DirectCommand { get }
}

extension DirectlyAnswered {
  @MainActor
  func run(in environment: RuntimeEnvironment) async -> Int32 {
    await direct.run(
      progress: environment.progress,
      terminal: (environment.terminal.input, environment.terminal.error))
  }
}

extension PrimeTimeCommand: RunnableCommand {
  /// The REPL, or the commands of `-c`.
  @MainActor
  func run(in environment: RuntimeEnvironment) async -> Int32 {
    guard let dataDirectory = PrimeTimeCLI.dataDirectory(session, environment) else {
      return PrimeTimeCLI.usageStatus
    }
    guard commandStrings.isEmpty || scriptFiles.isEmpty else {
      return PrimeTimeCLI.usageError(
        "\(OptionName.command.long) and \(OptionName.file.long) do not go together; "
          + "put the commands in the file")
    }
    guard let recording = PrimeTimeCLI.recording(session, environment, keeps: true) else {
      return PrimeTimeCLI.usageStatus
    }
    return await REPL.run(
      dataDirectory: dataDirectory, commandStrings: commandStrings,
      scriptFiles: scriptFiles.map { $0 == "-" ? $0 : environment.path($0) },
      recording: recording, environment: environment)
  }
}

extension UICommand: RunnableCommand {
  /// The full screen, on a terminal.
  @MainActor
  func run(in environment: RuntimeEnvironment) async -> Int32 {
    guard environment.isFullScreenTerminal else {
      return PrimeTimeCLI.usageError(
        "'ui' needs a terminal; for scripts, pipe commands into 'primetime'")
    }
    guard let dataDirectory = PrimeTimeCLI.dataDirectory(options, environment) else {
      return PrimeTimeCLI.usageStatus
    }
    guard let recording = PrimeTimeCLI.recording(options, environment, keeps: true) else {
      return PrimeTimeCLI.usageStatus
    }
    return await FullScreen.run(
      dataDirectory: dataDirectory, recording: recording, environment: environment)
  }
}

extension ListingCommand {
  /// The REPL's command of the same name, run once as `-c` would run it.
  @MainActor
  func run(in environment: RuntimeEnvironment) async -> Int32 {
    guard let dataDirectory = PrimeTimeCLI.dataDirectory(options, environment) else {
      return PrimeTimeCLI.usageStatus
    }
    // A listing is no session: it is recorded only where --record asks.
    guard let recording = PrimeTimeCLI.recording(options, environment, keeps: false) else {
      return PrimeTimeCLI.usageStatus
    }
    let name = Self.configuration.commandName ?? ""
    return await REPL.run(
      dataDirectory: dataDirectory, commandStrings: [json ? "\(name) --json" : name],
      recording: recording, environment: environment)
  }
}

extension ReplayCommand: RunnableCommand {
  /// The check of a recording, or with `--ui`, its steps on the history page.
  @MainActor
  func run(in environment: RuntimeEnvironment) async -> Int32 {
    let file = file == "-" ? file : environment.path(file)
    guard ui else { return Replaying.run(file: file, showingSteps: step) }
    guard file != "-" else {
      return PrimeTimeCLI.usageError(
        "'replay --ui' reads its keys from standard input; name the recording's file")
    }
    guard environment.isFullScreenTerminal else {
      return PrimeTimeCLI.usageError(
        "'replay --ui' needs a terminal; without --ui, replay checks a recording")
    }
    return await Replaying.runUI(file: file, environment: environment)
  }
}

extension NthPrimeCommand: DirectlyAnswered {
  var direct: DirectCommand {
    DirectCommand(
      question: .nthPrime, number: n, threads: options.requestedThreads,
      reportsTime: options.timing.reportsTime)
  }
}

extension PrimeCountCommand: DirectlyAnswered {
  var direct: DirectCommand {
    DirectCommand(
      question: .primeCount, number: x, threads: options.requestedThreads,
      reportsTime: options.timing.reportsTime)
  }
}

extension IsPrimeCommand: DirectlyAnswered {
  var direct: DirectCommand {
    DirectCommand(question: .isPrime, number: n, reportsTime: timing.reportsTime)
  }
}

extension RuntimeEnvironment {
  /// Whether the full screen can run here: input and output are a terminal that can draw.
  var isFullScreenTerminal: Bool {
    terminal.input && terminal.output && variables["TERM"] != "dumb"
  }
}
