import ComposableArchitecture
import Counter
import FavoritePrimes
import FavoritePrimesFormat
import Foundation
import NthPrimeLookup
import PrimeModal
import Screens

// Each earlier format's lines are read as that format's own types, and upgraded one version at
// a time, each upgrade a function from one version's types to the next's:
//
//   formats 3 and 4: Version4.Line → Version5.Line → Version8.Line → RecordedLine
//   format 5:                        Version5.Line → Version8.Line → RecordedLine
//   formats 6 to 8:                                  Version8.Line → RecordedLine
//
// Versions whose lines read the same share a type. What an earlier format did by rules of its
// own (undo by restoring, a history page that said nothing, the prime modal's actions with the
// modal closed) its upgrade says in this format's terms.

/// A line of a format before 9, with that format's actions, states and summaries: the kinds of
/// line are this format's, less those added since.
///
/// Formats before 8 wrote undo, redo and travel lines without readings, which read as none.
/// Format 3 wrote no travel lines, and no moves on the history page.
enum EarlierLine<Action: Sendable, State: Sendable, Summary: Sendable>: Sendable {
  case start(version: Int, state: State)
  case step(action: EarlierStep<Action>, readings: RecordedLine.Readings? = nil, after: Summary)
  case feedback(
    action: Action, step: Int, readings: RecordedLine.Readings? = nil, after: Summary)
  case undo(readings: RecordedLine.Readings? = nil, after: Summary)
  case redo(readings: RecordedLine.Readings? = nil, after: Summary)
  case travel(by: Int, readings: RecordedLine.Readings? = nil, after: Summary)
  case end(state: State, screen: String)
}

extension EarlierLine: Decodable where Action: Decodable, State: Decodable, Summary: Decodable {}
extension EarlierLine: Equatable where Action: Equatable, State: Equatable, Summary: Equatable {}

extension EarlierLine {
  /// The same line, with its action, its state and its summary each upgraded.
  func map<NextAction, NextState, NextSummary>(
    action upgrade: (Action) -> NextAction, state upgradeState: (State) -> NextState,
    summary upgradeSummary: (Summary) -> NextSummary
  ) -> EarlierLine<NextAction, NextState, NextSummary> {
    switch self {
    case .start(let version, let state):
      .start(version: version, state: upgradeState(state))
    case .step(let action, let readings, let after):
      .step(action: action.map(upgrade), readings: readings, after: upgradeSummary(after))
    case .feedback(let action, let step, let readings, let after):
      .feedback(
        action: upgrade(action), step: step, readings: readings, after: upgradeSummary(after))
    case .undo(let readings, let after):
      .undo(readings: readings, after: upgradeSummary(after))
    case .redo(let readings, let after):
      .redo(readings: readings, after: upgradeSummary(after))
    case .travel(let steps, let readings, let after):
      .travel(by: steps, readings: readings, after: upgradeSummary(after))
    case .end(let state, let screen):
      .end(state: upgradeState(state), screen: screen)
    }
  }
}

/// What a step of a format before 9 did: an action of the app's, or a move on the history page,
/// which formats 4 to 8 wrote as one of the app's actions, `{"history":{"_0":move}}`.
enum EarlierStep<Action: Sendable>: Sendable {
  case app(Action)
  case history(HistoryScreenAction)

  /// The same step, with the app's action upgraded.
  func map<NextAction>(_ upgrade: (Action) -> NextAction) -> EarlierStep<NextAction> {
    switch self {
    case .app(let action): .app(upgrade(action))
    case .history(let move): .history(move)
    }
  }
}

extension EarlierStep: Equatable where Action: Equatable {}

extension EarlierStep: Decodable where Action: Decodable {
  /// Reads a move on the history page where the action's one key is `history`, and the app's
  /// action otherwise, whose errors then name the line's own keys.
  init(from decoder: any Decoder) throws {
    let keys = try decoder.container(keyedBy: AnyKey.self).allKeys
    guard keys.map(\.stringValue) == ["history"] else {
      self = .app(try Action(from: decoder))
      return
    }
    self = .history(try HistoryMove(from: decoder).move)
  }

}

/// A move on the history page as the app's action: `{"history":{"_0":move}}`.
private enum HistoryMove: Decodable {
  case history(HistoryScreenAction)

  var move: HistoryScreenAction {
    switch self {
    case .history(let move): move
    }
  }
}

