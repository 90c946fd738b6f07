import AppCore
import Foundation
import NthPrimeClient
import Runtime
import Synchronization
import Testing

/// The end of a session: a lookup's work, which may run on for a moment after the lookup is
/// cancelled (the engine's threads stop at their next check), has stopped before the session
/// has ended, so that no work of it is left running when the process exits.
@MainActor
struct SessionEndTests {
  private let lookup = SlowToStopLookup()
  private let runtime: AppRuntime

  init() {
    runtime = AppRuntime(
      initialState: AppState(count: 5),
      environment: AppEnvironment(
        nthPrime: lookup.client, fileClient: .noop, now: { Date(timeIntervalSince1970: 0) }))
  }

  @Test func aLookupCancelledEarlier_hasStopped_whenTheSessionHasEnded() async throws {
    runtime.dispatch(.step(.counter(.nthPrimeTapped)))
    await lookup.waitFor(.started)
    // Ctrl-C in the REPL: the prompt comes back at once, while the lookup's work stops.
    let cancel = try #require(runtime.state.lookupCancellation)
    runtime.dispatch(.step(cancel))
    #expect(!runtime.state.isLookingUp)
    #expect(await endLettingTheLookupStop())
  }

  @Test func aLookupStillRunning_isCancelled_andHasStopped_whenTheSessionHasEnded() async {
    runtime.dispatch(.step(.counter(.nthPrimeTapped)))
    await lookup.waitFor(.started)
    // `q` on the full screen while the lookup runs.
    #expect(await endLettingTheLookupStop())
    #expect(!runtime.state.isLookingUp)
  }

  /// Ends the session, and lets the lookup stop once it is cancelled. Returns whether the
  /// lookup had stopped when the session's end returned.
  private func endLettingTheLookupStop() async -> Bool {
    let ending = Task { @MainActor [runtime, lookup] in
      _ = await runtime.end()
      return lookup.hasStopped
    }
    await lookup.waitFor(.cancelled)
    lookup.stop()
    return await ending.value
  }
}

/// A lookup that runs until it is cancelled, and then, as the engine's threads do, takes a
/// while to stop: until ``stop()``.
private final class SlowToStopLookup: Sendable {
  enum Event { case started, cancelled }

  private let events: AsyncStream<Event>
  private let said: AsyncStream<Event>.Continuation
  private let state = Mutex(
    (isAllowedToStop: false, waiting: CheckedContinuation<Void, Never>?.none))
  private let stopped = Mutex(false)

  init() {
    (events, said) = AsyncStream.makeStream()
  }

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
