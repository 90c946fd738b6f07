import Foundation

/// One line of a recorded session, as the file has it.
///
/// A recording is JSON Lines: a ``start(version:state:)`` line with the state the session
/// started with, one line for every action the store received (a user's step, an effect's
/// feedback, undo, redo) with what the clock and the identities answered while the app handled
/// it and a ``Summary`` of the state it left, and an ``end(state:screen:)`` line with the whole
/// state. Lookups, files loaded and other sessions' changes reach the app as actions, so their
/// answers are in the recording as those actions; effects are not run again.
///
/// The types of this module are the format: each case and field is named for the file, and
/// none is the app's own type. The app maps its actions and state to these and back (in
/// `AppCore`), so a rename in a feature changes no byte of a recording; a change of these
/// types is a new ``version``, whose reader upgrades the earlier one's lines. The file format
/// is described, line kind by line kind, in `Documentation/RecordingFormat.md`.
///
/// Each line is an object with one key, the kind of line. An enum case is an object with one
/// key, the case's name, and a case's unlabeled value is under `_0`:
///
/// ```json
/// {"step":{"action":{"counter":{"_0":{"incrTapped":{}}}},"after":{"count":1,…}}}
/// ```
///
/// A line of an earlier format is read as that format's own type and upgraded to this one
/// (``decode(_:version:)``); where an earlier format's undo, redo or history page followed
/// rules of their own, the upgraded line says so in kinds of line that only upgrades make
/// (``restoringTravel(by:readings:after:)``, ``quietHistoryPage(move:restoring:readings:after:)``).
public enum RecordedLine: Codable, Equatable, Sendable {
  /// The state the session started with: the favorites and the feed it loaded.
  case start(version: Int, state: RecordedState)
  /// A user's step.
  case step(action: RecordedAction, readings: Readings? = nil, after: Summary)
  /// An action sent back by an effect of the step with the given number.
  case feedback(action: RecordedAction, step: Int, readings: Readings? = nil, after: Summary)
  /// One undo. Where it saves or removes a prime anew (another session had changed it since),
  /// the new feed entry's identity and time are among its readings.
  case undo(readings: Readings? = nil, after: Summary)
  /// One redo, with its readings as an undo's.
  case redo(readings: Readings? = nil, after: Summary)
  /// Several undos (a negative count) or redos at once, with their readings as an undo's.
  case travel(by: Int, readings: Readings? = nil, after: Summary)
  /// A move on the history page, with its readings as an undo's.
  case historyPage(move: RecordedAction.HistoryPage, readings: Readings? = nil, after: Summary)
  /// Undos (a negative count) or redos that restore the states the steps went between, as
  /// recordings before format 7 undid, redid and travelled. Only an upgraded line of such a
  /// recording is one; this format records undo and redo as ``undo(readings:after:)``,
  /// ``redo(readings:after:)`` and ``travel(by:readings:after:)``.
  case restoringTravel(by: Int, readings: Readings? = nil, after: Summary)
  /// A move on the history page that says nothing of what other sessions had already done, as
  /// recordings before format 8 moved, by restoring before format 7. Only an upgraded line of
  /// such a recording is one; this format records a move as
  /// ``historyPage(move:readings:after:)``.
  case quietHistoryPage(
    move: RecordedAction.HistoryPage, restoring: Bool, readings: Readings? = nil, after: Summary)
  /// The state the session ended with, and the screen it showed.
  case end(state: RecordedState, screen: String)

  /// The version of the format that this code writes and reads. Version 2: the prime modal
  /// has its own alert, and the favorites screen's rows are tapped by index. Version 3: the
  /// screens are state (the page, the selection, the notices, quitting), with their own actions,
  /// and "nothing to undo" is a routine alert. Version 4: `travel` lines, and the history
  /// page's actions. Version 5: the nth-prime lookup is a feature of its own, so a screen's
  /// cancel and answer are the lookup's actions. Version 6: what a screen presents is one
  /// destination, a running lookup is the lookup's state, a routine alert is a notice, and the
  /// count and the favorites are stored once. Version 7: undo and redo are changes to what is
  /// stored now, so after another session's change they leave what it did. Version 8: a move
  /// on the history page says what other sessions had already done of the steps it travels, as
  /// undo and redo do, and undo, redo and travel lines hold their readings (a change made anew
  /// takes a new feed entry, with an identity and a time). Version 9: a move on the history
  /// page is a line of its own, no longer a step of the app's. Version 10: the REPL's `save`
  /// and `remove` are one counter action (`favoriteCommand`), and a control of a screen not
  /// shown is refused by the app (a `refused` notice). Version 11: a load's answer names the
  /// elements it left out that are no whole number (`unusable`, written only where there are
  /// some). Version 12: a wait for another program that holds the database is the screens'
  /// state (`storageWait`, with the `storageWaiting` and `storageWaitEnded` actions). Version
  /// 13: favorites that can be read and not changed are the screens' state (`storageReadOnly`,
  /// with the `storageReadOnly` and `storageWritable` actions), and a step that would change
  /// them is refused (a `refusedReadOnly` notice). Version 14: another session's change comes
  /// in as what changed (`storageUpdated`), and redo writes an entry again last. Version 15:
  /// the keys over a page are the screens' state (a `destination`, with the `helpOpened` and
  /// `helpClosed` actions), and the favorites and the feed move a page at a time and to either
  /// end (`selectionPaged`, `selectionMovedToFirst`, `selectionMovedToLast`, `activityPaged`,
  /// `activityScrolledToNewest`, `activityScrolledToOldest`). Version 16: a notice holds what
  /// happened (`saved`, `deleted`, `travelled`…), no longer the app's words (`said`).
  ///
  /// A line of an earlier version is read as a type of that version's, and upgraded one version
  /// at a time (``decode(_:version:)``).
  public static let version = 16

