import Alerts
import ComposableArchitecture
import Counter
import FavoritePrimes
import FileClient
import Foundation
import NthPrimeClient
import PrimeModal
import Screens

/// The whole app's state.
///
/// The counter's state, which holds the count and the favorites, is stored as it is, so the
/// counter and its prime modal change it in place through stored key paths. The favorites
/// screen sees its part through ``favoritePrimesState``.
public struct AppState: Codable, Equatable, Sendable {
  /// The counter screen's state, with the count and the favorite primes.
  public var counter: CounterState
  /// Every favorite added or removed, oldest first; undo takes back this session's entries.
  public var activityFeed: PersistentArray<Activity>
  /// What the front ends show: the page, the selection, the notices. Undo leaves it alone.
  @CopyOnWrite public var screens: ScreensState

  /// Creates the app's state from the counter's parts; by default the count 0, no favorites,
  /// and the counter page.
  ///
  /// ```swift
  /// AppState(count: 7, favoritePrimes: [2, 3])
  /// ```
  public init(
    count: Int = 0,
    favoritePrimes: PersistentArray<Int> = [],
    isPrimeModalShown: Bool = false,
    isNthPrimeRequestInFlight: Bool = false,
    alert: Alert? = nil,
    activityFeed: PersistentArray<Activity> = [],
    screens: ScreensState = ScreensState()
  ) {
    self.counter = CounterState(
      count: count, favoritePrimes: favoritePrimes, isPrimeModalShown: isPrimeModalShown,
      isNthPrimeRequestInFlight: isNthPrimeRequestInFlight, alert: alert)
    self.activityFeed = activityFeed
    self.screens = screens
  }

  private enum CodingKeys: String, CodingKey {
    case counter
    case activityFeed
    case screens
  }

  /// Reads a state; one recorded before the screens were state starts on the counter.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    counter = try container.decode(CounterState.self, forKey: .counter)
    activityFeed = try container.decode(PersistentArray<Activity>.self, forKey: .activityFeed)
    screens = try container.decodeIfPresent(ScreensState.self, forKey: .screens) ?? ScreensState()
  }

  /// The count, which the counter keeps and its prime modal reads.
  public var count: Int {
    get { counter.count }
    set { counter.count = newValue }
  }

  /// The favorite primes, in the order they were saved, kept once in the counter's state.
  public var favoritePrimes: PersistentArray<Int> {
    get { counter.favoritePrimes }
    set { counter.favoritePrimes = newValue }
  }

  /// Whether the counter shows its prime modal.
  public var isPrimeModalShown: Bool {
    get { counter.isPrimeModalShown }
    set { counter.isPrimeModalShown = newValue }
  }

  /// Whether an nth-prime lookup is running, whichever screen asked: one runs at a time.
  public var isNthPrimeRequestInFlight: Bool {
    get { counter.isNthPrimeRequestInFlight }
    set { counter.isNthPrimeRequestInFlight = newValue }
  }

  /// The alert the counter and the favorites screen share; the prime modal has its own.
  public var alert: Alert? {
    get { counter.alert }
    set { counter.alert = newValue }
  }
}

extension AppState: CustomReflectable {
  /// Dumps and diffs name the screens' state `screens`, as the code does, not by the storage
  /// that holds it.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["counter": counter, "activityFeed": activityFeed, "screens": screens],
      displayStyle: .struct)
  }
}

/// Everything that happens in the app: each feature's actions, nested.
public enum AppAction: Codable, Equatable, Sendable {
  /// Something happened on the counter screen (or in its prime modal).
  case counter(CounterAction)
  /// Something happened on the favorites screen, which works on ``AppState/favoritePrimesState``.
  case favoritePrimes(FavoritePrimesAction)
  /// The stored favorites and feed turned out different from the ones in memory (another
  /// session changed them): these replace them. Not a step of its own, so undo passes over it.
  case storageChanged(StoredFavorites)
  /// Something happened to the screens: a page, the selection, a notice, the app ending.
  case screens(ScreensAction)
  /// Something happened on the history page; moving on it travels through the session's steps.
  case history(HistoryScreenAction)
}

extension CasePath<AppAction, CounterAction> {
  /// The counter's actions within the app's.
  public static var counter: Self {
    Self(AppAction.counter) { if case .counter(let a) = $0 { a } else { nil } }
  }
}

