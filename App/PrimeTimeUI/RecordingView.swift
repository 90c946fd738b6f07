import AppCore
import ComposableArchitecture
import ComposableArchitectureDebug
import CustomDump
import Screens

/// `primetime replay --ui`: a recording's steps on the history page, to look at, not to travel.
///
/// Each row is a line of the recording, and moving the marker shows the state that line left,
/// as the app's reducer rebuilt it. A recording that does not reproduce opens at the first line
/// that differs, with the difference beside it.
public struct RecordingViewState: Equatable, Sendable {
  /// One line of the recording, with the states before and after it.
  public struct Step: Equatable, Sendable {
    /// The line's number in the file.
    public var line: Int
    /// The action the line holds.
    public var action: ReplayedAction
    /// The state before the action, as replayed.
    public var before: AppState
    /// The state after the action, as replayed.
    public var after: AppState

    public init(line: Int, action: ReplayedAction, before: AppState, after: AppState) {
      self.line = line
      self.action = action
      self.before = before
      self.after = after
    }
  }

  /// The file's name, for the title.
  public let file: String
  /// How many lines the file has: the start line, a line per action and, unless the session
  /// was killed, the end line.
  public let lineCount: Int
  /// The recording's lines, replayed.
  public let steps: [Step]
  /// Where replaying found that the recording differs from what it says, if it did.
  public let difference: Difference?
  /// The marker: how many of the steps are applied.
  public var marker: HistoryMarker
  /// The terminal's size, which the page is drawn to; ``RecordingViewAction/terminalResized(_:)``
  /// changes it.
  public var size: Size
  /// Whether the viewer is ending, and the signal that ended it, if one did.
  public var ending: ScreensState.Ending?

  /// How a recording differs from what it says: in a few words for the title, and in full
  /// beside the last step.
  public struct Difference: Equatable, Sendable {
    public var summary: String
    public var lines: [String]

    public init(summary: String, lines: [String]) {
      self.summary = summary
      self.lines = lines
    }
  }

  /// Opens at the start, before the first line; or, when there is a difference, at the last
  /// step, where replaying stopped and the difference shows.
  public init(file: String, lines: Int, steps: [Step], difference: Difference? = nil, size: Size) {
    self.file = file
    self.lineCount = lines
    self.steps = steps
    self.difference = difference
    let start = difference == nil ? 0 : steps.count
    self.marker = HistoryMarker(position: start, stepCount: steps.count)
    self.size = size
  }
}

/// What happens while looking at a recording.
public enum RecordingViewAction: Equatable, Sendable {
  /// The marker moved.
  case history(HistoryScreenAction)
  /// The terminal changed size; the page is drawn again to fit it.
  case terminalResized(Size)
  /// `q`, Ctrl-C or Ctrl-D.
  case quitTapped
  /// SIGTERM, SIGHUP or SIGINT ends the viewer; a terminal that went away counts as SIGHUP.
  /// The first ending is the one kept.
  case signalReceived(Int32)
}

/// The viewer's rules: the marker's moves, and ending.
public struct RecordingViewReducer: Reducer {
  public init() {}

  public func reduce(
    into state: inout RecordingViewState, action: RecordingViewAction, environment: Void
  ) -> Effect<RecordingViewAction> {
    combine {
      Reduce<RecordingViewState, RecordingViewAction, Void> { state, action, _ in
        switch action {
        case .history:
          break
        case .terminalResized(let size):
          state.size = size
        case .quitTapped:
          state.ending.end(.quit)
        case .signalReceived(let signal):
          state.ending.end(.signal(signal))
        }
        return .none
      }
      HistoryMarkerReducer().pullback(state: \.marker, action: .history)
    }
    .reduce(into: &state, action: action, environment: environment)
  }
}

extension CasePath<RecordingViewAction, HistoryScreenAction> {
  /// The marker's moves within the viewer's actions.
  public static var history: Self {
    Self(RecordingViewAction.history) { if case .history(let a) = $0 { a } else { nil } }
  }
}

