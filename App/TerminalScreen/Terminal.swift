import CNcurses
import Foundation
import PrimeTimeUI
import Screens
import Synchronization

/// The terminal, through ncurses: started and stopped, read a key at a time, drawn a screen at a
/// time.
@MainActor
public enum Terminal {
  /// Takes over the terminal: the alternate screen, keys one at a time without echo, no cursor.
  ///
  /// - Returns: Whether the terminal that TERM names is known.
  public static func start(isColored: Bool) -> Bool {
    waitForTheForeground()
    setlocale(LC_ALL, "")
    set_escdelay(25)  // Esc acts at once, not after ncurses' second of waiting for more
    guard primetime_start() != 0 else { return false }
    raw()
    noecho()
    // ncurses would read a key that arrives while it draws into its own buffer, where the wait
    // for events cannot see it: it leaves the terminal's input to the wait.
    typeahead(-1)
    curs_set(0)
    primetime_use_keypad()
    primetime_set_key_timeout(0)
    if isColored, has_colors() {
      start_color()
      use_default_colors()
      init_pair(1, Int16(COLOR_CYAN), -1)
    }
    Self.isColored = isColored && has_colors()
    // Signals are written to a pipe that the wait for events watches. SIGWINCH's handler
    // takes the place of ncurses' own, which only a read of a key would notice.
    eventPipes.start()
    for signal in [SIGTERM, SIGHUP, SIGINT, SIGWINCH] {
      Glibc.signal(signal) { signal in
        let saved = errno
        // Only the signals that end the app end a wait for the foreground.
        if signal == SIGTERM || signal == SIGHUP {
          receivedSignal.store(signal, ordering: .relaxed)
        }
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(signalPipe.load(ordering: .relaxed), &byte, 1)
        errno = saved
      }
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

  /// What arrived while the app waited.
  struct Events {
    /// The keys typed; a key the screens do not use (Insert, F2) is ``Key/other``.
    let keys: [Key]
    /// SIGTERM, SIGHUP and SIGINT, in the order they arrived.
    let signals: [Int32]
    let isResized: Bool
    /// Whether the terminal went away.
    let isGone: Bool
  }

  /// Waits until something arrives: a key, a signal, a resize or a ``wake()``; with a
  /// `timeout` of 0 or more, at most that many milliseconds.
  ///
  /// The wait blocks a thread of its own in `poll(2)`, so that the main actor goes on running
  /// effects' actions and storage's meanwhile; nothing runs on a timer.
  static func nextEvents(timeout: Int32) async -> Events {
    let ready = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: eventPipes.wait(timeout: timeout))
      }
    }
    var codes: [Int32] = []
    var isResized = ready.signals.contains(SIGWINCH)
    if isResized { primetime_follow_size() }
    if ready.input {
      while case let code = primetime_read_key(), code != ERR {
        if code == KEY_RESIZE { isResized = true } else { codes.append(code) }
      }
    }
    let keys = Key.keys(fromCodes: codes, keyCodes: keyCodes)
    return Events(
      keys: keys.isEmpty && !codes.isEmpty ? [.other] : keys,
      signals: ready.signals.filter { $0 != SIGWINCH }, isResized: isResized,
      // A terminal that hangs up is readable with nothing to read, or cannot be asked its modes.
      isGone: ready.hangUp
        || (ready.input && codes.isEmpty && primetime_terminal_is_gone() != 0))
  }

  /// ncurses' codes for the keys that are no byte of their own.
  private static let keyCodes = KeyCodes(
    up: KEY_UP, down: KEY_DOWN, pageUp: KEY_PPAGE, pageDown: KEY_NPAGE, home: KEY_HOME,
    end: KEY_END, f1: KEY_F0 + 1, enter: KEY_ENTER)

  /// Ends a wait for events from any thread: the store's observers call it after an action.
  nonisolated static func wake() {
    eventPipes.wake()
  }

  /// The characters the terminal shows, as the locale that ``start(isColored:)`` set says:
  /// Unicode where its character set is UTF-8, and ASCII elsewhere (the C locale).
  public static var charset: Charset {
    primetime_locale_is_utf8() != 0 ? .unicode : .ascii
  }

  /// The terminal's size now.
  public static var size: Size {
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
      guard let prefix = line.styledPrefix else {
        primetime_put(Int32(row), 0, line.text, style, pair)
        continue
      }
      let head = String(line.text.prefix(prefix))
      primetime_put(Int32(row), 0, head, style, pair)
      primetime_put(
        Int32(row), Int32(displayWidth(head)), String(line.text.dropFirst(prefix)), 0, 0)
    }
    primetime_refresh()
  }

  private static var isColored = false
}

/// The last signal that asks the UI to end; set by the signal handler, so that the wait for the
/// foreground ends.
private let receivedSignal = Atomic<Int32>(0)
/// The pipe's end that the signal handler writes the signal's number to.
private let signalPipe = Atomic<Int32>(-1)
/// The pipes that end a wait for events.
private let eventPipes = EventPipes()

/// Two pipes that a wait for events watches beside the terminal: one that signal handlers write
/// to, one that ``wake()`` writes to. Both ends are non-blocking, so that a full pipe drops a
/// byte instead of blocking a handler: one byte waiting is enough to end a wait.
private final class EventPipes: Sendable {
  private let signals: (read: Int32, write: Int32)
  private let wakes: (read: Int32, write: Int32)

  init() {
    func makePipe() -> (Int32, Int32) {
      var ends: [Int32] = [-1, -1]
      _ = pipe(&ends)
      for end in ends {
        _ = fcntl(end, F_SETFL, O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
      return (ends[0], ends[1])
    }
    signals = makePipe()
    wakes = makePipe()
  }

  /// Hands the signal handler its end of the pipe.
  func start() {
    signalPipe.store(signals.write, ordering: .relaxed)
  }

  func wake() {
    var byte: UInt8 = 1
    _ = write(wakes.write, &byte, 1)
  }

  /// Blocks until the terminal or a pipe is readable, or `timeout` milliseconds pass (never,
  /// when it is negative), and empties the pipes.
  func wait(timeout: Int32) -> (input: Bool, hangUp: Bool, signals: [Int32]) {
    var descriptors = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: signals.read, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakes.read, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&descriptors, nfds_t(descriptors.count), timeout) < 0, errno == EINTR {}
    var buffer = [UInt8](repeating: 0, count: 256)
    var received: [Int32] = []
    while case let count = read(signals.read, &buffer, buffer.count), count > 0 {
      received += buffer[..<count].map { Int32($0) }
    }
    while read(wakes.read, &buffer, buffer.count) > 0 {}
    let input = descriptors[0].revents
    return (input & Int16(POLLIN) != 0, input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0, received)
  }
}
