import Foundation

/// An action as a recording holds it: the file's names for what happened in the app, one case
/// for each of the app's actions, nested as the features are.
///
/// These names are the format's. The app's own actions may be renamed, moved or split; the
/// mapping in `AppCore` then changes, and these stay, so that every recording reads as before.
public indirect enum RecordedAction: Codable, Equatable, Sendable {
  /// On the counter, its prime modal or its lookup.
  case counter(Counter)
  /// On the favorites list or its lookup.
  case favoritePrimes(FavoritePrimes)
  /// The stored favorites and feed, read anew, replace those in memory.
  case storageChanged(RecordedState.Stored)
  /// Other sessions took back or appended these entries of the feed.
  case storageUpdated(RecordedState.StoredUpdate)
  /// On the screens: a page, the selection, a notice, the terminal, the app ending.
  case screens(Screens)
  /// Every alert and refusal was read, and dismissed.
  case alertsDismissed

  /// What happens on the counter.
  public enum Counter: Codable, Equatable, Sendable {
    case incrTapped
    case decrTapped
    case countEntered(Int)
    case countAdjusted(by: Int)
    case isPrimeTapped
    case nthPrimeTapped
    case nthPrimeLookup(Presentation<Lookup>)
    case destination(Presentation<CounterDestination>)
    /// A save or remove of the count, whether or not the prime modal is open.
    case favoriteCommand(PrimeModal)
  }

  /// What happens in the counter's destination.
  public enum CounterDestination: Codable, Equatable, Sendable {
    case primeModal(PrimeModal)
  }

  /// What happens in the prime modal.
  public enum PrimeModal: Codable, Equatable, Sendable {
    case saveFavoritePrimeTapped
    case removeFavoritePrimeTapped
    case alertDismissed
  }

  /// What happens to an nth-prime lookup.
  public enum Lookup: Codable, Equatable, Sendable {
    case started
    case answered(n: Int, RecordedResult<Int>)
  }

  /// What happens on the favorites list.
  public enum FavoritePrimes: Codable, Equatable, Sendable {
    case deleteFavoritePrimes(IndexSet)
    case saveButtonTapped(file: String?)
    case saveResponse(RecordedResult<Int>, file: String? = nil)
    case loadButtonTapped(file: String?)
    case loadResponse(RecordedResult<RecordedState.ImportedPrimes>)
    case primeTapped(at: Int)
    case nthPrimeLookup(Presentation<Lookup>)
    /// The list's alert; nothing happens inside one but its dismissal.
    case destination(Presentation<Never>)
  }

  /// What happens on the screens.
  public enum Screens: Codable, Equatable, Sendable {
    case pageOpened(RecordedState.Tab)
    case selectionMoved(by: Int)
    case selectionPaged(by: Int)
    case selectionMovedToFirst
    case selectionMovedToLast
    case activityScrolled(by: Int)
    case activityPaged(by: Int)
    case activityScrolledToNewest
    case activityScrolledToOldest
    case helpOpened
    case helpClosed
    case terminalResized(RecordedState.Size)
    case launchWarned(String)
    case launchWarningClosed
    case storageFailed(String)
    case storageRecovered
    case storageWaiting(String)
    case storageWaitEnded
    case storageReadOnly(String)
    case storageWritable
    case quitTapped
    case signalReceived(Int32)
  }

  /// A move on the history page.
  public enum HistoryPage: Codable, Equatable, Sendable {
    case opened
    case moved(by: Int)
    case movedToFirst
    case movedToLast
    case kept
    case cancelled
  }

  /// What happens to something presented: an action inside it, or its dismissal.
  public enum Presentation<Action: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    case presented(Action)
    case dismiss
  }
}

/// An answer that succeeded with a value or failed with a message: `{"success":…}` or
/// `{"failure":{"message":…}}`.
public enum RecordedResult<Success: Codable & Equatable & Sendable>: Codable, Equatable,
  Sendable
{
  case success(Success)
  case failure(message: String)

  private enum CodingKeys: String, CodingKey {
    case success
    case failure
  }

  private enum FailureKeys: String, CodingKey {
    case message
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.success) {
      self = .success(try container.decode(Success.self, forKey: .success))
    } else {
      let failure = try container.nestedContainer(keyedBy: FailureKeys.self, forKey: .failure)
      self = .failure(message: try failure.decode(String.self, forKey: .message))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .success(let value):
      try container.encode(value, forKey: .success)
    case .failure(let message):
      var failure = container.nestedContainer(keyedBy: FailureKeys.self, forKey: .failure)
      try failure.encode(message, forKey: .message)
    }
  }
}
