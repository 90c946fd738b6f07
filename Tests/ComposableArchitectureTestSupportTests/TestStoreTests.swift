import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import IssueReporting
import Synchronization
import Testing

private struct State: Equatable {
  var count = 0
  var response: Int?
}

private enum Action: Equatable, Sendable {
  case incr
  case request
  case requestTwice
  case response(Int)
  case log
  case waitForever
  case cancel
}

private struct WaitID: Hashable, Sendable {}

@MainActor private let reducer = Reduce<State, Action, Int> { state, action, answer in
  switch action {
  case .incr:
    state.count += 1
    return .none
  case .request:
    return .run { send in await send(.response(answer)) }
  case .requestTwice:
    return .run { send in
      await send(.response(answer))
      await send(.response(answer + 1))
    }
  case .response(let value):
    state.response = value
    return .none
  case .log:
    return .fireAndForget { await waitUntilCancelled() }
  case .waitForever:
    return .run { _ in await waitUntilCancelled() }.cancellable(id: WaitID())
  case .cancel:
    return .cancel(id: WaitID())
  }
}

/// Suspends until the calling task is cancelled.
private func waitUntilCancelled() async {
  let (stream, continuation) = AsyncStream<Void>.makeStream()
  for await _ in stream {}
  continuation.finish()
}

/// Runs `body`, which must make the test store report at least one issue, each of which
/// `matching` accepts. The issues are checked here and printed nowhere: a test that expects a
/// failure stays quiet while it behaves.
@MainActor
private func expectFailure(
  _ body: () async -> Void, matching: (String) -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  let messages = await issuesReported(during: body)
  #expect(!messages.isEmpty, "no issue was reported", sourceLocation: sourceLocation)
  for message in messages where !matching(message) {
    Issue.record("an unexpected issue: \(message)", sourceLocation: sourceLocation)
  }
}

@MainActor
struct IssuesReportedTests {
  @Test func collectsWhatIsReported_andRecordsNothing() async {
    let reports = await issuesReported {
      reportIssue("first")
      reportIssue("second")
    }
    #expect(reports == ["first", "second"])
  }
}

@MainActor
struct TestStoreTests {
  private func makeStore() -> TestStore<State, Action, Int> {
    TestStore(initialState: State(), reducer: reducer, environment: 42)
  }

  @Test func passes_whenEveryChangeAndActionIsAsserted() async {
    let store = makeStore()
    await store.send(.incr) { $0.count = 1 }
    await store.send(.request)
    await store.receive(.response(42)) { $0.response = 42 }
    await store.finish()
  }

  @Test func fails_onUnassertedStateChange() async {
    await expectFailure {
      let store = makeStore()
      await store.send(.incr)
    } matching: { description in
      description.contains("State was not expected to change")
        && description.contains("−   count: 0,")
        && description.contains("+   count: 1,")
    }
  }

  @Test func fails_onWrongAssertedChange_withADiff() async {
    await expectFailure {
      let store = makeStore()
      await store.send(.incr) { $0.count = 2 }
    } matching: { description in
      description.contains("A state change does not match expectation")
        && description.contains("−   count: 2,")
        && description.contains("+   count: 1,")
    }
  }

  @Test func fails_onActionReceivedButNotAsserted() async {
    await expectFailure {
      let store = makeStore()
      await store.send(.request)
      await store.finish()
    } matching: { description in
      description.contains("received 1 unexpected action")
    }
  }

  /// The store ran both responses before the incr, as the app would: the incr's assertion,
  /// made on the state the test last asserted, misses them too.
  @Test func fails_whenSendingBeforeHandlingReceivedActions() async {
    let reports = await issuesReported {
      let store = makeStore()
      await store.send(.requestTwice).finish()
      await store.send(.incr) { $0.count = 1 }
      await store.receive(.response(42)) { $0.response = 42 }
      await store.receive(.response(43)) { $0.response = 43 }
    }
    #expect(reports.count == 3)
    #expect(reports.first?.contains("Must handle 2 received action(s)") == true)
    #expect(reports.dropFirst().first?.contains("+   response: 43") == true)
  }

  @Test func fails_onMissingReceive() async {
    await expectFailure {
      let store = makeStore()
      await store.send(.incr) { $0.count = 1 }
      await store.receive(.response(42))
    } matching: { description in
      description.contains("Expected to receive an action")
    }
  }