/// Any key of a JSON object, to see which keys it has.
private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension RecordedLine {
  // MARK: - Formats 3 and 4

  /// Format 3 reads as format 4: version 4 added travel lines and the history page's moves,
  /// which a recording of version 3 has none of.
  typealias Version3 = Version4

  /// Formats 3 and 4, where a lookup's cancel and answer were each screen's own actions.
  enum Version4 {
    /// A line of format 4; its states and summaries are those of format 5, which had not
    /// changed them.
    typealias Line = EarlierLine<AppAction, Version5.State, Version5.Summary>

    /// The app's actions; a move on the history page is read as a step's (``EarlierStep``).
    enum AppAction: Decodable, Equatable, Sendable {
      case counter(CounterAction)
      case favoritePrimes(FavoritePrimesAction)
      case storageChanged(StoredFavorites)
      case screens(ScreensAction)
    }

    enum CounterAction: Decodable, Equatable, Sendable {
      case incrTapped
      case decrTapped
      case countEntered(Int)
      case countAdjusted(by: Int)
      case isPrimeTapped
      case primeModalDismissed
      case nthPrimeTapped
      case nthPrimeCancelTapped
      case nthPrimeResponse(n: Int, Result<Int, ErrorMessage>)
      case alertDismissed
      case primeModal(PrimeModalAction)
    }

    enum FavoritePrimesAction: Decodable, Equatable, Sendable {
      case deleteFavoritePrimes(IndexSet)
      case saveButtonTapped(file: String?)
      case saveResponse(Result<Int, ErrorMessage>)
      case loadButtonTapped(file: String?)
      case loadResponse(Result<ImportedPrimes, ErrorMessage>)
      case primeTapped(at: Int)
      case nthPrimeCancelTapped
      case nthPrimeResponse(n: Int, Result<Int, ErrorMessage>)
      case alertDismissed
    }
  }
}

extension EarlierLine<
  RecordedLine.Version4.AppAction, RecordedLine.Version5.State, RecordedLine.Version5.Summary
> {
  /// The line in format 5, where the lookup is a feature of its own: a screen's cancel and
  /// answer are the lookup's actions, with the same payload.
  func upgraded() -> RecordedLine.Version5.Line {
    map(action: \.upgraded, state: { $0 }, summary: { $0 })
  }
}

extension RecordedLine.Version4.AppAction {
  /// The action in format 5.
  var upgraded: RecordedLine.Version5.AppAction {
    switch self {
    case .counter(let action): .counter(action.upgraded)
    case .favoritePrimes(let action): .favoritePrimes(action.upgraded)
    case .storageChanged(let stored): .storageChanged(stored)
    case .screens(let action): .screens(action)
    }
  }
}

extension RecordedLine.Version4.CounterAction {
  /// The action in format 5: the lookup's cancel and answer are the lookup's.
  var upgraded: RecordedLine.Version5.CounterAction {
    switch self {
    case .nthPrimeCancelTapped: .nthPrimeLookup(.cancelled)
    case .nthPrimeResponse(let n, let result): .nthPrimeLookup(.answered(n: n, result))
    case .incrTapped: .incrTapped
    case .decrTapped: .decrTapped
    case .countEntered(let count): .countEntered(count)
    case .countAdjusted(let amount): .countAdjusted(by: amount)
    case .isPrimeTapped: .isPrimeTapped
    case .primeModalDismissed: .primeModalDismissed
    case .nthPrimeTapped: .nthPrimeTapped
    case .alertDismissed: .alertDismissed
    case .primeModal(let action): .primeModal(action)
    }
  }
}

extension RecordedLine.Version4.FavoritePrimesAction {
  /// The action in format 5: the lookup's cancel and answer are the lookup's.
  var upgraded: RecordedLine.Version5.FavoritePrimesAction {
    switch self {
    case .nthPrimeCancelTapped: .nthPrimeLookup(.cancelled)
    case .nthPrimeResponse(let n, let result): .nthPrimeLookup(.answered(n: n, result))
    case .deleteFavoritePrimes(let rows): .deleteFavoritePrimes(rows)
    case .saveButtonTapped(let file): .saveButtonTapped(file: file)
    case .saveResponse(let result): .saveResponse(result)
    case .loadButtonTapped(let file): .loadButtonTapped(file: file)
    case .loadResponse(let result): .loadResponse(result)
    case .primeTapped(let index): .primeTapped(at: index)
    case .alertDismissed: .alertDismissed
    }
  }
}

extension RecordedLine {
  // MARK: - Format 5

  /// Format 5, where the lookup was a feature of its own, but the prime modal's actions were the
  /// counter's, and each screen had one alert.
  enum Version5 {
    typealias Line = EarlierLine<AppAction, State, Summary>

