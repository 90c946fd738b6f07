import AppCore
import CNcurses
import ComposableArchitecture
import Counter
import FavoritePrimes
import Foundation
import PrimeModal
import PrimeTimeUI
import Synchronization

/// `primetime ui`: the app as screens, drawn with ncurses.
///
/// Each screen is a view over a store scoped to its feature, as every view of the original app
/// was: the counter's store, scoped again for the prime modal, and the favorites' store. A
/// screen is drawn again when its store's subscription says its state changed, and its keys
/// are sent to its store. Undo, redo and other sessions' changes go to the app's root store.
@MainActor
final class FullScreen {
  /// What is shown, one at a time: the REPL's two screens and the activity feed, which is
  /// reached from the favorites.
  private enum Page {
    case counter
    case favorites
    case activity

    /// The REPL's screen this page belongs to, for the recording's end.
    var screen: Screen { self == .counter ? .counter : .favorites }
  }

  private let session: Session
  private let counter: Store<CounterState, CounterAction>
  private let primeModal: Store<PrimeModalState, PrimeModalAction>
  private let favorites: Store<FavoritePrimesState, FavoritePrimesAction>
  /// The activity feed is read only: its store sends nothing of its own.
  private let activity: Store<PersistentArray<Activity>, HistoryAction<AppAction>>
  private var subscriptions: [StoreSubscription] = []
  private let progress: LookupProgress
  /// Writes out what the recording holds so far.
  private let flushRecording: () -> Void

  private var page = Page.counter
  private var selection = FavoritesView.Selection()
  /// The prime the selection is on: when the list changes around it (another session deletes
  /// a row above), the selection moves with it.
  private var selectedPrime: Int?
  /// How many of the newest entries the activity feed is scrolled past, and how many entries
  /// it had then: an entry added meanwhile scrolls it on by one, to keep the same entries shown.
  private var activityScroll = 0
  private var activityCount = 0
  private var needsDrawing = true
  private var isQuitRequested = false
  /// Why storing the last change failed, shown until a change is stored again.
  private var storageProblem: String?
  /// What the launch warned of, such as a database kept in memory only: a dialog until the first
  /// key, as the REPL says it once.
  var launchNotice: String?
  /// "undone" or "redone", after an undo or a redo that took a step; said with what the step
  /// left, as the REPL says it, until the next key.
  private var travelled: String?

  /// How often other sessions' changes are looked for while keys are awaited.
  static let syncInterval: Duration = .milliseconds(500)
  /// How long the loop waits for keys before it looks again.
  static let keyPollInterval: Duration = .milliseconds(15)

  init(session: Session, progress: LookupProgress, flushRecording: @escaping () -> Void) {
    self.session = session
    self.progress = progress
    self.flushRecording = flushRecording
    // The session's feature stores, which the REPL's commands use too; the modal's is scoped
    // once more from the counter's.
    counter = session.counter
    primeModal = counter.scope(state: \.primeModal, action: CounterAction.primeModal)
    favorites = session.favorites
    activity = session.store.scope(state: { $0.present.activityFeed }, action: { $0 })
    // Each screen is drawn again after its store changes, and only while it is shown; the
    // drawing reads the store's state then, once however many actions ran.
    subscriptions = [
      counter.subscribe(onChange: { [unowned self] in redraw(if: .counter) }),
      favorites.subscribe(onChange: { [unowned self] in redraw(if: .favorites) }),
      activity.subscribe(onChange: { [unowned self] in redraw(if: .activity) }),
    ]
  }

  /// Starts a session over the data directory and runs the screens on it.
  ///
  /// - Returns: The exit status: 0; 1 when the session could not start or its recording could
  ///   not be written; 128 plus the signal's number when SIGTERM, SIGHUP or SIGINT ended it.
  static func run(dataDirectory: URL, recording: String?, environment: CLIEnvironment) async
    -> Int32
  {
    // What the launch has to say (a database kept in memory only, files it moved aside) is
    // said on stderr, which the full screen hides until it ends, and on the screen's last row.
    let notices = Mutex<[String]>([])
    let output = Output(
      out: { _ in },
      err: { text in
        notices.withLock { $0.append(text) }
        FileHandle.standardError.write(Data((text + "\n").utf8))
      })
    guard
      let launch = await SessionLaunch.start(
        dataDirectory: dataDirectory, recording: recording, environment: environment,
        output: output, keepsGoingWithoutStorage: true, interaction: nil)
    else { return 1 }
    guard Terminal.start(isColored: environment.isColorEnabled) else {
      FileHandle.standardError.write(
        Data("primetime: 'ui' does not know this terminal (TERM is not set or unknown)\n".utf8))
      _ = launch.end(screen: .counter)
      return PrimeTimeCLI.usageStatus
    }
    let screens = FullScreen(
      session: launch.session, progress: environment.progress, flushRecording: launch.flush)
    screens.launchNotice = notices.withLock { $0.first }
    let screen = await screens.run()
    guard launch.end(screen: screen) else { return 1 }
    // Ended by a signal: the status a shell expects of a program the signal ended.
    return screens.endingSignal.map { 128 + $0 } ?? 0
  }