  @Test func fails_onReceivingADifferentAction() async {
    await expectFailure {
      let store = makeStore()
      await store.send(.request)
      await store.receive(.response(7)) { $0.response = 42 }
    } matching: { description in
      description.contains("Received an unexpected action")
    }
  }

  @Test func fails_onEffectStillRunningAtTheEnd() async {
    await expectFailure {
      let store = TestStore(
        initialState: State(), reducer: reducer, environment: 0, timeout: .milliseconds(50))
      await store.send(.waitForever)
      await store.finish()
    } matching: { description in
      description.contains("still running at the end of the test")
    }
  }

  @Test func fails_onEffectStillRunning_whenTheStoreIsReleased() async {
    await expectFailure {
      let store = makeStore()
      await store.send(.waitForever)
    } matching: { description in
      description.contains("still running at the end of the test")
    }
  }

  @Test func passes_whenARunningEffectIsCancelled() async {
    let store = makeStore()
    await store.send(.waitForever)
    await store.send(.cancel)
    await store.finish()
  }

  @Test func passes_whenTheSendTaskIsCancelled() async {
    let store = makeStore()
    let task = await store.send(.waitForever)
    #expect(task.isInFlight)
    await task.cancel()
    #expect(!task.isInFlight)
    await store.finish()
  }

  @Test func fireAndForgetEffects_neverBreakATest() async {
    let store = makeStore()
    await store.send(.log)
    await store.finish()
  }

  @Test func finish_doesNotSwitchOffTheChecks_anEffectStartedAfterItStillFails() async {
    await expectFailure {
      let store = makeStore()
      await store.finish()
      await store.send(.waitForever)
    } matching: { description in
      description.contains("still running at the end of the test")
    }
  }

  @Test func finish_doesNotSwitchOffTheChecks_aResponseReceivedAfterItStillFails() async {
    await expectFailure {
      let store = makeStore()
      await store.finish()
      await store.send(.request).finish()
    } matching: { description in
      description.contains("received 1 unexpected action")
    }
  }

  @Test func finish_reportsAnUnhandledActionOnce() async {
    let reports = Mutex(0)
    await expectFailure {
      let store = makeStore()
      await store.send(.request)
      await store.finish()
    } matching: { description in
      reports.withLock { $0 += 1 }
      return description.contains("received 1 unexpected action")
    }
    #expect(reports.withLock { $0 } == 1)
  }

  @Test func receive_withOneOfTwoActionsLeft_reportsTheOneLeft() async {
    await expectFailure {
      let store = makeStore()
      await store.send(.requestTwice)
      await store.receive(.response(42)) { $0.response = 42 }
      await store.finish()
    } matching: { description in
      description.contains("received 1 unexpected action")
    }
  }

  @Test func receive_afterEveryActionWasHandled_failsAtOnce() async {
    await expectFailure {
      let store = makeStore()
      await store.send(.request).finish()
      await store.receive(.response(42)) { $0.response = 42 }
      await store.receive(.response(42))
    } matching: { description in
      description.contains("no effect is running that could send one")
    }
  }

  @Test func environment_canChangeBetweenActions() async {
    let store = makeStore()
    store.environment = 7
    await store.send(.request)
    await store.receive(.response(7)) { $0.response = 7 }
  }
}

/// Tests that run off the main actor, as a plain `@Test` does.
struct TestStoreReleaseTests {
  @Test func release_offTheMainActor_isSafe() async {
    let store = await MainActor.run {
      TestStore(initialState: State(), reducer: reducer, environment: 42)
    }
    await store.send(.incr) { $0.count = 1 }
    await store.send(.request)
    await store.receive(.response(42)) { $0.response = 42 }
  }
}

/// The response's case, whatever it carries.
private let response = CasePath<Action, Int>(Action.response) {
  if case .response(let value) = $0 { value } else { nil }
}

/// A store that checks only what its test states, and tools that say only what matters.
@MainActor
struct NonExhaustiveTestStoreTests {
  private func makeStore(_ exhaustivity: Exhaustivity = .off) -> TestStore<State, Action, Int> {
    let store = TestStore(initialState: State(), reducer: reducer, environment: 42)
    store.exhaustivity = exhaustivity
    return store
  }

