/// TCA's `TestStoreFailureTests.swift`, translated: each failure an exhaustive test store
/// reports, and how often.
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

@MainActor
struct TCATestStoreFailureTests {
  @Test func testNoStateChangeFailure() async {
    enum Action: Equatable, Sendable { case first, second }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action, Void> { _, action, _ in
        switch action {
        case .first: return .send(.second)
        case .second: return .none
        }
      },
      environment: ()
    )

    await expectFailure(count: 1) {
      await store.send(.first) { _ = $0 }
    } matching: {
      $0.contains("Expected state to change, but no change occurred")
    }

    await expectFailure(count: 1) {
      await store.receive(.second) { _ = $0 }
    } matching: {
      $0.contains("Expected state to change, but no change occurred")
    }
  }

  @Test func testStateChangeFailure() async {
    struct State: Equatable { var count = 0 }
    // TCA's action is `Void`, which a test store here cannot compare.
    enum Action: Equatable, Sendable { case void }
    let store = TestStore(
      initialState: State(),
      reducer: Reduce<State, Action, Void> { state, _, _ in
        state.count += 1
        return .none
      },
      environment: ()
    )

    await expectFailure(count: 1) {
      await store.send(.void) { $0.count = 0 }
    } matching: {
      $0.contains("A state change does not match expectation")
        && $0.contains("State(count: 0)") && $0.contains("State(count: 1)")
    }
  }

  @Test func testUnexpectedStateChangeOnSendFailure() async {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable, Sendable { case void }
    let store = TestStore(
      initialState: State(),
      reducer: Reduce<State, Action, Void> { state, _, _ in
        state.count += 1
        return .none
      },
      environment: ()
    )

    await expectFailure(count: 1) {
      await store.send(.void)
    } matching: {
      $0.contains("State was not expected to change, but a change occurred")
        && $0.contains("State(count: 0)") && $0.contains("State(count: 1)")
    }
  }

  @Test func testUnexpectedStateChangeOnReceiveFailure() async {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable, Sendable { case first, second }
    let store = TestStore(
      initialState: State(),
      reducer: Reduce<State, Action, Void> { state, action, _ in
        switch action {
        case .first: return .send(.second)
        case .second:
          state.count += 1
          return .none
        }
      },
      environment: ()
    )

    await store.send(.first)
    await expectFailure(count: 1) {
      await store.receive(.second)
    } matching: {
      $0.contains("State was not expected to change, but a change occurred")
        && $0.contains("State(count: 0)") && $0.contains("State(count: 1)")
    }
  }

  @Test func testReceivedActionAfterDeinit() async {
    enum Action: Equatable, Sendable { case first, second }
    await expectFailure(count: 1) {
      let store = TestStore(
        initialState: 0,
        reducer: Reduce<Int, Action, Void> { _, action, _ in
          switch action {
          case .first: return .send(.second)
          case .second: return .none
          }
        },
        environment: ()
      )
      await store.send(.first)
    } matching: {
      $0.contains("The store received 1 unexpected action") && $0.contains(".second")
    }
  }

  @Test func testReceivedActionBeforeFinish() async {
    enum Action: Equatable, Sendable { case first, second }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action, Void> { _, action, _ in
        switch action {
        case .first: return .send(.second)
        case .second: return .none
        }
      },
      environment: ()
    )

    await store.send(.first)
    await expectFailure(count: 1) {
      await store.finish()
    } matching: {
      $0.contains("The store received 1 unexpected action") && $0.contains(".second")
    }
  }

  @Test func testEffectInFlightAfterDeinit() async {
    enum Action: Equatable, Sendable { case void }
    await expectFailure(count: 1) {
      let store = TestStore(
        initialState: 0,
        reducer: Reduce<Int, Action, Void> { _, _, _ in
          .run { _ in await neverEnding() }
        },
        environment: ()
      )
      await store.send(.void)
    } matching: {
      // TCA's message: "An effect returned for this action is still running. It must complete
      // before the end of the test. …"
      $0.contains("still running")
    }
  }

  @Test func testSendActionBeforeReceivingFailure() async {
    enum Action: Equatable, Sendable { case first, second }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action, Void> { _, action, _ in
        switch action {
        case .first: return .send(.second)
        case .second: return .none
        }
      },
      environment: ()
    )

    await store.send(.first)

    await expectFailure(count: 1) {
      await store.send(.first)
    } matching: {
      $0.contains("Must handle 1 received action") && $0.contains(".second")
    }

    await store.receive(.second)
    await store.receive(.second)
  }

  @Test func testReceiveNonExistentActionFailure() async {
    enum Action: Equatable, Sendable { case action }
    let store = TestStore(
      initialState: 0, reducer: Reduce<Int, Action, Void>.empty, environment: ())

    await expectFailure(count: 1) {
      await store.receive(.action)
    } matching: {
      // TCA's message: "Expected to receive the following action, but didn't: …"
      $0.contains("Expected to receive")
    }
  }

  @Test func testReceiveUnexpectedActionFailure() async {
    enum Action: Equatable, Sendable { case first, second }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action, Void> { state, action, _ in
        switch action {
        case .first:
          return .send(.second)
        case .second:
          state += 1
          return .none
        }
      },
      environment: ()
    )

    await store.send(.first)

    // Reported once, as an unexpected action, without a second report of the state it left.
    await expectFailure(count: 1) {
      await store.receive(.first)
    } matching: {
      isUnexpectedReceive($0) && $0.contains(".first") && $0.contains(".second")
    }
  }

  @Test func testModifyClosureThrowsErrorFailure() async {
    struct SomeError: Error {}
    enum Action: Equatable, Sendable { case void }
    let store = TestStore(
      initialState: 0, reducer: Reduce<Int, Action, Void>.empty, environment: ())

    await expectFailure(count: 1) {
      await store.send(.void) { _ in
        throw SomeError()
      }
    } matching: {
      // TCA's message: "Threw error: SomeError()"
      $0.contains("SomeError()")
    }
  }

  @Test func testExpectedStateEqualityMustModify() async {
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Bool, Void> { _, action, _ in
        switch action {
        case true: return .send(false)
        case false: return .none
        }
      },
      environment: ()
    )

    await store.send(true)
    await store.receive(false)

    await expectFailure {
      await store.send(true) {
        $0 = 0
      }
    } matching: {
      $0.contains("Expected state to change, but no change occurred")
    }

    await expectFailure {
      await store.receive(false) {
        $0 = 0
      }
    } matching: {
      $0.contains("Expected state to change, but no change occurred")
    }
  }
}
