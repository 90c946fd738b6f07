import Alerts
import ComposableArchitecture
import Counter
import FavoritePrimes
import Foundation
import NthPrimeLookup
import Screens
import Synchronization

/// One line of a recorded session.
///
/// A recording is JSON Lines: a ``start(version:state:)`` line with the state the session
/// started with, one line for every action the store received (a user's step, an effect's
/// feedback, undo, redo) with what the clock and the identities answered while the app handled
/// it and a ``Summary`` of the state it left, and an ``end(state:screen:)`` line with the whole
/// state. Lookups, files loaded and other sessions' changes reach the app as actions, so their
/// answers are in the recording as those actions; effects are not run again.
///
/// Each line is an object with one key, the kind of line. Actions and states use the encoding
/// that Swift derives for them: an enum case is an object with one key, the case's name, and a
/// case's unlabeled value is under `_0`:
///
/// ```json
/// {"step":{"action":{"counter":{"_0":{"incrTapped":{}}}},"after":{"count":1,…}}}
/// ```
public enum RecordedLine: Codable, Equatable, Sendable {
  /// The state the session started with: the favorites and the feed it loaded.
  case start(version: Int, state: AppState)
  /// A user's step.
  case step(action: AppAction, readings: Readings? = nil, after: Summary)
  /// An action sent back by an effect of the step with the given number.
  case feedback(action: AppAction, step: Int, readings: Readings? = nil, after: Summary)
  /// One undo. Where it saves or removes a prime anew (another session had changed it since),
  /// the new feed entry's identity and time are among its readings.
  case undo(readings: Readings? = nil, after: Summary)
  /// One redo, with its readings as an undo's.
  case redo(readings: Readings? = nil, after: Summary)
  /// Several undos (a negative count) or redos at once, with their readings as an undo's.
  case travel(by: Int, readings: Readings? = nil, after: Summary)
  /// A move on the history page, with its readings as an undo's.
  case historyPage(move: HistoryScreenAction, readings: Readings? = nil, after: Summary)
  /// The state the session ended with, and the screen it showed.
  case end(state: AppState, screen: String)

  /// The version of the format that this code writes and reads. Version 2: the prime modal
  /// has its own alert, and the favorites screen's rows are tapped by index. Version 3: the
  /// screens are state (the page, the selection, the notices, quitting), with their own actions,
  /// and "nothing to undo" is a routine alert. Version 4: `travel` lines, and the history
  /// page's actions. Version 5: the nth-prime lookup is a feature of its own, so a screen's
  /// cancel and answer are the lookup's actions. Version 6: what covers a screen is one
  /// destination, a running lookup is the lookup's state, routine news is a notice, and the
  /// count and the favorites are stored once. Version 7: undo and redo are changes to what is
  /// stored now, so after another session's change they leave what it did; a recording of an
  /// earlier version replays them by restoring, as it was recorded. Version 8: a move on the
  /// history page says what other sessions had already done of the steps it travels, as undo
  /// and redo do, and undo, redo and travel lines hold their readings (a change made anew takes
  /// a new feed entry, with an identity and a time). Version 9: a move on the history page is
  /// a line of its own, no longer a step of the app's. Version 10: the REPL's `save` and `remove`
  /// are one counter action (`favoriteCommand`), and a control of a screen not shown is
  /// refused by the app (a `refused` notice). Lines of versions 3 to 9 are read after
  /// ``upgradingLookupActions(_:)``, ``upgradingToDestinations(_:)`` and
  /// ``upgradingHistoryPageMoves(_:)``.
  public static let version = 10

  /// The versions this code reads: its own, and the earlier ones whose lines it upgrades.
  public static let readableVersions = 3...version

  /// What the environment answered while the app handled one action, in the order asked.
  public struct Readings: Codable, Equatable, Sendable {
    /// The clock's readings, which a replay hands out again in the same order.
    public var now: [Date] = []
    /// The identities handed out, which a replay hands out again in the same order.
    public var uuid: [UUID] = []

    /// Creates readings; a line whose action asked nothing records none.
    public init(now: [Date] = [], uuid: [UUID] = []) {
      self.now = now
      self.uuid = uuid
    }

    /// Whether nothing was asked, so that the line leaves its readings out.
    public var isEmpty: Bool { now.isEmpty && uuid.isEmpty }
  }

