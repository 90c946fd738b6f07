import Foundation

extension RecordedLine {
  /// Format 5, where the lookup was a feature of its own, but the prime modal's actions were the
  /// counter's, and each screen had one alert.
  enum Version5 {
    typealias Line = EarlierLine<AppAction, State, Summary>

    /// The app's actions; a move on the history page is read as a step's (``EarlierStep``).
    enum AppAction: Decodable, Equatable, Sendable {
      case counter(CounterAction)
      case favoritePrimes(FavoritePrimesAction)
      case storageChanged(RecordedState.Stored)
      case screens(RecordedAction.Screens)
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
      case primeModal(RecordedAction.PrimeModal)
    }

    enum FavoritePrimesAction: Decodable, Equatable, Sendable {
      case deleteFavoritePrimes(IndexSet)
      case saveButtonTapped(file: String?)
      case saveResponse(RecordedResult<Int>)
      case loadButtonTapped(file: String?)
      case loadResponse(RecordedResult<RecordedState.ImportedPrimes>)
      case primeTapped(at: Int)
      case nthPrimeLookup(NthPrimeLookupAction)
      case alertDismissed
    }

    /// The lookup's actions that a recording holds: a screen asked the lookup itself, by
    /// running its reducer, so no question reached a recording.
    enum NthPrimeLookupAction: Decodable, Equatable, Sendable {
      case cancelled
      case answered(n: Int, RecordedResult<Int>)
    }

    /// The app's state: format 5 kept the count and the favorites in the prime modal's state
    /// within the counter's. What the screens presented was flags and alerts that are not read,
    /// since they have no one-for-one counterpart in the destinations. A state without the
    /// screens' starts on the counter.
    struct State: Decodable, Equatable, Sendable {
      /// The state in format 6.
      var upgraded: RecordedState

      init(upgraded: RecordedState) {
        self.upgraded = upgraded
      }

      private enum CodingKeys: String, CodingKey {
        case counter, activityFeed, screens
      }

      /// What format 5 kept of the counter's state: the count and the favorites, which the
      /// prime modal's state held.
      private struct CounterState: Decodable {
        struct PrimeModal: Decodable {
          var count: Int
          var favoritePrimes: [Int]
        }

        var primeModal: PrimeModal
      }

      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let counter = try container.decode(CounterState.self, forKey: .counter)
        upgraded = RecordedState(
          count: counter.primeModal.count, favoritePrimes: counter.primeModal.favoritePrimes,
          activityFeed: try container.decode(
            [RecordedState.Activity].self, forKey: .activityFeed),
          screens: try container.decodeIfPresent(RecordedState.Screens.self, forKey: .screens)
            ?? RecordedState.Screens())
      }
    }

    /// What a line kept of the state an action left: of it, only the data and the history are
    /// read, for the reason ``State`` says.
    struct Summary: Decodable, Equatable, Sendable {
      var count: Int
      var favoriteCount: Int
      var lastFavorite: Int?
      var activityCount: Int
      var lastActivity: RecordedState.Activity?
      var undoCount: Int
      var redoCount: Int
    }
  }
}

extension EarlierLine<
  RecordedLine.Version5.AppAction, RecordedLine.Version5.State, RecordedLine.Version5.Summary
> {
  /// The line in format 6, where what a screen presents is one destination, and the count and the
  /// favorites are stored once.
  ///
  /// What the screens presented is not in the upgraded states and summaries, which a replay then
  /// checks for the data and the history only (``Replay/Comparison/init(recordedIn:)``).
  func upgraded() -> RecordedLine.Version8.Line {
    map(action: \.upgraded, state: \.upgraded, summary: \.upgraded)
  }
}

extension RecordedLine.Version5.AppAction {
  /// The action in format 6.
  var upgraded: RecordedAction {
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
  var upgraded: RecordedAction {
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
  var upgraded: RecordedAction {
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
  var upgraded: RecordedAction.Presentation<RecordedAction.Lookup> {
    switch self {
    case .cancelled: .dismiss
    case .answered(let n, let result): .presented(.answered(n: n, result))
    }
  }
}

extension RecordedLine.Version5.Summary {
  /// The summary in format 6, with nothing presented on the screens.
  var upgraded: RecordedLine.Summary {
    RecordedLine.Summary(
      count: count, favoriteCount: favoriteCount, lastFavorite: lastFavorite,
      activityCount: activityCount, lastActivity: lastActivity, undoCount: undoCount,
      redoCount: redoCount)
  }
}
