import Alerts
import ComposableArchitecture
import Counter
import FavoritePrimes
import FavoritesLedger
import FileClient
import Foundation
import NthPrimeClient
import NthPrimeLookup
import PrimeModal
import Screens

/// The whole app's state.
///
/// The count and the favorites are stored once, here, and each screen's state is derived from
/// them, as ``counter`` and ``favoritePrimesState`` are: a screen sees them and writes back what
/// it changed. Each screen's presented destination, and its running lookup, are stored beside
/// them.
public struct AppState: Equatable, Sendable {
  /// The count, which the counter changes and the prime modal describes.
  public var count: Int
  /// The favorite primes, in the order they were saved.
  public var favoritePrimes: PersistentArray<Int>
  /// What is presented over the counter: an alert, or the prime modal.
  public var counterDestination: CounterState.Destination?
  /// The counter's nth-prime lookup, while it runs.
  public var counterLookup: NthPrimeLookupState?
  /// What is presented over the favorites list: an alert.
  public var favoritesDestination: FavoritePrimesState.Destination?
  /// The favorites' nth-prime lookup, while it runs.
  public var favoritesLookup: NthPrimeLookupState?
  /// Every favorite added or removed, oldest first; undo takes back this session's entries.
  public var activityFeed: PersistentArray<Activity>
  /// What the front ends show: the page, the selection, the notice. Undo leaves it alone.
  @CopyOnWrite public var screens: ScreensState
  /// What the session knows of the favorites database, where it stores them
  /// (``StoredAppReducer``): neither undone nor recorded.
  @CopyOnWrite public var sync: StorageSync? = nil

  /// Creates the app's state; by default the count 0, no favorites, and the counter page.
  ///
  /// ```swift
  /// AppState(count: 7, favoritePrimes: [2, 3])
  /// ```
  public init(
    count: Int = 0,
    favoritePrimes: PersistentArray<Int> = [],
    counterDestination: CounterState.Destination? = nil,
    counterLookup: NthPrimeLookupState? = nil,
    favoritesDestination: FavoritePrimesState.Destination? = nil,
    favoritesLookup: NthPrimeLookupState? = nil,
    activityFeed: PersistentArray<Activity> = [],
    screens: ScreensState = ScreensState()
  ) {
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.counterDestination = counterDestination
    self.counterLookup = counterLookup
    self.favoritesDestination = favoritesDestination
    self.favoritesLookup = favoritesLookup
    self.activityFeed = activityFeed
    self.screens = screens
  }

  /// Whether an nth-prime lookup runs, on either screen.
  public var isLookingUp: Bool {
    counterLookup != nil || favoritesLookup != nil
  }

  /// The action that cancels the running lookup, if one runs: the dismissal of its screen's.
  /// Esc, Ctrl-C and SIGINT on the full screen, Ctrl-C in the REPL, and the end of a session all
  /// send it.
  public var lookupCancellation: AppAction? {
    if counterLookup != nil { return .counter(.nthPrimeLookup(.dismiss)) }
    if favoritesLookup != nil { return .favoritePrimes(.nthPrimeLookup(.dismiss)) }
    return nil
  }
}

/// Everything that happens in the app: each feature's actions, nested.
public enum AppAction: Equatable, Sendable {
  /// Something happened on the counter screen (or in its prime modal).
  case counter(CounterAction)
  /// Something happened on the favorites screen, which works on ``AppState/favoritePrimesState``.
  case favoritePrimes(FavoritePrimesAction)
  /// The stored favorites and feed turned out different from the ones in memory (another
  /// session changed them): these replace them. Not a step of its own, so undo passes over it.
  case storageChanged(StoredFavorites)
  /// Other sessions took back or appended these entries of the feed since the last read: the
  /// favorites follow from them by the ledger's rules. Not a step of its own, so undo passes
  /// over it.
  case storageUpdated(StoredUpdate)
  /// Something happened to the screens: a page, the selection, a notice, the app ending.
  case screens(ScreensAction)
  /// The alerts on either screen, and a refusal, were read, where a front end shows them all at
  /// once (the REPL): each is dismissed, and what is under it stays.
  case alertsDismissed
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
public struct StoredFavorites: Equatable, Sendable {
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

/// What other sessions changed in the stored feed since the last read: the entries they took
/// back and those they appended. Taking it in costs what changed, not what is stored.
public struct StoredUpdate: Equatable, Sendable {
  /// The identities of the entries taken back, in the order taken back.
  public var takenBack: [UUID]
  /// The entries appended, oldest first. An entry taken back and written again is in both.
  public var appended: [Activity]

