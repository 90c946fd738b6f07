import ComposableArchitecture

/// What the front ends show, as state: the page, the favorites' selection, the activity feed's
/// scroll, what covers the page, the one notice, where storing stands, and whether the app is
/// ending.
///
/// The screens are a feature like the others: this state changes only through
/// ``ScreensAction``s and ``ScreensReducer``, so `TestStore` tests it, a recording holds it and
/// a replay rebuilds it. The code that owns the terminal keeps none of it.
public struct ScreensState: Equatable, Sendable {
  /// The page shown; the REPL has the counter and the favorites, the full screen the activity
  /// feed and the history page too. The history page holds its visit, so there is no visit
  /// without the page, nor the page without one.
  public var page: Page
  /// The favorites' selected row, kept on its prime as the list changes around it.
  public var selection: Selection
  /// How far the activity feed is scrolled back: the number of entries the feed had, counted
  /// from its oldest, when its newest shown entry was the newest. `nil` follows the newest.
  /// Kept as a position from the oldest so that entries that arrive meanwhile do not move what
  /// is shown.
  public var activityEnd: Int?
  /// What covers the page, if anything: the keys it has.
  public var destination: Destination?
  /// The routine news, if any: what the last step did, or why it was refused.
  public var notice: Notice?
  /// Where storing stands when it is not simply done, said on the last rows in place of the
  /// news until it changes. A standing condition rather than news: news made meanwhile is kept,
  /// and the REPL says it.
  public var storageStatus: StorageStatus?
  /// The terminal's size, which decides how many rows the lists show.
  public var size: Size
  /// Whether the app is ending, and the signal that ended it, if one did.
  public var ending: Ending?

  /// Creates the screens' state; by default, the counter page on an 80×24 terminal, with
  /// nothing to say.
  ///
  /// ```swift
  /// ScreensState(page: .activity, size: size)
  /// ```
  public init(
    page: Page = .counter,
    selection: Selection = Selection(),
    activityEnd: Int? = nil,
    destination: Destination? = nil,
    notice: Notice? = nil,
    storageStatus: StorageStatus? = nil,
    size: Size = Size(columns: 80, rows: 24),
    ending: Ending? = nil
  ) {
    self.page = page
    self.selection = selection
    self.activityEnd = activityEnd
    self.destination = destination
    self.notice = notice
    self.storageStatus = storageStatus
    self.size = size
    self.ending = ending
  }

  /// A page of the app.
  public enum Page: Equatable, Sendable {
    case counter
    case favorites
    /// The activity feed, reached from the favorites.
    case activity
    /// The session's steps, opened over the counter or the favorites: where it was opened.
    case history(HistoryVisit)

    /// The page a tab names.
    public init(_ tab: Tab) {
      switch tab {
      case .counter: self = .counter
      case .favorites: self = .favorites
      case .activity: self = .activity
      }
    }

    /// The page's tab; the history page's is the one it was opened from.
    public var tab: Tab {
      switch self {
      case .counter: .counter
      case .favorites: .favorites
      case .activity: .activity
      case .history(let visit): visit.returnPage
      }
    }
  }

  /// What covers the page until a key closes it.
  public enum Destination: Equatable, Sendable {
    /// The keys of what is shown under it, and what each does (`?` or F1 on the full screen).
    case help
    /// What the launch warned of (favorites kept in memory only): a box over the screen until
    /// the first key.
    case launchWarning(String)
  }

  /// A page that a key or a command opens by its name: every page but the history, which opens
  /// over one of these with its visit (``HistoryScreenAction/opened``).
  public enum Tab: String, Equatable, Sendable {
    case counter
    case favorites
    case activity
  }

  /// An open history page: the step the app was at when it opened, which cancelling goes back to,
  /// and the page it was opened from, which closing it shows again.
  public struct HistoryVisit: Equatable, Sendable {
    public var openedAt: Int
    public var returnPage: Tab

    public init(openedAt: Int, returnPage: Tab) {
      self.openedAt = openedAt
      self.returnPage = returnPage
    }
  }

  /// Where storing stands, when it is not simply done.
  public enum StorageStatus: Equatable, Sendable {
    /// A write has waited a while for another program that holds the database: what for.
    case waiting(String)
    /// Storing the last change failed: why. The change is kept in memory, and the next action
    /// tries again.
    case failed(String)
    /// The stored favorites can be read and not changed (the data directory cannot be written):
    /// why. The app refuses a step that would change them, until storage says they can be.
    case readOnly(String)

