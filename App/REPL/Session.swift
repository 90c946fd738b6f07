import Alerts
import AppCore
import ComposableArchitecture
import ComposableArchitectureDebug
import Foundation
import Runtime
import Screens
import TerminalProgress

/// Where a session's text goes: standard output and standard error, or a test's transcript.
public struct Output: Sendable {
  /// Ordinary output.
  public var out: @Sendable (String) -> Void
  /// Diagnostics: errors, warnings, progress.
  public var err: @Sendable (String) -> Void
  /// A long listing: through a pager on a terminal, else as ordinary output.
  public var page: @Sendable (String) -> Void

  public init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    page: (@Sendable (String) -> Void)? = nil
  ) {
    self.out = out
    self.err = err
    self.page = page ?? out
  }
}

/// Lets a person at a terminal watch a long lookup's progress and, at the REPL's prompt,
/// interrupt it (Ctrl-C).
struct Interaction: Sendable {
  /// Returns `true` once for each interrupt since the last call.
  var takeInterrupt: @Sendable () -> Bool
  var progress: ProgressDisplay
}

/// The REPL's context: the app it runs commands on, whether tracing is on, and the running
/// command's failure. The screen shown and quitting are the store's state, and every rule is a
/// reducer's. The commands (``Command/all``) send actions and show state through it.
@MainActor
public final class Session {
  /// The app the commands run on.
  public let runtime: AppRuntime
  /// Reports each action with the change it made, while `trace on` is in force.
  private let trace: Trace
  private let output: Output
  private let interaction: Interaction?
  /// What file words on its command lines name.
  let files: FileWords
  /// Why the running command failed, if it did: the first message of a failure.
  private var failure: String?
  /// The command running, which a refusal names.
  private var running: Command?

  /// The outcome of one command.
  public enum Outcome: Equatable, Sendable {
    case success
    /// The command failed or was refused; the message is the one line to show.
    case failure(String)
  }

  /// A session with no person at a terminal (no progress, no Ctrl-C), on an app of its own.
  public convenience init(
    initialState: AppState,
    environment: AppEnvironment,
    output: Output,
    storage: Storage? = nil,
    recorder: SessionRecorder? = nil,
    localTime: LocalTime = .system,
    files: FileWords = FileWords(workingDirectory: "/", home: nil, inputHoldsCommands: false)
  ) {
    let trace = Self.trace(to: output)
    self.init(
      runtime: AppRuntime(
        initialState: initialState, environment: environment, storage: storage,
        recorder: recorder, localTime: localTime, afterEachAction: Self.tracing(trace)),
      trace: trace, output: output, interaction: nil, files: files)
  }

  /// A session on a running app, whose store reports each action to `trace` (``trace(to:)``).
  init(
    runtime: AppRuntime, trace: Trace, output: Output, interaction: Interaction?,
    files: FileWords
  ) {
    self.runtime = runtime
    self.trace = trace
    self.output = output
    self.interaction = interaction
    self.files = files
  }

  /// What `trace on` reports each action with: the change it made.
  typealias Trace = ChangeReporter<History<AppState>, AppHistoryAction, AppState>

  /// The trace of a session whose output is `output`; its `afterAction` goes to the app's
  /// store, which calls it after each action. It tells the app's actions and what they change:
  /// storage's own bookkeeping, which no recording keeps either, is left out.
  static func trace(to output: Output) -> Trace {
    ChangeReporter<History<AppState>, AppHistoryAction, AppState>(
      of: { $0.present.withoutSync },
      report: { output.out($0) })
  }

  /// What the app's store tells the trace after each action: storage's own actions are left
  /// out, as a recording leaves them out.
  static func tracing(_ trace: Trace) -> @MainActor (AppHistoryAction, History<AppState>) -> Void {
    { action, history in
      if case .storage = action { return }
      trace.afterAction(action, history)
    }
  }

  /// The app's store.
  public var store: Store<History<AppState>, AppHistoryAction> { runtime.store }

  /// The app's state now, without its undo history.
  public var state: AppState { runtime.state }

  /// The REPL's screen for the page shown: the history page is the counter's, the activity
  /// feed the favorites'.
  public var screen: Screen { Screen(state.screens.page) }

  /// Whether the session is ending: after `quit`, or a signal in the full screen.
  public var isQuitRequested: Bool { state.screens.ending != nil }

  var history: History<AppState> { store.state }

  /// Whether each action is printed with the change it made.
  var isTracing: Bool {
    get { trace.isOn }
    set {
      guard newValue != isTracing else { return }
      if newValue {
        trace.start(from: store.state)
      } else {
        trace.stop()
      }
    }
  }

  /// Parses and runs one command's line; a blank line succeeds and does nothing.
  public func run(line: String) async -> Outcome {
    await run(parsing: { () throws(CommandError) in try CommandParser.parse(line) })
  }

  /// Parses and runs one command from its words; no words succeeds and does nothing.
  public func run(words: [String]) async -> Outcome {
    await run(parsing: { () throws(CommandError) in try CommandParser.parse(words: words) })
  }

