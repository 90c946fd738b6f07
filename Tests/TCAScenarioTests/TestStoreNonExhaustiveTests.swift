/// TCA's `TestStoreNonExhaustiveTests.swift`, translated: what a test store that is not
/// exhaustive lets a test leave unsaid, and what it still fails on.
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

@MainActor
struct TCATestStoreNonExhaustiveTests {
  @Test func testSkipReceivedActions_NonStrict() async {
    let store = TestStore(initialState: 0, reducer: sendsFalseBack, environment: ())

    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.skipReceivedActions(strict: false)
    #expect(store.state == 2)
  }

  @Test func testSkipReceivedActions_Strict() async {
    let store = TestStore(initialState: 0, reducer: sendsFalseBack, environment: ())

    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.receive(false) { $0 = 2 }
    #expect(store.state == 2)
    await expectFailure {
      await store.skipReceivedActions(strict: true)
    } matching: {
      $0.hasSuffix("There were no received actions to skip.")
    }
  }

  @Test func testSkipReceivedActions_NonExhaustive() async {
    let store = TestStore(initialState: 0, reducer: sendsFalseBack, environment: ())
    store.exhaustivity = .off

    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.skipReceivedActions(strict: false)
    #expect(store.state == 2)
  }

  @Test func testSkipReceivedActions_PartialExhaustive() async {
    await expectNoFailure {
      let store = TestStore(initialState: 0, reducer: sendsFalseBack, environment: ())
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(true) { $0 = 1 }
      #expect(store.state == 1)
      await store.skipReceivedActions(strict: false)
      #expect(store.state == 2)
    }
  }

  @Test func testCancelInFlightEffects_NonStrict() async {
    let store = TestStore(initialState: 0, reducer: sleeps, environment: TestClock())

    await store.send(true)
    await store.skipInFlightEffects(strict: false)
  }

  @Test func testCancelInFlightEffects_Strict() async {
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Bool, Void> { _, _, _ in .run { _ in } },
      environment: ()
    )

