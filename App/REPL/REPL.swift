import AppCore
import ComposableArchitecture
import FavoritesDatabase
import FileClient
import Foundation
import Runtime
import Synchronization
import TerminalProgress

/// Drives a ``Session`` from a terminal, from piped input or from a `-c` command string.
@MainActor
public enum REPL {
  /// Runs the REPL until the input ends or `quit`.
  ///
  /// - Parameters:
  ///   - commandStrings: The strings of `-c`, whose commands run in order in place of the
  ///     input's; none, to read the input.
  ///   - scriptFiles: The files of `-f`, whose lines run in order in place of the input's, `-`
  ///     for standard input; none, to read the input. A file that cannot be read runs nothing.
  /// - Returns: The exit status: 0; 1 when the session could not start, its recording could not
  ///   be written whole, changes could not be stored before it ended, or, with piped input or
  ///   `-c`, a command failed; ``ExitStatus/usage``,
  ///   before anything runs, when a command string does not read as words (an open quote).
  public static func run(
    dataDirectory: URL, commandStrings: [String], scriptFiles: [String] = [],
    recording: SessionRecording, environment: RuntimeEnvironment
  ) async -> Int32 {
    var files: [(name: String, lines: InputLines)] = []
    defer {
      for file in files where file.name != FileClient.standardStreams { file.lines.close() }
    }
    for file in scriptFiles {
      guard file != FileClient.standardStreams else {
        files.append((file, InputLines(descriptor: STDIN_FILENO)))
        continue
      }
      let descriptor = open(file, O_RDONLY | O_CLOEXEC)
      var info = stat()
      let reason =
        descriptor < 0
        ? String(cString: strerror(errno))
        : fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
          ? "it is a directory" : nil
      if let reason {
        if descriptor >= 0 { close(descriptor) }
        StandardError.say("cannot read '\(file)': \(reason)")
        return 1
      }
      files.append((file, InputLines(descriptor: descriptor)))
    }
    var script: [[String]]?
    if !commandStrings.isEmpty {
      do throws(CommandError) {
        var commands: [[String]] = []
        for text in commandStrings { commands += try ShellWords.commands(in: text) }
        script = commands
      } catch {
        StandardError.say("-c: \(error.description)")
        return ExitStatus.usage
      }
    }
    return await run(
      dataDirectory: dataDirectory, script: script, files: files, recording: recording,
      environment: environment)
  }

  /// A listing of the REPL's that a command for scripts runs once: the command of that name.
  public enum Listing: String, CaseIterable, Sendable {
    /// `favorites`: the favorite primes, a numbered row each.
    case favorites
    /// `activity`: the favorites added and removed, newest first.
    case activity
  }

  /// Runs one listing, as `-c` runs its command, and prints it, or with `json`, its JSON.
  ///
  /// ```swift
  /// await REPL.run(
  ///   Self.listing, json: json, dataDirectory: dataDirectory, recording: recording,
  ///   environment: environment)
  /// ```
  ///
  /// - Parameters:
  ///   - listing: The command to run.
  ///   - json: Whether it prints one line of JSON instead.
  ///   - dataDirectory: Where the favorites are kept.
  ///   - recording: Where the session is recorded, if anywhere.
  /// - Returns: The exit status, as a `-c` session gives it.
  public static func run(
    _ listing: Listing, json: Bool, dataDirectory: URL, recording: SessionRecording,
    environment: RuntimeEnvironment
  ) async -> Int32 {
    await run(
      dataDirectory: dataDirectory, script: [[listing.rawValue] + (json ? ["--json"] : [])],
      files: [], recording: recording, environment: environment)
  }

