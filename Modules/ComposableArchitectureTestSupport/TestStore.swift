import ComposableArchitecture
import ComposableArchitectureDebug
import CustomDump
import Dispatch
import IssueReporting
import Synchronization

/// A store for tests of a reducer and its effects: exhaustive by default, or checking only what
/// the test states (``exhaustivity``).
///
/// A test store runs a `Store`: the same reducer, the same effects, in the order the store runs
/// them. An action an effect sends back is reduced as it arrives, as the app would reduce it;
/// the test store keeps each such action with the state it left, and `receive` asserts on them
/// in the order they came. ``state`` is the state as of the last step the test asserted (or
/// skipped), so a test reads the state each action left, whatever ran after it. Inside an
/// assertion closure, ``state`` is still the state before the action.
///
/// The effects run on a serial executor of the test store's own, on the main queue, one job at
/// a time: `send` and `receive` return once every effect has gone as far as it can without
/// something from outside (a clock the test advances, a client's answer), so a test of effects
/// whose work runs there depends on no thread's timing. The rest of the process keeps the
/// global executor. Work an effect keeps on the main actor is seen only as it sends or ends,
/// and work it hands to an unstructured task of its own runs where that task runs: the
/// article "Coming from TCA" says what follows.
///
/// Exhaustive, every `send` and `receive` states how the state changes, and the test fails, with
/// a diff of expected against actual state, when:
/// - an action changes the state in a way the test did not assert, or an assertion expects a
///   change where the action made none;
/// - an effect feeds back an action the test did not `receive`, or another than the one the
///   test expects;
/// - `receive` expects an action while no effect is running that could send one;
/// - an effect is still running when the test ends
///   (``finish(timeout:fileID:filePath:line:column:)`` or the store's release);
/// - an action reaches a child that is not there, or an effect sends after it ended (see
///   `RuntimeWarning`).
///
/// A store released on the main actor runs its end-of-test checks at once; released
/// elsewhere, it runs them on the main actor just after, where a failure may no longer be
/// attributed to the test: end such a test with ``finish(timeout:fileID:filePath:line:column:)``.
/// Waiting depends on no clock: `receive` waits for as long as an effect is running and fails
/// at once when none is; the ``timeout`` is only a safety limit for an effect that hangs.
/// Fire-and-forget effects (logging, analytics) are never waited for and never fail a test.
/// Failures reach Swift Testing and XCTest alike.
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
  /// The state as of the last step the test asserted, or skipped: the last `send`, `receive`,
  /// or an action run unasserted by ``skipReceivedActions(strict:fileID:filePath:line:column:)``
  /// or by a store that is not exhaustive. Inside an assertion closure it is the state before
  /// the action.
  public private(set) var state: State
  /// The dependencies; a test may change them between actions.
  public var environment: Environment {
    get { environmentBox.value }
    set { environmentBox.value = newValue }
  }
  /// How long `receive` and `finish` wait for a running effect before failing: a safety limit
  /// that only an effect that hangs reaches.
  public var timeout: Duration
  /// How much of what happens the test must state; everything, by default. A test may change
  /// it between actions.
  public var exhaustivity: Exhaustivity {
    get { harness.exhaustivity }
    set { harness.exhaustivity = newValue }
  }

  private let harness: Harness<State, Action>
  private let environmentBox: Box<Environment>
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
    let environmentBox = Box(environment)
    let reducer = Reduce(reducer)
    self.state = initialState
    self.environmentBox = environmentBox
    self.harness = Harness(
      initialState: initialState,
      reducer: Reduce { state, action, _ in
        reducer.reduce(into: &state, action: action, environment: environmentBox.value)
      })
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
    let harness = self.harness
    let (fileID, filePath, line, column) = (fileID, filePath, line, column)
    if isOnMainQueue() {
      MainActor.assumeIsolated {
        harness.completed(fileID: fileID, filePath: filePath, line: line, column: column)
      }
    } else {
      Task { @MainActor in
        harness.completed(fileID: fileID, filePath: filePath, line: line, column: column)
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
    } else if !harness.received.isEmpty {
      reportIssue(
        """
        Must handle \(harness.received.count) received action(s) before sending an action: …

        Unhandled actions:
        \(dumpActions(harness.received.map(\.action)))
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
    let reporter = RuntimeWarning.Reporter { message in
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    // Effects started here inherit the reporter, and so report where the test sent.
    let (task, actual) = RuntimeWarning.$reporter.withValue(reporter) {
      harness.send(action)
    }
    assertStep(
      to: actual, updateExpected: updateExpected,
      fileID: fileID, filePath: filePath, line: line, column: column)
    state = actual
    await harness.settle()
    return TestStoreTask(task: task)
  }

  /// Checks that an effect fed back an action, that it is the expected one, and asserts how it
  /// changed the state. The action was reduced when it arrived; this waits for it while an
  /// effect that could send it runs. A store that is not exhaustive passes over the actions that
  /// came before it, unasserted.
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

  /// Checks that an effect fed back an action of one case, whatever its value, and asserts how
  /// it changed the state: for a test that cares that the action came, not what it carries.
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

  /// Checks that an effect fed back an action that `isExpected` accepts, and asserts how it
  /// changed the state.
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

  /// Passes over the actions that effects have sent back and the test has not received: the
  /// store ran each as it arrived, and ``state`` becomes what the last one left.
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
    await harness.settle()
    // An effect still running may be about to send one: it is waited for, up to the timeout.
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while harness.received.isEmpty, harness.runningCount > 0 {
      if await !harness.wait(until: deadline) { break }
    }
    if strict, harness.received.isEmpty {
      reportIssue(
        "There were no received actions to skip.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    skipReceived(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Stops asserting on the effects still running: they run on, and what they send later
  /// still arrives, but the end of the test no longer waits for them. The store cancels them
  /// when it is released.
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
    await harness.settle()
    if strict, harness.runningCount == 0 {
      reportIssue(
        "There were no in-flight effects to skip.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    harness.store.effects?.stopCounting()
  }

  /// Cancels the effects still running, as the store's release would: for effects the test
  /// wants ended, not only passed over (see
  /// ``skipInFlightEffects(strict:fileID:filePath:line:column:)``), those it skipped included.
  /// Actions they still try to send are dropped.
  ///
  /// ```swift
  /// await store.cancelInFlightEffects()
  /// ```
  ///
  /// - Parameter strict: Whether having none running fails the test.
  public func cancelInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await harness.settle()
    if strict, harness.store.effects?.isRunning != true {
      reportIssue(
        "There were no in-flight effects to cancel.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    harness.store.effects?.cancelAll()
    await harness.settle()
  }

  /// Asserts the current state, with no action: for a store that is not exhaustive, after
  /// ``skipReceivedActions(strict:fileID:filePath:line:column:)`` or
  /// ``finish(timeout:fileID:filePath:line:column:)``. The closure's changes, made on
  /// ``state``, must change nothing there.
  ///
  /// ```swift
  /// store.assert { $0.response = 42 }
  /// ```
  ///
  /// - Parameter updateExpected: Sets what the state should hold.
  public func assert(
    _ updateExpected: (inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var expected = state
    do {
      try updateExpected(&expected)
    } catch {
      reportIssue(
        error, "The state assertion threw.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    guard expected != state else { return }
    reportIssue(
      "A state change does not match expectation: …\n\n"
        + Self.difference(expected, state, names: ("Expected", "Actual")),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The receives' one way: waits for an action, checks it with `isExpected` (a store that is
  /// not exhaustive first passes over those before it that do not match), and asserts the
  /// state it left.
  private func receive(
    matching isExpected: (Action) -> Bool,
    expected describe: (Action) -> String,
    waitingFor expectation: String,
    timeout: Duration?,
    updateExpected: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async {
    await harness.settle()
    let deadline = ContinuousClock.now.advanced(by: timeout ?? self.timeout)
    // Exhaustive, the next action is the one checked; not exhaustive, the first that matches.
    while exhaustivity == .on
      ? harness.received.isEmpty : !harness.received.contains(where: { isExpected($0.action) })
    {
      if harness.runningCount == 0 {
        reportIssue(
          "Expected to receive an action, but no effect is running that could send one.\n\n"
            + "Expected:\n\(expectation)",
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      if await !harness.wait(until: deadline) {
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
    while exhaustivity != .on, let first = harness.received.first, !isExpected(first.action) {
      skipFirstReceived(fileID: fileID, filePath: filePath, line: line, column: column)
    }
    let (action, actual) = harness.received.removeFirst()
    if isExpected(action) {
      assertStep(
        to: actual, updateExpected: updateExpected,
        fileID: fileID, filePath: filePath, line: line, column: column)
    } else {
      reportIssue(
        "Received an unexpected action: …\n\n\(describe(action))",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    state = actual
    await harness.settle()
  }

  /// Passes over every action received and not asserted, in order.
  private func skipReceived(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    while !harness.received.isEmpty {
      skipFirstReceived(fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Passes over the first action received and not asserted: the state becomes what it left,
  /// and the action is shown where skipped assertions are shown.
  private func skipFirstReceived(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let (action, actual) = harness.received.removeFirst()
    if case .off(showSkippedAssertions: true) = exhaustivity {
      showSkipped(
        "A received action that the test did not assert: …\n\n\(dumpActions([action]))",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    state = actual
  }

  /// Checks the state a step left against what the test expects of it, starting from
  /// ``state``, the state before the step.
  private func assertStep(
    to actual: State,
    updateExpected: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let before = state
    var expected = before
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
      var expectedOfActual = actual
      do {
        try updateExpected?(&expectedOfActual)
      } catch {
        reportIssue(
          error, "The state assertion threw, made on the state the action left.",
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      if expectedOfActual == actual {
        if showsSkipped, expected != actual {
          showSkipped(
            "A state change that the test did not assert: …\n\n"
              + Self.difference(expected, actual, names: ("Unasserted", "Actual")),
            fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return
      }
      expected = expectedOfActual
    }
    guard expected != actual else {
      if exhaustivity == .on, updateExpected != nil, expected == before {
        reportIssue(
          """
          Expected state to change, but no change occurred.

          The assertion closure changed nothing, and neither did the action. If no change is \
          expected, omit the closure.
          """,
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
      return
    }
    let difference = Self.difference(expected, actual, names: ("Expected", "Actual"))
    reportIssue(
      updateExpected == nil
        ? "State was not expected to change, but a change occurred: …\n\n\(difference)"
        : "A state change does not match expectation: …\n\n\(difference)",
      fileID: fileID, filePath: filePath, line: line, column: column)
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
    await harness.settle()
    let deadline = ContinuousClock.now.advanced(by: timeout ?? self.timeout)
    while harness.runningCount > 0 {
      if await !harness.wait(until: deadline) {
        if exhaustivity != .on {
          reportIssue(
            "Expected the effects to finish, but \(harness.runningCount) still ran after "
              + "\(timeout ?? self.timeout).",
            fileID: fileID, filePath: filePath, line: line, column: column)
        }
        break
      }
      await harness.settle()
    }
    if exhaustivity != .on {
      skipReceived(fileID: fileID, filePath: filePath, line: line, column: column)
    }
    harness.completed(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The environment, which the store's reducer reads at each action, so that a test may change
/// it between actions.
@MainActor
private final class Box<Value> {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// The store a test store runs, what its effects sent back, and the end-of-test checks on
/// them. Apart from the test store, so that the checks can run when it is released anywhere.
@MainActor
private final class Harness<State, Action: Equatable & Sendable> {
  /// The actions effects sent back, each with the state it left, that the test has not yet
  /// received, in the order the store ran them.
  var received: [(action: Action, state: State)] = []
  /// The test store's, which the end-of-test checks follow.
  var exhaustivity = Exhaustivity.on
  private(set) lazy var store = Store(
    initialState: initialState, reduce: reducer, environment: (),
    afterEachAction: { [weak self] action, state in self?.ran(action, leaving: state) },
    effectExecutor: executor,
    onEffectFinish: { [weak self] in self?.effectEnded() })
  private let initialState: State
  private let reducer: Reduce<State, Action, Void>
  private let executor = SerialEffectExecutor()
  /// Set while the store runs an action the test sent: the first action it runs then is that
  /// one, and the rest came back from effects.
  private var sentState: State?
  private var isSending = false
  /// How many actions the store ran and counted effects ended, which with the executor's jobs
  /// tells whether anything happened while the test yielded.
  private var events = 0
  private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  private var nextWaiterID = 0

  init(initialState: State, reducer: Reduce<State, Action, Void>) {
    self.initialState = initialState
    self.reducer = reducer
  }

  /// How many `run` effects are running and counted.
  var runningCount: Int { store.effects?.runningCount ?? 0 }

  /// Sends an action the test sent; returns its task and the state it left, before whatever
  /// effects sent back at once.
  func send(_ action: Action) -> (StoreTask, State) {
    isSending = true
    sentState = nil
    let task = store.send(action)
    isSending = false
    guard let sentState else {
      preconditionFailure("the store ran no action for a send")
    }
    return (task, sentState)
  }

  private func ran(_ action: Action, leaving state: State) {
    events += 1
    if isSending, sentState == nil {
      sentState = state
    } else {
      received.append((action, state))
    }
    wakeWaiters()
  }

  private func effectEnded() {
    events += 1
    wakeWaiters()
  }

  /// Lets the effects run until none can go on without something from outside the store: a
  /// clock the test advances, a continuation another thread resumes.
  ///
  /// Each pass goes to the back of the main queue, where every job of the effects runs, so
  /// every job queued before it has run when it comes back. Two passes in a row in which
  /// nothing happened (no action, no effect's end, no job of the executor) end it; a bound on
  /// the passes stops an effect that never waits.
  func settle() async {
    var quietPasses = 0
    var passes = 0
    while quietPasses < 2, passes < 10_000 {
      let before = events + executor.jobCount
      await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
      }
      passes += 1
      quietPasses = events + executor.jobCount == before ? quietPasses + 1 : 0
    }
  }

  /// The end-of-test checks. What they report is dropped (unhandled actions) or cancelled
  /// (running effects), so that a later check reports only what happened since.
  func completed(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    guard exhaustivity == .on else {
      // What the test did not state passes; the effects end with it.
      received.removeAll()
      store.effects?.cancelAll()
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
    if runningCount > 0 {
      reportIssue(
        """
        \(runningCount) effect(s) still running at the end of the test.

        Let each effect finish (receive its actions), or cancel it with an action, before the \
        test ends; or stop asserting on it with skipInFlightEffects().
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    store.effects?.cancelAll()
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

/// Where a test store's effects run: on the main queue, one job at a time, in the order they
/// come, interleaved with the main actor's jobs, which the main queue runs too. Only the test
/// store's effects prefer it; the rest of the process keeps the global executor.
private final class SerialEffectExecutor: TaskExecutor {
  private let jobs = Atomic<Int>(0)

  /// How many jobs were queued so far.
  var jobCount: Int { jobs.load(ordering: .relaxed) }

  func enqueue(_ job: consuming ExecutorJob) {
    jobs.add(1, ordering: .relaxed)
    let job = UnownedJob(job)
    DispatchQueue.main.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
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
  let task: StoreTask

  /// Cancels the effects; actions they still try to send are dropped.
  public func cancel() async {
    task.cancel()
    await task.finish()
  }

  /// Waits until the effects end.
  public func finish() async {
    await task.finish()
  }

  /// Whether any of the effects is still running.
  public var isInFlight: Bool { task.isInFlight }
}
