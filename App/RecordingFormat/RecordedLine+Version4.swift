import Foundation

extension RecordedLine {
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
      case nthPrimeCancelTapped
      case nthPrimeResponse(n: Int, RecordedResult<Int>)
      case alertDismissed
      case primeModal(RecordedAction.PrimeModal)
    }

    enum FavoritePrimesAction: Decodable, Equatable, Sendable {
      case deleteFavoritePrimes(IndexSet)
      case saveButtonTapped(file: String?)
      case saveResponse(RecordedResult<Int>)
      case loadButtonTapped(file: String?)
      case loadResponse(RecordedResult<RecordedState.ImportedPrimes>)
      case primeTapped(at: Int)
      case nthPrimeCancelTapped
      case nthPrimeResponse(n: Int, RecordedResult<Int>)
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
