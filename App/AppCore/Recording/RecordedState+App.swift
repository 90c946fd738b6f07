import Alerts
import ComposableArchitecture
import Counter
import FavoritePrimes
import FavoritePrimesFormat
import FavoritesLedger
import Foundation
import NthPrimeLookup
import RecordingFormat
import Screens

// The one mapping between the app's state and the recording format's, both ways: a recording
// starts and ends with the whole state, and every line keeps a summary of it.

extension RecordedState {
  /// The app's state as a recording holds it.
  public init(_ state: AppState) {
    self.init(
      count: state.count, favoritePrimes: Array(state.favoritePrimes),
      counterDestination: state.counterDestination.map(CounterDestination.init),
      counterLookup: state.counterLookup.map(Lookup.init),
      favoritesDestination: state.favoritesDestination.map(FavoritesDestination.init),
      favoritesLookup: state.favoritesLookup.map(Lookup.init),
      activityFeed: state.activityFeed.map(Activity.init), screens: Screens(state.screens))
  }
}

extension AppState {
  /// The state a recording holds, as the app has it.
  public init(_ recorded: RecordedState) {
    self.init(
      count: recorded.count, favoritePrimes: PersistentArray(recorded.favoritePrimes),
      counterDestination: recorded.counterDestination.map(CounterState.Destination.init),
      counterLookup: recorded.counterLookup.map(NthPrimeLookupState.init),
      favoritesDestination: recorded.favoritesDestination.map(
        FavoritePrimesState.Destination.init),
      favoritesLookup: recorded.favoritesLookup.map(NthPrimeLookupState.init),
      activityFeed: PersistentArray(recorded.activityFeed.map(Activity.init)),
      screens: ScreensState(recorded.screens))
  }
}

extension RecordedLine.Summary {
  /// The summary of a session's state and its undo history.
  public init(_ history: History<AppState>) {
    let state = history.present
    self.init(
      count: state.count, favoriteCount: state.favoritePrimes.count,
      lastFavorite: state.favoritePrimes.last, activityCount: state.activityFeed.count,
      lastActivity: state.activityFeed.last.map(RecordedState.Activity.init),
      counterDestination: state.counterDestination.map(RecordedState.CounterDestination.init),
      favoritesDestination: state.favoritesDestination.map(
        RecordedState.FavoritesDestination.init),
      counterLookup: state.counterLookup.map(RecordedState.Lookup.init),
      favoritesLookup: state.favoritesLookup.map(RecordedState.Lookup.init),
      notice: state.screens.notice.map(RecordedState.Notice.init),
      undoCount: history.undoCount, redoCount: history.redoCount)
  }
}

extension RecordedState.Activity {
  init(_ activity: Activity) {
    self.init(
      id: activity.id, kind: activity.kind == .added ? .added : .removed, prime: activity.prime,
      timestamp: activity.timestamp)
  }
}

extension Activity {
  init(_ recorded: RecordedState.Activity) {
    self.init(
      id: recorded.id, kind: recorded.kind == .added ? .added : .removed, prime: recorded.prime,
      timestamp: recorded.timestamp)
    // The time as recorded, to the bit: the entry was made with it.
    timestamp = recorded.timestamp
  }
}

extension RecordedState.Alert {
  init(_ alert: Alert) {
    switch alert {
    case .nthPrime(let n, let prime): self = .nthPrime(n: n, prime: prime)
    case .failure(let message): self = .failure(message)
    }
  }
}

extension Alert {
  init(_ recorded: RecordedState.Alert) {
    switch recorded {
    case .nthPrime(let n, let prime): self = .nthPrime(n: n, prime: prime)
    case .failure(let message): self = .failure(message)
    }
  }
}

extension RecordedState.CounterDestination {
  init(_ destination: CounterState.Destination) {
    switch destination {
    case .alert(let alert): self = .alert(RecordedState.Alert(alert))
    case .primeModal(let alert): self = .primeModal(alert: alert.map(RecordedState.Alert.init))
    }
  }
}

extension CounterState.Destination {
  init(_ recorded: RecordedState.CounterDestination) {
    switch recorded {
    case .alert(let alert): self = .alert(Alert(alert))
    case .primeModal(let alert): self = .primeModal(alert: alert.map(Alert.init))
    }
  }
}

extension RecordedState.FavoritesDestination {
  init(_ destination: FavoritePrimesState.Destination) {
    switch destination {
    case .alert(let alert): self = .alert(RecordedState.Alert(alert))
    }
  }
}

extension FavoritePrimesState.Destination {
  init(_ recorded: RecordedState.FavoritesDestination) {
    switch recorded {
    case .alert(let alert): self = .alert(Alert(alert))
    }
  }
}

extension RecordedState.Lookup {
  init(_ lookup: NthPrimeLookupState) {
    self.init(n: lookup.n)
  }
}

extension NthPrimeLookupState {
  init(_ recorded: RecordedState.Lookup) {
    self.init(n: recorded.n)
  }
}

extension RecordedState.Stored {
  init(_ stored: StoredFavorites) {
    self.init(
      favoritePrimes: stored.favoritePrimes,
      activityFeed: stored.activityFeed.map(RecordedState.Activity.init))
  }
}

extension StoredFavorites {
  init(_ recorded: RecordedState.Stored) {
    self.init(
      favoritePrimes: recorded.favoritePrimes,
      activityFeed: recorded.activityFeed.map(Activity.init))
  }
}

extension RecordedState.StoredUpdate {
  init(_ update: StoredUpdate) {
    self.init(
      takenBack: update.takenBack, appended: update.appended.map(RecordedState.Activity.init))
  }
}

