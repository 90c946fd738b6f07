import Alerts
import ComposableArchitecture

/// What the front ends show, as state: the page, the favorites' selection, the activity feed's
/// scroll, the presented destination, the one notice, where storing stands, and whether the app is
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
  /// What is presented over the page, if anything: the keys' help, or the launch's warning.
  public var destination: Destination?
  /// What the last step did, or why it was refused, if it left a notice.
  public var notice: Notice?
  /// Where storing stands when it is not simply done, shown on the last rows in place of the
  /// notice until it changes. A standing condition rather than a notice: a notice left
  /// meanwhile is kept, and the REPL prints it.
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

  /// What is presented over the page until a key closes it.
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

  /// What the last step did or why it was refused: one at a time, fixed when it is made, and
  /// needing no answer, unlike an alert. It holds what happened; the front ends word it.
  public indirect enum Notice: Equatable, Sendable {
    /// What a feature's step did: a save, a removal, a delete, an export or an import, a
    /// cancelled lookup. Said on the last rows until the next step.
    case feature(Alerts.Notice)
    /// An undo found nothing to take back.
    case nothingToUndo
    /// A redo found nothing to make again.
    case nothingToRedo
    /// What an undo, a redo or a travel did, and what it left.
    case travelled(Travel)
    /// The last step was a control of a screen not shown (the REPL's `incr` on the favorites):
    /// it was refused and changed nothing else.
    case refused(needs: Screen)
    /// The last step would have changed the favorites, which are read-only for this reason: it
    /// was refused and changed nothing.
    case refusedReadOnly(String)

    /// Whether the notice says that the last step was refused.
    public var isRefusal: Bool {
      switch self {
      case .refused, .refusedReadOnly: true
      case .feature, .nothingToUndo, .nothingToRedo, .travelled: false
      }
    }
  }

  /// The notice a feature's step left (``Notice/feature(_:)``), which each feature reads and
  /// writes as its own `notice`.
  public var featureNotice: Alerts.Notice? {
    get { if case .feature(let notice) = notice { notice } else { nil } }
    set { notice = newValue.map(Notice.feature) }
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