    let task = await store.send(true)
    await task.finish()
    await expectFailure {
      await store.skipInFlightEffects(strict: true)
    } matching: {
      $0.hasSuffix("There were no in-flight effects to skip.")
    }
  }

  @Test func testCancelInFlightEffects_NonExhaustive() async {
    let store = TestStore(initialState: 0, reducer: sleeps, environment: TestClock())
    store.exhaustivity = .off

    await store.send(true)
    await store.skipInFlightEffects(strict: false)
  }

  @Test func testCancelInFlightEffects_PartialExhaustive() async {
    await expectNoFailure {
      let store = TestStore(initialState: 0, reducer: sleeps, environment: TestClock())
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(true)
      await store.skipInFlightEffects(strict: false)
    }
  }

  /// Confirms that you don't have to receive all actions before the test completes.
  @Test func testIgnoreReceiveActions_PartialExhaustive() async {
    await expectNoFailure {
      let store = TestStore(initialState: 0, reducer: sendsFalseBackOnly, environment: ())
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(true)
    }
  }

  /// Confirms that you don't have to receive all actions before the test completes.
  @Test func testIgnoreReceiveActions_NonExhaustive() async {
    let store = TestStore(initialState: 0, reducer: sendsFalseBackOnly, environment: ())
    store.exhaustivity = .off

    await store.send(true)
  }

  /// Confirms that all effects do not need to complete before the test completes.
  @Test func testIgnoreInFlightEffects_PartialExhaustive() async {
    await expectNoFailure {
      let store = TestStore(initialState: 0, reducer: sleeps, environment: TestClock())
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(true)
    }
  }

  /// Confirms that all effects do not need to complete before the test completes.
  @Test func testIgnoreInFlightEffects_NonExhaustive() async {
    let store = TestStore(initialState: 0, reducer: sleeps, environment: TestClock())
    store.exhaustivity = .off

    await store.send(true)
  }

  /// Confirms that you don't have to assert on all state changes in a non-exhaustive test
  /// store.
  @Test func testNonExhaustiveSend_PartialExhaustive() async {
    await expectNoFailure {
      let store = TestStore(initialState: CounterState(), reducer: counter, environment: ())
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(.increment) {
        $0.count = 1
        // Ignoring state change: isEven = false
      }
      await store.send(.increment) {
        $0.isEven = true
        // Ignoring state change: count = 2
      }
      await store.send(.increment) {
        $0.count = 3
        $0.isEven = false
      }
    }
  }

  @Test func testNonExhaustiveSend_PartialExhaustive_Prefix() async {
    await expectNoFailure {
      let store = TestStore(initialState: CounterState(), reducer: counter, environment: ())
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(.increment) {
        $0.count = 1
        // Ignoring state change: isEven = false
      }
    }
  }

  /// Confirms that you don't have to assert on all state changes in a non-exhaustive test
  /// store, *but* if you make an incorrect mutation you will still get a failure.
  @Test func testNonExhaustiveSend_PartialExhaustive_BadAssertion() async {
    let store = TestStore(initialState: CounterState(), reducer: counter, environment: ())
    store.exhaustivity = .off(showSkippedAssertions: true)

    await expectFailure(count: 1) {
      await store.send(.increment) {
        $0.count = 0
      }
    } matching: {
      $0.contains("A state change does not match expectation")
        && $0.contains("count: 0") && $0.contains("count: 1")
    }
  }

  /// Confirms that you don't have to assert on all state changes in a non-exhaustive test
  /// store, *and* that informational boxes of what was not asserted on is not shown.
  @Test func testNonExhaustiveSend_NonExhaustive() async {
    let reports = await issuesReported {
      let store = TestStore(initialState: CounterState(), reducer: counter, environment: ())
      store.exhaustivity = .off

      await store.send(.increment) {
        $0.count = 1
        // Ignoring state change: isEven = false
      }
    }
    #expect(reports == [])
  }

  /// Confirms that you can send actions without having received all effect actions in
  /// non-exhaustive test stores.
  @Test func testSend_SkipReceivedActions() async {
    struct State: Equatable {
      var count = 0
      var isLoggedIn = false
    }
    enum Action: Equatable, Sendable {
      case decrement
      case increment
      case loggedInResponse(Bool)
    }
    await expectNoFailure {
      let store = TestStore(
        initialState: State(),
        reducer: Reduce<State, Action, Void> { state, action, _ in
          switch action {
          case .decrement:
            state.count -= 1
            return .none
          case .increment:
            state.count += 1
            return .send(.loggedInResponse(true))
          case .loggedInResponse(let response):
            state.isLoggedIn = response
            return .none
          }
        },
        environment: ()
      )
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(.increment) {
        $0.count = 1
      }
      // Ignored received action: .loggedInResponse(true)
      await store.send(.decrement) {
        $0.count = 0
        // Ignored state change: isLoggedIn = true
      }
    }
  }

  /// Confirms that if you receive an action in a non-exhaustive test store with a bad assertion
  /// you will still get a failure.
  @Test func testSend_SkipReceivedActions_BadAssertion() async {
    struct State: Equatable {
      var count = 0
      var isLoggedIn = false
    }
    enum Action: Equatable, Sendable {
      case increment
      case loggedInResponse(Bool)
    }
    let store = TestStore(
      initialState: State(),
      reducer: Reduce<State, Action, Void> { state, action, _ in
        switch action {
        case .increment:
          state.count += 1
          return .send(.loggedInResponse(true))
        case .loggedInResponse(let response):
          state.isLoggedIn = response
          return .none
        }
      },
      environment: ()
    )
    store.exhaustivity = .off(showSkippedAssertions: true)

    await expectNoFailure {
      await store.send(.increment) {
        $0.count = 1
      }
    }
    await expectFailure(count: 1) {
      await store.receive(.loggedInResponse(true)) {
        $0.count = 2
        $0.isLoggedIn = true
      }
    } matching: {
      $0.contains("A state change does not match expectation")
        && $0.contains("count: 2") && $0.contains("count: 1")
    }
  }

  /// Confirms that with non-exhaustive test stores you can send multiple actions without
  /// asserting on any state changes until the very last action.
  @Test func testMultipleSendsWithAssertionOnLast() async {
    await expectNoFailure {
      let store = TestStore(initialState: CounterState(), reducer: counter, environment: ())
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(.increment)
      #expect(store.state == CounterState(count: 1, isEven: false))

      await store.send(.increment)
      #expect(store.state == CounterState(count: 2, isEven: true))

      await store.send(.increment) {
        $0.count = 3
      }
      #expect(store.state == CounterState(count: 3, isEven: false))
    }
  }

  /// Confirms that you don't have to assert on all state changes when receiving an action from
  /// an effect in a non-exhaustive test store.
  @Test func testReceive_StateChange() async {
    await expectNoFailure {
      let store = TestStore(
        initialState: ReceiveState(), reducer: nonExhaustiveReceive, environment: ())
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(.onAppear)
      #expect(store.state == ReceiveState(count: 0, int: 0, string: ""))

      await store.receive(.response1(42)) {
        // Ignored state change: count = 1
        $0.int = 42
      }
      #expect(store.state == ReceiveState(count: 1, int: 42, string: ""))

      await store.receive(.response2("Hello")) {
        // Ignored state change: count = 2
        $0.string = "Hello"
      }
      #expect(store.state == ReceiveState(count: 2, int: 42, string: "Hello"))
    }
  }

  /// Confirms that you can skip receiving certain effect actions in a non-exhaustive test
  /// store.
  @Test func testReceive_SkipAction() async {
    await expectNoFailure {
      let store = TestStore(
        initialState: ReceiveState(), reducer: nonExhaustiveReceive, environment: ())
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(.onAppear)
      #expect(store.state == ReceiveState(count: 0, int: 0, string: ""))

      // Ignored received action: .response1(42)

      await store.receive(.response2("Hello")) {
        $0.count = 2
        $0.string = "Hello"
      }
      #expect(store.state == ReceiveState(count: 2, int: 42, string: "Hello"))
    }
  }

  /// Confirms that you are allowed to send actions without having received all actions queued
  /// from effects.
  @Test func testSendWithUnreceivedAction() async {
    await expectNoFailure {
      let store = TestStore(
        initialState: ReceiveState(), reducer: nonExhaustiveReceive, environment: ())
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(.onAppear)
      // Ignored received action: .response1(42)
      // Ignored received action: .response2("Hello")

      await store.send(.onAppear)
      // Ignored received action: .response1(42)
      // Ignored received action: .response2("Hello")
    }
  }

  /// Confirms that when you send an action the test store skips any unreceived actions
  /// automatically.
  @Test func testSendWithUnreceivedActions_SkipsActions() async {
    enum Action: Equatable, Sendable {
      case tap
      case response(Int)
    }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action, Void> { state, action, _ in
        switch action {
        case .tap:
          state += 1
          return .run { [state] send in await send(.response(state + 42)) }
        case .response(let number):
          state = number
          return .none
        }
      },
      environment: ()
    )
    store.exhaustivity = .off

    await store.send(.tap)
    #expect(store.state == 1)

    // Ignored received action: .response(43)
    await store.send(.tap)
    #expect(store.state == 44)

    await store.skipReceivedActions()
    #expect(store.state == 86)
  }

  @Test func testPartialExhaustivityPrefix() async {
    enum Action: Equatable, Sendable {
      case buttonTapped
      case response(Int)
    }
    let testScheduler = TestClock()
    await expectNoFailure {
      let store = TestStore(
        initialState: 0,
        reducer: Reduce<Int, Action, TestClock> { state, action, testScheduler in
          switch action {
          case .buttonTapped:
            state += 1
            let sleep = testScheduler.sleeper(for: .seconds(1))
            return .run { send in
              await send(.response(42))
              guard await sleep() else { return }
              await send(.response(1729))
            }
          case .response(let number):
            state = number
            return .none
          }
        },
        environment: testScheduler
      )
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(.buttonTapped)
      // Ignored state mutation: state = 1
      // Ignored received action: .response(42)
      await testScheduler.advance(by: .milliseconds(500))
      await store.send(.buttonTapped) {
        $0 = 43
      }

      await testScheduler.advance(by: .milliseconds(500))
      await store.skipInFlightEffects()
      await store.skipReceivedActions()
      // Ignored received action: .response(42)
      // Ignored received action: .response(1729)
      // Ignore in-flight effect
    }
  }

  @Test func testCasePathReceive_PartialExhaustive() async {
    await expectNoFailure {
      let store = TestStore(
        initialState: ReceiveState(), reducer: nonExhaustiveReceive, environment: ())
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(.onAppear)
      await store.receive(.response1) {
        $0.int = 42
      }
      await store.receive(.response2) {
        $0.string = "Hello"
      }
    }
  }

  @Test func testCasePathReceive_NonExhaustive() async {
    let store = TestStore(
      initialState: ReceiveState(), reducer: nonExhaustiveReceive, environment: ())
    store.exhaustivity = .off

    await store.send(.onAppear)
    await store.receive(.response1) {
      $0.int = 42
    }
    await store.receive(.response2) {
      $0.string = "Hello"
    }
  }

  @Test func testCasePathReceive_Exhaustive() async {
    let store = TestStore(
      initialState: ReceiveState(), reducer: nonExhaustiveReceive, environment: ())

    await store.send(.onAppear)
    await store.receive(.response1) {
      $0.count = 1
      $0.int = 42
    }
    await store.receive(.response2) {
      $0.count = 2
      $0.string = "Hello"
    }
  }

  @Test func testCasePathReceive_SkipReceivedAction() async {
    await expectNoFailure {
      let store = TestStore(
        initialState: ReceiveState(), reducer: nonExhaustiveReceive, environment: ())
      store.exhaustivity = .off(showSkippedAssertions: true)

      await store.send(.onAppear)
      await store.receive(.response2) {
        $0.string = "Hello"
      }
    }
  }

  @Test func testCasePathReceive_WrongAction() async {
    let store = TestStore(
      initialState: ReceiveState(), reducer: nonExhaustiveReceive, environment: ())
    store.exhaustivity = .off(showSkippedAssertions: true)

    await expectNoFailure {
      await store.send(.onAppear)
    }

    // The received actions that do not match stay, for the receives after this one.
    await expectFailure(count: 1) {
      await store.receive(.onAppearCase)
      await store.receive(.response1)
      await store.receive(.response2)
    } matching: {
      // TCA's message: "Expected to receive an action matching case path, but didn't get one."
      $0.contains("Expected to receive")
    }
  }

  @Test func testCasePathReceive_ReceivedExtraAction() async {
    let store = TestStore(
      initialState: ReceiveState(), reducer: nonExhaustiveReceive, environment: ())
    store.exhaustivity = .off(showSkippedAssertions: true)

    await expectNoFailure {
      await store.send(.onAppear)
      await store.receive(.response2)
    }

    await expectFailure(count: 1) {
      await store.receive(.response2)
    } matching: {
      // TCA's message: "Expected to receive an action matching case path, but didn't get one."
      $0.contains("Expected to receive")
    }
  }

  @Test func testReceiveNonExhaustiveWithTimeout() async {
    struct State: Equatable {}
    enum Action: Equatable, Sendable { case tap, response1, response2 }
    let clock = TestClock()
    let store = TestStore(
      initialState: State(),
      reducer: Reduce<State, Action, TestClock> { _, action, clock in
        switch action {
        case .tap:
          // The second sleep starts as the first ends, 10 milliseconds later.
          let (sleep1, sleep2) = (
            clock.sleeper(for: .milliseconds(10)), clock.sleeper(for: .milliseconds(20))
          )
          return .run { send in
            guard await sleep1() else { return }
            await send(.response1)
            guard await sleep2() else { return }
            await send(.response2)
          }
        case .response1, .response2:
          return .none
        }
      },
      environment: clock
    )
    store.exhaustivity = .off

    await store.send(.tap)
    // Time passes while the test waits for the response, as it does for TCA's real sleeps.
    // TCA's timeout is a second; here `receive` waits for as long as the effect runs, and the
    // timeout is only a safety net that a busy machine must not reach.
    let time = Task { await clock.advance(by: .milliseconds(20)) }
    await store.receive(.response2, timeout: .seconds(30))
    await time.value
  }

  @Test func testReceiveNonExhaustiveWithTimeoutMultipleNonMatching() async {
    struct State: Equatable {}
    enum Action: Equatable, Sendable { case tap, response1, response2 }
    let clock = TestClock()
    let store = TestStore(
      initialState: State(),
      reducer: Reduce<State, Action, TestClock> { _, action, clock in
        switch action {
        case .tap:
          // The second sleep starts as the first ends, 10 milliseconds later.
          let (sleep1, sleep2) = (
            clock.sleeper(for: .milliseconds(10)), clock.sleeper(for: .milliseconds(20))
          )
          return .run { send in
            guard await sleep1() else { return }
            await send(.response1)
            guard await sleep2() else { return }
            await send(.response1)
          }
        case .response1:
          return .none
        case .response2:
          return .none
        }
      },
      environment: clock
    )
    store.exhaustivity = .off

    await store.send(.tap)
    let time = Task { await clock.advance(by: .milliseconds(20)) }
    await expectFailure {
      await store.receive(.response2, timeout: .seconds(30))
    } matching: {
      // TCA's message: "Expected to receive a matching action, but received none after 1.0
      // seconds." (here, at once when the effect ends), or "Expected to receive the following action, but didn't: … response2"
      $0.contains("Expected to receive")
    }
    await time.value
  }

  @Test func testReceiveNonExhaustiveWithTimeoutMultipleMatching() async {
    struct State: Equatable {}
    enum Action: Equatable, Sendable { case tap, response1, response2 }
    let clock = TestClock()
    let store = TestStore(
      initialState: State(),
      reducer: Reduce<State, Action, TestClock> { _, action, clock in
        switch action {
        case .tap:
          // The second sleep starts as the first ends, 10 milliseconds later.
          let (sleep1, sleep2) = (
            clock.sleeper(for: .milliseconds(10)), clock.sleeper(for: .milliseconds(20))
          )
          return .run { send in
            guard await sleep1() else { return }
            await send(.response2)
            guard await sleep2() else { return }
            await send(.response2)
          }
        case .response1, .response2:
          return .none
        }
      },
      environment: clock
    )
    store.exhaustivity = .off

    await store.send(.tap)
    let time = Task { await clock.advance(by: .milliseconds(20)) }
    await store.receive(.response2, timeout: .seconds(30))
    await store.receive(.response2, timeout: .seconds(30))
    await time.value
  }

  @Test func testNonExhaustive_ShowSkippedAssertions_ExpectedStateToChange() async {
    // TCA's action is `Void`, which a test store here cannot compare.
    enum Action: Equatable, Sendable { case void }
    await expectNoFailure {
      let store = TestStore(
        initialState: 0, reducer: Reduce<Int, Action, Void>.empty, environment: ())
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.void) { $0 = 0 }
      store.assert { $0 = 0 }
    }
  }

  // This example comes from Krzysztof Zabłocki's blog post:
  // https://www.merowing.info/exhaustive-testing-in-tca/
  @Test func testKrzysztofExample1() async {
    let store = TestStore(
      initialState: KrzysztofState(), reducer: krzysztofExample, environment: TestClock())
    store.exhaustivity = .off

    await store.send(.changeIdentity(name: "Marek", surname: "Ignored")) {
      $0.name = "Marek"
    }
  }

  // This example comes from Krzysztof Zabłocki's blog post:
  // https://www.merowing.info/exhaustive-testing-in-tca/
  @Test func testKrzysztofExample2() async {
    let store = TestStore(
      initialState: KrzysztofState(), reducer: krzysztofExample, environment: TestClock())
    store.exhaustivity = .off

    await store.send(.changeIdentity(name: "Adam", surname: "Stern"))
    await store.send(.changeIdentity(name: "Piotr", surname: "Galiszewski"))
    await store.send(.changeIdentity(name: "Merowing", surname: "Info")) {
      $0.name = "Merowing"
      $0.surname = "Info"
    }
  }

  // This example comes from Krzysztof Zabłocki's blog post:
  // https://www.merowing.info/exhaustive-testing-in-tca/
  @Test func testKrzysztofExample3() async {
    let mainQueue = TestClock()
    let store = TestStore(
      initialState: KrzysztofState(), reducer: krzysztofExample, environment: mainQueue)
    store.exhaustivity = .off

    await store.send(.advanceAgeAndMoodAfterDelay)
    await mainQueue.advance(by: .seconds(1))
    await store.receive(.changeAge(34)) {
      $0.age = 34
    }
    #expect(store.state.age == 34)
  }
}

