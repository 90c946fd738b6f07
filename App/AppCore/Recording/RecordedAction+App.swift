import ComposableArchitecture
import Counter
import FavoritePrimes
import FavoritePrimesFormat
import Foundation
import NthPrimeLookup
import PrimeModal
import RecordingFormat
import Screens

// The one mapping between the app's actions and the recording format's. Each switch names every
// case, so an action added to the app does not build until it has a place in the format; a
// renamed case changes this mapping, not the file.

extension RecordedAction {
  /// The app's action as a recording holds it.
  public init(_ action: AppAction) {
    switch action {
    case .counter(let action): self = .counter(Counter(action))
    case .favoritePrimes(let action): self = .favoritePrimes(FavoritePrimes(action))
    case .storageChanged(let stored): self = .storageChanged(RecordedState.Stored(stored))
    case .storageUpdated(let update): self = .storageUpdated(RecordedState.StoredUpdate(update))
    case .screens(let action): self = .screens(Screens(action))
    case .alertsDismissed: self = .alertsDismissed
    }
  }
}

extension AppAction {
  /// The action a recording holds, as the app takes it.
  public init(_ recorded: RecordedAction) {
    switch recorded {
    case .counter(let action): self = .counter(CounterAction(action))
    case .favoritePrimes(let action): self = .favoritePrimes(FavoritePrimesAction(action))
    case .storageChanged(let stored): self = .storageChanged(StoredFavorites(stored))
    case .storageUpdated(let update): self = .storageUpdated(StoredUpdate(update))
    case .screens(let action): self = .screens(ScreensAction(action))
    case .alertsDismissed: self = .alertsDismissed
    }
  }
}

extension RecordedAction.Counter {
  init(_ action: CounterAction) {
    switch action {
    case .incrTapped: self = .incrTapped
    case .decrTapped: self = .decrTapped
    case .countEntered(let count): self = .countEntered(count)
    case .countAdjusted(let amount): self = .countAdjusted(by: amount)
    case .isPrimeTapped: self = .isPrimeTapped
    case .nthPrimeTapped: self = .nthPrimeTapped
    case .nthPrimeLookup(let action):
      self = .nthPrimeLookup(.init(action, RecordedAction.Lookup.init))
    case .destination(let action):
      self = .destination(.init(action, RecordedAction.CounterDestination.init))
    case .favoriteCommand(let action): self = .favoriteCommand(.init(action))
    }
  }
}

extension CounterAction {
  init(_ recorded: RecordedAction.Counter) {
    switch recorded {
    case .incrTapped: self = .incrTapped
    case .decrTapped: self = .decrTapped
    case .countEntered(let count): self = .countEntered(count)
    case .countAdjusted(let amount): self = .countAdjusted(by: amount)
    case .isPrimeTapped: self = .isPrimeTapped
    case .nthPrimeTapped: self = .nthPrimeTapped
    case .nthPrimeLookup(let action):
      self = .nthPrimeLookup(PresentationAction(action, NthPrimeLookupAction.init))
    case .destination(let action):
      self = .destination(PresentationAction(action, CounterDestinationAction.init))
    case .favoriteCommand(let action): self = .favoriteCommand(PrimeModalAction(action))
    }
  }
}

extension RecordedAction.CounterDestination {
  init(_ action: CounterDestinationAction) {
    switch action {
    case .primeModal(let action): self = .primeModal(.init(action))
    }
  }
}

extension CounterDestinationAction {
  init(_ recorded: RecordedAction.CounterDestination) {
    switch recorded {
    case .primeModal(let action): self = .primeModal(PrimeModalAction(action))
    }
  }
}

extension RecordedAction.PrimeModal {
  init(_ action: PrimeModalAction) {
    switch action {
    case .saveFavoritePrimeTapped: self = .saveFavoritePrimeTapped
    case .removeFavoritePrimeTapped: self = .removeFavoritePrimeTapped
    case .alertDismissed: self = .alertDismissed
    }
  }
}

