import ComposableArchitecture
import ComposableArchitectureTestSupport
import Synchronization
import Testing

/// A child's effects end with the child, whichever reducer takes it away: a sibling before or
/// after the `ifLet`, a parent that moves an enum to another case or gives an identified child
/// another id, and a dismissal clears only the child that was there.
struct HolderState: Equatable {
  var child: ProbeState?
  var numbered: NumberedProbe?
  var place: HolderPlace = .probe(ProbeState())
}

struct NumberedProbe: Equatable, Identifiable {
  var id: Int
  var probe = ProbeState()
}

enum HolderPlace: Equatable {
  case probe(ProbeState)
  case elsewhere
}

enum HolderAction: Equatable, Sendable {
  case child(PresentationAction<ProbeAction>)
  case numbered(PresentationAction<ProbeAction>)
  case place(ProbeAction)
  case showChild
  case clearBeforeTheIfLet
  case clearAfterTheIfLet
  case renumber
  case leavePlace
}

extension CasePath<HolderAction, PresentationAction<ProbeAction>> {
  static var holderChild: Self {
    Self(HolderAction.child) { if case .child(let a) = $0 { a } else { nil } }
  }
  static var numbered: Self {
    Self(HolderAction.numbered) { if case .numbered(let a) = $0 { a } else { nil } }
  }
}

extension CasePath<HolderAction, ProbeAction> {
  static var place: Self {
    Self(HolderAction.place) { if case .place(let a) = $0 { a } else { nil } }
  }
}

extension CasePath<HolderPlace, ProbeState> {
  static var probe: Self {
    Self(HolderPlace.probe) { if case .probe(let s) = $0 { s } else { nil } }
  }
}

struct HolderReducer: Reducer {
  func reduce(
    into state: inout HolderState, action: HolderAction, environment: ProbeEnvironment
  ) -> Effect<HolderAction> {
    combine {
      Reduce<HolderState, HolderAction, ProbeEnvironment> { state, action, _ in
        if case .clearBeforeTheIfLet = action { state.child = nil }
        return .none
      }
      Reduce<HolderState, HolderAction, ProbeEnvironment> { state, action, _ in
        switch action {
        case .showChild:
          state.child = ProbeState()
        case .renumber:
          state.numbered = state.numbered.map { NumberedProbe(id: $0.id + 1) }
        case .numbered(.dismiss):
          // The parent puts another child in place of the one dismissed.
          if state.numbered?.id == 1 { state.numbered = NumberedProbe(id: 2) }
        case .leavePlace:
          state.place = .elsewhere
        case .child, .numbered, .place, .clearBeforeTheIfLet, .clearAfterTheIfLet:
          break
        }
        return .none
      }
      .ifLet(\.child, action: .holderChild, environment: { $0 }) { ProbeReducer() }
      .ifLet(\.numbered, action: .numbered, environment: { $0 }) {
        ProbeReducer().pullback(
          state: \NumberedProbe.probe, action: .identity, environment: { $0 })
      }
      ProbeReducer()
        .pullback(state: CasePath<HolderPlace, ProbeState>.probe, action: .identity) { $0 }
        .pullback(state: \HolderState.place, action: .place, environment: { $0 })
      Reduce<HolderState, HolderAction, ProbeEnvironment> { state, action, _ in
        if case .clearAfterTheIfLet = action { state.child = nil }
        return .none
      }
    }
    .reduce(into: &state, action: action, environment: environment)
  }
}

@MainActor
struct ChildLifetimeTests {
  @Test func aChildClearedByAReducerBeforeTheIfLet_hasItsEffectsCancelled() async {
    let answers = Answers()
    let store = TestStore(
      initialState: HolderState(), reducer: HolderReducer(), environment: answers.environment)
    await store.send(.showChild) { $0.child = ProbeState() }
    let task = await store.send(.child(.presented(.start)))
    await store.send(.clearBeforeTheIfLet) { $0.child = nil }
    // The answer comes after the child went: it is dropped.
    await answers.answer(7)
    await task.finish()
    await store.finish()
  }

  @Test func aChildClearedByAReducerAfterTheIfLet_hasItsEffectsCancelled() async {
    let answers = Answers()
    let store = TestStore(
      initialState: HolderState(), reducer: HolderReducer(), environment: answers.environment)
    await store.send(.showChild) { $0.child = ProbeState() }
    let task = await store.send(.child(.presented(.start)))
    await store.send(.clearAfterTheIfLet) { $0.child = nil }
    await answers.answer(7)
    await task.finish()
    await store.finish()
  }

