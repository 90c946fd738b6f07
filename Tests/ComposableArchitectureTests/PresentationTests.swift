import ComposableArchitecture
import ComposableArchitectureTestSupport
import Synchronization
import Testing

/// A parent with an optional child, a presented one, and an enum of destinations, each child
/// being the same small feature that can run, cancel and answer.
struct HostState: Equatable {
  var child: ProbeState?
  var sheet: ProbeState?
  var destination: HostDestination?
  var log: [String] = []
}

struct ProbeState: Equatable {
  var count = 0
}

enum HostDestination: Equatable {
  case probe(ProbeState)
  case note(String)
}

enum ProbeAction: Equatable, Sendable {
  case incr
  /// Waits for the environment's gate, then answers; cancellable, and a new start cancels it.
  case start
  case cancel
  case answered(Int)
  case closeTapped
  /// Asks for `incr` at once: what a child's `.send` starts.
  case incrSoon
  /// Gives an `Identifiable` child another id (`PresentedIdentityTests`); the probe's own state
  /// has none.
  case renumber
}

enum HostAction: Equatable, Sendable {
  case child(ProbeAction)
  case sheet(PresentationAction<ProbeAction>)
  case destination(PresentationAction<ProbeAction>)
  case showChild
  case hideChild
  case showSheet
  case showDestination(HostDestination)
}

extension CasePath<HostAction, ProbeAction> {
  static var child: Self {
    Self(HostAction.child) { if case .child(let a) = $0 { a } else { nil } }
  }
}

extension CasePath<HostAction, PresentationAction<ProbeAction>> {
  static var sheet: Self {
    Self(HostAction.sheet) { if case .sheet(let a) = $0 { a } else { nil } }
  }
  static var destination: Self {
    Self(HostAction.destination) { if case .destination(let a) = $0 { a } else { nil } }
  }
}

extension CasePath<HostDestination, ProbeState> {
  static var probe: Self {
    Self(HostDestination.probe) { if case .probe(let s) = $0 { s } else { nil } }
  }
}

/// The answer each started probe waits for: opened by the test, never by a clock.
struct ProbeEnvironment: Sendable {
  var answer: @Sendable () async -> Int
}

private struct ProbeRunID: Hashable, Sendable {}

struct ProbeReducer: Reducer {
  func reduce(
    into state: inout ProbeState, action: ProbeAction, environment: ProbeEnvironment
  ) -> Effect<ProbeAction> {
    switch action {
    case .incr:
      state.count += 1
      return .none
    case .start:
      let answer = environment.answer
      return .run { send in await send(.answered(await answer())) }
        .cancellable(id: ProbeRunID(), cancelInFlight: true)
    case .cancel:
      return .cancel(id: ProbeRunID())
    case .answered(let value):
      state.count = value
      return .none
    case .closeTapped:
      return .dismiss
    case .incrSoon:
      return .send(.incr)
    case .renumber:
      return .none
    }
  }
}

struct HostReducer: Reducer {
  func reduce(
    into state: inout HostState, action: HostAction, environment: ProbeEnvironment
  ) -> Effect<HostAction> {
    Reduce<HostState, HostAction, ProbeEnvironment> { state, action, _ in
      switch action {
      case .child(let action):
        // The parent runs after the child, and sees what the child did.
        state.log.append("child \(action): \(state.child.map { "\($0.count)" } ?? "none")")
      case .showChild:
        state.child = ProbeState()
      case .hideChild:
        state.child = nil
      case .showSheet:
        state.sheet = ProbeState()
      case .showDestination(let destination):
        state.destination = destination
      case .sheet(.dismiss):
        // The parent sees a dismissal while the child is still there.
        state.log.append("dismissing \(state.sheet.map { "\($0.count)" } ?? "none")")
      case .sheet(.presented(.incrSoon)):
        // The parent closes the sheet in answer to the child's action.
        state.sheet = nil
      case .sheet, .destination:
        break
      }
      return .none
    }
    .ifLet(\.child, action: .child, environment: { $0 }) { ProbeReducer() }
    .ifLet(\.sheet, action: .sheet, environment: { $0 }) { ProbeReducer() }
    .ifLet(\.destination, action: .destination, environment: { $0 }) {
      ProbeReducer().pullback(state: .probe, action: .identity, environment: { $0 })
    }
    .reduce(into: &state, action: action, environment: environment)
  }
}

