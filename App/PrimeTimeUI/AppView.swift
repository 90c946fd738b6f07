import AppCore
import ComposableArchitecture
import Counter
import CustomDump
import FavoritePrimes
import Foundation
import PrimeModal
import Screens

/// `primetime ui` as a whole: the page the screens' state shows, what is on top of it, the
/// notice on the last rows, the keys' help and the launch's warning; and what each key does.
///
/// Both are pure functions of the app's state, so the key map is tested with `TestStore` and the
/// drawing as text. What is presented over a page is read from that page's destination and
/// lookup.
public enum AppView {
  /// The screen for the app's state alone, as a history with no steps: the history page, if
  /// open, lists only the start.
  ///
  /// - Parameters:
  ///   - state: The app's state; its screens' state gives the page and the terminal's size.
  ///   - progress: How far a running lookup is, from 0 to 1.
  ///   - localTime: The time the activity feed is shown in.
  ///   - charset: The characters the terminal shows.
  /// - Returns: One line per row of the terminal.
  public static func draw(
    _ state: AppState, progress: Double, localTime: LocalTime, charset: Charset
  ) -> Drawing {
    draw(History(state), progress: progress, localTime: localTime, charset: charset)
  }

  /// The screen for the app's state and its history, which the history page shows.
  ///
  /// ```swift
  /// let drawing = AppView.draw(store.state, progress: 0, localTime: .gmt, charset: .unicode)
  /// ```
  ///
  /// - Parameters:
  ///   - history: The app's state and the session's steps, which the history page lists.
  ///   - progress: How far a running lookup is, from 0 to 1.
  ///   - localTime: The time the activity feed is shown in.
  ///   - charset: The characters the terminal shows: where it is not UTF-8, every line is
  ///     ASCII.
  /// - Returns: One line per row of the terminal.
  public static func draw(
    _ history: History<AppState>, progress: Double, localTime: LocalTime, charset: Charset
  ) -> Drawing {
    let state = history.present
    let size = state.screens.size
    guard size.isLargeEnough else {
      return tooSmall(size, showing: tooSmallLines(state, progress: progress), charset: charset)
    }
    var drawing: Drawing
    switch state.screens.destination {
    case .help?:
      // The keys' help fills the whole page, and their last row says how to close them.
      drawing = HelpView.draw(keys(in: state).help, size: size, charset: charset)
    case .launchWarning(let warning)?:
      drawing = page(history, progress: progress, localTime: localTime, charset: charset)
      drawing = NoticeView.draw(warning, over: drawing, size: size, charset: charset)
    case nil:
      drawing = page(history, progress: progress, localTime: localTime, charset: charset)
    }
    return drawing
  }

  /// The page the screens' state shows, its destination, and the notice on its last rows.
  private static func page(
    _ history: History<AppState>, progress: Double, localTime: LocalTime, charset: Charset
  ) -> Drawing {
    let state = history.present
    let size = state.screens.size
    var drawing: Drawing
    switch state.screens.page {
    case .history:
      drawing = HistoryView.draw(
        heading: "History (\(history.stepCount) \(history.stepCount == 1 ? "step" : "steps"))",
        stepCount: history.stepCount, position: history.undoCount, row: history.row,
        change: change(at: history.undoCount, in: history), isReadOnly: false, size: size,
        charset: charset)
    case .counter:
      drawing = CounterView.draw(state.counter, progress: progress, size: size, charset: charset)
    case .favorites:
      drawing = FavoritesView.draw(
        state.favoritePrimesState, selection: state.screensFeature.selection, progress: progress,
        size: size, charset: charset)
    case .activity:
      drawing = ActivityView.draw(
        state.activityFeed, scroll: state.screensFeature.activityScroll, localTime: localTime,
        size: size, charset: charset)
    }
    if let lastRows = lastRows(state.screens) {
      drawing = withNotice(lastRows, on: drawing, size: size, charset: charset)
    }
    return drawing
  }

  /// What a terminal too small for the screens shows below the size it needs: a running
  /// lookup, how far it is and how to cancel it, which the keys still do there; or else what
  /// the last rows say (``lastRows(_:)``), such as that the lookup was cancelled.
  static func tooSmallLines(_ state: AppState, progress: Double) -> [Line] {
    if state.isLookingUp {
      return [
        Line("Looking up: \(Int(min(max(progress, 0), 1) * 100))%"),
        Line("Esc or Ctrl-C cancels", .hint),
      ]
    }
    return lastRows(state.screens).map { [Line($0, .title)] } ?? []
  }

