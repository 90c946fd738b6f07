import AppCore
import Foundation
import NthPrimeClient
import Runtime
import Screens
import Synchronization
import Testing

/// The end of a session: a lookup's work, which may run on for a moment after the lookup is
/// cancelled (the engine's threads stop at their next check), has stopped before the session
/// has ended, so that no work of it is left running when the process exits.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SessionEndTests {
  private let lookup = SlowToStopLookup()

  /// A lookup on each screen: the counter's nth prime of 5, and the favorites' of the
  /// favorite 7.
  nonisolated static let screens: [ScreensState.Page] = [.counter, .favorites]

  @Test(arguments: screens)
  func aLookupCancelledEarlier_hasStopped_whenTheSessionHasEnded(on page: ScreensState.Page)
    async throws
  {
    let runtime = await startLookup(on: page)
    // Ctrl-C in the REPL: the prompt comes back at once, while the lookup's work stops.
    let cancel = try #require(runtime.state.lookupCancellation)
    runtime.dispatch(.step(cancel))
    #expect(!runtime.state.isLookingUp)
    #expect(await endLettingTheLookupStop(runtime))
  }

  @Test(arguments: screens)
  func aLookupStillRunning_isCancelled_andHasStopped_whenTheSessionHasEnded(
    on page: ScreensState.Page
  ) async {
    let runtime = await startLookup(on: page)
    // `q` on the full screen while the lookup runs.
    #expect(await endLettingTheLookupStop(runtime))
    #expect(!runtime.state.isLookingUp)
  }

  /// A session on `page` whose lookup has started.
  private func startLookup(on page: ScreensState.Page) async -> AppRuntime {
    let runtime = AppRuntime(
      initialState: AppState(count: 5, favoritePrimes: [7], screens: ScreensState(page: page)),
      environment: AppEnvironment(
        nthPrime: lookup.client, fileClient: .noop, now: { Date(timeIntervalSince1970: 0) }))
    let step: AppAction =
      page == .counter ? .counter(.nthPrimeTapped) : .favoritePrimes(.primeTapped(at: 0))
    runtime.dispatch(.step(step))
    #expect(runtime.state.isLookingUp)
    await lookup.waitFor(.started)
    return runtime
  }

  /// Ends the session, and lets the lookup stop once the end has begun. Returns whether the
  /// lookup had stopped when the session's end returned.
  private func endLettingTheLookupStop(_ runtime: AppRuntime) async -> Bool {
    let ending = Task { @MainActor [lookup] in
      lookup.happened(.sessionEnding)
      _ = await runtime.end()
      return lookup.hasStopped
    }
    await lookup.waitFor(.sessionEnding)
    lookup.stop()
    return await ending.value
  }
}

/// A lookup that runs until it is cancelled, and then, as the engine's threads do, takes a
/// while to stop: until ``stop()``.
private final class SlowToStopLookup: Sendable {
  enum Event { case started, cancelled, sessionEnding }

  private let events: AsyncStream<Event>
  private let said: AsyncStream<Event>.Continuation
  private let state = Mutex(
    (isAllowedToStop: false, waiting: CheckedContinuation<Void, Never>?.none))
  private let stopped = Mutex(false)

  init() {
    (events, said) = AsyncStream.makeStream()
  }

  /// Says that `event` happened.
  func happened(_ event: Event) { said.yield(event) }

  /// Returns once `event` has happened.
  func waitFor(_ event: Event) async {
    for await happened in events where happened == event { return }
  }

  /// Whether the lookup's work has returned.
  var hasStopped: Bool { stopped.withLock { $0 } }

  /// Lets the cancelled lookup's work return.
  func stop() {
    let waiting = state.withLock { state in
      state.isAllowedToStop = true
      defer { state.waiting = nil }
      return state.waiting
    }
    waiting?.resume()
  }

  var client: NthPrimeClient {
    NthPrimeClient { _ in
      self.said.yield(.started)
      await withTaskCancellationHandler {
        // Not cancellable itself: the work goes on until it is let stop.
        await withCheckedContinuation { continuation in
          let mayStop = self.state.withLock { state in
            if !state.isAllowedToStop { state.waiting = continuation }
            return state.isAllowedToStop
          }
          if mayStop { continuation.resume() }
        }
      } onCancel: {
        self.said.yield(.cancelled)
      }
      self.stopped.withLock { $0 = true }
      throw CancellationError()
    }
  }
}