    /// The app's actions; a move on the history page is read as a step's (``EarlierStep``).
    enum AppAction: Decodable, Equatable, Sendable {
      case counter(CounterAction)
      case favoritePrimes(FavoritePrimesAction)
      case storageChanged(StoredFavorites)
      case screens(ScreensAction)
    }

    enum CounterAction: Decodable, Equatable, Sendable {
      case incrTapped
      case decrTapped
      case countEntered(Int)
      case countAdjusted(by: Int)
      case isPrimeTapped
      case primeModalDismissed
      case nthPrimeTapped
      case nthPrimeLookup(NthPrimeLookupAction)
      case alertDismissed
      /// Ran whether or not the modal was open, as the REPL's `set 7; save` did.
      case primeModal(PrimeModalAction)
    }

    enum FavoritePrimesAction: Decodable, Equatable, Sendable {
      case deleteFavoritePrimes(IndexSet)
      case saveButtonTapped(file: String?)
      case saveResponse(Result<Int, ErrorMessage>)
      case loadButtonTapped(file: String?)
      case loadResponse(Result<ImportedPrimes, ErrorMessage>)
      case primeTapped(at: Int)
      case nthPrimeLookup(NthPrimeLookupAction)
      case alertDismissed
    }

    /// The lookup's actions that a recording holds: a screen asked the lookup itself, by
    /// running its reducer, so no question reached a recording.
    enum NthPrimeLookupAction: Decodable, Equatable, Sendable {
      case cancelled
      case answered(n: Int, Result<Int, ErrorMessage>)
    }

    /// The app's state: format 5 kept the count and the favorites in the prime modal's state
    /// within the counter's, which ``AppState``'s decoder reads (a state of a later format is
    /// read too). What covered the screens was flags and alerts that are not read, since they
    /// have no one-for-one counterpart in the destinations.
    typealias State = AppState

    /// What a line kept of the state an action left: of it, only the data and the history are
    /// read, for the reason ``State`` says. (A summary of a later format is read too.)
    struct Summary: Decodable, Equatable, Sendable {
      var count: Int
      var favoriteCount: Int
      var lastFavorite: Int?
      var activityCount: Int
      var lastActivity: Activity?
      var undoCount: Int
      var redoCount: Int
    }
  }
}

extension EarlierLine<
  RecordedLine.Version5.AppAction, RecordedLine.Version5.State, RecordedLine.Version5.Summary
> {
  /// The line in format 6, where what covers a screen is one destination, and the count and the
  /// favorites are stored once.
  ///
  /// What covered the screens is not in the upgraded states and summaries, which a replay then
  /// checks for the data and the history only (``Replay/Comparison/init(recordedIn:)``).
  func upgraded() -> RecordedLine.Version8.Line {
    map(action: \.upgraded, state: { $0 }, summary: \.upgraded)
  }
}

extension RecordedLine.Version5.AppAction {
  /// The action in format 6.
  var upgraded: AppCore.AppAction {
    switch self {
    case .counter(let action): action.upgraded
    case .favoritePrimes(let action): action.upgraded
    case .storageChanged(let stored): .storageChanged(stored)
    case .screens(let action): .screens(action)
    }
  }
}

extension RecordedLine.Version5.CounterAction {
  /// The action in format 6, among the app's: the prime modal is a destination, whose save and
  /// remove, which ran whether or not it was open, are ``CounterAction/favoriteCommand(_:)``,
  /// which opens it for them where it is closed; a lookup's cancel dismisses it; and the alert,
  /// which the REPL read with the favorites', is dismissed with every alert.
  var upgraded: AppCore.AppAction {
    switch self {
    case .primeModal(let action): .counter(.favoriteCommand(action))
    case .primeModalDismissed: .counter(.destination(.dismiss))
    case .nthPrimeLookup(let action): .counter(.nthPrimeLookup(action.upgraded))
    case .alertDismissed: .alertsDismissed
    case .incrTapped: .counter(.incrTapped)
    case .decrTapped: .counter(.decrTapped)
    case .countEntered(let count): .counter(.countEntered(count))
    case .countAdjusted(let amount): .counter(.countAdjusted(by: amount))
    case .isPrimeTapped: .counter(.isPrimeTapped)
    case .nthPrimeTapped: .counter(.nthPrimeTapped)
    }
  }
}