extension StoredUpdate {
  init(_ recorded: RecordedState.StoredUpdate) {
    self.init(takenBack: recorded.takenBack, appended: recorded.appended.map(Activity.init))
  }
}

extension RecordedState.ImportedPrimes {
  init(_ imported: ImportedPrimes) {
    self.init(
      primes: imported.primes, notPrime: imported.notPrime, repeated: imported.repeated,
      unusable: imported.unusable.map {
        Unusable(shown: $0.shown, reason: Unusable.Reason($0.reason))
      })
  }
}

extension ImportedPrimes {
  init(_ recorded: RecordedState.ImportedPrimes) {
    self.init(
      primes: recorded.primes, notPrime: recorded.notPrime, repeated: recorded.repeated,
      unusable: recorded.unusable.map {
        Unusable(shown: $0.shown, reason: Unusable.Reason($0.reason))
      })
  }
}

extension RecordedState.ImportedPrimes.Unusable.Reason {
  init(_ reason: ImportedPrimes.Unusable.Reason) {
    switch reason {
    case .notANumber: self = .notANumber
    case .notAWholeNumber: self = .notAWholeNumber
    case .outOfRange: self = .outOfRange
    }
  }
}

extension ImportedPrimes.Unusable.Reason {
  init(_ recorded: RecordedState.ImportedPrimes.Unusable.Reason) {
    switch recorded {
    case .notANumber: self = .notANumber
    case .notAWholeNumber: self = .notAWholeNumber
    case .outOfRange: self = .outOfRange
    }
  }
}

extension RecordedState.Screens {
  init(_ screens: ScreensState) {
    self.init(
      page: Page(screens.page), selection: Selection(screens.selection),
      activityEnd: screens.activityEnd, destination: screens.destination.map(Destination.init),
      notice: screens.notice.map(RecordedState.Notice.init),
      storage: screens.storageStatus.map(Storage.init), size: RecordedState.Size(screens.size),
      ending: screens.ending.map(Ending.init))
  }
}

extension ScreensState {
  init(_ recorded: RecordedState.Screens) {
    self.init(
      page: Page(recorded.page), selection: Selection(recorded.selection),
      activityEnd: recorded.activityEnd, destination: recorded.destination.map(Destination.init),
      notice: recorded.notice.flatMap(Notice.init),
      storageStatus: recorded.storage.map(StorageStatus.init), size: Size(recorded.size),
      ending: recorded.ending.map(Ending.init))
  }
}

extension RecordedState.Screens.Page {
  init(_ page: ScreensState.Page) {
    switch page {
    case .counter: self = .counter
    case .favorites: self = .favorites
    case .activity: self = .activity
    case .history(let visit):
      self = .history(
        .init(openedAt: visit.openedAt, returnPage: RecordedState.Tab(visit.returnPage)))
    }
  }
}

extension ScreensState.Page {
  init(_ recorded: RecordedState.Screens.Page) {
    switch recorded {
    case .counter: self = .counter
    case .favorites: self = .favorites
    case .activity: self = .activity
    case .history(let visit):
      self = .history(
        .init(openedAt: visit.openedAt, returnPage: ScreensState.Tab(visit.returnPage)))
    }
  }
}

extension RecordedState.Tab {
  init(_ tab: ScreensState.Tab) {
    switch tab {
    case .counter: self = .counter
    case .favorites: self = .favorites
    case .activity: self = .activity
    }
  }
}

extension ScreensState.Tab {
  init(_ recorded: RecordedState.Tab) {
    switch recorded {
    case .counter: self = .counter
    case .favorites: self = .favorites
    case .activity: self = .activity
    }
  }
}

extension RecordedState.Screens.Selection {
  init(_ selection: ScreensState.Selection) {
    self.init(row: selection.row, top: selection.top, prime: selection.prime)
  }
}

extension ScreensState.Selection {
  init(_ recorded: RecordedState.Screens.Selection) {
    self.init(row: recorded.row, top: recorded.top, prime: recorded.prime)
  }
}

extension RecordedState.Screens.Destination {
  init(_ destination: ScreensState.Destination) {
    switch destination {
    case .help: self = .help
    case .launchWarning(let warning): self = .launchWarning(warning)
    }
  }
}

extension ScreensState.Destination {
  init(_ recorded: RecordedState.Screens.Destination) {
    switch recorded {
    case .help: self = .help
    case .launchWarning(let warning): self = .launchWarning(warning)
    }
  }
}

extension RecordedState.Screens.Storage {
  init(_ status: ScreensState.StorageStatus) {
    switch status {
    case .waiting(let wait): self = .waiting(wait)
    case .failed(let problem): self = .failed(problem)
    case .readOnly(let reason): self = .readOnly(reason)
    }
  }
}

extension ScreensState.StorageStatus {
  init(_ recorded: RecordedState.Screens.Storage) {
    switch recorded {
    case .waiting(let wait): self = .waiting(wait)
    case .failed(let problem): self = .failed(problem)
    case .readOnly(let reason): self = .readOnly(reason)
    }
  }
}

extension RecordedState.Screens.Ending {
  init(_ ending: ScreensState.Ending) {
    switch ending {
    case .quit: self = .quit
    case .signal(let signal): self = .signal(signal)
    }
  }
}

extension ScreensState.Ending {
  init(_ recorded: RecordedState.Screens.Ending) {
    switch recorded {
    case .quit: self = .quit
    case .signal(let signal): self = .signal(signal)
    }
  }
}

extension RecordedState.Size {
  init(_ size: Size) {
    self.init(columns: size.columns, rows: size.rows)
  }
}

extension Size {
  init(_ recorded: RecordedState.Size) {
    self.init(columns: recorded.columns, rows: recorded.rows)
  }
}