  /// What the last rows say: where storing stands (a wait for the database, a failure) over
  /// the notice, until it changes. Read-only favorites leave the rows to the notice and the hints,
  /// the whole session long; a change refused for them says why.
  public static func lastRows(_ screens: ScreensState) -> String? {
    if case .refusedReadOnly? = screens.notice { return screens.notice.map(Words.notice) }
    switch screens.storageStatus {
    case .readOnly?, nil:
      // A refusal for want of a screen is the REPL's: no key of the full screen makes one.
      if case .refused? = screens.notice { return nil }
      return screens.notice.map(Words.notice)
    case let status?:
      return Words.storage(status)
    }
  }

  /// What a key does now, as the action to send to the app's store, or `nil` when it does
  /// nothing.
  ///
  /// A running lookup takes the keys first (``lookupKeys``): Esc and Ctrl-C cancel it. Then the
  /// table of keys of what is on top acts, the one its hints are written from: the presented
  /// destination's (``alertKeys(dismissing:)``, ``primeModalKeys(offering:)``), which takes
  /// every key but those that quit, or else the page's own (``counterPage``, ``favoritesPage``,
  /// ``activityPage``, ``historyPage``). ``quitKeys`` quit wherever they have nothing else to
  /// do, and Ctrl-D everywhere. `?` and F1 show the keys of the table that acts
  /// (``helpOpening(_:)``), and then any key but Ctrl-D closes them and does nothing else. On a
  /// terminal too small to show the screen, only quitting and cancelling a lookup act.
  ///
  /// ```swift
  /// let action = AppView.action(for: key, in: store.state.present)
  /// ```
  public static func action(for key: Key, in state: AppState) -> AppHistoryAction? {
    if key == .endOfInput { return quit }
    let quits = quitKeys.contains(key)
    if case .launchWarning? = state.screens.destination {
      // Any key closes the warning; the keys that quit quit.
      return quits ? quit : .step(.screens(.launchWarningClosed))
    }
    // Below the size the screen needs, nothing presented over the page can be seen:
    // only quitting and a running lookup's keys act, whatever was open.
    guard state.screens.size.isLargeEnough else {
      return state.isLookingUp ? lookupKeys.action(for: key, in: state) : quits ? quit : nil
    }
    if case .help? = state.screens.destination { return .step(.screens(.helpClosed)) }
    return keys(in: state).action(for: key, in: state)
  }

  /// The table of keys that acts in `state`, and that its hints and its keys' help are written
  /// from: a running lookup's, or else the presented destination's, or else the page's own.
  static func keys(in state: AppState) -> KeyTable<AppState, AppHistoryAction> {
    if state.isLookingUp { return lookupKeys }
    return switch state.screens.page {
    case .counter: counterKeys(state.counter)
    case .history: historyPage
    case .favorites: favoritesKeys(state.favoritePrimesState)
    case .activity: activityPage
    }
  }

  /// The keys that quit wherever they have nothing else to do; Ctrl-D quits everywhere.
  static let quitKeys: [Key] = [.character("q"), .interrupt]

  private static let quit = AppHistoryAction.step(.screens(.quitTapped))

  /// A key of a page of the app.
  typealias PageBinding = KeyBinding<AppState, AppHistoryAction>

  /// The counter page's keys, with nothing over the counter: the counter's own, then the app's.
  static let counterPage = KeyTable(rows: [
    CounterView.keys.map { $0.pullback(state: { $0.counter }, action: { .step(.counter($0)) }) }
      + [historyOpening],
    [
      opening(.favorites, .character("f"), hint: .words("favorites")), undo(.words("undo")),
      redo(.words("redo")), quitting(.words("quit")), helpOpening(.wordsWhereRoom("help")),
    ],
  ])

  /// The favorites page's keys, with nothing over the list: the selection's, a page at a time
  /// and to either end, the list's own, and the app's.
  static let favoritesPage = KeyTable(rows: [
    PageBinding.downAndUp("select") { .step(.screens(.selectionMoved(by: $0))) }
      + paging(
        by: { .selectionPaged(by: $0) }, first: (.selectionMovedToFirst, "first"),
        last: (.selectionMovedToLast, "last"))
      + [onFavorites(FavoritesView.delete), onFavorites(FavoritesView.nthPrime), historyOpening],
    [
      onFavorites(FavoritesView.export), onFavorites(FavoritesView.import),
      opening(.activity, .character("a"), hint: .words("activity")),
      opening(.counter, .character("c"), .escape, hint: .words("back")),
      undo(.unhinted("undo")), redo(.unhinted("redo")), quitting(.unhinted("quit")),
      helpOpening(.wordsWhereRoom("help")),
    ],
  ])