  /// What a line keeps of the state an action left: everything on screen, the size and the
  /// last entry of the favorites and of the feed, and how far undo and redo reach. It costs the
  /// same however many favorites there are; the end line keeps the whole state.
  public struct Summary: Codable, Equatable, Sendable {
    public var count: Int
    // The favorites and the feed by their length and newest entry: enough to tell a change
    // apart, at a cost that does not grow with them.
    public var favoriteCount: Int
    public var lastFavorite: Int?
    public var activityCount: Int
    public var lastActivity: Activity?
    public var counterDestination: CounterState.Destination?
    public var favoritesDestination: FavoritePrimesState.Destination?
    public var counterLookup: NthPrimeLookupState?
    public var favoritesLookup: NthPrimeLookupState?
    public var notice: ScreensState.Notice?
    public var undoCount: Int
    public var redoCount: Int

    /// The summary of a session's state and its undo history.
    public init(_ history: History<AppState>) {
      let state = history.present
      count = state.count
      favoriteCount = state.favoritePrimes.count
      lastFavorite = state.favoritePrimes.last
      activityCount = state.activityFeed.count
      lastActivity = state.activityFeed.last
      counterDestination = state.counterDestination
      favoritesDestination = state.favoritesDestination
      counterLookup = state.counterLookup
      favoritesLookup = state.favoritesLookup
      notice = state.screens.notice
      undoCount = history.undoCount
      redoCount = history.redoCount
    }

    /// Whether another summary has the same count, favorites, feed and history, whatever
    /// covers the screens and whatever the notice: what a line of format 5 and before is
    /// checked by, since its flags and shared alerts have no one-for-one counterpart in the
    /// destinations.
    public func agreesInTheDataAndTheHistory(with other: Summary) -> Bool {
      count == other.count && favoriteCount == other.favoriteCount
        && lastFavorite == other.lastFavorite && activityCount == other.activityCount
        && lastActivity == other.lastActivity && undoCount == other.undoCount
        && redoCount == other.redoCount
    }
  }

  /// A line for an action, with the readings taken while it ran and the history it left.
  init(_ action: AppHistoryAction, readings: Readings, after history: History<AppState>) {
    let readings = readings.isEmpty ? nil : readings
    let after = Summary(history)
    switch action {
    case .step(let action):
      self = .step(action: action, readings: readings, after: after)
    case .feedback(let action, let step):
      self = .feedback(action: action, step: step, readings: readings, after: after)
    case .undo:
      self = .undo(readings: readings, after: after)
    case .redo:
      self = .redo(readings: readings, after: after)
    case .travel(let steps):
      self = .travel(by: steps, readings: readings, after: after)
    case .historyPage(let move):
      self = .historyPage(move: move, readings: readings, after: after)
    }
  }

  /// The action this line records, with the readings and the summary after it; `nil` for the
  /// start and end lines.
  public var action: (AppHistoryAction, Readings, Summary)? {
    switch self {
    case .step(let action, let readings, let after):
      return (.step(action), readings ?? Readings(), after)
    case .feedback(let action, let step, let readings, let after):
      return (.feedback(action, step: step), readings ?? Readings(), after)
    case .undo(let readings, let after):
      return (.undo, readings ?? Readings(), after)
    case .redo(let readings, let after):
      return (.redo, readings ?? Readings(), after)
    case .travel(let steps, let readings, let after):
      return (.travel(by: steps), readings ?? Readings(), after)
    case .historyPage(let move, let readings, let after):
      return (.historyPage(move), readings ?? Readings(), after)
    case .start, .end:
      return nil
    }
  }

  /// Reads one line of a recording.
  ///
  /// - Parameters:
  ///   - line: A line's JSON.
  ///   - version: The format version of the recording the line is from, which its start line
  ///     gives.
  /// - Returns: The line.
  public static func decode(
    _ line: some StringProtocol, version: Int
  ) throws -> RecordedLine {
    let text = upgrading(line, from: version)
    return try JSONDecoder().decode(RecordedLine.self, from: Data(text.utf8))
  }