    /// What the screen says of it.
    public var message: String {
      switch self {
      case .waiting(let text), .failed(let text): text
      case .readOnly(let reason): Self.readOnlyMessage(reason)
      }
    }

    /// What is said of favorites that are read-only for `reason`.
    public static func readOnlyMessage(_ reason: String) -> String {
      "favorites are read-only: \(reason)"
    }
  }

  /// Why the stored favorites can be read and not changed, while that stands.
  public var readOnly: String? {
    if case .readOnly(let reason) = storageStatus { reason } else { nil }
  }

  /// Why storing the last change failed, while that stands.
  public var storageProblem: String? {
    if case .failed(let problem) = storageStatus { problem } else { nil }
  }

  /// The history page's visit, while it is open.
  public var historyVisit: HistoryVisit? {
    if case .history(let visit) = page { visit } else { nil }
  }

  /// The favorites' selected row and the first row shown, both from 0, and the prime the
  /// selection is on.
  public struct Selection: Equatable, Sendable {
    public var row: Int
    public var top: Int
    /// When the list changes around it (another session deletes a row above), the selection
    /// moves with its prime; a prime no longer there leaves it on its row.
    public var prime: Int?

    public init(row: Int = 0, top: Int = 0, prime: Int? = nil) {
      self.row = row
      self.top = top
      self.prime = prime
    }
  }

  /// Routine news: one at a time, fixed when it is made, and needing no answer.
  public enum Notice: Equatable, Sendable {
    /// What the last step did ("saved 7 to your favorite primes", "nothing to undo",
    /// "cancelled", what an undo left), said on the last rows until the next step.
    case said(String)
    /// The last step was a control of a screen not shown (the REPL's `incr` on the favorites):
    /// it was refused and changed nothing else. Said until the next step, as ``said(_:)`` is.
    case refused(needs: Screen)
    /// The last step would have changed the favorites, which are read-only for this reason: it
    /// was refused and changed nothing. Said until the next step, as ``said(_:)`` is.
    case refusedReadOnly(String)

    /// Whether the notice says that the last step was refused.
    public var isRefusal: Bool {
      switch self {
      case .refused, .refusedReadOnly: true
      case .said: false
      }
    }
  }

  /// What the last step said, if the notice is its news.
  public var said: String? {
    get { if case .said(let text) = notice { text } else { nil } }
    set { notice = newValue.map(Notice.said) }
  }

  /// The screen the last step needed, where it was refused for want of it.
  public var refusal: Screen? {
    if case .refused(let screen) = notice { screen } else { nil }
  }

  /// What the launch warned of, until a key closes it.
  public var launchWarning: String? {
    if case .launchWarning(let warning) = destination { warning } else { nil }
  }

  /// Why the app ends.
  public enum Ending: Equatable, Sendable {
    /// `q`, Ctrl-C or Ctrl-D, or `quit`.
    case quit
    /// A signal (SIGTERM, SIGHUP, SIGINT) or the terminal going away, which ends the app as a
    /// hang-up does.
    case signal(Int32)
  }
}

/// The screens whose controls act only while they are shown: the counter, whose page the
/// history page is opened over, and the favorites, with the activity feed that belongs to them.
/// The REPL shows one of them at a time.
public enum Screen: String, Equatable, Sendable {
  case counter
  case favorites

  /// The screen a page belongs to: the activity feed to the favorites, and the history page to
  /// the counter.
  public init(_ page: ScreensState.Page) {
    switch page {
    case .counter, .history: self = .counter
    case .favorites, .activity: self = .favorites
    }
  }
}

extension Optional where Wrapped == ScreensState.Ending {
  /// Ends for `reason`, unless already ending: the first reason to end is the one that counts,
  /// and it decides the exit status (a signal that arrives after `q` still exits with 0).
  ///
  /// ```swift
  /// state.screens.ending.end(.quit)
  /// ```
  public mutating func end(_ reason: ScreensState.Ending) {
    if self == nil { self = reason }
  }
}

