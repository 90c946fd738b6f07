import ComposableArchitecture
import Foundation
import Synchronization

/// One line of a recorded session.
///
/// A recording is JSON Lines: a ``start(state:)`` line, one line for every action the store
/// received (a user's step, an effect's feedback, undo, redo) with what the clock and the
/// identities answered while the app handled it and the state it left, and an
/// ``end(state:screen:)`` line. Every dependency's answer is in it: lookups, files loaded and
/// other sessions' changes arrive as actions, and the clock and the identities as readings. So
/// a recording replays to the same state without touching anything.
///
/// Each line is an object with one key, the kind of line. Actions and states use the encoding
/// that Swift derives for them: an enum case is an object with one key, the case's name, and a
/// case's unlabeled value is under `_0`:
///
/// ```json
/// {"step":{"action":{"counter":{"_0":{"incrTapped":{}}}},"state":{…}}}
/// ```
public enum RecordedLine: Codable, Equatable, Sendable {
  /// The state the session started with: the favorites and the feed it loaded.
  case start(state: AppState)
  /// A user's step.
  case step(action: AppAction, readings: Readings? = nil, state: AppState)
  /// An action sent back by an effect of the step with the given number.
  case feedback(action: AppAction, step: Int, readings: Readings? = nil, state: AppState)
  /// An undo.
  case undo(state: AppState)
  /// A redo.
  case redo(state: AppState)
  /// The state the session ended with, and the screen it showed.
  case end(state: AppState, screen: String)

  /// What the environment answered while the app handled one action, in the order asked.
  public struct Readings: Codable, Equatable, Sendable {
    /// The clock's readings.
    public var now: [Date] = []
    /// The identities handed out.
    public var uuid: [UUID] = []

    /// Creates readings.
    public init(now: [Date] = [], uuid: [UUID] = []) {
      self.now = now
      self.uuid = uuid
    }

    /// Whether nothing was asked.
    public var isEmpty: Bool { now.isEmpty && uuid.isEmpty }
  }

  /// A line for an action, with the readings taken while it ran and the state it left.
  init(_ action: HistoryAction<AppAction>, readings: Readings, state: AppState) {
    let readings = readings.isEmpty ? nil : readings
    switch action {
    case .step(let action):
      self = .step(action: action, readings: readings, state: state)
    case .feedback(let action, let step):
      self = .feedback(action: action, step: step, readings: readings, state: state)
    case .undo:
      self = .undo(state: state)
    case .redo:
      self = .redo(state: state)
    }
  }

  /// The action this line records, with the readings and the state after it; `nil` for the
  /// start and end lines.
  public var action: (HistoryAction<AppAction>, Readings, AppState)? {
    switch self {
    case .step(let action, let readings, let state):
      return (.step(action), readings ?? Readings(), state)
    case .feedback(let action, let step, let readings, let state):
      return (.feedback(action, step: step), readings ?? Readings(), state)
    case .undo(let state):
      return (.undo, Readings(), state)
    case .redo(let state):
      return (.redo, Readings(), state)
    case .start, .end:
      return nil
    }
  }

  /// Reads one line of a recording.
  ///
  /// - Parameter line: A line's JSON.
  /// - Returns: The line.
  public static func decode(_ line: some StringProtocol) throws -> RecordedLine {
    try JSONDecoder().decode(RecordedLine.self, from: Data(line.utf8))
  }

  /// The line's JSON, on one line.
  public func encoded() throws -> String {
    try JSONLineEncoder.encode(self)
  }
}

/// Records a session: wraps the clock and the identities so that their answers are noted, and
/// writes a line for every action the app handles.
///
/// Lines are encoded and written in order on a queue of their own, so that the session goes on
/// meanwhile; at most a few thousand wait at a time.
public final class SessionRecorder: Sendable {
  private let readings = Mutex(RecordedLine.Readings())
  private let write: @Sendable (String) -> Void
  private let queue = DispatchQueue(label: "primetime.recording")
  private let room = DispatchSemaphore(value: 4096)