  private func redraw(if shown: Page) {
    if page == shown { needsDrawing = true }
  }

  /// Runs the screens on the started terminal until `q`, Ctrl-D, or SIGTERM, SIGHUP or SIGINT,
  /// and gives the terminal back as it was.
  ///
  /// - Returns: The screen it ended on, for the recording.
  func run() async -> Screen {
    defer { Terminal.stop() }
    var lastSync = ContinuousClock.now
    while !isQuitRequested {
      if let signal = Terminal.takeSignal() {
        // SIGINT during a lookup cancels it, as Ctrl-C does; any other ends the app.
        if signal == SIGINT, isLookingUp {
          cancelLookup()
        } else {
          endingSignal = signal
          break
        }
      }
      // The terminal went away without a hang-up reaching the app (its emulator ended, and
      // the shell that got the signal did not pass it on): the app ends as SIGHUP ends it.
      if Terminal.isGone {
        endingSignal = SIGHUP
        break
      }
      var sent = false
      let input = Terminal.readInput()
      if input.isResized { needsDrawing = true }
      var keys = input.keys
      // The launch's warning is a dialog over the screen: the keys that close it, any key,
      // even one the screens do not use (Home, F1), act only if they quit or suspend.
      if launchNotice != nil, input.isAnyKeyPressed {
        launchNotice = nil
        needsDrawing = true
        keys.removeAll { ![.character("q"), .interrupt, .endOfInput, .suspend].contains($0) }
      }
      for key in keys { sent = handle(key) || sent }
      if sent {
        // This session's change is stored at once, as the REPL stores each command's.
        storageProblem = await session.sync(readingOthers: false)
        flushRecording()
        needsDrawing = true
      }
      if ContinuousClock.now - lastSync >= Self.syncInterval {
        lastSync = .now
        if let problem = await session.sync() {
          storageProblem = problem
          needsDrawing = true
        }
      }
      if isLookingUp { needsDrawing = true }  // the progress bar moves
      // Never while the shell has the terminal: a signal can end the wait for the foreground.
      if needsDrawing, Terminal.isInForeground { draw() }
      try? await Task.sleep(for: Self.keyPollInterval)
    }
    // A lookup still running ends with the session, and what an effect changed since the
    // last write is stored before the terminal is given back.
    if isLookingUp { cancelLookup() }
    _ = await session.sync(readingOthers: false)
    return page.screen
  }

  /// The signal that ended the app, if one did.
  private(set) var endingSignal: Int32?

  /// Cancels the running lookup, whichever screen started it.
  private func cancelLookup() {
    counter.send(.nthPrimeCancelTapped)
    favorites.send(.nthPrimeCancelTapped)
  }

  private var isLookingUp: Bool {
    counter.state.isNthPrimeRequestInFlight
  }

  // MARK: - Keys

  /// Sends a key's action to the store of the screen shown, or does what the app does with it.
  /// Returns whether an action was sent.
  private func handle(_ key: Key) -> Bool {
    if !isLookingUp { progress.report(0) }
    if travelled != nil {
      travelled = nil
      needsDrawing = true
    }
    switch key {
    case .suspend:
      Terminal.suspend()
      needsDrawing = true
      return false
    case .endOfInput:
      isQuitRequested = true
      return false
    default:
      break
    }
    // On a terminal too small to show the screen, no key acts on what cannot be seen.
    guard Terminal.size.isLargeEnough else {
      if key == .character("q") || key == .interrupt { isQuitRequested = true }
      return false
    }
    switch page {
    case .counter: return handleOnCounter(key)
    case .favorites: return handleOnFavorites(key)
    case .activity:
      handleOnActivity(key)
      return false
    }
  }

  private func handleOnActivity(_ key: Key) {
    placeActivityScroll()
    let last = ActivityView.maximumScroll(count: activityCount, size: Terminal.size)
    switch key {
    case .up, .character("k"): activityScroll = max(min(activityScroll, last) - 1, 0)
    case .down, .character("j"): activityScroll = min(activityScroll + 1, last)
    case .escape, .character("c"): show(.favorites)
    case .character("q"), .interrupt: isQuitRequested = true
    default: return
    }
    needsDrawing = true
  }