// MARK: - Reducers

/// `true` counts and sends `false` back, which counts again.
@MainActor private let sendsFalseBack = Reduce<Int, Bool, Void> { state, action, _ in
  if action {
    state += 1
    return .send(false)
  } else {
    state += 1
    return .none
  }
}

/// `true` sends `false` back; nothing counts.
@MainActor private let sendsFalseBackOnly = Reduce<Int, Bool, Void> { _, action, _ in
  action ? .send(false) : .none
}

/// Every action sleeps a second on the clock, which no test advances: TCA's
/// `Task.sleep(nanoseconds: NSEC_PER_SEC)`, an effect still in flight when the test ends.
@MainActor private let sleeps = Reduce<Int, Bool, TestClock> { _, _, clock in
  let sleep = clock.sleeper(for: .seconds(1))
  return .run { _ in _ = await sleep() }
}

private struct CounterState: Equatable {
  var count = 0
  var isEven = true
}

private enum CounterAction: Equatable, Sendable {
  case increment
  case decrement
}

@MainActor private let counter = Reduce<CounterState, CounterAction, Void> { state, action, _ in
  switch action {
  case .increment:
    state.count += 1
    state.isEven.toggle()
    return .none
  case .decrement:
    state.count -= 1
    state.isEven.toggle()
    return .none
  }
}