/// What happens to the screens.
public enum ScreensAction: Equatable, Sendable {
  /// A page was opened, or the page it was opened from shown again.
  case pageOpened(ScreensState.Tab)
  /// The favorites' selection was moved by this many rows, up (negative) or down.
  case selectionMoved(by: Int)
  /// The favorites' selection and the rows shown were moved by this many pages of the rows the
  /// list shows, up (negative) or down.
  case selectionPaged(by: Int)
  /// The favorites' selection went to the first row.
  case selectionMovedToFirst
  /// The favorites' selection went to the last row.
  case selectionMovedToLast
  /// The activity feed was scrolled back (positive) or forward by this many entries.
  case activityScrolled(by: Int)
  /// The activity feed was scrolled back (positive) or forward by this many pages of the
  /// entries it shows.
  case activityPaged(by: Int)
  /// The activity feed was scrolled to its newest entry, at the top.
  case activityScrolledToNewest
  /// The activity feed was scrolled to its oldest entry, at the bottom.
  case activityScrolledToOldest
  /// The keys of what is shown were asked for (`?` or F1).
  case helpOpened
  /// A key closed the keys.
  case helpClosed
  /// The terminal changed size, or its size was first read.
  case terminalResized(Size)
  /// The launch has something to say: a box over the screen until a key closes it.
  case launchWarned(String)
  /// A key closed the launch's warning.
  case launchWarningClosed
  /// Storing a change failed; the change is kept in memory.
  case storageFailed(String)
  /// A change was stored again after a failure.
  case storageRecovered
  /// A write has waited a while for another program that holds the database: what for.
  case storageWaiting(String)
  /// That wait is over: the database was taken, or the wait was given up.
  case storageWaitEnded
  /// The stored favorites can be read and not changed: why.
  case storageReadOnly(String)
  /// The stored favorites can be changed again.
  case storageWritable
  /// `q`, Ctrl-C or Ctrl-D, or `quit`.
  case quitTapped
  /// A signal arrived that ends the app, or the terminal went away (as SIGHUP).
  case signalReceived(Int32)
}

/// The state ``ScreensReducer`` works on: the screens' own state together with what they read of
/// the app, the favorites, which the selection is on, and the length of the activity feed,
/// which the scroll is within.
public struct ScreensFeatureState: Equatable, Sendable {
  public var screens: ScreensState
  public var favoritePrimes: PersistentArray<Int>
  public var activityCount: Int

  public init(screens: ScreensState, favoritePrimes: PersistentArray<Int>, activityCount: Int) {
    self.screens = screens
    self.favoritePrimes = favoritePrimes
    self.activityCount = activityCount
  }
}

/// The screens' rules: opening pages, moving the selection and the feed's scroll within what
/// there is, notices, the launch's warning and ending.
///
/// ```swift
/// _ = ScreensReducer().reduce(into: &feature, action: .selectionMoved(by: 1), environment: ())
/// ```
public struct ScreensReducer: Reducer {
  public init() {}

  public func reduce(
    into state: inout ScreensFeatureState, action: ScreensAction, environment: Void
  ) -> Effect<ScreensAction> {
    switch action {
    case .pageOpened(let tab):
      state.screens.page = ScreensState.Page(tab)
      if tab == .activity { state.screens.activityEnd = nil }
      return .none

    case .selectionMoved(let step):
      state.screens.selection = state.selection(movedBy: step)
      return .none

    case .selectionPaged(let pages):
      state.screens.selection = state.selection(pagedBy: pages)
      return .none

    case .selectionMovedToFirst:
      state.screens.selection = state.selection(movedBy: .min)
      return .none

    case .selectionMovedToLast:
      state.screens.selection = state.selection(movedBy: .max)
      return .none

    case .activityScrolled(let step):
      state.scrollActivity(by: step)
      return .none

    case .activityPaged(let pages):
      let (step, overflow) = pages.multipliedReportingOverflow(
        by: Layout.activityRows(in: state.screens.size))
      state.scrollActivity(by: overflow ? (pages > 0 ? .max : .min) : step)
      return .none

    case .activityScrolledToNewest:
      state.scrollActivity(by: .min)
      return .none

    case .activityScrolledToOldest:
      state.scrollActivity(by: .max)
      return .none

    case .helpOpened:
      state.screens.destination = .help
      return .none

    case .helpClosed:
      state.screens.destination = nil
      return .none

    case .terminalResized(let size):
      state.screens.size = size
      return .none

    case .launchWarned(let warning):
      state.screens.destination = .launchWarning(warning)
      return .none

    case .launchWarningClosed:
      if state.screens.launchWarning != nil { state.screens.destination = nil }
      return .none

    case .storageFailed(let problem):
      // Read-only favorites stand over a read that failed: the app goes on refusing changes.
      guard state.screens.readOnly == nil else { return .none }
      state.screens.storageStatus = .failed(problem)
      return .none

    case .storageRecovered:
      if case .failed = state.screens.storageStatus { state.screens.storageStatus = nil }
      return .none

    case .storageWaiting(let text):
      guard state.screens.readOnly == nil else { return .none }
      state.screens.storageStatus = .waiting(text)
      return .none

    case .storageWaitEnded:
      // What the write then does is said by what comes next: a failure, or nothing.
      if case .waiting = state.screens.storageStatus { state.screens.storageStatus = nil }
      return .none

    case .storageReadOnly(let reason):
      state.screens.storageStatus = .readOnly(reason)
      return .none

    case .storageWritable:
      if state.screens.readOnly != nil { state.screens.storageStatus = nil }
      return .none

    case .quitTapped:
      state.screens.ending.end(.quit)
      return .none

    case .signalReceived(let signal):
      state.screens.ending.end(.signal(signal))
      return .none
    }
  }
}

