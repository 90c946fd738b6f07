import AppCore
import ComposableArchitecture
import FavoritesDatabase
import Foundation
import PrimeTimeUI
import Runtime
import Screens
import Synchronization
import TerminalScreen

/// `primetime ui`: the app as screens, drawn with ncurses.
///
/// A thin driver: everything shown is the store's state (the page, the selection, the notices,
/// quitting), changed by actions that ``AppView`` maps keys and signals to, and drawn by
/// ``AppView/draw(_:progress:localTime:)``. Feature keys go to the features' scoped stores; undo,
/// redo and the screens' own actions to the root. ``EventLoop`` runs it.
@MainActor
public enum FullScreen {
  /// Starts a session over the data directory and runs the screens on it.
  ///
  /// - Returns: The exit status: 0; 1 when the session could not start, a change could not be
  ///   stored before the end, or its recording could not be written; 64 when the terminal is
  ///   not known; 128 plus the signal's number when SIGTERM, SIGHUP or SIGINT ended it.
  public static func run(
    dataDirectory: URL, recording: SessionRecording, environment: RuntimeEnvironment
  ) async
    -> Int32
  {
    // What the launch has to say (a database kept in memory only, files it moved aside) is
    // held until the launch is over. The first notice is said in a box over the screen, and on
    // stderr only where stderr is not the terminal the box is on; the others on stderr, before
    // the full screen hides it.
    let launchNotices = Mutex<[String]?>([])
    // A wait for another program that holds the database is said on stderr while the app
    // starts, and on the screen, as the screens' state, once it runs. Ending the app gives up
    // a wait that was said, on the screen or, once the screen is gone, on stderr: nothing keeps
    // the terminal's owner waiting for a screen that is gone.
    let relay = WaitRelay()
    let isEnding = Mutex(false)
    environment.databaseWait.observe(
      said: { path in
        DispatchQueue.main.async {
          MainActor.assumeIsolated { relay.say(path.map { DatabaseWait.message(path: $0) }) }
        }
      },
      interrupted: { isEnding.withLock { $0 } })
    defer { environment.databaseWait.stopObserving() }
    let launched = await Launch.start(
      dataDirectory: dataDirectory, recording: recording, frontEnd: .ui,
      environment: environment,
      warn: { text in
        let isHeld = launchNotices.withLock { notices in
          notices?.append(text)
          return notices != nil
        }
        if !isHeld { StandardError.line(text) }
      },
      keepsGoingWithoutStorage: true, watchesStorage: true)
    let notices = launchNotices.withLock { notices in
      defer { notices = nil }
      return notices ?? []
    }
    func say(_ notices: some Sequence<String>) {
      for notice in notices { StandardError.line(notice) }
    }
    guard let launch = launched else {
      say(notices)
      return 1
    }
    say(notices.dropFirst())
    guard Terminal.start(isColored: environment.isColorEnabled) else {
      say(notices.prefix(1))
      StandardError.say("'ui' does not know this terminal (TERM is not set or unknown)")
      _ = launch.end(screen: .counter)
      return ExitStatus.usage
    }
    let app = launch.runtime
    relay.app = app
    if let warning = notices.first {
      if !environment.terminal.error { say([warning]) }
      app.dispatch(.step(.screens(.launchWarned(warning))))
    }
    // A recording that stops is said once the screen is gone, where stderr shows.
    let ending = await run(app, progress: environment.progress)
    // The screen is gone: a wait from here on is said on stderr, and given up once said.
    relay.app = nil
    isEnding.withLock { $0 = true }
    // What is not stored yet is stored before the app ends; if it cannot be, the terminal, given
    // back, says so.
    let unstored = await app.end()
    if let unstored { StandardError.say(unstored) }
    guard launch.end(screen: Screen(app.state.screens.page)), unstored == nil else { return 1 }
    // A damaged database moved aside changed what is on disk: a quit says so, as a script does.
    return launch.movedAside && ending.exitStatus == 0 ? 1 : ending.exitStatus
  }

  /// Where a wait for the database is said: on stderr until the app runs, then to the app, as
  /// the screens' state.
  @MainActor
  private final class WaitRelay {
    var app: AppRuntime?

    func say(_ text: String?) {
      if let app {
        app.dispatch(.step(.screens(text.map(ScreensAction.storageWaiting) ?? .storageWaitEnded)))
      } else if let text {
        StandardError.say(text)
      }
    }
  }

  /// Runs the screens on the started terminal until `q`, Ctrl-D, or SIGTERM, SIGHUP or SIGINT,
  /// and gives the terminal back as it was.
  ///
  /// - Parameters:
  ///   - app: The app's store, and its features' scoped stores.
  ///   - progress: How far a running lookup is.
  /// - Returns: Why it ended.
  static func run(
    _ app: AppRuntime, progress: LookupProgress
  ) async -> ScreensState.Ending {
    let store = app.store
    let charset = Terminal.charset
    let ending = await EventLoop(
      state: { store.state.present },
      // Told through a store scoped to the app's state, which is `Equatable`: an action that
      // leaves it as it was (another session's write of what is already shown, a key that moves
      // nothing, storage's own bookkeeping) draws nothing.
      observe: {
        store.scope(state: { $0.present.withoutSync }, action: { $0 }).subscribe(onChange: $0)
      },
      draw: { _ in
        AppView.draw(
          store.state, progress: progress.value, localTime: app.localTime, charset: charset)
      },
      ending: \.screens.ending,
      isMoving: \.isLookingUp,
      resized: { app.dispatch(.step(.screens(.terminalResized($0)))) },
      signalled: { app.dispatch(AppView.action(forSignal: $0, in: store.state.present)) },
      pressed: { key in
        if let action = AppView.action(for: key, in: store.state.present) {
          app.dispatch(action)
        }
      }
    ).run()
    return ending
  }
}