private struct ReceiveState: Equatable {
  var count = 0
  var int = 0
  var string = ""
}

private enum ReceiveAction: Equatable, Sendable {
  case onAppear
  case response1(Int)
  case response2(String)
}

extension CasePath<ReceiveAction, Void> {
  /// `onAppear`'s case: TCA's `\.onAppear`.
  fileprivate static var onAppearCase: Self {
    Self({ _ in .onAppear }) { if case .onAppear = $0 { () } else { nil } }
  }
}

extension CasePath<ReceiveAction, Int> {
  fileprivate static var response1: Self {
    Self(ReceiveAction.response1) { if case .response1(let value) = $0 { value } else { nil } }
  }
}

extension CasePath<ReceiveAction, String> {
  fileprivate static var response2: Self {
    Self(ReceiveAction.response2) { if case .response2(let value) = $0 { value } else { nil } }
  }
}

@MainActor private let nonExhaustiveReceive = Reduce<ReceiveState, ReceiveAction, Void> {
  state, action, _ in
  switch action {
  case .onAppear:
    state = ReceiveState()
    return .merge(
      .send(.response1(42)),
      .send(.response2("Hello"))
    )
  case .response1(let int):
    state.count += 1
    state.int = int
    return .none
  case .response2(let string):
    state.count += 1
    state.string = string
    return .none
  }
}

// This example comes from Krzysztof Zabłocki's blog post:
// https://www.merowing.info/exhaustive-testing-in-tca/
private struct KrzysztofState: Equatable {
  var name: String = "Krzysztof"
  var surname: String = "Zabłocki"
  var age: Int = 33
  var mood: Int = 0
}

private enum KrzysztofAction: Equatable, Sendable {
  case changeIdentity(name: String, surname: String)
  case changeAge(Int)
  case changeMood(Int)
  case advanceAgeAndMoodAfterDelay
}

@MainActor private let krzysztofExample = Reduce<KrzysztofState, KrzysztofAction, TestClock> {
  state, action, mainQueue in
  switch action {
  case .changeIdentity(let name, let surname):
    state.name = name
    state.surname = surname
    return .none

  case .advanceAgeAndMoodAfterDelay:
    let sleep = mainQueue.sleeper(for: .seconds(1))
    return .run { [state] send in
      guard await sleep() else { return }
      async let changeAge: () = send(.changeAge(state.age + 1))
      async let changeMood: () = send(.changeMood(state.mood + 1))
      _ = await (changeAge, changeMood)
    }

  case .changeAge(let age):
    state.age = age
    return .none
  case .changeMood(let mood):
    state.mood = mood
    return .none
  }
}