extension ScreensFeatureState {
  /// The selection as it is now: back on its prime if the list moved it to another row, within
  /// the list, and scrolled so that it shows. Drawing, keys and moves all read it so.
  public var selection: ScreensState.Selection {
    selection(movedBy: 0)
  }

  /// The selection and the rows shown moved by `pages` of the rows the list shows, so that the
  /// selection keeps its place on the screen where the list goes on; kept within the list, and
  /// on the prime of its new row.
  func selection(pagedBy pages: Int) -> ScreensState.Selection {
    let (step, overflow) = pages.multipliedReportingOverflow(by: Layout.listRows(in: screens.size))
    return selection(movedBy: overflow ? (pages > 0 ? .max : .min) : step, scrolling: true)
  }

  /// The selection moved by `step` rows, kept within the list and on the screen, and on the
  /// prime of its new row; with `scrolling`, the rows shown move by as many.
  func selection(movedBy step: Int, scrolling: Bool = false) -> ScreensState.Selection {
    var selection = screens.selection
    let primes = favoritePrimes
    if let prime = selection.prime,
      !primes.indices.contains(selection.row) || primes[selection.row] != prime,
      let row = primes.lastIndex(of: prime)
    {
      selection.row = row
    }
    let visible = Layout.listRows(in: screens.size)
    // Saturating: a recording may hold any step, and any selection in its start state.
    let (moved, overflow) = selection.row.addingReportingOverflow(step)
    let target = overflow ? (step > 0 ? Int.max : Int.min) : moved
    selection.row = min(max(target, 0), max(primes.count - 1, 0))
    if scrolling {
      let (top, overflow) = selection.top.addingReportingOverflow(step)
      selection.top = overflow ? (step > 0 ? .max : 0) : top
    }
    selection.top = min(max(selection.top, 0), selection.row)
    if selection.row - selection.top >= visible { selection.top = selection.row - visible + 1 }
    selection.top = max(min(selection.top, primes.count - visible), 0)
    selection.prime = primes.indices.contains(selection.row) ? primes[selection.row] : nil
    return selection
  }

  /// Scrolls the feed back (positive) or forward by `step` entries, within the feed, however
  /// large the step.
  mutating func scrollActivity(by step: Int) {
    let last = Layout.maximumActivityScroll(count: activityCount, size: screens.size)
    let (moved, overflow) = min(activityScroll, last).addingReportingOverflow(step)
    let scroll = overflow ? (step > 0 ? last : 0) : min(max(moved, 0), last)
    screens.activityEnd = scroll == 0 ? nil : activityCount - scroll
  }

  /// How many of the newest entries the activity feed passes over, within what it can.
  public var activityScroll: Int {
    guard let end = screens.activityEnd else { return 0 }
    let last = Layout.maximumActivityScroll(count: activityCount, size: screens.size)
    // An end outside the feed (a recording may hold any) scrolls as far as the feed goes.
    return min(activityCount - min(max(end, 0), activityCount), last)
  }
}

/// How the pages use the terminal's rows, which decides how far the lists scroll.
public enum Layout {
  /// The rows a list has, the favorites or the history's steps: all but the title, a blank row
  /// and two rows of hints; at least one.
  public static func listRows(in size: Size) -> Int {
    size.rows > 5 ? size.rows - 4 : 1
  }

  /// The rows the activity feed has: all but the title, a blank row and the row of hints.
  public static func activityRows(in size: Size) -> Int {
    size.rows > 4 ? size.rows - 3 : 1
  }

  /// How far the feed can scroll: the number of newest entries that can be passed over.
  public static func maximumActivityScroll(count: Int, size: Size) -> Int {
    max(count - activityRows(in: size), 0)
  }
}

/// The size of a terminal, in columns and rows.
public struct Size: Equatable, Sendable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// The smallest terminal the screens fit in.
  public static let minimum = Size(columns: 40, rows: 12)

  /// Whether a screen of this size holds the smallest one.
  public var isLargeEnough: Bool {
    columns >= Self.minimum.columns && rows >= Self.minimum.rows
  }
}