  /// Creates the update, as storage reads it.
  ///
  /// ```swift
  /// StoredUpdate(takenBack: [undone.id], appended: [removal])
  /// ```
  public init(takenBack: [UUID] = [], appended: [Activity] = []) {
    self.takenBack = takenBack
    self.appended = appended
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
  /// The favorites database, where ``StoredAppReducer`` stores them; none by default.
  public var storage: StorageClient = .none

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
  /// The state the screens' reducer works on: their own state, and the favorites and the feed's
  /// length, which the selection and the scroll move within. Only the screens' own state is
  /// written back.
  public var screensFeature: ScreensFeatureState {
    get { Self.screensFields.child(of: self) }
    set { Self.screensFields.write(newValue, into: &self) }
  }

  @inline(__always)
  static var screensFields: DerivedState<AppState, ScreensFeatureState> {
    .fields
      .shared(\.screens, as: \.screens)
      .reading(\.favoritePrimes, as: \.favoritePrimes)
      .reading(\.activityFeed.count, as: \.activityCount)
      .making(ScreensFeatureState.init(screens:favoritePrimes:activityCount:))
  }

  /// The counter's view of the app: the count and the favorites, the counter's destination and
  /// its lookup, and the notice.
  ///
  /// Each screen's state is read and written back on every action of its feature, and read
  /// again for its view after each action, so its accessors are inlined, into the reducer that
  /// pulls the feature back and, across modules, into the view's scope: called instead, the
  /// optimizer copied and destroyed the whole state once more in each.
  public var counter: CounterState {
    @inlinable @inline(__always) get { Self.counterFields.child(of: self) }
    @inlinable @inline(__always) set { Self.counterFields.write(newValue, into: &self) }
  }

  @inlinable @inline(__always)
  static var counterFields: DerivedState<AppState, CounterState> {
    .fields
      .shared(\.count, as: \.count)
      .shared(\.favoritePrimes, as: \.favoritePrimes)
      .shared(\.screens.featureNotice, as: \.notice)
      .shared(\.counterDestination, as: \.destination)
      .shared(\.counterLookup, as: \.nthPrimeLookup)
      .making(CounterState.init(count:favoritePrimes:notice:destination:nthPrimeLookup:))
  }

  /// The favorites screen's view of the app: the favorites, the list's destination and its
  /// lookup, and the notice.
  public var favoritePrimesState: FavoritePrimesState {
    @inlinable @inline(__always) get { Self.favoritesFields.child(of: self) }
    @inlinable @inline(__always) set { Self.favoritesFields.write(newValue, into: &self) }
  }

  @inlinable @inline(__always)
  static var favoritesFields: DerivedState<AppState, FavoritePrimesState> {
    .fields
      .shared(\.favoritePrimes, as: \.favoritePrimes)
      .shared(\.screens.featureNotice, as: \.notice)
      .shared(\.favoritesDestination, as: \.destination)
      .shared(\.favoritesLookup, as: \.nthPrimeLookup)
      .making(FavoritePrimesState.init(favoritePrimes:notice:destination:nthPrimeLookup:))
  }
}

/// The app: each feature pulled back onto its view of the app's state and combined, and the
/// activity feed.
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
  public init() {}