  /// The versions this code reads: its own, and the earlier ones whose lines it upgrades.
  public static let readableVersions = 3...version

  /// What the environment answered while the app handled one action, in the order asked.
  public struct Readings: Codable, Equatable, Sendable {
    /// The clock's readings, which a replay hands out again in the same order.
    public var now: [Date] = []
    /// The identities handed out, which a replay hands out again in the same order.
    public var uuid: [UUID] = []

    /// Creates readings; a line whose action asked nothing records none.
    public init(now: [Date] = [], uuid: [UUID] = []) {
      self.now = now
      self.uuid = uuid
    }

    /// Whether nothing was asked, so that the line leaves its readings out.
    public var isEmpty: Bool { now.isEmpty && uuid.isEmpty }
  }

  /// What a line keeps of the state an action left: everything on screen, the size and the
  /// last entry of the favorites and of the feed, and how far undo and redo reach. It costs the
  /// same however many favorites there are; the end line keeps the whole state.
  public struct Summary: Codable, Equatable, Sendable {
    public var count: Int
    // The favorites and the feed by their length and newest entry: enough to tell a change
    // apart, at a cost that does not grow with them.
    public var favoriteCount: Int
    public var lastFavorite: Int?
    public var activityCount: Int
    public var lastActivity: RecordedState.Activity?
    public var counterDestination: RecordedState.CounterDestination?
    public var favoritesDestination: RecordedState.FavoritesDestination?
    public var counterLookup: RecordedState.Lookup?
    public var favoritesLookup: RecordedState.Lookup?
    public var notice: RecordedState.Notice?
    public var undoCount: Int
    public var redoCount: Int

    /// A summary of its parts; the screens' destinations, the lookups and the notice are none
    /// unless given.
    public init(
      count: Int, favoriteCount: Int, lastFavorite: Int?, activityCount: Int,
      lastActivity: RecordedState.Activity?,
      counterDestination: RecordedState.CounterDestination? = nil,
      favoritesDestination: RecordedState.FavoritesDestination? = nil,
      counterLookup: RecordedState.Lookup? = nil, favoritesLookup: RecordedState.Lookup? = nil,
      notice: RecordedState.Notice? = nil, undoCount: Int, redoCount: Int
    ) {
      self.count = count
      self.favoriteCount = favoriteCount
      self.lastFavorite = lastFavorite
      self.activityCount = activityCount
      self.lastActivity = lastActivity
      self.counterDestination = counterDestination
      self.favoritesDestination = favoritesDestination
      self.counterLookup = counterLookup
      self.favoritesLookup = favoritesLookup
      self.notice = notice
      self.undoCount = undoCount
      self.redoCount = redoCount
    }

    /// The summary with another notice.
    public func withNotice(_ notice: RecordedState.Notice?) -> Summary {
      var summary = self
      summary.notice = notice
      return summary
    }

    /// Whether another summary has the same count, favorites, feed and history, whatever
    /// the screens present and whatever the notice: what a line of format 5 and before is
    /// checked by, since its flags and shared alerts have no one-for-one counterpart in the
    /// destinations.
    public func agreesInTheDataAndTheHistory(with other: Summary) -> Bool {
      count == other.count && favoriteCount == other.favoriteCount
        && lastFavorite == other.lastFavorite && activityCount == other.activityCount
        && lastActivity == other.lastActivity && undoCount == other.undoCount
        && redoCount == other.redoCount
    }
  }

  /// The line's JSON, on one line, as ``JSONLineWriter`` writes it.
  public func encoded() -> String {
    JSONLineWriter.line(self)
  }

  /// Writes the line as a file of JSON Lines holds it, its JSON in UTF-8 and a newline, in
  /// place of what `bytes` held, whose room is kept.
  public func write(asFileLineInto bytes: inout [UInt8]) {
    bytes.removeAll(keepingCapacity: true)
    JSONLineWriter.write(self, into: &bytes)
    bytes.append(UInt8(ascii: "\n"))
  }
}