extension PrimeModalAction {
  init(_ recorded: RecordedAction.PrimeModal) {
    switch recorded {
    case .saveFavoritePrimeTapped: self = .saveFavoritePrimeTapped
    case .removeFavoritePrimeTapped: self = .removeFavoritePrimeTapped
    case .alertDismissed: self = .alertDismissed
    }
  }
}

extension RecordedAction.Lookup {
  init(_ action: NthPrimeLookupAction) {
    switch action {
    case .started: self = .started
    case .answered(let n, let result): self = .answered(n: n, RecordedResult(result))
    }
  }
}

extension NthPrimeLookupAction {
  init(_ recorded: RecordedAction.Lookup) {
    switch recorded {
    case .started: self = .started
    case .answered(let n, let result): self = .answered(n: n, Result(result))
    }
  }
}

extension RecordedAction.FavoritePrimes {
  init(_ action: FavoritePrimesAction) {
    switch action {
    case .deleteFavoritePrimes(let rows): self = .deleteFavoritePrimes(rows)
    case .saveButtonTapped(let file): self = .saveButtonTapped(file: file)
    case .saveResponse(let result, let file):
      self = .saveResponse(RecordedResult(result), file: file)
    case .loadButtonTapped(let file): self = .loadButtonTapped(file: file)
    case .loadResponse(let result):
      self = .loadResponse(RecordedResult(result.map(RecordedState.ImportedPrimes.init)))
    case .primeTapped(let index): self = .primeTapped(at: index)
    case .nthPrimeLookup(let action):
      self = .nthPrimeLookup(.init(action, RecordedAction.Lookup.init))
    // The list's alert has no actions of its own: only its dismissal.
    case .destination(.dismiss): self = .destination(.dismiss)
    }
  }
}

extension FavoritePrimesAction {
  init(_ recorded: RecordedAction.FavoritePrimes) {
    switch recorded {
    case .deleteFavoritePrimes(let rows): self = .deleteFavoritePrimes(rows)
    case .saveButtonTapped(let file): self = .saveButtonTapped(file: file)
    case .saveResponse(let result, let file): self = .saveResponse(Result(result), file: file)
    case .loadButtonTapped(let file): self = .loadButtonTapped(file: file)
    case .loadResponse(let result):
      self = .loadResponse(Result(result).map(ImportedPrimes.init))
    case .primeTapped(let index): self = .primeTapped(at: index)
    case .nthPrimeLookup(let action):
      self = .nthPrimeLookup(PresentationAction(action, NthPrimeLookupAction.init))
    case .destination(.dismiss): self = .destination(.dismiss)
    }
  }
}

extension RecordedAction.Screens {
  init(_ action: ScreensAction) {
    switch action {
    case .pageOpened(let tab): self = .pageOpened(RecordedState.Tab(tab))
    case .selectionMoved(let step): self = .selectionMoved(by: step)
    case .selectionPaged(let pages): self = .selectionPaged(by: pages)
    case .selectionMovedToFirst: self = .selectionMovedToFirst
    case .selectionMovedToLast: self = .selectionMovedToLast
    case .activityScrolled(let step): self = .activityScrolled(by: step)
    case .activityPaged(let pages): self = .activityPaged(by: pages)
    case .activityScrolledToNewest: self = .activityScrolledToNewest
    case .activityScrolledToOldest: self = .activityScrolledToOldest
    case .helpOpened: self = .helpOpened
    case .helpClosed: self = .helpClosed
    case .terminalResized(let size): self = .terminalResized(RecordedState.Size(size))
    case .launchWarned(let warning): self = .launchWarned(warning)
    case .launchWarningClosed: self = .launchWarningClosed
    case .storageFailed(let problem): self = .storageFailed(problem)
    case .storageRecovered: self = .storageRecovered
    case .storageWaiting(let wait): self = .storageWaiting(wait)
    case .storageWaitEnded: self = .storageWaitEnded
    case .storageReadOnly(let reason): self = .storageReadOnly(reason)
    case .storageWritable: self = .storageWritable
    case .quitTapped: self = .quitTapped
    case .signalReceived(let signal): self = .signalReceived(signal)
    }
  }
}