  /// The activity feed's keys: the scroll's, a page at a time and to either end, and the app's.
  static let activityPage = KeyTable(rows: [
    PageBinding.downAndUp("scroll") { .step(.screens(.activityScrolled(by: $0))) }
      + paging(
        by: { .activityPaged(by: $0) }, first: (.activityScrolledToNewest, "newest"),
        last: (.activityScrolledToOldest, "oldest"))
      + [
        opening(.favorites, .character("c"), .escape, hint: .words("back to the favorites")),
        undo(.unhinted("undo")), redo(.unhinted("redo")), quitting(.unhinted("quit")),
        helpOpening(.wordsWhereRoom("help")),
      ]
  ])

  /// The history page's keys, where moving travels: the page's own, where `u` and `r` move the
  /// marker, and quitting.
  static let historyPage = KeyTable(rows: [
    (HistoryView.moves + HistoryView.undoAndRedo).map(onHistory) + historyPaging,
    HistoryView.closing.map(onHistory) + [
      quitting(.words("quit")), helpOpening(.wordsWhereRoom("help")),
    ],
  ])

  /// The counter page's keys as they are now: those of the counter's destination, or the page's
  /// own.
  static func counterKeys(_ counter: CounterState) -> KeyTable<AppState, AppHistoryAction> {
    if counter.nthPrimeLookup != nil { return lookupKeys }
    return switch counter.presented {
    case .alert: counterAlertKeys
    case .primeModal(let modal) where modal.alert != nil: primeModalAlertKeys
    case .primeModal(let modal):
      switch modal.offeredAction {
      case .saveFavoritePrimeTapped?: primeModalSavingKeys
      case .removeFavoritePrimeTapped?: primeModalRemovingKeys
      case .alertDismissed?, nil: primeModalClosingKeys
      }
    case nil: counterPage
    }
  }

  /// The favorites page's keys as they are now: an alert's over the list, or the page's own.
  static func favoritesKeys(
    _ favorites: FavoritePrimesState
  ) -> KeyTable<AppState, AppHistoryAction> {
    if favorites.nthPrimeLookup != nil { return lookupKeys }
    return favorites.destination == nil ? favoritesPage : favoritesAlertKeys
  }

  /// The keys while a lookup runs, whatever is presented: Esc and Ctrl-C cancel it, and `q`
  /// quits.
  static let lookupKeys = KeyTable(rows: [
    [
      PageBinding(.escape, .interrupt, hint: .words("cancel")) { state in
        state.lookupCancellation.map(AppHistoryAction.step)
      }
    ],
    [
      PageBinding(.character("q"), hint: .words("quit"), sends: quit),
      helpOpening(.unhinted("help")),
    ],
  ])

  /// The keys over an alert on the counter.
  static let counterAlertKeys = alertKeys(dismissing: .counter(.destination(.dismiss)))

  /// The keys over the prime modal's own alert, which leaves the modal open.
  static let primeModalAlertKeys = alertKeys(
    dismissing: .counter(.destination(.presented(.primeModal(.alertDismissed)))))

  /// The keys over an alert on the favorites.
  static let favoritesAlertKeys = alertKeys(dismissing: .favoritePrimes(.destination(.dismiss)))

  /// The prime modal's keys, for each offer it makes: `s` saves the count, or removes it, or,
  /// for a count that is not prime, does nothing, and is not named.
  static let primeModalSavingKeys = primeModalKeys(offering: .saveFavoritePrimeTapped)
  static let primeModalRemovingKeys = primeModalKeys(offering: .removeFavoritePrimeTapped)
  static let primeModalClosingKeys = primeModalKeys(offering: nil)

  /// An alert's keys: Enter or Esc dismisses it, with `action`; the keys that quit quit.
  static func alertKeys(dismissing action: AppAction) -> KeyTable<AppState, AppHistoryAction> {
    KeyTable(rows: [
      [PageBinding(.enter, .escape, hint: .words("OK"), sends: .step(action))],
      [quitting(.words("quit")), helpOpening(.unhinted("help"))],
    ])
  }

