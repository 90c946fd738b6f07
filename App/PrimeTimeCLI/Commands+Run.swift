import ArgumentParser
import Foundation
import FullScreen
import NumberSyntax
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
    return await REPL.run(
      Self.listing, json: json, dataDirectory: dataDirectory, recording: recording,
      environment: environment)
  }
}

extension ReplayCommand: RunnableCommand {
  /// The check of a recording, or with `--ui`, its steps on the history page.
  @MainActor
  func run(in environment: RuntimeEnvironment) async -> Int32 {
    let file: String
    if SessionList.picksASession(self.file) {
      switch recording(self.file, in: environment) {
      case .success(let recording): file = recording.path
      case .failure(let refusal): return refusal.status
      }
    } else {
      file = self.file == "-" ? self.file : environment.path(self.file)
    }
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

extension RecordedSessionsCommand {
  /// The sessions recorded in the data directory; the exit status where they cannot be read,
  /// said on standard error.
  @MainActor
  func sessions(in environment: RuntimeEnvironment) -> Result<(SessionList, URL), Refusal> {
    guard let dataDirectory = PrimeTimeCLI.dataDirectory(options, environment) else {
      return .failure(Refusal(status: PrimeTimeCLI.usageStatus))
    }
    let directory = SessionList.directory(in: dataDirectory)
    do {
      return .success((try SessionList(directory: directory), directory))
    } catch {
      return .failure(Refusal(status: PrimeTimeCLI.failure(error.description)))
    }
  }

  /// The recorded session that `word` picks, `last` or a number from the list; where there is
  /// none, the exit status of a recording that cannot be read, said on standard error.
  @MainActor
  func recording(
    _ word: String, in environment: RuntimeEnvironment
  ) -> Result<SessionList.Recording, Refusal> {
    let list: SessionList
    let directory: URL
    switch sessions(in: environment) {
    case .success(let found): (list, directory) = found
    case .failure(let refusal): return .failure(refusal)
    }
    if list.recordings.isEmpty {
      return .failure(
        Refusal(status: PrimeTimeCLI.failure("no sessions are recorded in \(directory.path)")))
    }
    guard let recording = list.recording(word) else {
      let count = list.recordings.count
      return .failure(
        Refusal(
          status: PrimeTimeCLI.failure(
            "there is no session \(word): 'primetime sessions' lists \(count) session"
              + (count == 1 ? "" : "s") + ", 1 the newest")))
    }
    return .success(recording)
  }
}

/// A command that could not go on, with its exit status; why was said on standard error.
struct Refusal: Error {
  var status: Int32
}

extension SessionsCommand: RunnableCommand {
  /// The list of the recorded sessions, or the removal of all but the newest.
  @MainActor
  func run(in environment: RuntimeEnvironment) async -> Int32 {
    let list: SessionList
    let directory: URL
    switch sessions(in: environment) {
    case .success(let found): (list, directory) = found
    case .failure(let refusal): return refusal.status
    }
    if let keeping = clear ? 0 : keep {
      let removal = list.remove(keepingLast: keeping)
      for line in SessionListing.lines(removal, keeping: keeping) { print(line) }
      for (recording, reason) in removal.failed {
        _ = PrimeTimeCLI.failure("cannot remove '\(recording.path)': \(reason)")
      }
      return removal.failed.isEmpty ? 0 : 1
    }
    if json {
      print(SessionListing.json(list))
    } else if list.recordings.isEmpty {
      print("no sessions are recorded in \(directory.path)")
    } else {
      for line in SessionListing.lines(list, localTime: .system) { print(line) }
    }
    return 0
  }
}

extension ReportCommand: RunnableCommand {
  /// The report of a recorded session, written to a file.
  @MainActor
  func run(in environment: RuntimeEnvironment) async -> Int32 {
    guard SessionList.picksASession(session) else {
      return PrimeTimeCLI.usageError(
        "'report' takes 'last' or a number from 'primetime sessions', not '\(printable(session))'")
    }
    guard output != "-" else {
      return PrimeTimeCLI.usageError(
        "'report -o' needs a file: standard output says where the report went")
    }
    guard let dataDirectory = PrimeTimeCLI.dataDirectory(options, environment) else {
      return PrimeTimeCLI.usageStatus
    }
    let recording: SessionList.Recording
    switch self.recording(session, in: environment) {
    case .success(let found): recording = found
    case .failure(let refusal): return refusal.status
    }
    let path = environment.path(output ?? SessionReport.defaultFileName(for: recording))
    let facts = SessionReport.facts(
      version: PrimeTimeCLI.version, recording: recording, dataDirectory: dataDirectory,
      environment: environment)
    do {
      try SessionReport.write(
        facts, recording: recording,
        to: RecordingFile.Target(
          path: path, overwrites: overwrites || app.session.overwritesRecording))
    } catch {
      return PrimeTimeCLI.failure(error.description)
    }
    print("wrote \(path): the session recorded in \(recording.fileName)")
    print(SessionReport.note)
    return 0
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