  @Test func anIdentifiedChildGivenAnotherId_hasTheFirstOnesEffectsCancelled() async {
    let answers = Answers()
    let store = TestStore(
      initialState: HolderState(numbered: NumberedProbe(id: 1)), reducer: HolderReducer(),
      environment: answers.environment)
    let task = await store.send(.numbered(.presented(.start)))
    await store.send(.renumber) { $0.numbered = NumberedProbe(id: 2) }
    await answers.answer(7)
    await task.finish()
    await store.finish()
  }

  @Test func anEnumChildPulledBackIntoACase_hasItsEffectsCancelled_whenTheStateLeavesTheCase()
    async
  {
    let answers = Answers()
    let store = TestStore(
      initialState: HolderState(), reducer: HolderReducer(), environment: answers.environment)
    let task = await store.send(.place(.start))
    await store.send(.leavePlace) { $0.place = .elsewhere }
    await answers.answer(7)
    await task.finish()
    await store.finish()
  }

  @Test func anEnumChildThatStaysInItsCase_keepsItsEffects() async {
    let answers = Answers()
    let store = TestStore(
      initialState: HolderState(), reducer: HolderReducer(), environment: answers.environment)
    await store.send(.place(.start))
    await store.send(.place(.incr)) { $0.place = .probe(ProbeState(count: 1)) }
    await answers.answer(7)
    await store.receive(.place(.answered(7))) { $0.place = .probe(ProbeState(count: 7)) }
  }

  @Test func anEnumChildWhoseOwnStateChangesCase_keepsItsEffects() async {
    enum Loadable: Equatable {
      case loading
      case loaded(Int)
    }
    enum Screen: Equatable {
      case content(Loadable)
      case other
    }
    enum LoadAction: Equatable, Sendable {
      case start
      case update(Int)
    }
    let (updates, feed) = AsyncStream<Int>.makeStream()
    let load = Reduce<Loadable, LoadAction, Void> { state, action, _ in
      switch action {
      case .start:
        return .run { send in
          for await value in updates { await send(.update(value)) }
        }
      case .update(let value):
        state = .loaded(value)
        return .none
      }
    }
    let content = CasePath<Screen, Loadable>(Screen.content) {
      if case .content(let state) = $0 { state } else { nil }
    }
    let store = TestStore(
      initialState: Screen.content(.loading),
      reducer: load.pullback(state: content, action: .identity),
      environment: ())
    await store.send(.start)
    feed.yield(1)
    await store.receive(.update(1)) { $0 = .content(.loaded(1)) }
    // The child's own state moved to another case: it is the same child, and its effect runs on.
    feed.yield(2)
    await store.receive(.update(2)) { $0 = .content(.loaded(2)) }
    feed.finish()
    await store.finish()
  }

  @Test func aDismissal_clearsOnlyTheChildThatWasThere() async {
    let store = TestStore(
      initialState: HolderState(numbered: NumberedProbe(id: 1)), reducer: HolderReducer(),
      environment: Answers().environment)
    // The parent answered the dismissal with another child: that one stays.
    await store.send(.numbered(.dismiss)) { $0.numbered = NumberedProbe(id: 2) }
    await store.send(.numbered(.dismiss)) { $0.numbered = nil }
  }

  @Test func aStore_cancelsTheEffectsOfAChildThatAnotherReducerCleared() async {
    let answers = Answers()
    let store = Store(
      initialState: HolderState(), reducer: HolderReducer(), environment: answers.environment)
    let reports = Mutex<[String]>([])
    let reporter = RuntimeWarning.Reporter { report in reports.withLock { $0.append(report) } }
    await RuntimeWarning.$reporter.withValue(reporter) {
      store.send(.showChild)
      let task = store.send(.child(.presented(.start)))
      while answers.waitingCount == 0 { await Task.yield() }
      store.send(.clearAfterTheIfLet)
      #expect(store.state.child == nil)
      await answers.answer(7)
      await task.finish()
    }
    // Cancelled, the effect's answer never reached the reducer, which would have reported an
    // action for a child that is not there.
    #expect(reports.withLock { $0 } == [])
  }
}