/// Answers each waiting probe with the value the test gives, in the order they asked.
final class Answers: Sendable {
  private let waiting = Mutex<[CheckedContinuation<Int, Never>]>([])
  private let asked = Gate()

  var environment: ProbeEnvironment {
    ProbeEnvironment { [self] in
      await withCheckedContinuation { continuation in
        waiting.withLock { $0.append(continuation) }
        asked.open()
      }
    }
  }

  /// Waits until a probe asks, then answers the oldest waiting one.
  func answer(_ value: Int) async {
    while waiting.withLock({ $0.isEmpty }) { await Task.yield() }
    waiting.withLock { $0.removeFirst() }.resume(returning: value)
  }

  /// How many probes wait for an answer.
  var waitingCount: Int { waiting.withLock { $0.count } }
}

@MainActor
struct PresentationTests {
  @Test func ifLet_runsTheChildOnlyWhileItIsThere_beforeTheParent() async {
    let store = TestStore(
      initialState: HostState(), reducer: HostReducer(), environment: Answers().environment)
    await store.send(.showChild) { $0.child = ProbeState() }
    await store.send(.child(.incr)) {
      $0.child?.count = 1
      $0.log = ["child incr: 1"]
    }
    await store.send(.hideChild) { $0.child = nil }
  }

  @Test func anActionForAnAbsentChild_isReportedAndIgnored() async {
    let store = TestStore(
      initialState: HostState(), reducer: HostReducer(), environment: Answers().environment)
    let reports = await issuesReported {
      await store.send(.child(.incr)) { $0.log = ["child incr: none"] }
    }
    #expect(reports.count == 1)
    #expect(reports.first?.contains("a child that is not there") == true)
    #expect(store.state.child == nil)
  }

  @Test func anActionForAnotherCaseOfTheDestination_isReportedAndIgnored() async {
    let store = TestStore(
      initialState: HostState(destination: .note("hello")), reducer: HostReducer(),
      environment: Answers().environment)
    let reports = await issuesReported {
      await store.send(.destination(.presented(.incr)))
    }
    #expect(reports.count == 1)
    #expect(reports.first?.contains("a case the state is not in") == true)
    #expect(store.state.destination == .note("hello"))
  }

