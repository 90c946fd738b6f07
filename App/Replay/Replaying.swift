import AppCore
import ComposableArchitecture
import ComposableArchitectureDebug
import CustomDump
import FileClient
import Foundation
import PrimeTimeUI
import RecordingFormat
import Runtime
import Screens
import Synchronization
import TerminalScreen

/// How a replay differs from its recording, as both `replay` and `replay --ui` say it.
struct Mismatch: Error {
  /// `line 5 does not reproduce`, or `line 9, the end, does not reproduce`.
  let summary: String
  /// What differs: the state after an action, or the one the session ends in.
  let cause: String
  /// The difference, line by line.
  let difference: [String]

  /// How to read ``difference``.
  static let legend = "(-: recorded, +: replayed)"
}

extension Replay.Outcome {
  /// The state the session ended in, where the replay reproduced the recording; otherwise how
  /// it differs.
  var verdict: Result<AppState, Mismatch> {
    func lines<Value>(_ recorded: Value, _ replayed: Value) -> [String] {
      diff(recorded, replayed).map {
        $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      } ?? []
    }
    switch self {
    case .reproduced(let state):
      return .success(state)
    case .diverged(let line, let action, let recorded, let replayed):
      return .failure(
        Mismatch(
          summary: "line \(line) does not reproduce",
          cause:
            "after \(String(customDumping: action.shown).joinedLines), the state differs from the "
            + "recorded one",
          difference: lines(recorded, replayed)))
    case .endDiffers(let line, let recorded, let replayed):
      return .failure(
        Mismatch(
          summary: "line \(line), the end, does not reproduce",
          cause: "the session ends in another state than the recorded one",
          difference: lines(recorded, replayed)))
    }
  }
}

/// `primetime replay`: runs a recording again and says whether it ends the same.
public enum Replaying {
  /// Replays the recording at `file` and, when it reproduces, prints the final state as
  /// `state --json` does. A recording cut short (its session was killed, or crashed, before
  /// its end line) is replayed as far as it goes: where it reproduces, the state it reached is
  /// printed, and the last line is named.
  ///
  /// - Parameters:
  ///   - file: The recording's path.
  ///   - showingSteps: Whether to print each action and the change it makes.
  /// - Returns: The exit status: 0 when the recording reproduces; ``ExitStatus/cutShort`` when
  ///   it has no end line and every line it has reproduces; 1 otherwise.
  public static func run(file: String, showingSteps: Bool) -> Int32 {
    let (lines, numbers): ([RecordedLine], [Int])
    switch read(file) {
    case .success(let read): (lines, numbers) = read
    case .failure(let message): return fail(message.description)
    }
    // Where a recording cut short got to: its start, then each line's state.
    var reached = AppState()
    if case .start(_, let state)? = lines.first { reached = AppState(state) }
    let outcome: Replay.Outcome
    do {
      outcome = try Replay.run(lines, numbers: numbers) { line, action, before, after in
        reached = after
        guard showingSteps else { return }
        print("line \(line): " + debugReport(action: action.shown, before: before, after: after))
      }
    } catch .cutShort(let last) {
      print(StateJSON.line(reached, screen: Screen(reached.screens.page)))
      StandardError.say(
        "\(Self.name(of: file)) was cut short: line \(last) is its last, with no end line; up "
          + "to there it reproduces, to the state printed, count \(reached.count) and "
          + "\(favorites(reached.favoritePrimes.count))")
      return ExitStatus.cutShort
    } catch {
      return fail("\(Self.name(of: file)) \(error)")
    }
    switch outcome.verdict {
    case .success(let state):
      guard case .end(_, let name)? = lines.last, let screen = Screen(rawValue: name) else {
        return fail(
          "\(Self.name(of: file)) line \(numbers.last ?? 0): the end line names no screen of the REPL"
        )
      }
      print(StateJSON.line(state, screen: screen))
      return 0
    case .failure(let mismatch):
      return fail(
        "\(Self.name(of: file)) \(mismatch.summary): \(mismatch.cause) \(Mismatch.legend):\n"
          + mismatch.difference.joined(separator: "\n"))
    }
  }

  /// `1 favorite`, `3 favorites`.
  private static func favorites(_ count: Int) -> String {
    count == 1 ? "1 favorite" : "\(count) favorites"
  }

  /// Says what went wrong on stderr.
  ///
  /// - Returns: The exit status of a replay that failed: 1.
  private static func fail(_ message: String) -> Int32 {
    StandardError.say(message)
    return 1
  }

  /// How messages name the recording: its path, or standard input for `-`.
  static func name(of file: String) -> String {
    file == "-" ? "standard input" : file
  }