  @Test func offChecksOnlyWhatIsAsserted_andFailsWhereThatIsWrong() async {
    let store = makeStore()
    await store.send(.incr)
    await store.send(.incr) { $0.count = 2 }
    await expectFailure {
      await store.send(.incr) { $0.count = 5 }
    } matching: { description in
      description.contains("A state change does not match expectation")
        && description.contains("count: 5") && description.contains("count: 3")
    }
  }

  @Test func off_anAssertionThatAddsRatherThanSets_isMadeTwice_andFails() async {
    let store = makeStore()
    await expectFailure {
      await store.send(.incr) { $0.count += 1 }
    } matching: { description in
      description.contains("A state change does not match expectation")
    }
  }

  @Test func off_anAssertionThatThrowsOnTheStateTheActionLeft_fails() async {
    struct Missing: Error {}
    let store = makeStore()
    await store.send(.request)
    await expectFailure {
      await store.receive(.response(42)) { state in
        guard state.response == nil else { throw Missing() }
        state.response = 42
      }
    } matching: { description in
      description.contains("The state assertion threw, made on the state the action left")
    }
  }

  @Test func off_finish_runsWhatArrives_andFailsOnAnEffectThatDoesNotEnd() async {
    let store = makeStore()
    await store.send(.requestTwice)
    await store.finish()
    #expect(store.state.response == 43)
    await store.send(.waitForever)
    await expectFailure {
      await store.finish(timeout: .zero)
    } matching: { description in
      description.contains("Expected the effects to finish, but 1 still ran")
    }
  }

  @Test func off_receive_runsTheActionsBeforeTheExpectedOne_unasserted() async {
    let store = makeStore()
    await store.send(.requestTwice)
    await store.receive(.response(43)) { $0.response = 43 }
    #expect(store.state.response == 43)
  }

  @Test func off_send_runsTheActionsReceivedBefore_andTheEndReportsNothingLeft() async {
    let reports = await issuesReported {
      let store = makeStore()
      await store.send(.request)
      await store.send(.waitForever)
      await store.send(.incr) { $0.response = 42 }
      await store.send(.requestTwice)
    }
    #expect(reports == [])
  }

  @Test func off_showingSkippedAssertions_reportsThem_asExpectedIssues() async {
    let reports = await issuesReported {
      let store = makeStore(.off(showSkippedAssertions: true))
      await store.send(.incr)
      await store.send(.request)
      await store.skipReceivedActions()
    }
    #expect(reports.count == 2)
    #expect(reports.first?.contains("A state change that the test did not assert") == true)
    #expect(reports.contains { $0.contains("A received action that the test did not assert") })
  }

  @Test func receiveByCase_orByPredicate_acceptsAnyValueOfIt_andRefusesAnotherCase() async {
    let store = makeStore(.on)
    await store.send(.requestTwice)
    await store.receive(response) { $0.response = 42 }
    await store.receive(where: { $0 == .response(43) }) { $0.response = 43 }
    await store.send(.request)
    await expectFailure {
      await store.receive(where: { $0 == .incr }) { $0.response = 42 }
    } matching: { description in
      description.contains("which the test's predicate does not accept")
    }
  }

  @Test func skipReceivedActions_runsThem_andStrictlyFailsWithNoneToSkip() async {
    let store = makeStore(.on)
    await store.send(.request)
    await store.skipReceivedActions()
    #expect(store.state.response == 42)
    await expectFailure {
      await store.skipReceivedActions()
    } matching: {
      $0 == "There were no received actions to skip."
    }
    await store.skipReceivedActions(strict: false)
  }

  @Test func skipInFlightEffects_stopsAssertingOnThem_withoutCancelling() async {
    let store = makeStore(.on)
    let task = await store.send(.waitForever)
    await store.skipInFlightEffects()
    #expect(task.isInFlight)
    await expectFailure {
      await store.skipInFlightEffects()
    } matching: {
      $0 == "There were no in-flight effects to skip."
    }
    await task.cancel()
  }