  @Test func aDestinationCase_runsItsChildInPlace() async {
    let store = TestStore(
      initialState: HostState(), reducer: HostReducer(), environment: Answers().environment)
    await store.send(.showDestination(.probe(ProbeState()))) {
      $0.destination = .probe(ProbeState())
    }
    await store.send(.destination(.presented(.incr))) {
      $0.destination = .probe(ProbeState(count: 1))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func dismiss_clearsTheChild_andCancelsItsEffects_soNoAnswerArrives() async {
    let answers = Answers()
    let store = TestStore(
      initialState: HostState(), reducer: HostReducer(), environment: answers.environment)
    await store.send(.showSheet) { $0.sheet = ProbeState() }
    let task = await store.send(.sheet(.presented(.start)))
    while answers.waitingCount == 0 { await Task.yield() }
    await store.send(.sheet(.dismiss)) {
      $0.log = ["dismissing 0"]
      $0.sheet = nil
    }
    // The answer comes after the dismissal: it is dropped, and the test receives nothing.
    await answers.answer(42)
    await task.finish()
    #expect(!task.isInFlight)
    await store.finish()
  }

  @Test func aChild_dismissesItself() async {
    let store = TestStore(
      initialState: HostState(), reducer: HostReducer(), environment: Answers().environment)
    await store.send(.showSheet) { $0.sheet = ProbeState() }
    await store.send(.sheet(.presented(.closeTapped)))
    await store.receive(.sheet(.dismiss)) {
      $0.log = ["dismissing 0"]
      $0.sheet = nil
    }
  }

  @Test func aChildClosedByItsParent_inTheSameAction_startsNothing() async {
    let store = TestStore(
      initialState: HostState(sheet: ProbeState()), reducer: HostReducer(),
      environment: Answers().environment)
    // The child asked for an action at once, but the parent closed it in the same action: the
    // action never arrives, so nothing reaches a child that is not there.
    await store.send(.sheet(.presented(.incrSoon))) { $0.sheet = nil }
    await store.finish()
  }

  @Test func aParentThatClearsItsChild_cancelsTheChildsEffects() async {
    let answers = Answers()
    let store = TestStore(
      initialState: HostState(), reducer: HostReducer(), environment: answers.environment)
    await store.send(.showChild) { $0.child = ProbeState() }
    let task = await store.send(.child(.start)) { $0.log = ["child start: 0"] }
    while answers.waitingCount == 0 { await Task.yield() }
    await store.send(.hideChild) { $0.child = nil }
    await answers.answer(7)
    await task.finish()
    await store.finish()
  }

  @Test func aDestinationReplacedByAnotherCase_cancelsTheOldCasesEffects() async {
    let answers = Answers()
    let store = TestStore(
      initialState: HostState(destination: .probe(ProbeState())), reducer: HostReducer(),
      environment: answers.environment)
    let task = await store.send(.destination(.presented(.start)))
    while answers.waitingCount == 0 { await Task.yield() }
    await store.send(.showDestination(.note("next"))) { $0.destination = .note("next") }
    await answers.answer(7)
    await task.finish()
    await store.finish()
  }

  @Test func oneChildInTwoPlaces_cancelsOnlyItsOwnEffects() async {
    let answers = Answers()
    let store = TestStore(
      initialState: HostState(child: ProbeState(), sheet: ProbeState()), reducer: HostReducer(),
      environment: answers.environment)
    await store.send(.child(.start)) { $0.log = ["child start: 0"] }
    await store.send(.sheet(.presented(.start)))
    while answers.waitingCount < 2 { await Task.yield() }
    // Both cancel by the same identifier, each within its own place: cancelling the child's
    // leaves the sheet's running.
    await store.send(.child(.cancel)) { $0.log.append("child cancel: 0") }
    await answers.answer(1)
    await answers.answer(2)
    await store.receive(.sheet(.presented(.answered(2)))) { $0.sheet?.count = 2 }
    await store.finish()
  }

  #if DEBUG
    @Test func aChildKeyPathThatChangesAfterComposition_isReported() {
      var path: WritableKeyPath<HostState, ProbeState?> = \.child
      let reducer = Reduce<HostState, HostAction, ProbeEnvironment> { _, _, _ in .none }
        .ifLet(path, action: .child, environment: { $0 }) { ProbeReducer() }
      path = \.sheet
      var state = HostState(child: ProbeState(), sheet: ProbeState())
      let messages = reported {
        _ = reducer.reduce(
          into: &state, action: .child(.incr), environment: Answers().environment)
      }
      // Once, although the child's state is read and changed several times in the action.
      #expect(messages.count == 1)
      #expect(messages.first?.contains("changed after it was composed") == true)
      #expect(messages.first?.contains("PresentationTests.swift") == true)
    }
  #endif

  @Test func outsideATestStore_aReportGoesToTheBoundReporter() {
    let reports = Mutex<[String]>([])
    var state = HostState()
    let reporter = RuntimeWarning.Reporter { message in reports.withLock { $0.append(message) } }
    RuntimeWarning.$reporter.withValue(reporter) {
      _ = HostReducer().reduce(
        into: &state, action: .child(.incr), environment: Answers().environment)
    }
    let messages = reports.withLock { $0 }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("PresentationTests.swift") == true)
    #expect(state == HostState(log: ["child incr: none"]))
  }

  @Test func aDismissalWithNoPresentingParent_isReported() async {
    let store = TestStore(
      initialState: ProbeState(), reducer: ProbeReducer(), environment: Answers().environment)
    let reports = await issuesReported {
      await store.send(.closeTapped)
    }
    #expect(reports.count == 1)
    #expect(reports.first?.contains("no parent presents") == true)
  }
}
