/// TCA's `Reducers/PresentationReducerTests.swift`, translated: a child presented with `ifLet`
/// and `PresentationAction`, its dismissal by the parent or by itself, and the end of its
/// effects with it.
///
/// TCA's `@Dependency(\.dismiss)` is the core's `Effect.dismiss`; its clock and identities are
/// the environment's; an alert or a dialog is a plain value with no reducer of its own.
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Testing

@MainActor
struct TCAPresentationReducerTests {
  @Test func testPresentation_parentDismissal() async {
    struct ParentState: Equatable {
      var child: CounterState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<CounterAction>)
      case presentChild
    }
    let childAction = CasePath<ParentAction, PresentationAction<CounterAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let parent = Reduce<ParentState, ParentAction, Void> { state, action, _ in
      switch action {
      case .child:
        return .none
      case .presentChild:
        state.child = CounterState()
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { counter }

    let store = TestStore(initialState: ParentState(), reducer: parent, environment: ())

    await store.send(.presentChild) {
      $0.child = CounterState()
    }
    await store.send(.child(.presented(.incrementButtonTapped))) {
      $0.child?.count = 1
    }
    await store.send(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test func testPresentation_parentDismissal_NilOut() async {
    struct ParentState: Equatable {
      var child: CounterState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<CounterAction>)
      case dismissChild
      case presentChild
    }
    let childAction = CasePath<ParentAction, PresentationAction<CounterAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let parent = Reduce<ParentState, ParentAction, Void> { state, action, _ in
      switch action {
      case .child:
        return .none
      case .dismissChild:
        state.child = nil
        return .none
      case .presentChild:
        state.child = CounterState()
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { counter }

    let store = TestStore(initialState: ParentState(), reducer: parent, environment: ())

    await store.send(.presentChild) {
      $0.child = CounterState()
    }
    await store.send(.child(.presented(.incrementButtonTapped))) {
      $0.child?.count = 1
    }
    await store.send(.dismissChild) {
      $0.child = nil
    }
  }

  @Test func testPresentation_childDismissal() async {
    struct ParentState: Equatable {
      var lastCount: Int?
      var child: CounterState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<CounterAction>)
      case presentChild
    }
    let childAction = CasePath<ParentAction, PresentationAction<CounterAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let parent = Reduce<ParentState, ParentAction, Void> { state, action, _ in
      switch action {
      case .child(.dismiss):
        state.lastCount = state.child?.count
        return .none
      case .child:
        return .none
      case .presentChild:
        state.child = CounterState()
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { counter }

    let store = TestStore(initialState: ParentState(), reducer: parent, environment: ())

    await store.send(.presentChild) {
      $0.child = CounterState()
    }
    await store.send(.child(.presented(.decrementButtonTapped))) {
      $0.child?.count = -1
    }
    await store.send(.child(.presented(.closeButtonTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
      $0.lastCount = -1
    }
  }

  @Test func testPresentation_parentDismissal_effects() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TickerParentState(), reducer: tickerParent, environment: clock)

    await store.send(.presentChild) {
      $0.child = TickerState()
    }
    await store.send(.child(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.presented(.tick))) {
      $0.child?.count = 1
    }
    await store.receive(.child(.presented(.tick))) {
      $0.child?.count = 2
    }
    await store.send(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test func testPresentation_childDismissal_effects() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TickerParentState(), reducer: tickerParent, environment: clock)

    await store.send(.presentChild) {
      $0.child = TickerState()
    }
    await store.send(.child(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.presented(.tick))) {
      $0.child?.count = 1
    }
    await store.receive(.child(.presented(.tick))) {
      $0.child?.count = 2
    }
    await store.send(.child(.presented(.closeButtonTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test func testPresentation_identifiableDismissal_effects() async {
    struct ChildState: Equatable, Identifiable {
      let id: UUID
      var count = 0
    }
    enum ChildAction: Equatable, Sendable {
      case startButtonTapped
      case tick
    }
    struct ParentState: Equatable {
      var child: ChildState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<ChildAction>)
      case presentChild
    }
    let childAction = CasePath<ParentAction, PresentationAction<ChildAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let child = Reduce<ChildState, ChildAction, Dependencies> { state, action, dependencies in
      switch action {
      case .startButtonTapped:
        let timer = dependencies.clock.timer(interval: .seconds(1))
        return .run { send in
          for await _ in timer {
            await send(.tick)
          }
        }
      case .tick:
        state.count += 1
        return .none
      }
    }
    let parent = Reduce<ParentState, ParentAction, Dependencies> {
      state, action, dependencies in
      switch action {
      case .child:
        return .none
      case .presentChild:
        state.child = ChildState(id: dependencies.uuid())
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { child }

    let dependencies = Dependencies()
    let clock = dependencies.clock
    let store = TestStore(initialState: ParentState(), reducer: parent, environment: dependencies)

    await store.send(.presentChild) {
      $0.child = ChildState(id: UUID(0))
    }
    await store.send(.child(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.presented(.tick))) {
      $0.child?.count = 1
    }
    await store.receive(.child(.presented(.tick))) {
      $0.child?.count = 2
    }
    await store.send(.presentChild) {
      $0.child = ChildState(id: UUID(1))
    }
    await clock.advance(by: .seconds(2))
    await store.send(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test func testPresentation_LeavePresented() async {
    let store = TestStore(initialState: EmptyParentState(), reducer: emptyParent, environment: ())

    await store.send(.presentChild) {
      $0.child = EmptyChildState()
    }
  }

  @Test func testPresentation_LeavePresented_FinishStore() async {
    let store = TestStore(initialState: EmptyParentState(), reducer: emptyParent, environment: ())

    await store.send(.presentChild) {
      $0.child = EmptyChildState()
    }
    await store.finish()
  }

  @Test func testInertPresentation() async {
    let store = TestStore(initialState: AlertParentState(), reducer: alertParent, environment: ())

    await store.send(.presentAlert) {
      $0.alert = AlertState(title: "Uh oh!")
    }
  }

  @Test func testInertPresentation_dismissal() async {
    let store = TestStore(initialState: AlertParentState(), reducer: alertParent, environment: ())

    await store.send(.presentAlert) {
      $0.alert = AlertState(title: "Uh oh!")
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
  }

  @Test func testPresentation_hydratedDestination_childDismissal() async {
    struct ParentState: Equatable {
      var child: CounterState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<CounterAction>)
      case presentChild
    }
    let childAction = CasePath<ParentAction, PresentationAction<CounterAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let parent = Reduce<ParentState, ParentAction, Void> { state, action, _ in
      switch action {
      case .child:
        return .none
      case .presentChild:
        state.child = CounterState()
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { counter }

    let store = TestStore(
      initialState: ParentState(child: CounterState()), reducer: parent, environment: ())

    await store.send(.child(.presented(.closeButtonTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test func testPresentation_rehydratedDestination_childDismissal() async {
    struct ChildState: Equatable {}
    enum ChildAction: Equatable, Sendable { case cancel }
    struct ContainerState: Equatable {
      var child: ChildState?
    }
    enum ContainerAction: Equatable, Sendable {
      case openChild
      case child(PresentationAction<ChildAction>)
    }
    struct ParentState: Equatable {
      var childContainer = ContainerState()
    }
    enum ParentAction: Equatable, Sendable {
      case childContainer(ContainerAction)
    }
    let childAction = CasePath<ContainerAction, PresentationAction<ChildAction>>(
      ContainerAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let containerAction = CasePath<ParentAction, ContainerAction>(ParentAction.childContainer) {
      if case .childContainer(let action) = $0 { action } else { nil }
    }
    let child = Reduce<ChildState, ChildAction, Void> { _, _, _ in .dismiss }
    let container = Reduce<ContainerState, ContainerAction, Void>.empty
      .ifLet(\.child, action: childAction, environment: { $0 }) { child }
    let parent = Reduce<ParentState, ParentAction, Void>(
      combine {
        container.pullback(
          state: \ParentState.childContainer, action: containerAction, environment: { $0 })
        Reduce { state, action, _ in
          switch action {
          case .childContainer(.openChild):
            state.childContainer.child = ChildState()
            return .none
          default:
            return .none
          }
        }
      })
    let store = TestStore(initialState: ParentState(), reducer: parent, environment: ())

    await store.send(.childContainer(.openChild)) { state in
      state.childContainer.child = ChildState()
    }
    await store.send(.childContainer(.child(.presented(.cancel))))
    await store.receive(.childContainer(.child(.dismiss))) { state in
      state.childContainer.child = nil
    }

    await store.send(.childContainer(.openChild)) { state in
      state.childContainer.child = ChildState()
    }
    await store.send(.childContainer(.child(.presented(.cancel))))
    await store.receive(.childContainer(.child(.dismiss))) { state in
      state.childContainer.child = nil
    }
  }

  /// The last step of TCA's test, a tap on the alert's delete button that dismisses the alert
  /// by itself (TCA's alerts are ephemeral state), is left out: the core has no ephemeral state.
  @Test func testEnumPresentation() async {
    struct ChildState: Equatable, Identifiable {
      let id: UUID
      var count = 0
    }
    enum ChildAction: Equatable, Sendable {
      case closeButtonTapped
      case startButtonTapped
      case tick
    }
    enum AlertAction: Equatable, Sendable {
      case deleteButtonTapped
    }
    enum DestinationState: Equatable {
      case alert(AlertState<AlertAction>)
      case child(ChildState)
    }
    enum DestinationAction: Equatable, Sendable {
      case alert(AlertAction)
      case child(ChildAction)
    }
    struct ParentState: Equatable {
      var destination: DestinationState?
      var isDeleted = false
    }
    enum ParentAction: Equatable, Sendable {
      case destination(PresentationAction<DestinationAction>)
      case presentAlert
      case presentChild(id: UUID? = nil)
    }
    let alertState = CasePath<DestinationState, AlertState<AlertAction>>(DestinationState.alert) {
      if case .alert(let state) = $0 { state } else { nil }
    }
    let childState = CasePath<DestinationState, ChildState>(DestinationState.child) {
      if case .child(let state) = $0 { state } else { nil }
    }
    let alertAction = CasePath<DestinationAction, AlertAction>(DestinationAction.alert) {
      if case .alert(let action) = $0 { action } else { nil }
    }
    let childAction = CasePath<DestinationAction, ChildAction>(DestinationAction.child) {
      if case .child(let action) = $0 { action } else { nil }
    }
    let destinationAction = CasePath<ParentAction, PresentationAction<DestinationAction>>(
      ParentAction.destination
    ) { if case .destination(let action) = $0 { action } else { nil } }
    let child = Reduce<ChildState, ChildAction, Dependencies> { state, action, dependencies in
      switch action {
      case .closeButtonTapped:
        return .dismiss
      case .startButtonTapped:
        let timer = dependencies.clock.timer(interval: .seconds(1))
        return .run { send in
          for await _ in timer {
            await send(.tick)
          }
        }
      case .tick:
        state.count += 1
        return .none
      }
    }
    let destination = Reduce<DestinationState, DestinationAction, Dependencies>(
      combine {
        Reduce<AlertState<AlertAction>, AlertAction, Dependencies>.empty
          .pullback(state: alertState, action: alertAction, environment: { $0 })
        child.pullback(state: childState, action: childAction, environment: { $0 })
      })
    let alert = AlertState(title: "Uh oh!", buttons: [AlertAction.deleteButtonTapped])
    let parent = Reduce<ParentState, ParentAction, Dependencies> { state, action, dependencies in
      switch action {
      case .destination(.presented(.alert(.deleteButtonTapped))):
        state.isDeleted = true
        return .none
      case .destination:
        return .none
      case .presentAlert:
        state.destination = .alert(alert)
        return .none
      case .presentChild(let id):
        state.destination = .child(ChildState(id: id ?? dependencies.uuid()))
        return .none
      }
    }
    .ifLet(\.destination, action: destinationAction, environment: { $0 }) { destination }

    let dependencies = Dependencies()
    let clock = dependencies.clock
    let store = TestStore(initialState: ParentState(), reducer: parent, environment: dependencies)

    await store.send(.presentChild()) {
      $0.destination = .child(ChildState(id: UUID(0)))
    }
    await store.send(.destination(.presented(.child(.startButtonTapped))))
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.child(.tick)))) {
      $0.destination = .child(ChildState(id: UUID(0), count: 1))
    }
    await store.receive(.destination(.presented(.child(.tick)))) {
      $0.destination = .child(ChildState(id: UUID(0), count: 2))
    }
    await store.send(.destination(.presented(.child(.closeButtonTapped))))
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.send(.presentChild()) {
      $0.destination = .child(ChildState(id: UUID(1)))
    }
    await clock.advance(by: .seconds(2))
    await store.send(.destination(.presented(.child(.startButtonTapped))))
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.child(.tick)))) {
      $0.destination = .child(ChildState(id: UUID(1), count: 1))
    }
    await store.receive(.destination(.presented(.child(.tick)))) {
      $0.destination = .child(ChildState(id: UUID(1), count: 2))
    }
    await store.send(.presentChild(id: UUID(1))) {
      $0.destination = .child(ChildState(id: UUID(1), count: 0))
    }
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.child(.tick)))) {
      $0.destination = .child(ChildState(id: UUID(1), count: 1))
    }
    await store.receive(.destination(.presented(.child(.tick)))) {
      $0.destination = .child(ChildState(id: UUID(1), count: 2))
    }
    await store.send(.presentAlert) {
      $0.destination = .alert(alert)
    }
  }

  @Test func testNavigation_cancelID_childCancellation() async {
    struct ChildState: Equatable {}
    enum ChildAction: Equatable, Sendable {
      case startButtonTapped
      case stopButtonTapped
    }
    struct ParentState: Equatable {
      var child: ChildState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<ChildAction>)
      case presentChild
    }
    let childAction = CasePath<ParentAction, PresentationAction<ChildAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let child = Reduce<ChildState, ChildAction, Void> { _, action, _ in
      switch action {
      case .startButtonTapped:
        return .run { _ in
          await neverEnding()
        }
        .cancellable(id: 42)

      case .stopButtonTapped:
        return .cancel(id: 42)
      }
    }
    let parent = Reduce<ParentState, ParentAction, Void> { state, action, _ in
      switch action {
      case .child:
        return .none
      case .presentChild:
        state.child = ChildState()
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { child }

    let store = TestStore(initialState: ParentState(), reducer: parent, environment: ())
    let presentationTask = await store.send(.presentChild) {
      $0.child = ChildState()
    }
    await store.send(.child(.presented(.startButtonTapped)))
    await store.send(.child(.presented(.stopButtonTapped)))
    await presentationTask.cancel()
  }

  /// A deliberate difference: TCA's parent cancels its child's and grandchild's effects with
  /// their identifiers; here a parent's `.cancel(id:)` does not reach the effects of the
  /// children it presents (each child's identifiers are scoped to where it is presented), and
  /// they end when the child is dismissed.
  @Test func testNavigation_cancelID_parentCancellation() async {
    struct GrandchildState: Equatable {}
    enum GrandchildAction: Equatable, Sendable {
      case startButtonTapped
    }
    enum GrandchildCancelID: Hashable, Sendable { case effect }
    struct ChildState: Equatable {
      var grandchild: GrandchildState?
    }
    enum ChildAction: Equatable, Sendable {
      case grandchild(PresentationAction<GrandchildAction>)
      case presentGrandchild
      case startButtonTapped
    }
    enum ChildCancelID: Hashable, Sendable { case effect }
    struct ParentState: Equatable {
      var child: ChildState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<ChildAction>)
      case stopButtonTapped
      case presentChild
    }
    let grandchildAction = CasePath<ChildAction, PresentationAction<GrandchildAction>>(
      ChildAction.grandchild
    ) { if case .grandchild(let action) = $0 { action } else { nil } }
    let childAction = CasePath<ParentAction, PresentationAction<ChildAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let childProbe = CancellationProbe()
    let grandchildProbe = CancellationProbe()
    let grandchild = Reduce<GrandchildState, GrandchildAction, Void> { _, action, _ in
      switch action {
      case .startButtonTapped:
        return .run { _ in
          await grandchildProbe.runUntilCancelled()
        }
        .cancellable(id: GrandchildCancelID.effect)
      }
    }
    let child = Reduce<ChildState, ChildAction, Void> { state, action, _ in
      switch action {
      case .grandchild:
        return .none
      case .presentGrandchild:
        state.grandchild = GrandchildState()
        return .none
      case .startButtonTapped:
        return .run { _ in
          await childProbe.runUntilCancelled()
        }
        .cancellable(id: ChildCancelID.effect)
      }
    }
    .ifLet(\.grandchild, action: grandchildAction, environment: { $0 }) { grandchild }
    let parent = Reduce<ParentState, ParentAction, Void> { state, action, _ in
      switch action {
      case .child:
        return .none
      case .stopButtonTapped:
        return .merge(
          .cancel(id: ChildCancelID.effect),
          .cancel(id: GrandchildCancelID.effect)
        )
      case .presentChild:
        state.child = ChildState()
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { child }

    let store = TestStore(initialState: ParentState(), reducer: parent, environment: ())
    await store.send(.presentChild) {
      $0.child = ChildState()
    }
    await store.send(.child(.presented(.presentGrandchild))) {
      $0.child?.grandchild = GrandchildState()
    }
    await store.send(.child(.presented(.startButtonTapped)))
    await store.send(.child(.presented(.grandchild(.presented(.startButtonTapped)))))
    await childProbe.started()
    await grandchildProbe.started()
    await store.send(.stopButtonTapped)
    #expect(!childProbe.wasCancelled)
    #expect(!grandchildProbe.wasCancelled)

    await store.send(.child(.dismiss)) {
      $0.child = nil
    }
    #expect(childProbe.wasCancelled)
    #expect(grandchildProbe.wasCancelled)
  }

  /// A deliberate difference: TCA's parent cancels both children's timers with their
  /// identifier; here a parent's `.cancel(id:)` does not reach the effects of the children it
  /// presents, so the timers tick on until each child is dismissed.
  @Test func testNavigation_cancelID_parentCancelTwoChildren() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TwoChildrenState(), reducer: twoChildren, environment: clock)
    await store.send(.presentChildren) {
      $0.child1 = ResponderState()
      $0.child2 = ResponderState()
    }
    await store.send(.child1(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42)))) {
      $0.child1?.count = 42
    }
    await store.send(.child2(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42))))
    await store.receive(.child2(.presented(.response(42)))) {
      $0.child2?.count = 42
    }
    await store.send(.stopButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42))))
    await store.receive(.child2(.presented(.response(42))))
    await store.send(.child1(.dismiss)) {
      $0.child1 = nil
    }
    await store.send(.child2(.dismiss)) {
      $0.child2 = nil
    }
  }

  @Test func testNavigation_cancelID_childCannotCancelSibling() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TwoChildrenState(), reducer: twoChildren, environment: clock)
    await store.send(.presentChildren) {
      $0.child1 = ResponderState()
      $0.child2 = ResponderState()
    }
    await store.send(.child1(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42)))) {
      $0.child1?.count = 42
    }
    await store.send(.child2(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42))))
    await store.receive(.child2(.presented(.response(42)))) {
      $0.child2?.count = 42
    }

    await store.send(.child1(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child2(.presented(.response(42))))

    await store.send(.child2(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(1))

    await clock.run()
    await store.send(.child1(.dismiss)) {
      $0.child1 = nil
    }
    await store.send(.child2(.dismiss)) {
      $0.child2 = nil
    }
  }

  @Test func testNavigation_cancelID_childCannotCancelIdentifiableSibling() async {
    struct ChildState: Equatable, Identifiable {
      let id: UUID
      var count = 0
    }
    struct ParentState: Equatable {
      var child1: ChildState?
      var child2: ChildState?
    }
    enum ParentAction: Equatable, Sendable {
      case child1(PresentationAction<ResponderAction>)
      case child2(PresentationAction<ResponderAction>)
      case presentChildren
    }
    let child1Action = CasePath<ParentAction, PresentationAction<ResponderAction>>(
      ParentAction.child1
    ) { if case .child1(let action) = $0 { action } else { nil } }
    let child2Action = CasePath<ParentAction, PresentationAction<ResponderAction>>(
      ParentAction.child2
    ) { if case .child2(let action) = $0 { action } else { nil } }
    let child = Reduce<ChildState, ResponderAction, Dependencies> { state, action, dependencies in
      responder.reduce(into: &state.count, action: action, environment: dependencies.clock)
    }
    let parent = Reduce<ParentState, ParentAction, Dependencies> { state, action, dependencies in
      switch action {
      case .child1, .child2:
        return .none
      case .presentChildren:
        state.child1 = ChildState(id: dependencies.uuid())
        state.child2 = ChildState(id: dependencies.uuid())
        return .none
      }
    }
    .ifLet(\.child1, action: child1Action, environment: { $0 }) { child }
    .ifLet(\.child2, action: child2Action, environment: { $0 }) { child }

    let dependencies = Dependencies()
    let clock = dependencies.clock
    let store = TestStore(initialState: ParentState(), reducer: parent, environment: dependencies)
    await store.send(.presentChildren) {
      $0.child1 = ChildState(id: UUID(0))
      $0.child2 = ChildState(id: UUID(1))
    }
    await store.send(.child1(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42)))) {
      $0.child1?.count = 42
    }
    await store.send(.child2(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42))))
    await store.receive(.child2(.presented(.response(42)))) {
      $0.child2?.count = 42
    }

    await store.send(.child1(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child2(.presented(.response(42))))

    await store.send(.child2(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(1))

    await clock.run()
    await store.send(.child1(.dismiss)) {
      $0.child1 = nil
    }
    await store.send(.child2(.dismiss)) {
      $0.child2 = nil
    }
  }

  @Test func testNavigation_cancelID_childCannotCancelParent() async {
    enum ParentCancelID: Hashable, Sendable { case effect }
    struct ChildState: Equatable {}
    enum ChildAction: Equatable, Sendable {
      case stopButtonTapped
    }
    struct ParentState: Equatable {
      var child: ChildState?
      var count = 0
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<ChildAction>)
      case presentChild
      case response(Int)
      case startButtonTapped
      case stopButtonTapped
    }
    let childAction = CasePath<ParentAction, PresentationAction<ChildAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let child = Reduce<ChildState, ChildAction, TestClock> { _, action, _ in
      switch action {
      case .stopButtonTapped:
        return .cancel(id: ParentCancelID.effect)
      }
    }
    let parent = Reduce<ParentState, ParentAction, TestClock> { state, action, clock in
      switch action {
      case .child:
        return .none
      case .presentChild:
        state.child = ChildState()
        return .none
      case .response(let value):
        state.count = value
        return .none
      case .startButtonTapped:
        let sleep = clock.sleeper(for: .seconds(1))
        return .run { send in
          guard await sleep() else { return }
          await send(.response(42))
        }
        .cancellable(id: ParentCancelID.effect)
      case .stopButtonTapped:
        return .cancel(id: ParentCancelID.effect)
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { child }

    let clock = TestClock()
    let store = TestStore(initialState: ParentState(), reducer: parent, environment: clock)
    await store.send(.presentChild) {
      $0.child = ChildState()
    }
    await store.send(.startButtonTapped)
    await store.send(.child(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.response(42)) {
      $0.count = 42
    }
    await store.send(.stopButtonTapped)
    await store.send(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test func testNavigation_cancelID_parentDismissGrandchild() async {
    enum GrandchildCancelID: Hashable, Sendable { case effect }
    struct GrandchildState: Equatable {}
    enum GrandchildAction: Equatable, Sendable {
      case response(Int)
      case startButtonTapped
    }
    struct ChildState: Equatable {
      var grandchild: GrandchildState?
    }
    enum ChildAction: Equatable, Sendable {
      case grandchild(PresentationAction<GrandchildAction>)
      case presentGrandchild
    }
    struct ParentState: Equatable {
      var child: ChildState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<ChildAction>)
      case dismissGrandchild
      case presentChild
    }
    let grandchildAction = CasePath<ChildAction, PresentationAction<GrandchildAction>>(
      ChildAction.grandchild
    ) { if case .grandchild(let action) = $0 { action } else { nil } }
    let childAction = CasePath<ParentAction, PresentationAction<ChildAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let grandchild = Reduce<GrandchildState, GrandchildAction, TestClock> { _, action, clock in
      switch action {
      case .response:
        return .none
      case .startButtonTapped:
        let sleep = clock.sleeper(for: .seconds(0))
        return .run { send in
          guard await sleep() else { return }
          await send(.response(42))
        }
        .cancellable(id: GrandchildCancelID.effect)
      }
    }
    let child = Reduce<ChildState, ChildAction, TestClock> { state, action, _ in
      switch action {
      case .grandchild:
        return .none
      case .presentGrandchild:
        state.grandchild = GrandchildState()
        return .none
      }
    }
    .ifLet(\.grandchild, action: grandchildAction, environment: { $0 }) { grandchild }
    let parent = Reduce<ParentState, ParentAction, TestClock> { state, action, _ in
      switch action {
      case .child:
        return .none
      case .dismissGrandchild:
        return .send(.child(.presented(.grandchild(.dismiss))))
      case .presentChild:
        state.child = ChildState()
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { child }

    let clock = TestClock()
    let store = TestStore(initialState: ParentState(), reducer: parent, environment: clock)
    await store.send(.presentChild) {
      $0.child = ChildState()
    }
    await store.send(.child(.presented(.presentGrandchild))) {
      $0.child?.grandchild = GrandchildState()
    }

    await store.send(.child(.presented(.grandchild(.presented(.startButtonTapped)))))
    await clock.advance()
    await store.receive(.child(.presented(.grandchild(.presented(.response(42))))))

    await store.send(.child(.presented(.grandchild(.presented(.startButtonTapped)))))
    await store.send(.dismissGrandchild)
    await store.receive(.child(.presented(.grandchild(.dismiss)))) {
      $0.child?.grandchild = nil
    }
    await store.send(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test func testRuntimeWarn_NilChild_SendDismissAction() async {
    let store = TestStore(initialState: EmptyParentState(), reducer: emptyParent, environment: ())

    await expectFailure(count: 1) {
      await store.send(.child(.dismiss))
    } matching: {
      // TCA's message: "An "ifLet" at "…" received a presentation action when destination
      // state was absent. …"
      $0.contains("nothing is presented") || $0.contains("destination state was absent")
    }
  }

  @Test func testRuntimeWarn_NilChild_SendChildAction() async {
    let store = TestStore(initialState: EmptyParentState(), reducer: emptyParent, environment: ())

    await expectFailure(count: 1) {
      await store.send(.child(.presented(.tap)))
    } matching: {
      // TCA's message: "An "ifLet" at "…" received a presentation action when destination
      // state was absent. …"
      $0.contains("a child that is not there") || $0.contains("destination state was absent")
    }
  }

  @Test func testRehydrateSameChild_SendDismissAction() async {
    struct ParentState: Equatable {
      var child: EmptyChildState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<EmptyChildAction>)
    }
    let childAction = CasePath<ParentAction, PresentationAction<EmptyChildAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let parent = Reduce<ParentState, ParentAction, Void> { state, action, _ in
      switch action {
      case .child(.dismiss):
        state.child = EmptyChildState()
        return .none
      default:
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { emptyChild }

    let store = TestStore(
      initialState: ParentState(child: EmptyChildState()), reducer: parent, environment: ())

    await store.send(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test func testRehydrateDifferentChild_SendDismissAction() async throws {
    struct ChildState: Equatable, Identifiable {
      let id: UUID
    }
    struct ParentState: Equatable {
      var child: ChildState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<EmptyChildAction>)
    }
    let childAction = CasePath<ParentAction, PresentationAction<EmptyChildAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let deadbeef = try #require(UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF"))
    let parent = Reduce<ParentState, ParentAction, Dependencies> { state, action, dependencies in
      switch action {
      case .child(.dismiss):
        if state.child?.id == deadbeef {
          state.child = ChildState(id: dependencies.uuid())
        }
        return .none
      default:
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) {
      Reduce<ChildState, EmptyChildAction, Dependencies>.empty
    }

    let store = TestStore(
      initialState: ParentState(child: ChildState(id: deadbeef)), reducer: parent,
      environment: Dependencies())

    await store.send(.child(.dismiss)) {
      $0.child = ChildState(id: UUID(0))
    }
    await store.send(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test func testPresentation_parentNilsOutChildWithLongLivingEffect() async {
    struct ChildState: Equatable {
      var count = 0
    }
    enum ChildAction: Equatable, Sendable {
      case dismiss
      case dismissMe
      case task
    }
    struct ParentState: Equatable {
      var child: ChildState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<ChildAction>)
      case presentChild
    }
    let childAction = CasePath<ParentAction, PresentationAction<ChildAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let child = Reduce<ChildState, ChildAction, Void> { _, action, _ in
      switch action {
      case .dismiss:
        return .send(.dismissMe)
      case .dismissMe:
        return .none
      case .task:
        return .run { _ in
          await neverEnding()
        }
      }
    }
    let parent = Reduce<ParentState, ParentAction, Void> { state, action, _ in
      switch action {
      case .child(.presented(.dismissMe)):
        state.child = nil
        return .none
      case .child:
        return .none
      case .presentChild:
        state.child = ChildState()
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { child }

    let store = TestStore(initialState: ParentState(), reducer: parent, environment: ())

    await store.send(.presentChild) {
      $0.child = ChildState()
    }
    await store.send(.child(.presented(.task)))
    await store.send(.child(.presented(.dismiss)))
    await store.receive(.child(.presented(.dismissMe))) {
      $0.child = nil
    }
  }

  /// The destination enum has no `Identifiable` conformance of its own, so to the `ifLet` the
  /// child that takes another id is the same destination; its case's pullback tells the two
  /// children apart, as TCA does, and ends the effect the first one's tap started.
  @Test func testPresentation_DestinationEnum_IdentityChange() async {
    struct ChildState: Equatable, Identifiable {
      var id: UUID
      var count = 0
    }
    enum ChildAction: Equatable, Sendable {
      case resetIdentity
      case response
      case tap
    }
    enum DestinationState: Equatable {
      case child1(ChildState)
      case child2(ChildState)
    }
    enum DestinationAction: Equatable, Sendable {
      case child1(ChildAction)
      case child2(ChildAction)
    }
    struct ParentState: Equatable {
      var destination: DestinationState?
    }
    enum ParentAction: Equatable, Sendable {
      case destination(PresentationAction<DestinationAction>)
      case presentChild1
    }
    let child1State = CasePath<DestinationState, ChildState>(DestinationState.child1) {
      if case .child1(let state) = $0 { state } else { nil }
    }
    let child2State = CasePath<DestinationState, ChildState>(DestinationState.child2) {
      if case .child2(let state) = $0 { state } else { nil }
    }
    let child1Action = CasePath<DestinationAction, ChildAction>(DestinationAction.child1) {
      if case .child1(let action) = $0 { action } else { nil }
    }
    let child2Action = CasePath<DestinationAction, ChildAction>(DestinationAction.child2) {
      if case .child2(let action) = $0 { action } else { nil }
    }
    let destinationAction = CasePath<ParentAction, PresentationAction<DestinationAction>>(
      ParentAction.destination
    ) { if case .destination(let action) = $0 { action } else { nil } }
    let child = Reduce<ChildState, ChildAction, Dependencies> { state, action, dependencies in
      switch action {
      case .resetIdentity:
        state.count = 0
        state.id = dependencies.uuid()
        return .none
      case .response:
        state.count = 999
        return .none
      case .tap:
        state.count += 1
        let sleep = dependencies.clock.sleeper(for: .seconds(1))
        return .run { send in
          guard await sleep() else { return }
          await send(.response)
        }
      }
    }
    let destination = Reduce<DestinationState, DestinationAction, Dependencies>(
      combine {
        child.pullback(state: child1State, action: child1Action, environment: { $0 })
        child.pullback(state: child2State, action: child2Action, environment: { $0 })
      })
    let parent = Reduce<ParentState, ParentAction, Dependencies> { state, action, dependencies in
      switch action {
      case .destination:
        return .none
      case .presentChild1:
        state.destination = .child1(ChildState(id: dependencies.uuid()))
        return .none
      }
    }
    .ifLet(\.destination, action: destinationAction, environment: { $0 }) { destination }

    let dependencies = Dependencies()
    let mainQueue = dependencies.clock
    let store = TestStore(initialState: ParentState(), reducer: parent, environment: dependencies)

    await store.send(.presentChild1) {
      $0.destination = .child1(ChildState(id: UUID(0)))
    }
    await store.send(.destination(.presented(.child1(.tap)))) {
      $0.destination = .child1(ChildState(id: UUID(0), count: 1))
    }
    await store.send(.destination(.presented(.child1(.resetIdentity)))) {
      $0.destination = .child1(ChildState(id: UUID(1), count: 0))
    }
    await mainQueue.run()
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func testAlertThenDialog() async {
    enum AlertDialogAction: Equatable, Sendable {
      case showAlert
      case showDialog
    }
    enum DestinationState: Equatable {
      case alert(AlertState<AlertDialogAction>)
      case dialog(DialogState<AlertDialogAction>)
    }
    enum DestinationAction: Equatable, Sendable {
      case alert(AlertDialogAction)
      case dialog(AlertDialogAction)
    }
    struct FeatureState: Equatable {
      var destination: DestinationState?
    }
    enum FeatureAction: Equatable, Sendable {
      case destination(PresentationAction<DestinationAction>)
      case showAlert
      case showDialog
    }
    let destinationAction = CasePath<FeatureAction, PresentationAction<DestinationAction>>(
      FeatureAction.destination
    ) { if case .destination(let action) = $0 { action } else { nil } }
    let alert = AlertState<AlertDialogAction>(title: "Choose", buttons: [.showAlert, .showDialog])
    let dialog = DialogState<AlertDialogAction>(
      title: "Choose", buttons: [.showAlert, .showDialog])
    let feature = Reduce<FeatureState, FeatureAction, Void> { state, action, _ in
      switch action {
      case .destination(.presented(.alert(.showDialog))):
        state.destination = .dialog(DialogState(title: "Hello!"))
        return .none
      case .destination(.presented(.dialog(.showAlert))):
        state.destination = .alert(AlertState(title: "Hello!"))
        return .none
      case .destination:
        return .none
      case .showAlert:
        state.destination = .alert(alert)
        return .none
      case .showDialog:
        state.destination = .dialog(dialog)
        return .none
      }
    }
    .ifLet(\.destination, action: destinationAction, environment: { $0 }) {
      Reduce<DestinationState, DestinationAction, Void>.empty
    }

    let store = TestStore(initialState: FeatureState(), reducer: feature, environment: ())

    await store.send(.showAlert) {
      $0.destination = .alert(alert)
    }
    await store.send(.destination(.presented(.alert(.showDialog)))) {
      $0.destination = .dialog(DialogState(title: "Hello!"))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }

    await store.send(.showDialog) {
      $0.destination = .dialog(dialog)
    }
    await store.send(.destination(.presented(.dialog(.showAlert)))) {
      $0.destination = .alert(AlertState(title: "Hello!"))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func testPresentation_leaveChildPresented() async {
    let store = TestStore(initialState: EmptyParentState(), reducer: emptyParent, environment: ())

    await store.send(.presentChild) {
      $0.child = EmptyChildState()
    }
  }

  @Test func testPresentation_leaveChildPresented_WithLongLivingEffect() async {
    await expectFailure(count: 1) {
      let store = TestStore(
        initialState: EmptyParentState(), reducer: emptyParent, environment: ())

      await store.send(.presentChild) {
        $0.child = EmptyChildState()
      }
      await store.send(.child(.presented(.runForever)))
    } matching: {
      // TCA's message: "An effect returned for this action is still running. It must complete
      // before the end of the test. …"
      $0.contains("still running")
    }
  }

  @Test func testCancelInFlightEffects() async {
    struct CancelID: Hashable, Sendable {}
    struct ChildState: Equatable {
      var count = 0
    }
    enum ChildAction: Equatable, Sendable {
      case response(Int)
      case tap
    }
    struct ParentState: Equatable {
      var child: ChildState?
      var count = 0
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<ChildAction>)
      case presentChild
      case response(Int)
    }
    let childAction = CasePath<ParentAction, PresentationAction<ChildAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let child = Reduce<ChildState, ChildAction, TestClock> { state, action, mainQueue in
      switch action {
      case .response(let value):
        state.count = value
        return .none
      case .tap:
        let sleep = mainQueue.sleeper(for: .seconds(1))
        return .run { send in
          guard await sleep() else { return }
          await send(.response(42))
        }
        .cancellable(id: CancelID(), cancelInFlight: true)
      }
    }
    let parent = Reduce<ParentState, ParentAction, TestClock> { state, action, mainQueue in
      switch action {
      case .child:
        return .none
      case .presentChild:
        state.child = ChildState()
        let sleep = mainQueue.sleeper(for: .seconds(2))
        return .run { send in
          guard await sleep() else { return }
          await send(.response(42))
        }
        .cancellable(id: CancelID())
      case .response(let value):
        state.count = value
        return .none
      }
    }
    .ifLet(\.child, action: childAction, environment: { $0 }) { child }

    let mainQueue = TestClock()
    let store = TestStore(initialState: ParentState(), reducer: parent, environment: mainQueue)

    await store.send(.presentChild) {
      $0.child = ChildState()
    }
    await store.send(.child(.presented(.tap)))
    await mainQueue.advance(by: .milliseconds(500))
    await store.send(.child(.presented(.tap)))
    await mainQueue.advance(by: .milliseconds(1_000))
    await store.receive(.child(.presented(.response(42)))) {
      $0.child?.count = 42
    }
    await mainQueue.advance(by: .milliseconds(500))
    await store.receive(.response(42)) {
      $0.count = 42
    }
    await store.send(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test func testOuterCancellation() async {
    struct ChildState: Equatable {}
    enum ChildAction: Equatable, Sendable { case onAppear }
    struct ParentState: Equatable {
      var child: ChildState?
    }
    enum ParentAction: Equatable, Sendable {
      case child(PresentationAction<ChildAction>)
      case tapAfter
      case tapBefore
      case tapChild
    }
    let childAction = CasePath<ParentAction, PresentationAction<ChildAction>>(
      ParentAction.child
    ) { if case .child(let action) = $0 { action } else { nil } }
    let child = Reduce<ChildState, ChildAction, Void> { _, _, _ in
      .run { _ in
        await neverEnding()
      }
    }
    let parent = Reduce<ParentState, ParentAction, Void>(
      combine {
        Reduce<ParentState, ParentAction, Void> { state, action, _ in
          switch action {
          case .child:
            return .none
          case .tapAfter:
            return .none
          case .tapBefore:
            state.child = nil
            return .none
          case .tapChild:
            return .none
          }
        }

        Reduce { state, action, _ in
          switch action {
          case .child:
            return .none
          case .tapAfter:
            return .none
          case .tapBefore:
            return .none
          case .tapChild:
            state.child = ChildState()
            return .none
          }
        }
        .ifLet(\.child, action: childAction, environment: { $0 }) { child }

        Reduce { state, action, _ in
          switch action {
          case .child:
            return .none
          case .tapAfter:
            state.child = nil
            return .none
          case .tapBefore:
            return .none
          case .tapChild:
            return .none
          }
        }
      })

    let store = TestStore(initialState: ParentState(), reducer: parent, environment: ())

    await store.send(.tapChild) {
      $0.child = ChildState()
    }
    await store.send(.child(.presented(.onAppear)))
    await store.send(.tapBefore) {
      $0.child = nil
    }

    await store.send(.tapChild) {
      $0.child = ChildState()
    }
    await store.send(.child(.presented(.onAppear)))
    await store.send(.tapAfter) {
      $0.child = nil
    }
    // NB: Another action needs to come into the `ifLet` to cancel the child action
    await store.send(.tapAfter)
  }

  @Test func testPresentation_leaveAlertPresentedForNonAlertActions() async {
    enum AlertAction: Equatable, Sendable {
      case deleteButtonTapped
    }
    enum DestinationState: Equatable {
      case alert(AlertState<AlertAction>)
      case child(CounterState)
    }
    enum DestinationAction: Equatable, Sendable {
      case alert(AlertAction)
      case child(CounterAction)
    }
    struct ParentState: Equatable {
      var destination: DestinationState?
      var isDeleted = false
    }
    enum ParentAction: Equatable, Sendable {
      case destination(PresentationAction<DestinationAction>)
      case presentAlert
      case presentChild
    }
    let alertState = CasePath<DestinationState, AlertState<AlertAction>>(DestinationState.alert) {
      if case .alert(let state) = $0 { state } else { nil }
    }
    let childState = CasePath<DestinationState, CounterState>(DestinationState.child) {
      if case .child(let state) = $0 { state } else { nil }
    }
    let alertAction = CasePath<DestinationAction, AlertAction>(DestinationAction.alert) {
      if case .alert(let action) = $0 { action } else { nil }
    }
    let childAction = CasePath<DestinationAction, CounterAction>(DestinationAction.child) {
      if case .child(let action) = $0 { action } else { nil }
    }
    let destinationAction = CasePath<ParentAction, PresentationAction<DestinationAction>>(
      ParentAction.destination
    ) { if case .destination(let action) = $0 { action } else { nil } }
    let destination = Reduce<DestinationState, DestinationAction, Void>(
      combine {
        Reduce<AlertState<AlertAction>, AlertAction, Void>.empty
          .pullback(state: alertState, action: alertAction, environment: { $0 })
        counter.pullback(state: childState, action: childAction, environment: { $0 })
      })
    let alert = AlertState(title: "Uh oh!", buttons: [AlertAction.deleteButtonTapped])
    let parent = Reduce<ParentState, ParentAction, Void> { state, action, _ in
      switch action {
      case .destination(.presented(.alert(.deleteButtonTapped))):
        state.isDeleted = true
        return .none
      case .destination:
        return .none
      case .presentAlert:
        state.destination = .alert(alert)
        return .none
      case .presentChild:
        state.destination = .child(CounterState())
        return .none
      }
    }
    .ifLet(\.destination, action: destinationAction, environment: { $0 }) { destination }

    let store = TestStore(initialState: ParentState(), reducer: parent, environment: ())

    await store.send(.presentAlert) {
      $0.destination = .alert(alert)
    }

    await expectFailure(count: 1) {
      await store.send(.destination(.presented(.child(.decrementButtonTapped))))
    } matching: {
      // TCA's message: "A "Scope" at "…" received a child action when child state was set to a
      // different case."
      $0.contains("a case the state is not in") || $0.contains("different case")
    }
  }

  @Test func testNestedDismiss() async {
    let store = TestStore(
      initialState: NestedDismissState(), reducer: NestedDismissFeature(), environment: ())

    await store.send(.presentButtonTapped) {
      $0.child = NestedDismissState()
    }
    await store.send(.child(.presented(.presentButtonTapped))) {
      $0.child?.child = NestedDismissState()
    }
    await store.send(.child(.presented(.child(.presented(.dismissButtonTapped)))))
    await store.receive(.child(.presented(.child(.dismiss)))) {
      $0.child?.child = nil
    }
  }
}

// MARK: - Shared domains

/// A clock and identities, TCA's `continuousClock` (or `mainQueue`) and `uuid` dependencies.
private struct Dependencies: Sendable {
  var clock = TestClock()
  var uuid = IncrementingUUID()
}

/// An alert or a dialog: what it says and the buttons it offers, each an action.
private struct AlertState<Action: Equatable>: Equatable {
  var title: String
  var buttons: [Action] = []
}

private typealias DialogState<Action: Equatable> = AlertState<Action>

/// TCA's counter child, which dismisses itself on its close button.
private struct CounterState: Equatable {
  var count = 0
}

private enum CounterAction: Equatable, Sendable {
  case closeButtonTapped
  case decrementButtonTapped
  case incrementButtonTapped
}

@MainActor private let counter = Reduce<CounterState, CounterAction, Void> { state, action, _ in
  switch action {
  case .closeButtonTapped:
    return .dismiss
  case .decrementButtonTapped:
    state.count -= 1
    return .none
  case .incrementButtonTapped:
    state.count += 1
    return .none
  }
}

/// A child that ticks every second once started, and dismisses itself on its close button.
private struct TickerState: Equatable {
  var count = 0
}

private enum TickerAction: Equatable, Sendable {
  case closeButtonTapped
  case startButtonTapped
  case tick
}

@MainActor private let ticker = Reduce<TickerState, TickerAction, TestClock> {
  state, action, clock in
  switch action {
  case .closeButtonTapped:
    return .dismiss
  case .startButtonTapped:
    let timer = clock.timer(interval: .seconds(1))
    return .run { send in
      for await _ in timer {
        await send(.tick)
      }
    }
  case .tick:
    state.count += 1
    return .none
  }
}

private struct TickerParentState: Equatable {
  var child: TickerState?
}

private enum TickerParentAction: Equatable, Sendable {
  case child(PresentationAction<TickerAction>)
  case presentChild
}

extension CasePath<TickerParentAction, PresentationAction<TickerAction>> {
  fileprivate static var child: Self {
    Self(TickerParentAction.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}

@MainActor private let tickerParent = Reduce<TickerParentState, TickerParentAction, TestClock> {
  state, action, _ in
  switch action {
  case .child:
    return .none
  case .presentChild:
    state.child = TickerState()
    return .none
  }
}
.ifLet(\.child, action: .child, environment: { $0 }) { ticker }

/// A child with nothing of its own but a tap, and an effect that never ends.
private struct EmptyChildState: Equatable {}

private enum EmptyChildAction: Equatable, Sendable {
  case tap
  case runForever
}

@MainActor private let emptyChild = Reduce<EmptyChildState, EmptyChildAction, Void> {
  _, action, _ in
  switch action {
  case .tap:
    return .none
  case .runForever:
    return .run { _ in await neverEnding() }
  }
}

private struct EmptyParentState: Equatable {
  var child: EmptyChildState?
}

private enum EmptyParentAction: Equatable, Sendable {
  case child(PresentationAction<EmptyChildAction>)
  case presentChild
}

extension CasePath<EmptyParentAction, PresentationAction<EmptyChildAction>> {
  fileprivate static var child: Self {
    Self(EmptyParentAction.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}

@MainActor private let emptyParent = Reduce<EmptyParentState, EmptyParentAction, Void> {
  state, action, _ in
  switch action {
  case .child:
    return .none
  case .presentChild:
    state.child = EmptyChildState()
    return .none
  }
}
.ifLet(\.child, action: .child, environment: { $0 }) { emptyChild }

/// A parent presenting an alert, which has no reducer of its own.
private enum NoAlertAction: Equatable, Sendable {}

private struct AlertParentState: Equatable {
  var alert: AlertState<NoAlertAction>?
}

private enum AlertParentAction: Equatable, Sendable {
  case alert(PresentationAction<NoAlertAction>)
  case presentAlert
}

extension CasePath<AlertParentAction, PresentationAction<NoAlertAction>> {
  fileprivate static var alert: Self {
    Self(AlertParentAction.alert) { if case .alert(let action) = $0 { action } else { nil } }
  }
}

@MainActor private let alertParent = Reduce<AlertParentState, AlertParentAction, Void> {
  state, action, _ in
  switch action {
  case .alert:
    return .none
  case .presentAlert:
    state.alert = AlertState(title: "Uh oh!")
    return .none
  }
}
.ifLet(\.alert, action: .alert, environment: { $0 }) {
  Reduce<AlertState<NoAlertAction>, NoAlertAction, Void>.empty
}

/// Two children that answer 42 every second once started, and stop on their stop button.
private struct ResponderState: Equatable {
  var count = 0
}

private enum ResponderAction: Equatable, Sendable {
  case response(Int)
  case startButtonTapped
  case stopButtonTapped
}

private enum ResponderCancelID: Hashable, Sendable { case effect }

@MainActor private let responder = Reduce<Int, ResponderAction, TestClock> {
  count, action, clock in
  switch action {
  case .response(let value):
    count = value
    return .none
  case .startButtonTapped:
    let timer = clock.timer(interval: .seconds(1))
    return .run { send in
      for await _ in timer {
        await send(.response(42))
      }
    }
    .cancellable(id: ResponderCancelID.effect)
  case .stopButtonTapped:
    return .cancel(id: ResponderCancelID.effect)
  }
}

private struct TwoChildrenState: Equatable {
  var child1: ResponderState?
  var child2: ResponderState?
}

private enum TwoChildrenAction: Equatable, Sendable {
  case child1(PresentationAction<ResponderAction>)
  case child2(PresentationAction<ResponderAction>)
  case stopButtonTapped
  case presentChildren
}

extension CasePath<TwoChildrenAction, PresentationAction<ResponderAction>> {
  fileprivate static var child1: Self {
    Self(TwoChildrenAction.child1) { if case .child1(let action) = $0 { action } else { nil } }
  }
  fileprivate static var child2: Self {
    Self(TwoChildrenAction.child2) { if case .child2(let action) = $0 { action } else { nil } }
  }
}

/// TCA's parents of two children in `testNavigation_cancelID_parentCancelTwoChildren` and
/// `testNavigation_cancelID_childCannotCancelSibling`: the first has a stop button, which the
/// second never taps.
@MainActor private let twoChildren = Reduce<TwoChildrenState, TwoChildrenAction, TestClock> {
  state, action, _ in
  switch action {
  case .child1, .child2:
    return .none
  case .stopButtonTapped:
    return .cancel(id: ResponderCancelID.effect)
  case .presentChildren:
    state.child1 = ResponderState()
    state.child2 = ResponderState()
    return .none
  }
}
.ifLet(\.child1, action: .child1, environment: { $0 }) {
  Reduce<ResponderState, ResponderAction, TestClock> { state, action, clock in
    responder.reduce(into: &state.count, action: action, environment: clock)
  }
}
.ifLet(\.child2, action: .child2, environment: { $0 }) {
  Reduce<ResponderState, ResponderAction, TestClock> { state, action, clock in
    responder.reduce(into: &state.count, action: action, environment: clock)
  }
}

/// TCA's `NestedDismissFeature`: a feature that presents itself, and dismisses itself.
private struct NestedDismissState: Equatable {
  // Held in an array, which has its storage elsewhere: a struct cannot hold itself.
  private var presented: [NestedDismissState] = []

  var child: NestedDismissState? {
    get { presented.first }
    set { presented = newValue.map { [$0] } ?? [] }
  }
}

private indirect enum NestedDismissAction: Equatable, Sendable {
  case child(PresentationAction<NestedDismissAction>)
  case dismissButtonTapped
  case presentButtonTapped
}

extension CasePath<NestedDismissAction, PresentationAction<NestedDismissAction>> {
  fileprivate static var child: Self {
    Self(NestedDismissAction.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}

private struct NestedDismissFeature: Reducer {
  func reduce(
    into state: inout NestedDismissState, action: NestedDismissAction, environment: Void
  ) -> Effect<NestedDismissAction> {
    Reduce<NestedDismissState, NestedDismissAction, Void> { state, action, _ in
      switch action {
      case .child:
        return .none
      case .dismissButtonTapped:
        return .dismiss
      case .presentButtonTapped:
        state.child = NestedDismissState()
        return .none
      }
    }
    .ifLet(\.child, action: .child, environment: { $0 }) { Self() }
    .reduce(into: &state, action: action, environment: environment)
  }
}