  @Test func skipInFlightEffects_whatTheyLaterSendStillArrives() async {
    let (gate, open) = AsyncStream<Void>.makeStream()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Int, Void> { state, action, _ in
        state = action
        guard action == 0 else { return .none }
        return .run { send in
          for await _ in gate { break }
          await send(1)
        }
      },
      environment: ())
    await store.send(0)
    await store.skipInFlightEffects()
    open.yield()
    await store.receive(1) { $0 = 1 }
  }

  @Test func cancelInFlightEffects_endsThoseSkipped_too() async {
    let store = makeStore(.on)
    let task = await store.send(.waitForever)
    await store.skipInFlightEffects()
    await store.cancelInFlightEffects()
    #expect(!task.isInFlight)
  }

  @Test func assert_checksTheCurrentState_andFailsWhereItDiffers() async {
    let store = makeStore(.off)
    await store.send(.request)
    await store.skipReceivedActions()
    store.assert { $0.response = 42 }
    await expectFailure {
      store.assert { $0.response = 43 }
    } matching: {
      $0.contains("A state change does not match expectation")
    }
  }

  @Test func cancelInFlightEffects_endsThem_andStrictlyFailsWithNoneInFlight() async {
    let store = makeStore(.on)
    let task = await store.send(.waitForever)
    await store.cancelInFlightEffects()
    #expect(!task.isInFlight)
    await expectFailure {
      await store.cancelInFlightEffects()
    } matching: {
      $0 == "There were no in-flight effects to cancel."
    }
  }

  /// A test store runs what an effect sent back at `receive`, where a `Store` runs it as it
  /// arrives: the state a test reads between the two is the one before it.
  @Test func anActionSentBack_changesTheStateAtItsReceive_notBefore() async {
    let store = makeStore(.on)
    let task = await store.send(.request)
    await task.finish()
    #expect(store.state.response == nil)
    await store.receive(.response(42)) { $0.response = 42 }
    #expect(store.state.response == 42)
  }
}

struct TestDependenciesTests {
  @Test func incrementingUUIDs_countFromOne() {
    let ids = IncrementingUUIDs()
    #expect(ids.next().uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(ids.next().uuidString == "00000000-0000-0000-0000-000000000002")
  }

  @Test func aSteppingClock_readsOnByItsStep_andAFixedOneStandsStill() {
    let clock = SteppingClock(from: Date(timeIntervalSince1970: 1000), by: 1)
    #expect(clock.now() == Date(timeIntervalSince1970: 1000))
    #expect(clock.now() == Date(timeIntervalSince1970: 1001))
    let fixed = SteppingClock(from: Date(timeIntervalSince1970: 0))
    #expect(fixed.now() == fixed.now())
  }
}

/// The shapes of test that depend on when effects run, if anything does: each is repeated 200
/// times and must pass every time, also while both cores are busy. A test store's effects run
/// on its own serial executor, and `send` and `receive` return once they have gone as far as
/// they can.
@MainActor
struct TestStoreDeterminismTests {
  private static let repetitions = 200

  /// TCA's `testSendWithUnreceivedActions_SkipsActions`, written without a wait of its own:
  /// each response has arrived when the next `send` runs.
  @Test func aNotExhaustiveSend_findsTheEffectsResponseArrived_everyTime() async {
    for _ in 0..<Self.repetitions {
      var states: [Int] = []
      let reports = await issuesReported {
        let store = TestStore(
          initialState: 0,
          reducer: Reduce<Int, Int, Void> { state, action, _ in
            if action == 0 {
              state += 1
              return .run { [state] send in await send(state + 42) }
            }
            state = action
            return .none
          },
          environment: ())
        store.exhaustivity = .off
        await store.send(0)
        states.append(store.state)
        await store.send(0)
        states.append(store.state)
        await store.skipReceivedActions()
        states.append(store.state)
      }
      #expect(reports == [])
      #expect(states == [1, 44, 86])
      if !reports.isEmpty || states != [1, 44, 86] { break }
    }
  }

  @Test func aTestThatEndsRightAfterItsLastReceive_findsNoEffectRunning_everyTime() async {
    for _ in 0..<Self.repetitions {
      let reports = await issuesReported {
        let store = TestStore(initialState: State(), reducer: reducer, environment: 42)
        await store.send(.requestTwice)
        await store.receive(.response(42)) { $0.response = 42 }
        await store.receive(.response(43)) { $0.response = 43 }
      }
      #expect(reports == [])
      if !reports.isEmpty { break }
    }
  }

  @Test func aTestThatEndsRightAfterACancellingAction_findsNoEffectRunning_everyTime() async {
    for _ in 0..<Self.repetitions {
      let reports = await issuesReported {
        let store = TestStore(initialState: State(), reducer: reducer, environment: 42)
        await store.send(.waitForever)
        await store.send(.cancel)
      }
      #expect(reports == [])
      if !reports.isEmpty { break }
    }
  }
}