extension ScreensAction {
  init(_ recorded: RecordedAction.Screens) {
    switch recorded {
    case .pageOpened(let tab): self = .pageOpened(ScreensState.Tab(tab))
    case .selectionMoved(let step): self = .selectionMoved(by: step)
    case .selectionPaged(let pages): self = .selectionPaged(by: pages)
    case .selectionMovedToFirst: self = .selectionMovedToFirst
    case .selectionMovedToLast: self = .selectionMovedToLast
    case .activityScrolled(let step): self = .activityScrolled(by: step)
    case .activityPaged(let pages): self = .activityPaged(by: pages)
    case .activityScrolledToNewest: self = .activityScrolledToNewest
    case .activityScrolledToOldest: self = .activityScrolledToOldest
    case .helpOpened: self = .helpOpened
    case .helpClosed: self = .helpClosed
    case .terminalResized(let size): self = .terminalResized(Size(size))
    case .launchWarned(let warning): self = .launchWarned(warning)
    case .launchWarningClosed: self = .launchWarningClosed
    case .storageFailed(let problem): self = .storageFailed(problem)
    case .storageRecovered: self = .storageRecovered
    case .storageWaiting(let wait): self = .storageWaiting(wait)
    case .storageWaitEnded: self = .storageWaitEnded
    case .storageReadOnly(let reason): self = .storageReadOnly(reason)
    case .storageWritable: self = .storageWritable
    case .quitTapped: self = .quitTapped
    case .signalReceived(let signal): self = .signalReceived(signal)
    }
  }
}

extension RecordedAction.HistoryPage {
  /// A move on the history page as a recording holds it.
  public init(_ action: HistoryScreenAction) {
    switch action {
    case .opened: self = .opened
    case .moved(let steps): self = .moved(by: steps)
    case .movedToFirst: self = .movedToFirst
    case .movedToLast: self = .movedToLast
    case .kept: self = .kept
    case .cancelled: self = .cancelled
    }
  }
}

extension HistoryScreenAction {
  /// A recorded move on the history page, as the app takes it.
  public init(_ recorded: RecordedAction.HistoryPage) {
    switch recorded {
    case .opened: self = .opened
    case .moved(let steps): self = .moved(by: steps)
    case .movedToFirst: self = .movedToFirst
    case .movedToLast: self = .movedToLast
    case .kept: self = .kept
    case .cancelled: self = .cancelled
    }
  }
}

extension RecordedAction.Presentation {
  init<AppAction>(_ action: PresentationAction<AppAction>, _ map: (AppAction) -> Action) {
    switch action {
    case .presented(let action): self = .presented(map(action))
    case .dismiss: self = .dismiss
    }
  }
}

extension PresentationAction {
  init<Recorded>(
    _ recorded: RecordedAction.Presentation<Recorded>, _ map: (Recorded) -> Action
  ) {
    switch recorded {
    case .presented(let action): self = .presented(map(action))
    case .dismiss: self = .dismiss
    }
  }
}

extension RecordedResult {
  init(_ result: Result<Success, ErrorMessage>) {
    switch result {
    case .success(let value): self = .success(value)
    case .failure(let error): self = .failure(message: error.message)
    }
  }
}

extension Result where Failure == ErrorMessage, Success: Codable & Equatable & Sendable {
  init(_ recorded: RecordedResult<Success>) {
    switch recorded {
    case .success(let value): self = .success(value)
    case .failure(let message): self = .failure(ErrorMessage(message))
    }
  }
}