  private func handleOnCounter(_ key: Key) -> Bool {
    let state = counter.state
    switch CounterView.target(of: key, in: state) {
    case .primeModal(let action):
      primeModal.send(action)
      return true
    case .counter(let action):
      counter.send(action)
      return true
    case .app:
      return handleAppKey(key, isCovered: CounterView.isCovered(state), back: nil, next: .favorites)
    }
  }

  private func handleOnFavorites(_ key: Key) -> Bool {
    let state = favorites.state
    // A key acts on the row its prime is on now, as the next drawing will show it.
    placeSelection(in: state.favoritePrimes)
    if let action = FavoritesView.action(for: key, in: state, selection: selection) {
      favorites.send(action)
      return true
    }
    let isCovered = state.alert != nil || state.isNthPrimeRequestInFlight
    guard !isCovered else {
      return handleAppKey(key, isCovered: true, back: .counter, next: nil)
    }
    switch key {
    case .up, .character("k"):
      moveSelection(by: -1, in: state.favoritePrimes)
      needsDrawing = true
      return false
    case .down, .character("j"):
      moveSelection(by: 1, in: state.favoritePrimes)
      needsDrawing = true
      return false
    case .character("a"):
      activityScroll = 0
      show(.activity)
      return false
    default:
      return handleAppKey(key, isCovered: false, back: .counter, next: nil)
    }
  }

  /// Moves the selection by `step` rows, kept within the list and on the screen, and notes the
  /// prime it is on.
  private func moveSelection(by step: Int, in primes: PersistentArray<Int>) {
    let visible = FavoritesView.visibleRows(in: Terminal.size)
    selection = selection.moved(by: step, count: primes.count, visible: visible)
    selectedPrime = primes.indices.contains(selection.row) ? primes[selection.row] : nil
  }

  /// Puts the selection back on its prime if the list moved it to another row; a prime no
  /// longer there leaves the selection on its row, now the next prime's.
  private func placeSelection(in primes: PersistentArray<Int>) {
    if let prime = selectedPrime,
      !primes.indices.contains(selection.row) || primes[selection.row] != prime,
      let row = primes.lastIndex(of: prime)
    {
      selection.row = row
    }
    moveSelection(by: 0, in: primes)
  }

  /// Keeps the activity feed on the entries it showed when new ones arrived at its top.
  private func placeActivityScroll() {
    let count = activity.state.count
    if activityScroll > 0 { activityScroll = max(activityScroll + count - activityCount, 0) }
    activityCount = count
  }

  /// The keys every screen shares: undo and redo, which go to the root store, quitting, and
  /// moving between screens. While a modal, an alert or a lookup covers the screen, only
  /// quitting acts: `q` also during a lookup, which ends with the app; Ctrl-C has cancelled a
  /// lookup before it gets here.
  private func handleAppKey(_ key: Key, isCovered: Bool, back: Page?, next: Page?) -> Bool {
    if isCovered {
      if key == .interrupt || key == .character("q") { isQuitRequested = true }
      return false
    }
    switch key {
    case .character("u"):
      travel(.undo, done: "undone")
      return true
    case .character("r"):
      travel(.redo, done: "redone")
      return true
    case .character("q"), .interrupt:
      isQuitRequested = true
    case .character("f") where next == .favorites:
      show(.favorites)
    case .escape, .character("c"):
      if let back { show(back) }
    default:
      break
    }
    return false
  }

  /// Sends an undo or a redo to the root store; unless there was nothing to take back, which
  /// the reducer says in an alert, the last row says it was done.
  private func travel(_ action: HistoryAction<AppAction>, done: String) {
    session.store.send(action)
    if session.store.state.present.alert == nil { travelled = done }
  }

  private func show(_ shown: Page) {
    page = shown
    needsDrawing = true
  }

  // MARK: - Drawing

  private func draw() {
    needsDrawing = false
    let size = Terminal.size
    var drawing: Drawing
    switch page {
    case .counter:
      drawing = CounterView.draw(counter.state, progress: progress.value, size: size)
    case .favorites:
      placeSelection(in: favorites.state.favoritePrimes)
      drawing = FavoritesView.draw(
        favorites.state, selection: selection, progress: progress.value, size: size)
    case .activity:
      placeActivityScroll()
      drawing = ActivityView.draw(
        activity.state, scroll: activityScroll, timeZone: .current, size: size)
    }
    // What an undo or a redo left is read once it is stored, as the REPL reads it.
    let travel = travelled.map { "\($0); " + Rendering.summary(session.store.state.present) }
    if let notice = storageProblem ?? travel {
      drawing = withNotice(notice, on: drawing, size: size)
    }
    if let launchNotice {
      drawing = NoticeView.draw(launchNotice, over: drawing, size: size)
    }
    Terminal.draw(drawing)
  }
}