  /// The prime modal's keys: `s` for what it offers, if anything, and Esc closes it; the keys
  /// that quit quit.
  static func primeModalKeys(
    offering offer: PrimeModalAction?
  ) -> KeyTable<AppState, AppHistoryAction> {
    let offered = offer.map { offer in
      PageBinding(
        .character("s"), hint: .words(offer == .removeFavoritePrimeTapped ? "remove" : "save"),
        sends: .step(.counter(.destination(.presented(.primeModal(offer))))))
    }
    return KeyTable(rows: [
      (offered.map { [$0] } ?? [])
        + [
          PageBinding(
            .escape, hint: .words("close"), sends: .step(.counter(.destination(.dismiss))))
        ],
      [quitting(.words("quit")), helpOpening(.unhinted("help"))],
    ])
  }

  private static let historyOpening = PageBinding(
    .character("h"), hint: .wordsWhereRoom("history"), sends: .historyPage(.opened))

  /// `?` and F1, which show the keys of the table they are in, where the terminal is large
  /// enough to show the screens.
  private static func helpOpening(_ hint: KeyHint) -> PageBinding {
    PageBinding(.character("?"), .f1, hint: hint) { state in
      state.screens.size.isLargeEnough ? .step(.screens(.helpOpened)) : nil
    }
  }

  /// PgDn and PgUp on the history page: the marker moves a page of steps, as many as the list
  /// shows, and the app travels with it.
  private static let historyPaging: [PageBinding] = [
    PageBinding(.pageDown, hint: .withNext) { state in
      .historyPage(.moved(by: Layout.listRows(in: state.screens.size)))
    },
    PageBinding(.pageUp, hint: .unhinted("page")) { state in
      .historyPage(.moved(by: -Layout.listRows(in: state.screens.size)))
    },
  ]

  /// PgDn and PgUp, a page at a time, and `g` or Home and `G` or End, to either end: keys of the
  /// long lists, which only the help names.
  private static func paging(
    by page: @escaping @Sendable (_ pages: Int) -> ScreensAction,
    first: (action: ScreensAction, words: String), last: (action: ScreensAction, words: String)
  ) -> [PageBinding] {
    [
      PageBinding(.pageDown, hint: .withNext) { _ in .step(.screens(page(1))) },
      PageBinding(.pageUp, hint: .unhinted("page")) { _ in .step(.screens(page(-1))) },
      PageBinding(
        .character("g"), .home, hint: .unhinted(first.words), sends: .step(.screens(first.action))),
      PageBinding(
        .character("G"), .end, hint: .unhinted(last.words), sends: .step(.screens(last.action))),
    ]
  }

  private static func opening(
    _ page: ScreensState.Tab, _ keys: Key..., hint: KeyHint
  ) -> PageBinding {
    PageBinding(keys: keys, hint: hint) { _ in .step(.screens(.pageOpened(page))) }
  }

  private static func undo(_ hint: KeyHint) -> PageBinding {
    PageBinding(.character("u"), hint: hint, sends: .undo)
  }

  private static func redo(_ hint: KeyHint) -> PageBinding {
    PageBinding(.character("r"), hint: hint, sends: .redo)
  }

  private static func quitting(_ hint: KeyHint) -> PageBinding {
    PageBinding(keys: quitKeys, hint: hint) { _ in quit }
  }

  private static func onFavorites(
    _ binding: KeyBinding<FavoritesView.Selected, FavoritePrimesAction>
  ) -> PageBinding {
    binding.pullback(
      state: { ($0.favoritePrimesState, $0.screensFeature.selection) },
      action: { .step(.favoritePrimes($0)) })
  }

  private static func onHistory(_ binding: KeyBinding<Void, HistoryScreenAction>) -> PageBinding {
    binding.pullback(state: { _ in () }, action: { .historyPage($0) })
  }

  /// The lines that show the change the step before `position` made: the difference of what
  /// undo restores (the count, the favorites, the feed), as `trace on` shows a change.
  static func change(at position: Int, in history: History<AppState>) -> [String] {
    guard position > 0 else { return ["Where the session's steps start."] }
    let (before, after) = history.step(at: position - 1)
    let difference = diff(before.undoable, after.undoable) ?? "no change"
    return ["Step \(position): \(history.row(position).words)", ""]
      + difference.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// What a signal does now: SIGINT cancels a running lookup, as Ctrl-C does; it, SIGTERM and
  /// SIGHUP otherwise end the app.
  ///
  /// ```swift
  /// AppView.action(forSignal: SIGINT, in: store.state.present)  // cancels a running lookup
  /// ```
  public static func action(forSignal signal: Int32, in state: AppState) -> AppHistoryAction {
    if signal == SIGINT, let cancel = state.lookupCancellation { return .step(cancel) }
    return .step(.screens(.signalReceived(signal)))
  }
}
