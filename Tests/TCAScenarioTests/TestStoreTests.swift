/// TCA's `TestStoreTests.swift`, translated: what a test store asserts, in which order it hands
/// effects' actions to `receive`, and what the state reads inside an assertion.
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Testing

@MainActor
struct TCATestStoreTests {
  @Test func testEffectConcatenation() async {
    struct State: Equatable {}
    enum Action: Equatable, Sendable {
      case a, b1, b2, b3, c1, c2, c3, d
    }
    let mainQueue = TestClock()
    let store = TestStore(
      initialState: State(),
      reducer: Reduce<State, Action, TestClock> { _, action, mainQueue in
        switch action {
        case .a:
          let sleep = mainQueue.sleeper(for: .seconds(1))
          return .merge(
            .run { send in
              guard await sleep() else { return }
              await send(.b1)
              await send(.c1)
            },
            .run { _ in await neverEnding() }
              .cancellable(id: 1)
          )
        case .b1:
          return .merge(.send(.b2), .send(.b3))
        case .c1:
          return .merge(.send(.c2), .send(.c3))
        case .b2, .b3, .c2, .c3:
          return .none
        case .d:
          return .cancel(id: 1)
        }
      },
      environment: mainQueue
    )

    await store.send(.a)

    await mainQueue.advance(by: .seconds(1))

    await store.receive(.b1)
    await store.receive(.b2)
    await store.receive(.b3)

    await store.receive(.c1)
    await store.receive(.c2)
    await store.receive(.c3)

    await store.send(.d)
  }

  @Test func testAsync() async {
    enum Action: Equatable, Sendable {
      case tap
      case response(Int)
    }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action, Void> { state, action, _ in
        switch action {
        case .tap:
          return .run { send in await send(.response(42)) }
        case .response(let number):
          state = number
          return .none
        }
      },
      environment: ()
    )

