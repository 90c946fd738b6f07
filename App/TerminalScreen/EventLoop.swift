import ComposableArchitecture
import Foundation
import PrimeTimeUI
import Screens

/// What a program on the full screen is made of, for the loop that drives it: its state, how
/// the state is drawn and says why the program ends, and what becomes of what arrives.
/// `primetime ui` and `replay --ui` are two of them.
@MainActor
public struct EventLoop<State> {
  /// The program's state now.
  var state: () -> State
  /// Calls its argument after each action that changed the state, until the subscription is
  /// released.
  var observe: (@escaping @MainActor () -> Void) -> StoreSubscription
  /// The screen for a state.
  var draw: (State) -> Drawing
  /// Why the program ends, once the state says.
  var ending: (State) -> ScreensState.Ending?
  /// Whether the screen moves on its own (a running lookup's progress bar), and so is drawn
  /// again every ``progressInterval`` milliseconds.
  var isMoving: (State) -> Bool = { _ in false }
  /// The terminal has this size: first read, or changed.
  var resized: (Size) -> Void
  /// SIGTERM, SIGHUP or SIGINT arrived; a terminal that went away is SIGHUP.
  var signalled: (Int32) -> Void
  /// A key was typed; Ctrl-Z is not one, as the loop suspends the program itself.
  var pressed: (Key) -> Void

  public init(
    state: @escaping () -> State,
    observe: @escaping (@escaping @MainActor () -> Void) -> StoreSubscription,
    draw: @escaping (State) -> Drawing,
    ending: @escaping (State) -> ScreensState.Ending?,
    isMoving: @escaping (State) -> Bool = { _ in false },
    resized: @escaping (Size) -> Void,
    signalled: @escaping (Int32) -> Void,
    pressed: @escaping (Key) -> Void
  ) {
    self.state = state
    self.observe = observe
    self.draw = draw
    self.ending = ending
    self.isMoving = isMoving
    self.resized = resized
    self.signalled = signalled
    self.pressed = pressed
  }

  /// How often a moving screen is drawn again, in milliseconds.
  static var progressInterval: Int32 { 50 }

  /// Runs the program on the started terminal until its state says why it ends, and gives the
  /// terminal back as it was.
  ///
  /// The loop draws the state when an action changed it, then blocks until something arrives:
  /// a key, a signal, a resize, or an action sent meanwhile (an effect's, another session's
  /// write). At rest it costs nothing.
  ///
  /// - Returns: Why it ended.
  public func run() async -> ScreensState.Ending {
    defer { Terminal.stop() }
    // Any action, a key's or an effect's, may change what is shown: the screen is drawn again
    // once, however many ran, and a wait for events ends to draw it.
    let needsDrawing = Flag()
    let subscription = observe {
      needsDrawing.isSet = true
      Terminal.wake()
    }
    defer { subscription.cancel() }
    resized(Terminal.size)
    while ending(state()) == nil {
      // Never while the shell has the terminal: a signal can end the wait for the foreground.
      if needsDrawing.isSet, Terminal.isInForeground {
        needsDrawing.isSet = false
        Terminal.draw(draw(state()))
      }
      let isMoving = isMoving(state())
      let events = await Terminal.nextEvents(timeout: isMoving ? Self.progressInterval : -1)
      if isMoving { needsDrawing.isSet = true }
      for signal in events.signals { signalled(signal) }
      if events.isResized {
        resized(Terminal.size)
        // The terminal may have lost what was drawn, even at the same size.
        needsDrawing.isSet = true
      }
      // The terminal went away (its emulator ended, the line hung up): the program ends as
      // SIGHUP ends it.
      if events.isGone { signalled(SIGHUP) }
      for key in events.keys where ending(state()) == nil {
        if key == .suspend {
          Terminal.suspend()
          needsDrawing.isSet = true
        } else {
          pressed(key)
        }
      }
    }
    return ending(state()) ?? .quit
  }

  /// Whether the screen is to be drawn again.
  private final class Flag {
    var isSet = true
  }
}

extension ScreensState.Ending {
  /// The exit status of a program that ends so: 0 for a quit, and for a signal 128 plus its
  /// number, as a shell expects of a program the signal ended.
  public var exitStatus: Int32 {
    switch self {
    case .quit: 0
    case .signal(let signal): 128 + signal
    }
  }
}