  /// A line of format `version` as the current format writes it: the text that
  /// ``decode(_:version:)`` decodes, and into which a decoding error's coding path leads.
  ///
  /// - Parameters:
  ///   - line: A line's JSON.
  ///   - version: The format version of the recording the line is from.
  /// - Returns: The line's JSON, upgraded where it is of an earlier version.
  static func upgrading(_ line: some StringProtocol, from version: Int) -> String {
    var text = String(line)
    if version < 5 { text = upgradingLookupActions(text) }
    if version < 6 { text = upgradingToDestinations(text) }
    if version < 9 { text = upgradingHistoryPageMoves(text) }
    return text
  }

  /// Reads the lines of a recording, each in the format version that its start line gives.
  ///
  /// - Parameter texts: The lines' JSON, the start line first.
  /// - Returns: The lines.
  /// - Throws: ``Undecodable`` for the first line that cannot be read, with its number, counted
  ///   from 1. A start line of a version this code does not read is one such line, read before
  ///   any other: its `error` is a ``Replay/Unreadable`` that names the version.
  public static func decode(
    lines texts: some Sequence<some StringProtocol>
  ) throws(Undecodable) -> [RecordedLine] {
    var lines: [RecordedLine] = []
    var version = Self.version
    for (index, text) in texts.enumerated() {
      do {
        let line = try decode(text, version: version)
        if index == 0, case .start(let started, _) = line {
          if let refusal = unreadableVersion(started) {
            throw Replay.Unreadable(line: 1, reason: refusal)
          }
          version = started
        }
        lines.append(line)
      } catch {
        throw Undecodable(
          line: index + 1, error: error, text: upgrading(text, from: version))
      }
    }
    return lines
  }

  /// Why this code cannot read a recording of format `version`, or `nil` when it can.
  static func unreadableVersion(_ version: Int) -> String? {
    guard !readableVersions.contains(version) else { return nil }
    return "the recording has format version \(version); this primetime reads versions "
      + "\(readableVersions.lowerBound) to \(Self.version)"
  }

  /// A line of a recording that is not a recording line.
  public struct Undecodable: Error {
    /// The line's number, counted from 1.
    public var line: Int
    /// Why it could not be read.
    public var error: any Error
    /// The line's JSON as it was decoded, upgraded to the current format where it is of an
    /// earlier one: the error's coding path leads into it, not into the file's text.
    public var text: String
  }