  /// Runs what `parse` reads; a line that does not read as a command fails with why.
  private func run(parsing parse: () throws(CommandError) -> ParsedCommand?) async -> Outcome {
    do {
      guard let parsed = try parse() else { return .success }
      return await run(parsed)
    } catch {
      return .failure(error.description)
    }
  }

  /// Runs one command: first applies other sessions' changes, then runs it. Each action it
  /// sends is awaited with its effects, the write of what it changed among them, and the command
  /// ends once no sync is under way.
  func run(_ parsed: ParsedCommand) async -> Outcome {
    let failuresBefore = state.sync?.failures ?? 0
    // Others' changes are applied before the command, so that piped sessions go line by line:
    // read now, or on the next turn of a sync under way, which ends first.
    runtime.dispatch(.storage(.readRequested))
    await runtime.storageSettled()
    failure = nil
    running = parsed.command
    defer { running = nil }
    await parsed.run(self)
    // What the command changed is stored, or failed to be, before it is said to be done.
    await runtime.storageSettled()
    // One line for the command: a failure to store is said once, the last of them.
    var failures = failure.map { [$0] } ?? []
    if let sync = state.sync, sync.failures > failuresBefore, let problem = sync.lastProblem,
      !failures.contains(problem)
    {
      failures.append(problem)
    }
    return failures.isEmpty ? .success : .failure(failures.joined(separator: "; "))
  }

  // MARK: - What commands do

  /// Prints a line of output.
  func say(_ text: String) {
    output.out(text)
  }

  /// Prints a listing, through a pager where it is long and goes to a terminal.
  func page(_ text: String) {
    output.page(text)
  }

  /// Marks the running command as failed, with this message unless an earlier one was given.
  func fail(_ message: String) {
    failure = failure ?? message
  }

  /// Sends a user step, waits for its effects, and shows the notice and the alerts it left: a
  /// failure ends the command as one, anything else is printed. While a lookup the step started
  /// runs, with a person at the terminal, shows progress after a moment, and Ctrl-C cancels it.
  ///
  /// - Returns: Whether the step went through, with no failure.
  /// - Parameter noticeOnStandardError: Whether the step's notice goes to standard error, as
  ///   it does while standard output carries a file.
  @discardableResult
  func send(_ action: AppAction, noticeOnStandardError: Bool = false) async -> Bool {
    // A control of a screen not shown is refused by the app; asked first, it is not sent, so a
    // refused command leaves no trace.
    if let needed = state.screenRefusing(action) {
      fail("'\(running?.name ?? "")' " + Words.notice(.refused(needs: needed)))
      return false
    }
    let task = runtime.dispatch(.step(action))
    if task.isInFlight {
      if let interaction, let cancel = state.lookupCancellation {
        _ = interaction.takeInterrupt()
        let isInterrupted = await interaction.progress.watch(
          while: { task.isInFlight }, isInterrupted: interaction.takeInterrupt)
        if isInterrupted {
          // The lookup is cancelled and its answer will be dropped; the prompt comes back now.
          runtime.dispatch(.step(cancel))
        }
      } else {
        await task.finish()
      }
    }
    return showNotice(onStandardError: noticeOnStandardError)
  }

  /// Shows the notice the last step left, and the alerts on either screen, which it then
  /// dismisses, as the app's ``AppAction/alertsDismissed`` says: a failure ends the command as
  /// one, anything else is printed. Returns whether there was no failure.
  private func showNotice(onStandardError: Bool = false) -> Bool {
    switch state.screens.notice {
    case .refused?:
      // Said when the command was refused, before it was sent (``send(_:noticeOnStandardError:)``).
      break
    case .refusedReadOnly(let reason)?:
      fail("\(Words.readOnly(reason)); '\(running?.name ?? "")' changed nothing")
      return false
    case let notice?:
      let words = Words.notice(notice)
      if onStandardError { output.err(words) } else { say(words) }
    case nil:
      break
    }
    let alerts = Rendering.alerts(state)
    for alert in alerts {
      if alert.isFailure { fail(alert.message) } else { say(alert.message) }
    }
    if !alerts.isEmpty { runtime.dispatch(.step(.alertsDismissed)) }
    return !alerts.contains(where: \.isFailure)
  }

  /// The path a command's file word names, `.some(nil)` for the default file; `nil`, the
  /// command failed, when the word is relative and the current directory is gone.
  func filePath(_ word: String?) -> String?? {
    guard let word else { return .some(nil) }
    guard let path = files.path(word) else {
      fail("the current directory is gone; name the file by its whole path")
      return nil
    }
    return path
  }

  /// Undoes the last `steps` steps, as many as there are, and says what that left.
  func undo(_ steps: Int = 1) async {
    await travel(steps == 1 ? .undo : .travel(by: -steps))
  }

  /// Redoes the last `steps` undone steps, as many as there are, and says what that left.
  func redo(_ steps: Int = 1) async {
    await travel(steps == 1 ? .redo : .travel(by: steps))
  }

  /// Sends an undo, a redo or a travel and, once what it changed is stored, says
  /// what it did, as the notice does; where there was nothing to take back, the notice says so.
  private func travel(_ action: AppHistoryAction) async {
    let task = runtime.dispatch(action)
    if task.isInFlight { await task.finish() }
    _ = showNotice()
  }
}
