import ComposableArchitecture
import Foundation
import RecordingFormat
import Screens
import Synchronization

/// Runs a recorded session again through ``ReplayReducer``, with an environment that answers
/// the clock and the identities from the recording. Effects are not run: what they sent back is
/// in the recording, as actions.
///
/// The lines are in this format, upgraded where the recording is of an earlier one
/// (``RecordedLine/decode(lines:)``): each line's action runs as it is, whatever the format.
public enum Replay {
  /// Where a replay stopped.
  public enum Outcome: Equatable, Sendable {
    /// Every action left the state the recording says, and so did the whole session.
    case reproduced(AppState)
    /// The action on the given line (1-based) left another state than the recorded one.
    case diverged(
      line: Int, action: ReplayedAction, recorded: RecordedLine.Summary,
      replayed: RecordedLine.Summary)
    /// The session ended, on the given line, in another state than the recorded one.
    case endDiffers(line: Int, recorded: AppState, replayed: AppState)
  }

  /// What a replay compares of the states a recording holds with the replayed ones, which
  /// depends on what the recording's format kept (``init(recordedIn:)``).
  enum Comparison: Equatable, Sendable {
    /// Every line's summary, and the whole state at the end.
    case everything
    /// Every line's summary, the notice by the words the app said it in, which is what formats
    /// 6 to 15 kept of it; the whole state at the end but the notice.
    case noticeByItsWords
    /// The count, the favorites, the feed and the history, whatever the screens present and
    /// whatever the notice (``RecordedLine/Summary/agreesInTheDataAndTheHistory(with:)``).
    case dataAndHistory

    /// Whether a replayed summary agrees with the recorded one.
    func agree(_ recorded: RecordedLine.Summary, _ replayed: RecordedLine.Summary) -> Bool {
      switch self {
      case .everything: recorded == replayed
      case .noticeByItsWords:
        recorded.withNotice(nil) == replayed.withNotice(nil)
          && recorded.notice.map(Self.words) == replayed.notice.map(Self.words)
      case .dataAndHistory: recorded.agreesInTheDataAndTheHistory(with: replayed)
      }
    }

    /// Whether the replayed end state agrees with the recorded one.
    func agree(_ recorded: AppState, _ replayed: AppState) -> Bool {
      switch self {
      case .everything: recorded == replayed
      case .noticeByItsWords: recorded.withNotice(nil) == replayed.withNotice(nil)
      case .dataAndHistory: recorded.withoutPresentation == replayed.withoutPresentation
      }
    }
  }

  /// Replays the lines of a recording.
  ///
  /// - Parameters:
  ///   - lines: The recording's lines, the start line first.
  ///   - numbers: Each line's number in the file, where blank lines were skipped; by default
  ///     1, 2, 3 and on.
  ///   - onAction: Called after each action with its line number, the action, and the state
  ///     before and after it.
  /// - Returns: Where the replay stopped.
  /// - Throws: ``Unreadable``, where the lines are not a whole recording of a format this code
  ///   reads.
  public static func run(
    _ lines: [RecordedLine], numbers: [Int]? = nil,
    onAction: (Int, ReplayedAction, AppState, AppState) -> Void = { _, _, _, _ in }
  ) throws(Unreadable) -> Outcome {
    let numbers = numbers ?? Array(1...max(lines.count, 1))
    guard case .start(let version, let started)? = lines.first else {
      throw .startLineMissing
    }
    if let refusal = Unreadable(version: version) { throw refusal }
    let comparison = Comparison(recordedIn: version)
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
    let reducer = ReplayReducer()
    var history = History(AppState(started))
    for (index, line) in lines.enumerated().dropFirst() {
      if case .end(let state, _) = line {
        guard index == lines.count - 1 else { throw .endLineNotLast(line: numbers[index]) }
        let recorded = AppState(state)
        return comparison.agree(recorded, history.present)
          ? .reproduced(history.present)
          : .endDiffers(
            line: numbers[index], recorded: recorded,
            replayed: comparison == .noticeByItsWords
              ? history.present.withNotice(recorded.screens.notice) : history.present)
      }
      guard let (action, answers, recorded) = line.replayed else {
        throw .startLineAfterTheFirst(line: numbers[index])
      }
      readings.withLock { $0 = answers }
      let before = history.present
      // An action for a child that is not there is ignored; the replay says where the state
      // then differs, rather than warn.
      RuntimeWarning.$reporter.withValue(.silent) {
        _ = reducer.reduce(into: &history, action: action, environment: environment)
      }
      onAction(numbers[index], action, before, history.present)
      let replayed = RecordedLine.Summary(history)
      guard comparison.agree(recorded, replayed) else {
        return .diverged(
          line: numbers[index], action: action, recorded: recorded,
          replayed: comparison.shown(replayed, beside: recorded))
      }
    }
    throw .cutShort(lines: numbers[lines.count - 1])
  }
}

extension Replay {
  /// Why a recording cannot be replayed at all: the format's reading of it.
  public typealias Unreadable = RecordedLine.Unreadable
}

extension Replay.Comparison {
  /// What a replay compares of a recording of format `version`: the data and the history only
  /// for format 5 and before, whose states and summaries are read without what the
  /// screens presented (``RecordedLine/Version5/State``); all of it for the later ones.
  init(recordedIn version: Int) {
    self =
      switch version {
      case ...5: .dataAndHistory
      case ...15: .noticeByItsWords
      default: .everything
      }
  }

  /// The replayed summary as a difference shows it beside the recorded one: its notice in words,
  /// where the recording kept the notice's words.
  func shown(
    _ replayed: RecordedLine.Summary, beside recorded: RecordedLine.Summary
  ) -> RecordedLine.Summary {
    guard self == .noticeByItsWords, case .said? = recorded.notice else { return replayed }
    return replayed.withNotice(replayed.notice.map { .said(Self.words($0)) })
  }

  /// A recorded notice in the words the app says it in: those it was kept in, before format 16.
  static func words(_ notice: RecordedState.Notice) -> String {
    if case .said(let words) = notice { return words }
    return ScreensState.Notice(notice).map(Words.notice) ?? ""
  }
}