  /// Rewrites a line of format version 3 or 4 into the current format.
  ///
  /// Those versions wrote the lookup's cancel and answer as each screen's own actions. The
  /// lookup is now a feature of its own, so they are the lookup's actions, with the same
  /// payload, one level deeper:
  ///
  /// ```json
  /// {"nthPrimeCancelTapped":{}}           → {"nthPrimeLookup":{"_0":{"cancelled":{}}}}
  /// {"nthPrimeResponse":{"n":7,"_1":{…}}} → {"nthPrimeLookup":{"_0":{"answered":{"n":7,…}}}}
  /// ```
  ///
  /// The text is rewritten, not parsed and written again, so that every number, such as a
  /// recorded time, keeps its exact digits.
  static func upgradingLookupActions(_ line: String) -> String {
    let cancel = Array(#"{"nthPrimeCancelTapped":{}}"#.utf8)
    let response = Array(#"{"nthPrimeResponse":"#.utf8)
    let bytes = Array(line.utf8)
    var upgraded: [UInt8] = []
    upgraded.reserveCapacity(bytes.count + 64)
    var index = 0
    while index < bytes.count {
      if bytes[index...].starts(with: cancel) {
        upgraded += #"{"nthPrimeLookup":{"_0":{"cancelled":{}}}}"#.utf8
        index += cancel.count
      } else if bytes[index...].starts(with: response),
        let end = endOfObject(startingAt: index, in: bytes)
      {
        upgraded += #"{"nthPrimeLookup":{"_0":{"answered":"#.utf8
        upgraded += bytes[(index + response.count)..<end]
        upgraded += "}}}".utf8
        index = end + 1
      } else {
        upgraded.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: upgraded, as: UTF8.self)
  }

  /// Rewrites a line of format version 5 or before into the current format.
  ///
  /// Those versions had the prime modal's actions directly in the counter's, the cancel and the
  /// answer of a lookup as its own actions, and one alert shared by the screens, dismissed
  /// through the counter. Now the modal is a destination and a lookup is presented, and a
  /// front end that reads every alert at once dismisses them together:
  ///
  /// ```json
  /// {"primeModal":{"_0":X}}          → {"destination":{"_0":{"presented":{"_0":{"primeModal":{"_0":X}}}}}}
  /// {"primeModalDismissed":{}}        → {"destination":{"_0":{"dismiss":{}}}}
  /// {"cancelled":{}}                  → {"dismiss":{}}
  /// {"answered":Y}                    → {"presented":{"_0":{"answered":Y}}}
  /// {"counter":{"_0":{"alertDismissed":{}}}} → {"alertsDismissed":{}}
  /// ```
  ///
  /// As in ``upgradingLookupActions(_:)``, the text is rewritten, not parsed and written again.
  static func upgradingToDestinations(_ line: String) -> String {
    var text = line
    for screen in ["counter", "favoritePrimes"] {
      text = text.replacingOccurrences(
        of: #"{"\#(screen)":{"_0":{"alertDismissed":{}}}}"#, with: #"{"alertsDismissed":{}}"#)
    }
    text = text.replacingOccurrences(
      of: #"{"primeModalDismissed":{}}"#, with: #"{"destination":{"_0":{"dismiss":{}}}}"#)
    text = text.replacingOccurrences(
      of: #"{"nthPrimeLookup":{"_0":{"cancelled":{}}}}"#,
      with: #"{"nthPrimeLookup":{"_0":{"dismiss":{}}}}"#)
    text = wrappingObjects(
      startingWith: #"{"primeModal":{"_0":"#, in: text,
      before: #"{"destination":{"_0":{"presented":{"_0":"#, after: "}}}}")
    return wrappingObjects(
      startingWith: #"{"answered":"#, in: text, before: #"{"presented":{"_0":"#, after: "}}")
  }

  /// Rewrites a line of format version 8 or before into the current format.
  ///
  /// Those versions recorded a move on the history page as a step of the app's, whose actions
  /// then had the page's. The page's moves are now the history's own, a line of their own with
  /// the same move, readings and summary:
  ///
  /// ```json
  /// {"step":{"action":{"history":{"_0":X}},…}} → {"historyPage":{"move":X,…}}
  /// ```
  ///
  /// As in ``upgradingLookupActions(_:)``, the text is rewritten, not parsed and written again.
  static func upgradingHistoryPageMoves(_ line: String) -> String {
    let prefix = Array(#"{"step":{"action":{"history":{"_0":"#.utf8)
    let bytes = Array(line.utf8)
    // The move, and the two braces that closed the page's action and the app's around it.
    guard bytes.starts(with: prefix), let end = endOfObject(startingAt: prefix.count, in: bytes),
      bytes[(end + 1)...].starts(with: "}}".utf8)
    else { return line }
    let upgraded =
      Array(#"{"historyPage":{"move":"#.utf8) + bytes[prefix.count...end] + bytes[(end + 3)...]
    return String(decoding: upgraded, as: UTF8.self)
  }

  /// Puts `before` and `after` around every JSON object that starts with `prefix`.
  private static func wrappingObjects(
    startingWith prefix: String, in line: String, before: String, after: String
  ) -> String {
    let start = Array(prefix.utf8)
    let bytes = Array(line.utf8)
    var wrapped: [UInt8] = []
    wrapped.reserveCapacity(bytes.count + 64)
    var index = 0
    while index < bytes.count {
      if bytes[index...].starts(with: start), let end = endOfObject(startingAt: index, in: bytes) {
        wrapped += before.utf8
        wrapped += bytes[index...end]
        wrapped += after.utf8
        index = end + 1
      } else {
        wrapped.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: wrapped, as: UTF8.self)
  }

  /// The index of the brace that closes the JSON object opened at `start`, skipping braces in
  /// strings; `nil` when it is not closed.
  private static func endOfObject(startingAt start: Int, in bytes: [UInt8]) -> Int? {
    var depth = 0
    var isInString = false
    var isEscaped = false
    for index in start..<bytes.count {
      let byte = bytes[index]
      if isInString {
        if isEscaped {
          isEscaped = false
        } else if byte == UInt8(ascii: "\\") {
          isEscaped = true
        } else if byte == UInt8(ascii: "\"") {
          isInString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): isInString = true
      case UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
    }
    return nil
  }

  /// The line's JSON, on one line.
  public func encoded() throws -> String {
    try JSONLineEncoder.encode(self)
  }
}

/// Records a session: wraps the clock and the identities so that their answers are noted, and
/// writes a line for every action the app's store runs, told of each after it ran.
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

  /// Writes the line for an action, with the readings taken since the last one: what a store
  /// calls after each action (`Store(initialState:reducer:environment:afterEachAction:)`), so
  /// that recording is no part of any reducer.
  public func record(_ action: AppHistoryAction, after history: History<AppState>) {
    let taken = readings.withLock { readings in
      defer { readings = RecordedLine.Readings() }
      return readings
    }
    record(RecordedLine(action, readings: taken, after: history))
  }
}

/// Runs a recorded session again through ``AppHistoryReducer``, with an environment that answers
/// the clock and the identities from the recording. Effects are not run: what they sent back is
/// in the recording, as actions.
public enum Replay {
  /// Where a replay stopped.
  public enum Outcome: Equatable, Sendable {
    /// Every action left the state the recording says, and so did the whole session.
    case reproduced(AppState)
    /// The action on the given line (1-based) left another state than the recorded one.
    case diverged(
      line: Int, action: AppHistoryAction, recorded: RecordedLine.Summary,
      replayed: RecordedLine.Summary)
    /// The session ended, on the given line, in another state than the recorded one.
    case endDiffers(line: Int, recorded: AppState, replayed: AppState)
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
    onAction: (Int, AppHistoryAction, AppState, AppState) -> Void = { _, _, _, _ in }
  ) throws(Unreadable) -> Outcome {
    guard case .start(let version, let initial)? = lines.first else {
      throw Unreadable(line: 1, reason: "a recording starts with a start line")
    }
    if let refusal = RecordedLine.unreadableVersion(version) {
      throw Unreadable(line: 1, reason: refusal)
    }
    // A reading the recording lacks is answered with a fixed value; the state then differs
    // from the recorded one, and the replay says where.
    let readings = Mutex(RecordedLine.Readings())
    let environment = AppEnvironment(
      nthPrime: .failing, fileClient: .failing,
      now: {
        readings.withLock {
          $0.now.isEmpty ? Date(timeIntervalSince1970: 0) : $0.now.removeFirst()
        }
      },
      uuid: {
        readings.withLock {
          $0.uuid.isEmpty
            ? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) : $0.uuid.removeFirst()
        }
      })
    let reducer = AppHistoryReducer(asRecordedIn: version)
    var history = History(initial)
    for (index, line) in lines.enumerated().dropFirst() {
      if case .end(let state, _) = line {
        guard index == lines.count - 1 else {
          throw Unreadable(line: index + 1, reason: "the end line is not the last")
        }
        let isReproduced =
          version < 6
          ? history.present.withoutPresentation == state.withoutPresentation
          : history.present == state
        return isReproduced
          ? .reproduced(history.present)
          : .endDiffers(line: index + 1, recorded: state, replayed: history.present)
      }
      guard let (action, answers, recorded) = line.action else {
        throw Unreadable(line: index + 1, reason: "a start line after the first")
      }
      readings.withLock { $0 = answers }
      let before = history.present
      // An action for a child that is not there is ignored; the replay says where the state
      // then differs, rather than warn.
      RuntimeWarning.$reporter.withValue(.silent) {
        for action in Self.upgraded(action, version: version, in: history.present) {
          _ = reducer.reduce(into: &history, action: action, environment: environment)
        }
      }
      onAction(index + 1, action, before, history.present)
      let replayed = RecordedLine.Summary(history)
      let isReproduced =
        version < 6 ? recorded.agreesInTheDataAndTheHistory(with: replayed) : recorded == replayed
      guard isReproduced else {
        return .diverged(line: index + 1, action: action, recorded: recorded, replayed: replayed)
      }
    }
    throw Unreadable(line: lines.count, reason: "the recording has no end line")
  }

  /// The actions that replay a recorded one. Format 5 and before ran the prime modal's actions
  /// whether or not the modal was open (the REPL's `set 7; save`); such an action now opens
  /// the modal for itself and closes it after, as the REPL does.
  static func upgraded(
    _ action: AppHistoryAction, version: Int, in state: AppState
  ) -> [AppHistoryAction] {
    guard version < 6, case .step(.counter(.destination(.presented(.primeModal)))) = action
    else { return [action] }
    if case .primeModal = state.counterDestination { return [action] }
    return [.step(.counter(.isPrimeTapped)), action, .step(.counter(.destination(.dismiss)))]
  }
}
