import ComposableArchitecture
import ComposableArchitectureDebug
import CustomDump
import Dispatch
import IssueReporting

/// A store for tests of a reducer and its effects: exhaustive by default, or checking only what
/// the test states (``exhaustivity``).
///
/// Exhaustive, every `send` and `receive` states how the state changes, and the test fails, with
/// a diff of expected against actual state, when:
/// - an action changes the state in a way the test did not assert;
/// - an effect feeds back an action the test did not `receive`;
/// - `receive` expects an action while no effect is running that could send one;
/// - an effect is still running when the test ends
///   (``finish(timeout:fileID:filePath:line:column:)`` or the store's release);
/// - an action reaches a child that is not there (see `RuntimeWarning`).
///
/// Actions that effects send back queue up until the test receives them, so nothing happens
/// behind the test's back: unlike a `Store`, which reduces such an action as it arrives, a test
/// store reduces it at the `receive` that asserts it (or, where the test does not assert it,
/// at the next `send`, `receive` or ``skipReceivedActions(strict:fileID:filePath:line:column:)``
/// of a store that is not exhaustive). A test reads the state each action left, in the order
/// the actions came. A store released on the main actor runs its end-of-test checks at
/// once; released elsewhere, it runs them on the main actor just after, where a failure may no
/// longer be attributed to the test: end such a test with
/// ``finish(timeout:fileID:filePath:line:column:)``. Waiting depends on no clock: `receive`
/// waits for as long as an effect is running and fails at once when none is; the ``timeout`` is
/// only a safety limit for an effect that hangs. Fire-and-forget effects (logging, analytics) are
/// never waited for and never fail a test. Failures reach Swift Testing and XCTest alike.
///
/// ```swift
/// @Test func nthPrimeTapped_startsALookupForTheCountsPrime_andShowsTheAnswer() async {
///   let store = TestStore(
///     initialState: CounterState(count: 7),
///     reducer: CounterReducer(),
///     environment: CounterEnvironment(nthPrime: .answering([7: 17]))
///   )
///   await store.send(.nthPrimeTapped) { $0.nthPrimeLookup = NthPrimeLookupState(n: 7) }
///   await store.receive(.nthPrimeLookup(.presented(.started)))
///   await store.receive(.nthPrimeLookup(.presented(.answered(n: 7, .success(17))))) {
///     $0.nthPrimeLookup = nil
///     $0.destination = .alert(.nthPrime(n: 7, prime: 17))
///   }
///   await store.send(.destination(.dismiss)) { $0.destination = nil }
/// }
/// ```
@MainActor
public final class TestStore<State: Equatable, Action: Equatable & Sendable, Environment> {
  /// The state after the last `send` or `receive`, or the actions run unasserted by
  /// ``skipReceivedActions(strict:fileID:filePath:line:column:)`` or by a store that is not
  /// exhaustive; nothing else changes it.
  public private(set) var state: State
  /// The dependencies; a test may change them between actions.
  public var environment: Environment
  /// How long `receive` and `finish` wait for a running effect before failing: a safety limit
  /// that only an effect that hangs reaches.
  public var timeout: Duration
  /// How much of what happens the test must state; everything, by default. A test may change
  /// it between actions.
  public var exhaustivity: Exhaustivity {
    get { effects.exhaustivity }
    set { effects.exhaustivity = newValue }
  }

  private let reducer: Reduce<State, Action, Environment>
  private let effects = EffectsUnderTest<Action>()
  private let fileID: StaticString
  private let filePath: StaticString
  private let line: UInt
  private let column: UInt

