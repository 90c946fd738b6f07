/// TCA's `EffectRunTests.swift`, translated: `Effect.run`, and a `send` that outlives its effect.
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Synchronization
import Testing

@MainActor
struct TCAEffectRunTests {
  @Test func testRun() async {
    struct State: Equatable {}
    enum Action: Equatable, Sendable { case tapped, response }
    let store = TestStore(
      initialState: State(),
      reducer: Reduce<State, Action, Void> { _, action, _ in
        switch action {
        case .tapped:
          return .run { send in await send(.response) }
        case .response:
          return .none
        }
      },
      environment: ()
    )
    await store.send(.tapped)
    await store.receive(.response)
  }

  /// TCA's `.run(operation:catch:)`; an effect here cannot throw, so it catches in a `do` block,
  /// the other way TCA offers to handle an error.
  @Test func testRunCatch() async {
    struct State: Equatable {}
    enum Action: Equatable, Sendable { case tapped, response }
    struct Failure: Error {}
    let store = TestStore(
      initialState: State(),
      reducer: Reduce<State, Action, Void> { _, action, _ in
        switch action {
        case .tapped:
          return .run { send in
            do {
              throw Failure()
            } catch {
              await send(.response)
            }
          }
        case .response:
          return .none
        }
      },
      environment: ()
    )
    await store.send(.tapped)
    await store.receive(.response)
  }

  @Test func testRunEscapeFailure() async {
    enum Action: Equatable, Sendable { case tap, response }
    let queue = TestClock()
    let sent = Signal()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Action, TestClock> { _, action, queue in
        switch action {
        case .tap:
          let sleep = queue.sleeper(for: .seconds(1))
          return .run { send in
            Task(priority: .userInitiated) {
              if await sleep() {
                await send(.response)
              }
              sent.send()
            }
          }
        case .response:
          return .none
        }
      },
      environment: queue
    )

    let reports = Mutex<[String]>([])
    let reporter = RuntimeWarning.Reporter { message in reports.withLock { $0.append(message) } }
    await RuntimeWarning.$reporter.withValue(reporter) {
      await store.send(.tap).finish()
      await queue.advance(by: .seconds(1))
      await sent.wait()
    }

    let messages = reports.withLock { $0 }
    #expect(messages.count == 1)
    // TCA's message: "An action was sent from a completed effect. …"
    #expect(messages.first?.contains("An action was sent from a completed effect") == true)
  }
}