  public func reduce(
    into state: inout AppState, action: AppAction, environment: AppEnvironment
  ) -> Effect<AppAction> {
    if case .alertsDismissed = action {
      // A refusal, read, goes with the alerts. Each alert goes as its screen dismisses it; a
      // modal under one stays.
      if state.screens.notice?.isRefusal == true { state.screens.notice = nil }
      return .merge(
        state.alertDismissals.map {
          reduce(into: &state, action: $0, environment: environment)
        })
    }
    if state.refuseOffItsScreen(action) { return .none }
    if case .storageChanged(let stored) = action {
      // What another session stored replaces the favorites and the feed: no activity of this
      // session's.
      state.favoritePrimes = PersistentArray(stored.favoritePrimes)
      state.activityFeed = PersistentArray(stored.activityFeed)
      return .none
    }
    if case .storageUpdated(let update) = action {
      state.undoable.apply(update)
      return .none
    }
    return combine {
      CounterReducer().pullback(
        state: \AppState.counter, action: .counter, environment: \AppEnvironment.counter)
      FavoritePrimesReducer().pullback(
        state: \.favoritePrimesState, action: .favoritePrimes,
        environment: { $0.favoritePrimes })
      ScreensReducer().pullback(state: \.screensFeature, action: .screens)
    }
    .onChange(of: \.favoritePrimes) { oldValue, newValue in
      Reduce { state, _, environment in
        state.recordActivity(newValue.changes(from: oldValue), environment: environment)
        return .none
      }
    }
    .reduce(into: &state, action: action, environment: environment)
  }
}

extension AppState {
  /// The screen that `action` needs and is not shown, where the app refuses it: a control of
  /// the counter's or the favorites' while another page is shown. A front end that says why at
  /// once (the REPL) asks before it sends; the app refuses it whoever sends it, with
  /// ``refuseOffItsScreen(_:)``.
  public func screenRefusing(_ action: AppAction) -> Screen? {
    guard let needed = action.screenNeeded, needed != Screen(screens.page) else { return nil }
    return needed
  }

  /// Refuses `action` where it is a control of a screen that is not shown
  /// (``screenRefusing(_:)``): a screen's controls act only while it is shown. The action is
  /// refused either way; the notice names the screen it needs, unless the launch's warning is
  /// shown, which stays.
  ///
  /// ```swift
  /// if state.refuseOffItsScreen(action) { return .none }
  /// ```
  ///
  /// - Returns: Whether the action was refused; if so, nothing else may come of it.
  public mutating func refuseOffItsScreen(_ action: AppAction) -> Bool {
    guard let needed = screenRefusing(action) else { return false }
    screens.notice = .refused(needs: needed)
    return true
  }
}

extension AppAction {
  /// Whether the action brings in what another session stored.
  public var isOthersChange: Bool {
    switch self {
    case .storageChanged, .storageUpdated: true
    default: false
    }
  }
}

extension AppAction {
  /// The screen whose control the action is, which it needs to be shown: the counter's count,
  /// prime modal and lookup, and the favorites' delete and lookup of a row. What reaches a
  /// screen from elsewhere (an answer, a dismissal, a signal's cancel) needs none.
  ///
  /// Every action of the two screens is named, with no `default`: a new one says whether it is
  /// a control.
  public var screenNeeded: Screen? {
    switch self {
    case .counter(let action):
      switch action {
      case .incrTapped, .decrTapped, .countEntered, .countAdjusted, .isPrimeTapped,
        .nthPrimeTapped, .favoriteCommand:
        .counter
      case .nthPrimeLookup, .destination:
        nil
      }
    case .favoritePrimes(let action):
      switch action {
      case .deleteFavoritePrimes, .primeTapped:
        .favorites
      case .saveButtonTapped, .saveResponse, .loadButtonTapped, .loadResponse, .nthPrimeLookup,
        .destination:
        nil
      }
    case .storageChanged, .storageUpdated, .screens, .alertsDismissed:
      nil
    }
  }
}

extension AppState {
  /// The alerts shown on either screen, each as its screen's action that dismisses it: the
  /// prime modal's own alert leaves the modal open.
  public var alertDismissals: [AppAction] {
    var dismissals: [AppAction] = []
    if case .primeModal(alert: .some) = counterDestination {
      dismissals.append(.counter(.destination(.presented(.primeModal(.alertDismissed)))))
    } else if counterDestination?.alert != nil {
      dismissals.append(.counter(.destination(.dismiss)))
    }
    if favoritesDestination?.alert != nil {
      dismissals.append(.favoritePrimes(.destination(.dismiss)))
    }
    return dismissals
  }
}
