import ComposableArchitecture
import Screens

/// Travel through the history: undo, redo, a travel by several steps and a move on the
/// history page, as changes to what is there now.
extension AppHistoryReducer {
  /// Moving on the history page travels; it is no step of its own. The page shows no alert, so
  /// one that arrived before it (an export's failure) goes rather than wait behind it. What
  /// others had already done of the steps travelled is said, as undo and redo say it.
  ///
  /// - Parameters:
  ///   - restoring: Whether to travel by restoring the states the steps went between.
  ///   - quietly: Whether to say nothing of what others had done, leaving what was said before.
  func moveOnHistoryPage(
    _ move: HistoryScreenAction, in history: inout History<AppState>, restoring: Bool = false,
    quietly: Bool = false, environment: AppEnvironment
  ) {
    _ = app.reduce(into: &history.present, action: .alertsDismissed, environment: environment)
    var page = history.historyScreen
    _ = HistoryScreenReducer().reduce(into: &page, action: move, environment: ())
    history.present.screens.page = page.page
    let steps = page.marker.position - history.undoCount
    guard steps != 0 else { return }
    let notice = history.present.screens.notice
    travel(
      &history, by: steps, restoring: restoring, environment: environment, sayingOnlyNotes: true)
    if quietly { history.present.screens.notice = notice }
  }

  /// Undoes or redoes `steps` steps as changes to what is there now, and says what that left:
  /// that there was nothing to undo or redo, or the steps travelled and the count and the
  /// favorites now, with what other sessions had already done of those changes.
  ///
  /// - Parameters:
  ///   - restoring: Whether to restore the states the steps went between instead, whatever
  ///     others changed since, as recordings before format 7 did; it finds nothing others had
  ///     done.
  ///   - sayingOnlyNotes: Whether to say nothing unless others had already done part of it, as
  ///     the history page, which shows where it is, does.
  func travel(
    _ history: inout History<AppState>, by steps: Int, restoring: Bool = false,
    environment: AppEnvironment, sayingOnlyNotes: Bool = false
  ) {
    guard steps != 0 else { return }
    guard steps < 0 ? history.canUndo : history.canRedo else {
      history.present.screens.notice = steps < 0 ? .nothingToUndo : .nothingToRedo
      return
    }
    // How many were asked for, which the words say, and how many there are to travel: a
    // recording may ask for any number, Int.min included.
    let asked = Int(clamping: steps.magnitude)
    let travelled = min(max(steps, -history.undoCount), history.redoCount)
    let position = history.undoCount
    var alreadyDone: [Travel.AlreadyDone] = []
    if restoring {
      history.travel(by: travelled, restoring: \.undoable)
    } else {
      history.travel(by: travelled, changing: \.undoable) { present, from, to in
        alreadyDone += present.makeChange(from: from, to: to, environment: environment)
      }
    }
    guard !sayingOnlyNotes || !alreadyDone.isEmpty else { return }
    // A step keeps the states it went between, so what it changed is the same after the
    // travel; it is said only beside what others had already done.
    let step =
      asked == 1 && !alreadyDone.isEmpty
      ? history.change(at: min(position, history.undoCount)) : nil
    let present = history.present
    history.present.screens.notice = .travelled(
      Travel(
        isBack: steps < 0, steps: abs(history.undoCount - position), requested: asked,
        step: step, alreadyDone: alreadyDone, count: present.count,
        favorites: present.favoritePrimes))
  }
}

extension History<AppState> {
  /// The history page's view of the history; ``AppHistoryReducer`` travels to the position the
  /// page moves to.
  public var historyScreen: HistoryScreenState {
    HistoryScreenState(
      page: present.screens.page,
      marker: HistoryMarker(position: undoCount, stepCount: stepCount))
  }
}