  /// Creates a recorder that hands each line, without its newline, to `write`, in order.
  public init(write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// The clock, with every reading noted.
  public func recording(_ now: @escaping @Sendable () -> Date) -> @Sendable () -> Date {
    { [self] in
      let date = now()
      readings.withLock { $0.now.append(date) }
      return date
    }
  }

  /// The identities, with every one noted.
  public func recording(_ uuid: @escaping @Sendable () -> UUID) -> @Sendable () -> UUID {
    { [self] in
      let id = uuid()
      readings.withLock { $0.uuid.append(id) }
      return id
    }
  }

  /// Writes a line, after the ones before it.
  public func record(_ line: RecordedLine) {
    room.wait()
    queue.async { [write, room] in
      // Every value in a line encodes; a failure would be a bug in a Codable conformance.
      guard let text = try? line.encoded() else { preconditionFailure("unencodable \(line)") }
      write(text)
      room.signal()
    }
  }

  /// Waits until every line recorded so far is written.
  public func finish() {
    queue.sync {}
  }

  /// Writes the line for an action, with the readings taken since the last one.
  func record(_ action: HistoryAction<AppAction>, state: AppState) {
    let taken = readings.withLock { readings in
      defer { readings = RecordedLine.Readings() }
      return readings
    }
    record(RecordedLine(action, readings: taken, state: state))
  }
}

extension Reducer
where
  State == History<AppState>, Action == HistoryAction<AppAction>, Environment == AppEnvironment
{
  /// Writes every action this reducer handles, and the state it leaves, to `recorder`.
  ///
  /// - Parameter recorder: Where the lines go.
  /// - Returns: The reducer, recording.
  public func recording(to recorder: SessionRecorder) -> Reduce<State, Action, Environment> {
    Reduce { history, action, environment in
      let effect = self.reduce(into: &history, action: action, environment: environment)
      recorder.record(action, state: history.present)
      return effect
    }
  }
}

/// Runs a recorded session again through ``AppHistoryReducer``, with an environment that answers
/// from the recording; effects are not run, since what they sent back is recorded.
public enum Replay {
  /// Where a replay stopped.
  public enum Outcome: Equatable, Sendable {
    /// Every action left the state the recording says, and so did the whole session.
    case reproduced(AppState)
    /// The action on the given line (1-based) left another state than the recorded one.
    case diverged(
      line: Int, action: HistoryAction<AppAction>, recorded: AppState, replayed: AppState)
    /// The session ended in another state than the recorded one.
    case endDiffers(recorded: AppState, replayed: AppState)
  }

  /// Why a recording cannot be replayed at all.
  public struct Unreadable: Error, Equatable, CustomStringConvertible {
    /// The line (1-based).
    public var line: Int
    /// What is wrong with it.
    public var reason: String

    /// Creates the error.
    public init(line: Int, reason: String) {
      self.line = line
      self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
  }

  /// Replays the lines of a recording.
  ///
  /// - Parameters:
  ///   - lines: The recording's lines, the start line first.
  ///   - onAction: Called after each action with its line number, the action, and the state
  ///     before and after it.
  /// - Returns: Where the replay stopped.
  public static func run(
    _ lines: [RecordedLine],
    onAction: (Int, HistoryAction<AppAction>, AppState, AppState) -> Void = { _, _, _, _ in }
  ) throws(Unreadable) -> Outcome {
    guard case .start(let initial)? = lines.first else {
      throw Unreadable(line: 1, reason: "a recording starts with a start line")
    }
    // A reading the recording lacks is answered with a fixed value; the state then differs
    // from the recorded one, and the replay says where.
    let readings = Mutex(RecordedLine.Readings())
    let environment = AppEnvironment(
      nthPrime: .failing, fileClient: .failing,
      now: {
        readings.withLock { $0.now.isEmpty ? Date(timeIntervalSince1970: 0) : $0.now.removeFirst() }
      },
      uuid: {
        readings.withLock {
          $0.uuid.isEmpty
            ? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) : $0.uuid.removeFirst()
        }
      })
    let reducer = AppHistoryReducer()
    var history = History(initial)
    for (index, line) in lines.enumerated().dropFirst() {
      if case .end(let state, _) = line {
        guard index == lines.count - 1 else {
          throw Unreadable(line: index + 1, reason: "the end line is not the last")
        }
        return history.present == state
          ? .reproduced(history.present)
          : .endDiffers(recorded: state, replayed: history.present)
      }
      guard let (action, answers, recorded) = line.action else {
        throw Unreadable(line: index + 1, reason: "a start line after the first")
      }
      readings.withLock { $0 = answers }
      let before = history.present
      _ = reducer.reduce(into: &history, action: action, environment: environment)
      onAction(index + 1, action, before, history.present)
      guard history.present == recorded else {
        return .diverged(
          line: index + 1, action: action, recorded: recorded, replayed: history.present)
      }
    }
    throw Unreadable(line: lines.count, reason: "the recording has no end line")
  }
}