  /// Runs `script`'s commands, else each of `files`' lines, else the input's, until `quit`.
  private static func run(
    dataDirectory: URL, script: [[String]]?, files: [(name: String, lines: InputLines)],
    recording: SessionRecording, environment: RuntimeEnvironment
  ) async -> Int32 {
    let isInteractive = script == nil && files.isEmpty && environment.terminal.input
    let style = ANSIStyle(isColored: isInteractive && environment.isColorEnabled)
    let errorStyle = ANSIStyle(
      isColored: isInteractive && environment.terminal.error && environment.isColorEnabled)
    let pager = Pager(
      variables: environment.variables, outputIsTerminal: environment.terminal.output)
    var page: (@Sendable (String) -> Void)?
    if let pager { page = { text in pager.show(text) } }
    let output = Output(
      out: { text in print(text) },
      err: { text in StandardError.line(text) },
      page: page
    )
    let trace = Session.trace(to: output)
    // A wait for another program that holds the database is said once it is long. While an
    // interactive session's command waits, Ctrl-C gives the wait up; elsewhere, and while the
    // session starts, before the line editor takes Ctrl-C, Ctrl-C ends the process.
    let isPrompting = Mutex(false)
    environment.databaseWait.observe(
      said: { path in
        guard let path else { return }
        let hint = isPrompting.withLock { $0 } ? " (Ctrl-C gives up)" : ""
        output.err("primetime: " + DatabaseWait.message(path: path) + hint)
      },
      interrupted: { isPrompting.withLock { $0 } && LineEditor.takeInterrupt() })
    /// Stores what is not stored yet before the session ends; says so if it cannot.
    func finishStorage(_ launch: Launch) async -> Bool {
      defer { environment.databaseWait.stopObserving() }
      guard let unstored = await launch.runtime.end() else { return true }
      output.err("primetime: \(unstored)")
      return false
    }
    guard
      let launch = await Launch.start(
        dataDirectory: dataDirectory, recording: recording,
        frontEnd: isInteractive ? .repl : .script, environment: environment, warn: output.err,
        keepsGoingWithoutStorage: isInteractive,
        afterEachAction: Session.tracing(trace))
    else {
      environment.databaseWait.stopObserving()
      return 1
    }
    let session = Session(
      runtime: launch.runtime, trace: trace, output: output,
      interaction: isInteractive
        ? Interaction(
          takeInterrupt: { LineEditor.takeInterrupt() },
          progress: environment.progressDisplay(hint: "Ctrl-C cancels"))
        // With `-c` or piped input, a lookup's progress shows on a terminal's stderr as a
        // command for scripts shows it, and Ctrl-C ends the process, erasing the line first.
        : environment.terminal.error
          ? Interaction(takeInterrupt: { false }, progress: environment.progressDisplay(hint: nil))
          : nil,
      // At the REPL's prompt too, standard input is where the commands come from.
      files: FileWords(
        workingDirectory: FileWords.currentDirectory,
        home: environment.home,
        inputHoldsCommands: script == nil
          && (files.isEmpty || files.contains { $0.name == FileClient.standardStreams })))

    if isInteractive {
      let editor = LineEditor(historyFile: dataDirectory.appending(path: "repl-history"))
      isPrompting.withLock { $0 = true }
      print("PrimeTime — type 'help' for commands, 'quit' or Ctrl-D to leave")
      let promptStyle = ANSIStyle(isColored: style.isColored, isPrompt: true)
      while !session.isQuitRequested {
        launch.sayWhereTheRecordingStopped()
        LineEditor.flushOutput()
        let prompt = Rendering.prompt(
          screen: session.screen, state: session.state, style: promptStyle)
        guard let line = editor.readLine(prompt: prompt) else {
          print()
          break
        }
        let commands: [[String]]
        do {
          commands = try ShellWords.commands(in: line)
        } catch {
          output.err(errorStyle.error("error: ") + error.description)
          continue
        }
        for words in commands where !session.isQuitRequested {
          if case .failure(let message) = await session.run(words: words) {
            output.err(errorStyle.error("error: ") + message)
          }
        }
      }
      let isStored = await finishStorage(launch)
      return launch.end(screen: session.screen) && isStored && !launch.movedAside ? 0 : 1
    }

    var failed = false
    /// Runs one command; a failure is reported with where the command came from.
    func run(_ words: [String], from place: @autoclosure () -> String) async {
      guard !session.isQuitRequested else { return }
      if case .failure(let message) = await session.run(words: words) {
        failed = true
        LineEditor.flushOutput()
        output.err("primetime: \(place()): \(message)")
      }
    }
    /// Runs the commands of each line of `input`; a failure names the line, after `name`.
    func run(_ input: InputLines, name: String?) async {
      for (index, line) in zip(1..., input) {
        let place = (name.map { "\($0), " } ?? "") + "line \(index)"
        // In piped input, `;` separates commands on a line as it does in a command string.
        do {
          for words in try ShellWords.commands(in: line) {
            await run(words, from: place)
          }
        } catch {
          failed = true
          output.err("primetime: \(place): \(error.description)")
        }
        // Each command's output is out before the session waits for the next line, so that
        // another program can drive it line by line. Lines already read wait for nobody: their
        // output goes out with the last of them, in one write.
        if !input.hasBufferedLine {
          launch.sayWhereTheRecordingStopped()
          LineEditor.flushOutput()
        }
        if session.isQuitRequested { break }
      }
      // Input that could not be read to its end ran only in part.
      if let failure = input.failure {
        failed = true
        output.err(
          "primetime: cannot read \(name.map { "'\($0)'" } ?? "standard input"): \(failure)")
      }
    }
    if let script {
      for (index, words) in script.enumerated() {
        await run(words, from: "command \(index + 1)")
        launch.sayWhereTheRecordingStopped()
        LineEditor.flushOutput()
      }
    } else if !files.isEmpty {
      for file in files where !session.isQuitRequested {
        await run(file.lines, name: file.name == FileClient.standardStreams ? nil : file.name)
      }
    } else {
      await run(InputLines(descriptor: STDIN_FILENO), name: nil)
    }
    LineEditor.flushOutput()
    let isStored = await finishStorage(launch)
    guard launch.end(screen: session.screen), isStored else { return 1 }
    return failed || launch.movedAside ? 1 : 0
  }
}