/// Draws a recording and maps its keys.
public enum RecordingView {
  /// The history page for the recording: a row for the start, then one per line, under a title
  /// with the file's name, its count of lines and, where it does not reproduce, how. The text
  /// beside the rows is broken between words to fit, not cut. It is drawn in the terminal's
  /// `charset`.
  ///
  /// ```swift
  /// let drawing = RecordingView.draw(viewer, charset: .unicode)
  /// ```
  public static func draw(_ state: RecordingViewState, charset: Charset) -> Drawing {
    HistoryView.draw(
      heading:
        "Recording \(state.file) (\(state.lineCount) "
        + (state.lineCount == 1 ? "line)" : "lines)")
        + (state.difference.map { ": \($0.summary)" } ?? ""),
      stepCount: state.steps.count, position: state.marker.position,
      row: { $0 == 0 ? (1, "start") : (state.steps[$0 - 1].line, state.steps[$0 - 1].words) },
      change: change(at: state.marker.position, in: state), wrapsChange: true, isReadOnly: true,
      size: state.size, charset: charset)
  }

  /// What a key does: move the marker, or quit. Nothing else changes a recording.
  ///
  /// ```swift
  /// #expect(RecordingView.action(for: .character("j")) == .history(.moved(by: 1)))
  /// ```
  public static func action(for key: Key) -> RecordingViewAction? {
    keys.action(for: key, in: ())
  }

  /// The viewer's keys: the history page's moves, and quitting; a recording has no step to
  /// stay at or go back to.
  static let keys = KeyTable<Void, RecordingViewAction>(rows: [
    HistoryView.moves.map { $0.pullback(state: { $0 }, action: { .history($0) }) }
      + [
        KeyBinding(
          .character("q"), .interrupt, .endOfInput, hint: .words("quit"), sends: .quitTapped)
      ]
  ])

  /// The lines beside the list: the marked line's action and the change it made to the state,
  /// and, where the recording differs, the difference.
  static func change(at position: Int, in state: RecordingViewState) -> [String] {
    guard position > 0 else { return ["The state the recording starts from."] }
    let step = state.steps[position - 1]
    var lines = ["Line \(step.line): \(step.words)", ""]
    if position == state.steps.count, let difference = state.difference {
      lines += difference.lines
    } else {
      lines += (diff(step.before, step.after) ?? "no change").split(
        separator: "\n", omittingEmptySubsequences: false
      ).map(String.init)
    }
    return lines
  }
}

extension RecordingViewState.Step {
  /// The line in words: `count 4 → 5`, `saved 3`, `undo`, or the action itself.
  public var words: String {
    switch action {
    case .app(.undo), .restoringTravel(by: -1): return "undo"
    case .app(.redo), .restoringTravel(by: 1): return "redo"
    case .app(.travel(let steps)), .restoringTravel(let steps):
      return steps < 0 ? "undo \(steps.magnitude)" : "redo \(steps)"
    case .app(.step(.storageChanged)), .app(.step(.storageUpdated)):
      return "another session: \(AppState.stepWords(from: before, to: after))"
    case .app(.historyPage(let move)), .quietHistoryPage(let move, _):
      let change = AppState.stepChange(from: before, to: after)
      return "history: \(move.words)" + (change == .unchanged ? "" : " (\(Words.step(change)))")
    case .app(.step(let action)), .app(.feedback(let action, _)):
      let change = AppState.stepChange(from: before, to: after)
      guard change == .unchanged else { return Words.step(change) }
      let dump = String(customDumping: action).joinedLines
      return dump.hasPrefix("AppAction.") ? String(dump.dropFirst("AppAction".count)) : dump
    case .app(.storage):
      // No recording holds storage's own actions.
      return "storage"
    }
  }
}

extension HistoryScreenAction {
  /// The move in words: `back 1`, `to the start`, `stay`.
  var words: String {
    switch self {
    case .opened: "open"
    case .moved(let steps): steps < 0 ? "back \(steps.magnitude)" : "forward \(steps)"
    case .movedToFirst: "to the start"
    case .movedToLast: "to the last step"
    case .kept: "stay"
    case .cancelled: "go back"
    }
  }
}