/// The terminal, through ncurses: started and stopped, read a key at a time, drawn a screen at a
/// time.
@MainActor
enum Terminal {
  /// The last of SIGTERM, SIGHUP or SIGINT that arrived since the last call, if any.
  static func takeSignal() -> Int32? {
    let signal = receivedSignal.exchange(0, ordering: .relaxed)
    return signal == 0 ? nil : signal
  }

  /// Takes over the terminal: the alternate screen, keys one at a time without echo, no cursor.
  ///
  /// - Returns: Whether the terminal that TERM names is known.
  static func start(isColored: Bool) -> Bool {
    waitForTheForeground()
    setlocale(LC_ALL, "")
    set_escdelay(25)  // Esc acts at once, not after ncurses' second of waiting for more
    guard primetime_start() != 0 else { return false }
    raw()
    noecho()
    curs_set(0)
    primetime_use_keypad()
    primetime_set_key_timeout(0)
    if isColored, has_colors() {
      start_color()
      use_default_colors()
      init_pair(1, Int16(COLOR_CYAN), -1)
    }
    Self.isColored = isColored && has_colors()
    // Touched once here, so that the handler never starts the global's lazy initialisation.
    _ = receivedSignal.load(ordering: .relaxed)
    for signal in [SIGTERM, SIGHUP, SIGINT] {
      Glibc.signal(signal) { receivedSignal.store($0, ordering: .relaxed) }
    }
    return true
  }

  /// Gives the terminal back as it was: its screen, echo, line editing and cursor.
  static func stop() {
    // Not a second time: that would set the modes saved at the start on the shell's terminal.
    if !isendwin() { endwin() }
  }

  /// Stops the program for the shell (Ctrl-Z), with the terminal given back meanwhile; when it
  /// is resumed, the screen is drawn whole again.
  static func suspend() {
    endwin()
    primetime_stop(SIGTSTP)
    waitForTheForeground()
    primetime_clear_on_next_refresh()
    // The terminal may have changed size meanwhile, which only the foreground job was told of:
    // ncurses looks again, as on SIGWINCH, sent to the process (this thread blocks it).
    kill(getpid(), SIGWINCH)
  }

  /// Whether the app may use the terminal now (the shell has not got it).
  static var isInForeground: Bool { primetime_is_in_foreground() != 0 }

  /// Stops the program while it is in the background (`bg` after Ctrl-Z, or started with `&`)
  /// until the shell brings it to the foreground, so that it never takes the terminal from the
  /// shell; a signal that ends the app ends the wait.
  static func waitForTheForeground() {
    while !isInForeground, receivedSignal.load(ordering: .relaxed) == 0 {
      primetime_stop(SIGTTOU)
      // Where the stop is discarded (no shell to resume it), this looks again now and then.
      usleep(15_000)
    }
  }

  /// The keys typed since the last look, whether any key was (one the screens use or not), and
  /// whether the terminal changed size meanwhile.
  static func readInput() -> (keys: [Key], isAnyKeyPressed: Bool, isResized: Bool) {
    var codes: [Int32] = []
    var isResized = false
    while true {
      let code = primetime_read_key()
      if code == ERR { break }
      if code == KEY_RESIZE { isResized = true } else { codes.append(code) }
    }
    let keys = Key.keys(fromCodes: codes, up: KEY_UP, down: KEY_DOWN, enter: KEY_ENTER)
    return (keys, !codes.isEmpty, isResized)
  }

  /// Whether the terminal has gone away.
  static var isGone: Bool { primetime_terminal_is_gone() != 0 }

  /// The terminal's size now.
  static var size: Size {
    Size(columns: Int(primetime_columns()), rows: Int(primetime_rows()))
  }

  /// Draws a screen in place of the last one.
  static func draw(_ drawing: Drawing) {
    primetime_erase()
    for (row, line) in drawing.enumerated() {
      let (style, pair): (Int32, Int32) =
        switch line.style {
        case .plain: (0, 0)
        case .title: (1, isColored ? 1 : 0)
        case .hint, .disabled: (3, 0)
        case .selected: (2, 0)
        }
      primetime_put(Int32(row), 0, line.text, style, pair)
    }
    primetime_refresh()
  }

  private static var isColored = false
}

/// The signal that asks the UI to end; set by the signal handler, read by the loop.
private let receivedSignal = Atomic<Int32>(0)