extension RecordedLine.Version5.FavoritePrimesAction {
  /// The action in format 6, among the app's: a lookup's cancel dismisses it, and the alert,
  /// which the REPL read with the counter's, is dismissed with every alert.
  var upgraded: AppCore.AppAction {
    switch self {
    case .nthPrimeLookup(let action): .favoritePrimes(.nthPrimeLookup(action.upgraded))
    case .alertDismissed: .alertsDismissed
    case .deleteFavoritePrimes(let rows): .favoritePrimes(.deleteFavoritePrimes(rows))
    case .saveButtonTapped(let file): .favoritePrimes(.saveButtonTapped(file: file))
    case .saveResponse(let result): .favoritePrimes(.saveResponse(result))
    case .loadButtonTapped(let file): .favoritePrimes(.loadButtonTapped(file: file))
    case .loadResponse(let result): .favoritePrimes(.loadResponse(result))
    case .primeTapped(let index): .favoritePrimes(.primeTapped(at: index))
    }
  }
}

extension RecordedLine.Version5.NthPrimeLookupAction {
  /// The action in format 6, where a running lookup is presented: its cancel dismisses it.
  var upgraded: PresentationAction<NthPrimeLookup.NthPrimeLookupAction> {
    switch self {
    case .cancelled: .dismiss
    case .answered(let n, let result): .presented(.answered(n: n, result))
    }
  }
}

extension RecordedLine.Version5.Summary {
  /// The summary in format 6, with nothing covering the screens.
  var upgraded: RecordedLine.Summary {
    RecordedLine.Summary(
      count: count, favoriteCount: favoriteCount, lastFavorite: lastFavorite,
      activityCount: activityCount, lastActivity: lastActivity, undoCount: undoCount,
      redoCount: redoCount)
  }
}

extension Replay.Comparison {
  /// What a replay compares of a recording of format `version`: the data and the history only
  /// for format 5 and before, whose states and summaries are read without what covered the
  /// screens (``RecordedLine/Version5/State``); all of it for the later ones.
  init(recordedIn version: Int) {
    self = version <= 5 ? .dataAndHistory : .everything
  }
}

extension RecordedLine {
  // MARK: - Formats 6 to 8

  /// Formats 6 and 7 read as format 8: version 7 changed what undo and redo do, and version 8
  /// what a move on the history page says, and added readings to undo, redo and travel lines,
  /// which the earlier lines have none of. What they did differently, their upgrade says.
  typealias Version6 = Version8
  typealias Version7 = Version8

  /// Formats 6 to 8, where a move on the history page was a step of the app's.
  enum Version8 {
    /// A line of format 8; its actions, other than moves on the history page, its states and
    /// its summaries are this format's, which have only gained cases since.
    typealias Line = EarlierLine<AppAction, AppState, RecordedLine.Summary>
  }
}

extension EarlierLine<AppAction, AppState, RecordedLine.Summary> {
  /// The line in this format, as a recording of format `version`, 6 to 8, made it.
  ///
  /// A move on the history page is a line of its own. Before format 8 it said nothing of what
  /// other sessions had done, and before format 7 undo, redo, travel and the history page
  /// restored the states the steps went between: the upgraded line asks for that
  /// (``RecordedLine/quietHistoryPage(move:restoring:readings:after:)``,
  /// ``RecordedLine/restoringTravel(by:readings:after:)``).
  ///
  /// - Parameter version: The format of the recording the line is from; formats 3 to 5 did as
  ///   format 6 did.
  /// - Returns: The line in this format.
  func upgraded(from version: Int) -> RecordedLine {
    let restoring = version < 7
    switch self {
    case .start(let started, let state):
      return .start(version: started, state: state)
    case .step(.app(let action), let readings, let after):
      return .step(action: action, readings: readings, after: after)
    case .step(.history(let move), let readings, let after):
      guard version < 8 else { return .historyPage(move: move, readings: readings, after: after) }
      return .quietHistoryPage(move: move, restoring: restoring, readings: readings, after: after)
    case .feedback(let action, let step, let readings, let after):
      return .feedback(action: action, step: step, readings: readings, after: after)
    case .undo(let readings, let after):
      guard restoring else { return .undo(readings: readings, after: after) }
      return .restoringTravel(by: -1, readings: readings, after: after)
    case .redo(let readings, let after):
      guard restoring else { return .redo(readings: readings, after: after) }
      return .restoringTravel(by: 1, readings: readings, after: after)
    case .travel(let steps, let readings, let after):
      guard restoring else { return .travel(by: steps, readings: readings, after: after) }
      return .restoringTravel(by: steps, readings: readings, after: after)
    case .end(let state, let screen):
      return .end(state: state, screen: screen)
    }
  }
}
