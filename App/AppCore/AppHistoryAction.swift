import ComposableArchitecture
import Screens

/// What the app's store takes: the app's actions as steps, undo and redo, and the history page's
/// moves.
///
/// The first five are the history's actions on the app's (``HistoryAction``). A move on the
/// history page travels through the steps, so it is declared here, beside the reducer that
/// handles it: ``AppReducer``, which has no steps, never sees one.
public enum AppHistoryAction: Equatable, Sendable {
  /// An action of the app: a new step when it changes what undo restores.
  case step(AppAction)
  /// An action sent back by an effect of the step with the given number.
  case feedback(AppAction, step: Int)
  /// Take back the last step done.
  case undo
  /// Make the last step undone again.
  case redo
  /// Go back (a negative count) or forward (a positive one) several steps at once.
  case travel(by: Int)
  /// A move on the history page: it travels to where the page's marker went.
  case historyPage(HistoryScreenAction)
  /// What storage's effects send back (``StoredAppReducer``): no step, and not recorded.
  case storage(StorageAction)

  /// The history's action as the store takes it: what a step's effect sends back.
  public init(_ action: HistoryAction<AppAction>) {
    switch action {
    case .step(let change): self = .step(change)
    case .feedback(let change, let step): self = .feedback(change, step: step)
    case .undo: self = .undo
    case .redo: self = .redo
    case .travel(let steps): self = .travel(by: steps)
    }
  }

  /// Whether the action is this session's own change: a user's step, what its effect sent
  /// back, undo, redo, travel or a move on the history page. Another session's change and an
  /// event of the terminal or of storage are not.
  var isOwnChange: Bool {
    switch self {
    case .step(let change): change.isUserStep
    case .storage: false
    case .feedback, .undo, .redo, .travel, .historyPage: true
    }
  }

  /// How many steps the action travels: back when negative, forward when positive.
  var travels: Int {
    switch self {
    case .undo: -1
    case .redo: 1
    case .travel(let steps): steps
    case .step, .feedback, .historyPage, .storage: 0
    }
  }
}

extension AppAction {
  /// Whether the action is a step of this session's user: a key or a command. Another
  /// session's change, and an event of the terminal or of storage, are not: undo passes over
  /// them.
  public var isUserStep: Bool {
    switch self {
    case .counter, .favoritePrimes, .alertsDismissed:
      true
    case .storageChanged, .storageUpdated:
      false
    case .screens(let action):
      switch action {
      case .pageOpened, .selectionMoved, .selectionPaged, .selectionMovedToFirst,
        .selectionMovedToLast, .activityScrolled, .activityPaged, .activityScrolledToNewest,
        .activityScrolledToOldest, .launchWarningClosed, .quitTapped:
        true
      // The keys' help is presented over the page and changes nothing under it: the notice
      // stays, and undo has nothing of it to pass over.
      case .helpOpened, .helpClosed, .terminalResized, .launchWarned, .storageFailed,
        .storageRecovered, .storageWaiting, .storageWaitEnded, .storageReadOnly, .storageWritable,
        .signalReceived:
        false
      }
    }
  }
}