  /// Creates a test store. Failures that its release finds are reported where it was created.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer under test.
  ///   - environment: Controlled dependencies.
  ///   - timeout: How long to wait for a running effect before failing; 30 seconds by default.
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    environment: Environment,
    timeout: Duration = .seconds(30),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action, R.Environment == Environment {
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
    self.state = initialState
    self.reducer = Reduce(reducer)
    self.environment = environment
    self.timeout = timeout
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  deinit {
    // Released on the main actor, inside the test that made it, the checks run right here,
    // where a failure is attributed to the test; released elsewhere, they run on the main actor
    // just after.
    let effects = self.effects
    let (fileID, filePath, line, column) = (fileID, filePath, line, column)
    if isOnMainQueue() {
      MainActor.assumeIsolated {
        effects.completed(fileID: fileID, filePath: filePath, line: line, column: column)
      }
    } else {
      Task { @MainActor in
        effects.completed(fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
  }

  /// Sends an action and asserts how it changes the state.
  ///
  /// ```swift
  /// await store.send(.incrTapped) { $0.count = 1 }
  /// ```
  ///
  /// - Parameters:
  ///   - updateExpected: Turns the state as it was into the state as it should now be. Omit it
  ///     when the action should change nothing.
  /// - Returns: A task that follows the action's effects.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    if exhaustivity != .on {
      skipReceived(fileID: fileID, filePath: filePath, line: line, column: column)
    } else if !effects.received.isEmpty {
      reportIssue(
        """
        Must handle \(effects.received.count) received action(s) before sending an action: …

        Unhandled actions:
        \(dumpActions(effects.received.map(\.action)))
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
    let group = EffectGroup()
    reduce(
      action, in: group, updateExpected: updateExpected,
      fileID: fileID, filePath: filePath, line: line, column: column)
    await Task.yield()
    return TestStoreTask(group: group)
  }

  /// Waits for an effect to feed back an action, checks that it is the expected one, runs it
  /// and asserts how it changes the state. A store that is not exhaustive runs the actions that
  /// came before it, unasserted, until the expected one comes.
  ///
  /// ```swift
  /// await store.receive(.nthPrimeLookup(.presented(.answered(n: 7, .success(17))))) {
  ///   $0.nthPrimeLookup = nil
  ///   $0.destination = .alert(.nthPrime(n: 7, prime: 17))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - expectedAction: The action the next fed-back action must equal.
  ///   - timeout: How long to wait; the store's ``timeout`` by default.
  ///   - updateExpected: Turns the state as it was into the state as it should now be.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: { $0 == expectedAction },
      expected: { actual in
        diff(expectedAction, actual, format: .proportional)
          .map { "\($0.indented)\n\n(Expected: −, Received: +)" }
          ?? "Expected:\n\(dumpActions([expectedAction]))\nReceived:\n\(dumpActions([actual]))"
      },
      waitingFor: dumpActions([expectedAction]), timeout: timeout,
      updateExpected: updateExpected,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for an effect to feed back an action of one case, whatever its value, runs it and
  /// asserts how it changes the state: for a test that cares that the action came, not what it
  /// carries.
  ///
  /// ```swift
  /// await store.receive(response) { $0.response = 42 }
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: The case the next fed-back action must be.
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      where: { casePath.extract($0) != nil }, timeout: timeout, assert: updateExpected,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for an effect to feed back an action that `isExpected` accepts, runs it and asserts
  /// how it changes the state.
  ///
  /// ```swift
  /// await store.receive(where: { $0 == .response(43) }) { $0.response = 43 }
  /// ```
  ///
  /// - Parameters:
  ///   - isExpected: Whether the next fed-back action is the one expected.
  public func receive(
    where isExpected: (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: isExpected,
      expected: {
        "Received:\n\(dumpActions([$0]))\n\nwhich the test's predicate does not accept."
      },
      waitingFor: "an action the test's predicate accepts", timeout: timeout,
      updateExpected: updateExpected,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Skips the actions that effects have sent back and the test has not received: each is run,
  /// unasserted, as a `Store` would have run it on arrival.
  ///
  /// ```swift
  /// await store.skipReceivedActions()
  /// ```
  ///
  /// - Parameter strict: Whether having none to skip fails the test.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    // An effect still running may be about to send one: it is waited for, up to the timeout.
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while effects.received.isEmpty, effects.runner.runningCount > 0 {
      if await !effects.wait(until: deadline) { break }
    }
    if strict, effects.received.isEmpty {
      reportIssue(
        "There were no received actions to skip.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    skipReceived(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Cancels the effects still running, so that the end of the test finds none: for effects
  /// the test does not care to see end.
  ///
  /// ```swift
  /// await store.skipInFlightEffects()
  /// ```
  ///
  /// - Parameter strict: Whether having none running fails the test.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.yield()
    if strict, effects.runner.runningCount == 0 {
      reportIssue(
        "There were no in-flight effects to skip.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    effects.runner.cancelAll()
  }

  /// The receives' one way: waits for an action, checks it with `isExpected` (a store that is
  /// not exhaustive first runs those before it that do not match), runs it, and asserts the
  /// state it leaves.
  private func receive(
    matching isExpected: (Action) -> Bool,
    expected describe: (Action) -> String,
    waitingFor expectation: String,
    timeout: Duration?,
    updateExpected: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async {
    let deadline = ContinuousClock.now.advanced(by: timeout ?? self.timeout)
    while true {
      while effects.received.isEmpty {
        if effects.runner.runningCount == 0 {
          reportIssue(
            "Expected to receive an action, but no effect is running that could send one.",
            fileID: fileID, filePath: filePath, line: line, column: column)
          return
        }
        if await !effects.wait(until: deadline) {
          reportIssue(
            """
            Expected to receive an action, but received none after \(timeout ?? self.timeout).

            Expected:
            \(expectation)
            """,
            fileID: fileID, filePath: filePath, line: line, column: column)
          return
        }
      }
      let (action, group) = effects.received.removeFirst()
      if !isExpected(action) {
        if exhaustivity != .on {
          skip(action, in: group, fileID: fileID, filePath: filePath, line: line, column: column)
          continue
        }
        reportIssue(
          "Received an unexpected action: …\n\n\(describe(action))",
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
      reduce(
        action, in: group, updateExpected: updateExpected,
        fileID: fileID, filePath: filePath, line: line, column: column)
      await Task.yield()
      return
    }
  }

  /// Runs every action received and not asserted, in order.
  private func skipReceived(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    while !effects.received.isEmpty {
      let (action, group) = effects.received.removeFirst()
      skip(action, in: group, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Runs an action an effect sent back, unasserted, and shows it where skipped assertions are
  /// shown.
  private func skip(
    _ action: Action, in group: EffectGroup,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    if case .off(showSkippedAssertions: true) = exhaustivity {
      showSkipped(
        "A received action that the test did not assert: …\n\n\(dumpActions([action]))",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    run(action, in: group, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reduces an action and starts its effect in `group`. A composition mistake the core
  /// survives (an action for a child that is not there) fails the test that made it.
  private func run(
    _ action: Action, in group: EffectGroup,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let reporter = RuntimeWarning.Reporter { message in
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    RuntimeWarning.$reporter.withValue(reporter) {
      let effect = reducer.reduce(into: &state, action: action, environment: environment)
      effects.runner.run(effect, in: group)
    }
  }

  /// Shows what a store that is not exhaustive passed over, as an expected issue: it fails
  /// nothing.
  private func showSkipped(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    // XCTest can expect an issue only where Objective-C runs; elsewhere it is printed.
    #if !canImport(ObjectiveC)
      if TestContext.current == .xcTest {
        print("\(fileID):\(line): \(message)")
        return
      }
    #endif
    withExpectedIssue(isIntermittent: true) {
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Two states' difference, or both in whole, under their names, where no diff can be made.
  private static func difference(
    _ old: State, _ new: State, names: (old: String, new: String)
  ) -> String {
    diff(old, new, format: .proportional).map {
      "\($0.indented)\n\n(\(names.old): −, \(names.new): +)"
    }
      ?? "\(names.old):\n\(String(customDumping: old))\n\(names.new):\n\(String(customDumping: new))"
  }

  /// Waits for every running effect to end, then checks that no fed-back action is left
  /// unasserted.
  ///
  /// Call it at the end of a test whose effects end on their own; the store's release does the
  /// same checks without waiting, also after `finish`, for whatever the test did since.
  ///
  /// ```swift
  /// await store.send(.request)
  /// await store.receive(.response(42)) { $0.response = 42 }
  /// await store.finish()
  /// ```
  ///
  /// - Parameter timeout: How long to wait; the store's ``timeout`` by default.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let deadline = ContinuousClock.now.advanced(by: timeout ?? self.timeout)
    while effects.runner.runningCount > 0 {
      // Not exhaustive, what arrives meanwhile is run, as a `Store` would run it.
      if exhaustivity != .on {
        skipReceived(fileID: fileID, filePath: filePath, line: line, column: column)
      }
      if await !effects.wait(until: deadline) {
        if exhaustivity != .on {
          reportIssue(
            "Expected the effects to finish, but \(effects.runner.runningCount) still ran after "
              + "\(timeout ?? self.timeout).",
            fileID: fileID, filePath: filePath, line: line, column: column)
        }
        break
      }
    }
    if exhaustivity != .on {
      skipReceived(fileID: fileID, filePath: filePath, line: line, column: column)
    }
    effects.completed(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // MARK: - Private

  private func reduce(
    _ action: Action,
    in group: EffectGroup,
    updateExpected: ((inout State) throws -> Void)?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    var expected = state
    run(action, in: group, fileID: fileID, filePath: filePath, line: line, column: column)
    do {
      try updateExpected?(&expected)
    } catch {
      reportIssue(
        error, "The state assertion threw.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    if case .off(let showsSkipped) = exhaustivity {
      // Only what the assertion sets is checked: made on the state the action left, it must
      // change nothing there.
      var expectedOfActual = state
      do {
        try updateExpected?(&expectedOfActual)
      } catch {
        reportIssue(
          error, "The state assertion threw, made on the state the action left.",
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      if expectedOfActual == state {
        if showsSkipped, expected != state {
          showSkipped(
            "A state change that the test did not assert: …\n\n"
              + Self.difference(expected, state, names: ("Unasserted", "Actual")),
            fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return
      }
      expected = expectedOfActual
    }
    guard expected != state else { return }
    let difference = Self.difference(expected, state, names: ("Expected", "Actual"))
    reportIssue(
      updateExpected == nil
        ? "State was not expected to change, but a change occurred: …\n\n\(difference)"
        : "A state change does not match expectation: …\n\n\(difference)",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// What a test store's effects sent and are still doing, and the end-of-test checks on them.
/// Apart from the store, so that the checks can run when the store is released anywhere.
@MainActor
private final class EffectsUnderTest<Action: Equatable & Sendable> {
  var received: [(action: Action, group: EffectGroup)] = []
  /// The store's, which the end-of-test checks follow.
  var exhaustivity = Exhaustivity.on
  lazy var runner = EffectRunner<Action>(
    deliver: { [weak self] action, group in
      self?.received.append((action, group))
      self?.wakeWaiters()
    },
    onFinish: { [weak self] in self?.wakeWaiters() }
  )
  private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  private var nextWaiterID = 0

  /// The end-of-test checks. What they report is dropped (unhandled actions) or cancelled
  /// (running effects), so that a later check reports only what happened since.
  func completed(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    guard exhaustivity == .on else {
      // What the test did not state passes; the effects end with it.
      received.removeAll()
      runner.cancelAll()
      return
    }
    if !received.isEmpty {
      reportIssue(
        """
        The store received \(received.count) unexpected action(s) after this one: …

        Unhandled actions:
        \(dumpActions(received.map(\.action)))
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
      received.removeAll()
    }
    if runner.runningCount > 0 {
      reportIssue(
        """
        \(runner.runningCount) effect(s) still running at the end of the test.

        Let each effect finish (receive its actions), or cancel it with an action, before the \
        test ends.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    runner.cancelAll()
  }

  /// Waits until an effect finishes or feeds back an action, or until the deadline.
  /// Returns `false` when the deadline passed.
  func wait(until deadline: ContinuousClock.Instant) async -> Bool {
    guard ContinuousClock.now < deadline else { return false }
    let id = nextWaiterID
    nextWaiterID += 1
    let timer = Task { @MainActor [weak self] in
      try? await Task.sleep(until: deadline, clock: .continuous)
      self?.resumeWaiter(id)
    }
    await withCheckedContinuation { waiters[id] = $0 }
    timer.cancel()
    return ContinuousClock.now < deadline
  }

  private func resumeWaiter(_ id: Int) {
    waiters.removeValue(forKey: id)?.resume()
  }

  private func wakeWaiters() {
    let waiting = waiters
    waiters.removeAll()
    for waiter in waiting.values { waiter.resume() }
  }

}

/// Marks the main queue, where the main actor runs.
private let mainQueueKey = DispatchSpecificKey<Bool>()

/// Whether the caller runs on the main queue, and so on the main actor, whatever thread serves
/// the queue (on Linux, once the main thread parks, a worker thread does). Unlike
/// `MainActor.assumeIsolated`, it answers rather than traps.
private func isOnMainQueue() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueKey) == true
}

/// Each action dumped on its own indented lines.
private func dumpActions<Action>(_ actions: [Action]) -> String {
  actions.map { String(customDumping: $0).indented }.joined(separator: "\n")
}

/// The effects started by one `TestStore.send`.
///
/// ```swift
/// let task = await store.send(.waitForever)
/// #expect(task.isInFlight)
/// await task.cancel()
/// #expect(!task.isInFlight)
/// ```
@MainActor
public struct TestStoreTask: Sendable {
  let group: EffectGroup

  /// Cancels the effects; actions they still try to send are dropped.
  public func cancel() async {
    group.cancel()
    await group.finish()
  }

  /// Waits until the effects end.
  public func finish() async {
    await group.finish()
  }

  /// Whether any of the effects is still running.
  public var isInFlight: Bool { !group.isEmpty }
}