    await store.send(.tap)
    await store.receive(.response(42)) {
      $0 = 42
    }
  }

  @Test func testExpectedStateEquality() async {
    struct State: Equatable {
      var count: Int = 0
      var isChanging: Bool = false
    }
    enum Action: Equatable, Sendable {
      case increment
      case changed(from: Int, to: Int)
    }
    let store = TestStore(
      initialState: State(),
      reducer: Reduce<State, Action, Void> { state, action, _ in
        switch action {
        case .increment:
          state.isChanging = true
          return .send(.changed(from: state.count, to: state.count + 1))
        case .changed(let from, let to):
          state.isChanging = false
          if state.count == from {
            state.count = to
          }
          return .none
        }
      },
      environment: ()
    )

    await store.send(.increment) {
      $0.isChanging = true
    }
    await store.receive(.changed(from: 0, to: 1)) {
      $0.isChanging = false
      $0.count = 1
    }

    await expectFailure {
      await store.send(.increment) {
        $0.isChanging = false
      }
    } matching: {
      $0.contains("A state change does not match expectation")
    }

    await expectFailure {
      await store.receive(.changed(from: 1, to: 2)) {
        $0.isChanging = true
        $0.count = 1100
      }
    } matching: {
      $0.contains("A state change does not match expectation")
    }
  }

  @Test func testExpectedStateEqualityMustModify() async {
    struct State: Equatable {
      var count: Int = 0
    }
    enum Action: Equatable, Sendable {
      case noop, finished
    }
    let store = TestStore(
      initialState: State(),
      reducer: Reduce<State, Action, Void> { _, action, _ in
        switch action {
        case .noop:
          return .send(.finished)
        case .finished:
          return .none
        }
      },
      environment: ()
    )

    await store.send(.noop)
    await store.receive(.finished)

    await expectFailure {
      await store.send(.noop) {
        $0.count = 0
      }
    } matching: {
      $0.contains("Expected state to change, but no change occurred")
    }

    await expectFailure {
      await store.receive(.finished) {
        $0.count = 0
      }
    } matching: {
      $0.contains("Expected state to change, but no change occurred")
    }
  }

  @Test func testReceiveActionMatchingPredicate() async {
    enum Action: Equatable, Sendable {
      case noop, finished
    }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action, Void> { _, action, _ in
        switch action {
        case .noop:
          return .send(.finished)
        case .finished:
          return .none
        }
      },
      environment: ()
    )

    var predicateWasCalled = false
    await store.send(.noop)
    await store.receive(where: { action in
      predicateWasCalled = true
      return action == .finished
    })
    #expect(predicateWasCalled)

    await store.send(.noop)
    await expectFailure {
      await store.receive(.noop)
    } matching: {
      isUnexpectedReceive($0)
    }

    await store.send(.noop)
    await expectFailure {
      await store.receive(where: { $0 == .noop })
    } matching: {
      isUnexpectedReceive($0)
    }
  }

  @Test func testStateAccess() async {
    enum Action: Equatable, Sendable { case a, b, c, d }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action, Void> { count, action, _ in
        switch action {
        case .a:
          count += 1
          return .merge(.send(.b), .send(.c), .send(.d))
        case .b, .c, .d:
          count += 1
          return .none
        }
      },
      environment: ()
    )

    await store.send(.a) {
      $0 = 1
      #expect(store.state == 0)
    }
    #expect(store.state == 1)
    await store.receive(.b) {
      $0 = 2
      #expect(store.state == 1)
    }
    #expect(store.state == 2)
    await store.receive(.c) {
      $0 = 3
      #expect(store.state == 2)
    }
    #expect(store.state == 3)
    await store.receive(.d) {
      $0 = 4
      #expect(store.state == 3)
    }
    #expect(store.state == 4)
  }

  /// TCA overrides the date dependency on the test store midway; here the test store's
  /// environment, which a test may change between actions, holds it.
  @Test func testOverrideDependenciesOnTestStore_MidwayChange() async {
    struct Environment {
      var now: Date
    }
    // TCA's action is `Void`, which a test store here cannot compare.
    enum Action: Equatable, Sendable { case void }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action, Environment> { state, _, environment in
        state = Int(environment.now.timeIntervalSince1970)
        return .none
      },
      environment: Environment(now: Date(timeIntervalSince1970: 1_234_567_890))
    )

    await store.send(.void) { $0 = 1_234_567_890 }

    store.environment.now = Date(timeIntervalSince1970: 987_654_321)

    await store.send(.void) { $0 = 987_654_321 }
  }

  @Test func testEffectEmitAfterSkipInFlightEffects() async {
    enum Action: Equatable, Sendable { case tap, response }
    let mainQueue = TestClock()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action, TestClock> { state, action, mainQueue in
        switch action {
        case .tap:
          let sleep = mainQueue.sleeper(for: .seconds(1))
          return .run { send in
            guard await sleep() else { return }
            await send(.response)
          }
        case .response:
          state = 42
          return .none
        }
      },
      environment: mainQueue
    )

    await store.send(.tap)
    await store.skipInFlightEffects()
    await mainQueue.advance(by: .seconds(1))
    await store.receive(.response) {
      $0 = 42
    }
  }

  @Test func testAssert_NonExhaustiveTestStore() async {
    let store = TestStore(
      initialState: 0, reducer: Reduce<Int, Never, Void>.empty, environment: ())
    store.exhaustivity = .off

    store.assert {
      $0 = 0
    }
  }

  @Test func testAssert_NonExhaustiveTestStore_Failure() async {
    let store = TestStore(
      initialState: 0, reducer: Reduce<Int, Never, Void>.empty, environment: ())
    store.exhaustivity = .off

    await expectFailure {
      store.assert {
        $0 = 1
      }
    } matching: {
      $0.contains("A state change does not match expectation")
        && $0.contains("− 1") && $0.contains("+ 0")
    }
  }
}