  /// The recording's lines, each with its number in the file, or why they cannot be read.
  static func read(_ file: String) -> Result<([RecordedLine], [Int]), RecordingError> {
    let data: Data
    do throws(RecordingError) {
      if file == "-" {
        // `-` is standard input, as it is for `-f` and `load-favorites`.
        do {
          data = try FileHandle.standardInput.readToEnd() ?? Data()
        } catch {
          throw RecordingError(
            description: "cannot read standard input: \(FileError.reason(of: error))")
        }
      } else {
        data = try RecordingFile.contents(of: file)
      }
    } catch {
      return .failure(error)
    }
    // A CRLF line end is one character of a Swift string, and ends the line as LF does.
    var texts = String(decoding: data, as: UTF8.self)
      .split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    // A last line without its newline was being written when the session stopped (a copy
    // taken then, or the power lost): where it is no whole line, the recording ends before it.
    let isLastLineWhole = texts.last == ""
    if isLastLineWhole { texts.removeLast() }
    do {
      let read = try RecordedLine.decodeNumbered(lines: texts)
      return .success((read.lines, read.numbers))
    } catch .notARecordingLine(let line, _, _) where !isLastLineWhole && line == texts.count {
      return read(texts.dropLast(), file: file)
    } catch {
      return .failure(RecordingError(description: "\(Self.name(of: file)) \(error)"))
    }
  }

  /// The lines read, where the last one of the file was cut off.
  private static func read(
    _ texts: some Sequence<Substring>, file: String
  ) -> Result<([RecordedLine], [Int]), RecordingError> {
    do {
      let read = try RecordedLine.decodeNumbered(lines: texts)
      return .success((read.lines, read.numbers))
    } catch {
      return .failure(RecordingError(description: "\(Self.name(of: file)) \(error)"))
    }
  }

  /// `replay --ui`: opens the recording's steps on the history page, to look at. Nothing is read
  /// from or written to the data directory.
  ///
  /// - Returns: The exit status: 0 when quit and the recording reproduces;
  ///   ``ExitStatus/cutShort`` when it has no end line and every line it has reproduces, as
  ///   `replay` without `--ui`; 1 when it cannot be read, does not reproduce, or the terminal is
  ///   not known; 128 plus the signal's number when a signal ended it.
  @MainActor
  public static func runUI(file: String, environment: RuntimeEnvironment) async -> Int32 {
    let (lines, numbers): ([RecordedLine], [Int])
    switch read(file) {
    case .success(let read): (lines, numbers) = read
    case .failure(let message): return fail(message.description)
    }
    var steps: [RecordingViewState.Step] = []
    let difference: RecordingViewState.Difference?
    var isCutShort = false
    do {
      let outcome = try Replay.run(lines, numbers: numbers) { line, action, before, after in
        steps.append(.init(line: line, action: action, before: before, after: after))
      }
      if case .failure(let mismatch) = outcome.verdict {
        difference = .init(
          summary: mismatch.summary,
          lines: [
            mismatch.summary.prefix(1).uppercased() + mismatch.summary.dropFirst()
              + " \(Mismatch.legend):"
          ] + mismatch.difference)
      } else {
        difference = nil
      }
    } catch .cutShort {
      // A session that ended without its end line (it was killed): its steps are still worth
      // looking at.
      difference = .init(
        summary: "no end line", lines: ["The recording stops here, with no end line."])
      isCutShort = true
    } catch {
      return fail("\(file) \(error)")
    }
    guard Terminal.start(isColored: environment.isColorEnabled) else {
      return fail("'replay --ui' does not know this terminal (TERM is not set or unknown)")
    }
    let store = Store(
      initialState: RecordingViewState(
        file: URL(filePath: file).lastPathComponent, lines: numbers.last ?? 0, steps: steps,
        difference: difference,
        size: Terminal.size),
      reducer: RecordingViewReducer(), environment: ())
    let charset = Terminal.charset
    let ending = await EventLoop(
      state: { store.state },
      observe: { store.subscribe(onChange: $0) },
      draw: { RecordingView.draw($0, charset: charset) },
      ending: \.ending,
      resized: { store.send(.terminalResized($0)) },
      signalled: { store.send(.signalReceived($0)) },
      pressed: { key in
        if let action = RecordingView.action(for: key) { store.send(action) }
      }
    ).run()
    if case .signal = ending { return ending.exitStatus }
    // As `replay` without --ui: a recording cut short has a status of its own, and one that does
    // not reproduce is a failure.
    if isCutShort { return ExitStatus.cutShort }
    return difference == nil ? 0 : 1
  }
}