extension CasePath<AppAction, FavoritePrimesAction> {
  /// The favorites screen's actions within the app's.
  public static var favoritePrimes: Self {
    Self(AppAction.favoritePrimes) { if case .favoritePrimes(let a) = $0 { a } else { nil } }
  }
}

extension CasePath<AppAction, ScreensAction> {
  /// The screens' actions within the app's.
  public static var screens: Self {
    Self(AppAction.screens) { if case .screens(let a) = $0 { a } else { nil } }
  }
}

/// The favorites and the activity feed as stored: what another session's change brings in.
public struct StoredFavorites: Codable, Equatable, Sendable {
  /// The favorite primes, in the order they were saved.
  public var favoritePrimes: [Int]
  /// The activity feed, oldest first.
  public var activityFeed: [Activity]

  /// Creates the stored data from plain arrays, as storage reads them.
  ///
  /// ```swift
  /// StoredFavorites(favoritePrimes: [5], activityFeed: feed)
  /// ```
  public init(favoritePrimes: [Int], activityFeed: [Activity]) {
    self.favoritePrimes = favoritePrimes
    self.activityFeed = activityFeed
  }
}

/// The app's dependencies: the clock and the identities the activity feed needs, and each
/// feature's environment.
public struct AppEnvironment: Sendable {
  /// The time of each activity entry; tests and replays give a fixed clock.
  public var now: @Sendable () -> Date
  /// The identity of each activity entry; tests and replays give known ones.
  public var uuid: @Sendable () -> UUID
  /// The counter's environment, with the same lookup as the favorites screen's.
  public var counter: CounterEnvironment
  /// The favorites screen's environment.
  public var favoritePrimes: FavoritePrimesEnvironment

  /// Creates the environment, and each feature's from it.
  ///
  /// ```swift
  /// AppEnvironment(
  ///   nthPrime: .failing, fileClient: .noop, now: { Date(timeIntervalSince1970: 0) })
  /// ```
  public init(
    nthPrime: NthPrimeClient,
    fileClient: FileClient,
    now: @escaping @Sendable () -> Date,
    uuid: @escaping @Sendable () -> UUID = { UUID() }
  ) {
    self.now = now
    self.uuid = uuid
    self.counter = CounterEnvironment(nthPrime: nthPrime)
    self.favoritePrimes = FavoritePrimesEnvironment(
      fileClient: fileClient, nthPrime: nthPrime)
  }
}

extension AppState {
  /// The screens' view of the app: their own state, and the favorites and the feed's length,
  /// which the selection and the scroll move within.
  public var screensView: ScreensView {
    get {
      ScreensView(
        screens: screens, favoritePrimes: favoritePrimes, activityCount: activityFeed.count)
    }
    set { screens = newValue.screens }
  }

  /// The favorites screen's view of the app.
  public var favoritePrimesState: FavoritePrimesState {
    get {
      FavoritePrimesState(
        favoritePrimes: favoritePrimes, isNthPrimeRequestInFlight: isNthPrimeRequestInFlight,
        alert: alert)
    }
    set {
      if newValue.favoritePrimes != favoritePrimes { favoritePrimes = newValue.favoritePrimes }
      isNthPrimeRequestInFlight = newValue.isNthPrimeRequestInFlight
      alert = newValue.alert
    }
  }
}

/// The app: each feature pulled back onto the app's state and combined, and the activity feed.
///
/// The feed records every favorite prime that an action adds or removes (saves and removals in
/// the prime modal, deletes and loads on the favorites screen), each entry with an identity and
/// a timestamp from the environment. What another session stored
/// (``AppAction/storageChanged(_:)``) replaces the favorites and the feed.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: AppReducer(), environment: environment)
/// store.send(.counter(.incrTapped))
/// ```
public struct AppReducer: Reducer {
  /// Creates the reducer, which keeps no state of its own: every instance behaves alike.
  public init() {}

  public func reduce(
    into state: inout AppState, action: AppAction, environment: AppEnvironment
  ) -> Effect<AppAction> {
    let activity = PendingActivity(action: action, before: state)
    let effect = combine {
      CounterReducer().pullback(
        state: \AppState.counter, action: .counter, environment: \AppEnvironment.counter)
      FavoritePrimesReducer().pullback(
        state: \.favoritePrimesState, action: .favoritePrimes,
        environment: { $0.favoritePrimes })
      ScreensReducer().pullback(state: \.screensView, action: .screens)
    }
    .reduce(into: &state, action: action, environment: environment)
    activity?.record(into: &state, now: environment.now, uuid: environment.uuid)
    return effect
  }
}
