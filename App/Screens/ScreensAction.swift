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