extension REPL {
  /// Writes out what is buffered for standard output; a write that fails is kept for
  /// ``standardOutputError()``.
  public nonisolated static func flushOutput() {
    LineEditor.flushOutput()
  }

  /// Writes out what is buffered for standard output, and returns the error number of the
  /// first write to it that failed, or 0.
  public nonisolated static func standardOutputError() -> Int32 {
    LineEditor.standardOutputError()
  }
}

/// The lines of standard input or of a file, read as bytes in large chunks, so that invalid
/// UTF-8 is repaired, not fatal. It knows whether the next line is here already, so that the
/// session flushes its output only before it would wait for input.
final class InputLines: Sequence, IteratorProtocol {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var isAtEnd = false
  /// Why reading stopped before the end, where a read failed.
  private(set) var failure: String?

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Closes the file read.
  func close() {
    Glibc.close(descriptor)
  }

  /// The next line, without its newline (`\n` or `\r\n`); invalid UTF-8 is repaired.
  func next() -> String? {
    while true {
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = String(decoding: buffer[start..<end], as: UTF8.self)
        start = newline + 1
        return line
      }
      guard !isAtEnd else {
        guard start < buffer.count else { return nil }
        let line = String(decoding: buffer[start...], as: UTF8.self)
        start = buffer.count
        return line
      }
      fill()
    }
  }

  /// Whether a whole line is in the buffer, so that reading it waits for nothing.
  var hasBufferedLine: Bool {
    buffer[start...].contains(UInt8(ascii: "\n"))
  }

  private func fill() {
    buffer.removeSubrange(0..<start)
    start = 0
    let count = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: 65_536))
    var got: Int
    repeat {
      got = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress.map { $0 + count }, 65_536)
      }
    } while got < 0 && errno == EINTR
    if got < 0 { failure = String(cString: strerror(errno)) }
    buffer.removeSubrange((count + Swift.max(got, 0))...)
    if got <= 0 { isAtEnd = true }
  }
}
