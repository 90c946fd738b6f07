import ComposableArchitectureTestSupport
import Testing

@testable import ComposableArchitecture

/// A shelf that shows one item at a time, an item being `Identifiable` and holding a probe: the
/// next item shown in its place is another child, the same item changed is not.
struct Item: Equatable, Identifiable {
  var id: Int
  var probe = ProbeState()
}

struct ShelfState: Equatable {
  var item: Item?
  var destination: HostDestination?
}

enum ShelfAction: Equatable, Sendable {
  case item(PresentationAction<ProbeAction>)
  case destination(PresentationAction<ProbeAction>)
  case show(Item)
  case rename(Int)
  case showDestination(HostDestination)
}

extension CasePath<ShelfAction, PresentationAction<ProbeAction>> {
  static var item: Self {
    Self(ShelfAction.item) { if case .item(let a) = $0 { a } else { nil } }
  }
  static var destination: Self {
    Self(ShelfAction.destination) { if case .destination(let a) = $0 { a } else { nil } }
  }
}

struct ShelfReducer: Reducer {
  func reduce(
    into state: inout ShelfState, action: ShelfAction, environment: ProbeEnvironment
  ) -> Effect<ShelfAction> {
    Reduce<ShelfState, ShelfAction, ProbeEnvironment> { state, action, _ in
      switch action {
      case .show(let item):
        state.item = item
      case .rename(let id):
        state.item?.id = id
      case .showDestination(let destination):
        state.destination = destination
      case .item, .destination:
        break
      }
      return .none
    }
    .ifLet(\.item, action: .item, environment: { $0 }) { ItemReducer() }
    .ifLet(\.destination, action: .destination, environment: { $0 }) {
      ProbeReducer().pullback(state: .probe, action: .identity, environment: { $0 })
    }
    .reduce(into: &state, action: action, environment: environment)
  }
}

/// An item runs its probe, and renumbers itself.
struct ItemReducer: Reducer {
  func reduce(
    into item: inout Item, action: ProbeAction, environment: ProbeEnvironment
  ) -> Effect<ProbeAction> {
    if case .renumber = action { item.id += 100 }
    return ProbeReducer().pullback(state: \Item.probe, action: .identity, environment: { $0 })
      .reduce(into: &item, action: action, environment: environment)
  }
}

@MainActor
struct PresentedIdentityTests {
  @Test func aChildThatGivesItselfAnotherId_isAnotherChild() async {
    let answers = Answers()
    let store = TestStore(
      initialState: ShelfState(item: Item(id: 1)), reducer: ShelfReducer(),
      environment: answers.environment)
    let task = await store.send(.item(.presented(.start)))
    while answers.waitingCount == 0 { await Task.yield() }
    await store.send(.item(.presented(.renumber))) { $0.item?.id = 101 }
    await answers.answer(7)
    await task.finish()
    await store.finish()
  }

  @Test func anItemReplacedByAnotherInOneAction_cancelsTheFirstOnesEffects() async {
    let answers = Answers()
    let store = TestStore(
      initialState: ShelfState(item: Item(id: 1)), reducer: ShelfReducer(),
      environment: answers.environment)
    let task = await store.send(.item(.presented(.start)))
    while answers.waitingCount == 0 { await Task.yield() }
    await store.send(.show(Item(id: 2))) { $0.item = Item(id: 2) }
    // The first item's answer comes after it went: it is dropped, and nothing reaches the
    // second item.
    await answers.answer(7)
    await task.finish()
    #expect(!task.isInFlight)
    await store.finish()
  }

  @Test func anItemGivenAnotherId_isAnotherChild() async {
    let answers = Answers()
    let store = TestStore(
      initialState: ShelfState(item: Item(id: 1)), reducer: ShelfReducer(),
      environment: answers.environment)
    let task = await store.send(.item(.presented(.start)))
    while answers.waitingCount == 0 { await Task.yield() }
    await store.send(.rename(3)) { $0.item?.id = 3 }
    await answers.answer(7)
    await task.finish()
    await store.finish()
  }

  @Test func theSameItemChanged_keepsItsEffectsRunning() async {
    let answers = Answers()
    let store = TestStore(
      initialState: ShelfState(item: Item(id: 1)), reducer: ShelfReducer(),
      environment: answers.environment)
    await store.send(.item(.presented(.start)))
    while answers.waitingCount == 0 { await Task.yield() }
    await store.send(.item(.presented(.incr))) { $0.item?.probe.count = 1 }
    await store.send(.show(Item(id: 1, probe: ProbeState(count: 5)))) {
      $0.item?.probe.count = 5
    }
    await answers.answer(7)
    await store.receive(.item(.presented(.answered(7)))) { $0.item?.probe.count = 7 }
    await store.finish()
  }

  @Test func theSameCaseOfADestination_withOtherState_isTheSameChild() async {
    let answers = Answers()
    let store = TestStore(
      initialState: ShelfState(destination: .probe(ProbeState())), reducer: ShelfReducer(),
      environment: answers.environment)
    await store.send(.destination(.presented(.start)))
    while answers.waitingCount == 0 { await Task.yield() }
    // A destination's payload that is not `Identifiable` has no identity of its own: the
    // case is the child.
    await store.send(.showDestination(.probe(ProbeState(count: 4)))) {
      $0.destination = .probe(ProbeState(count: 4))
    }
    await answers.answer(7)
    await store.receive(.destination(.presented(.answered(7)))) {
      $0.destination = .probe(ProbeState(count: 7))
    }
    await store.finish()
  }

  @Test func aDismissalWithNothingPresented_isReported_andTheParentStillSeesIt() async {
    let store = TestStore(
      initialState: HostState(), reducer: HostReducer(), environment: Answers().environment)
    let reports = await issuesReported {
      await store.send(.sheet(.dismiss)) { $0.log = ["dismissing none"] }
    }
    #expect(reports.count == 1)
    #expect(reports.first?.contains("while nothing is presented") == true)
    #expect(reports.first?.contains("PresentationTests.swift") == true)
  }
}

/// Enums of every layout the compiler gives, each case read as the runtime numbers it: cases
/// with payloads first, in their order, then the cases without.
struct EnumCaseTests {
  enum Plain { case a, b, c }
  enum SinglePayload { case some(Int), none, other }
  enum MultiPayload { case text(String), number(Int), pair(Int, Int), empty }
  enum WithAClass { case object(Box), nothing, another }
  indirect enum Boxed { case leaf(Int), node(Boxed, Boxed), end }
  enum Generic<Value> { case value(Value), error(String), missing }
  enum Single { case only(Int) }
  enum TwoClasses { case first(Box), second(Box), neither }
  enum Destination: Identifiable {
    case sheet(id: Int)
    case alert
    var id: Int? { if case .sheet(let id) = self { id } else { nil } }
  }
  final class Box {}
  struct NotAnEnum { var a = 1 }

  @Test func eachCaseOfEachLayout_hasItsOwnTag() {
    #expect([Plain.a, .b, .c].map(EnumCase.tag) == [0, 1, 2])
    #expect([SinglePayload.some(9), .none, .other].map(EnumCase.tag) == [0, 1, 2])
    #expect(
      [MultiPayload.text("x"), .number(1), .pair(1, 2), .empty].map(EnumCase.tag) == [0, 1, 2, 3])
    #expect([WithAClass.object(Box()), .nothing, .another].map(EnumCase.tag) == [0, 1, 2])
    #expect([Boxed.leaf(1), .node(.end, .leaf(2)), .end].map(EnumCase.tag) == [0, 1, 2])
    #expect([Generic<String>.value("v"), .error("e"), .missing].map(EnumCase.tag) == [0, 1, 2])
    #expect([Generic<Box>.value(Box()), .error("e"), .missing].map(EnumCase.tag) == [0, 1, 2])
    #expect(EnumCase.tag(of: Single.only(3)) == 0)
    #expect([Optional(1), nil].map(EnumCase.tag) == [0, 1])
    #expect([TwoClasses.first(Box()), .second(Box()), .neither].map(EnumCase.tag) == [0, 1, 2])
    let nested: [Int??] = [.some(.some(1)), .some(.none), .none]
    #expect(nested.map(EnumCase.tag) == [0, 0, 1])
  }

  @Test func theTag_followsTheCase_notThePayload() {
    #expect(EnumCase.tag(of: MultiPayload.number(1)) == EnumCase.tag(of: MultiPayload.number(2)))
    #expect(EnumCase.tag(of: MultiPayload.text("")) != EnumCase.tag(of: MultiPayload.number(0)))
  }

  @Test func stateThatIsNotAnEnum_hasNoTag() {
    #expect(EnumCase.tag(of: NotAnEnum()) == nil)
    #expect(EnumCase.tag(of: Box()) == nil)
    #expect(EnumCase.tag(of: 5) == nil)
    #expect(EnumCase.tag(of: (1, "a")) == nil)
  }

  @Test func identity_isTheCaseAndTheId() {
    #expect(
      PresentedIdentity(Item(id: 1)) == PresentedIdentity(Item(id: 1, probe: .init(count: 3))))
    #expect(PresentedIdentity(Item(id: 1)) != PresentedIdentity(Item(id: 2)))
    #expect(PresentedIdentity(ProbeState(count: 1)) == PresentedIdentity(ProbeState(count: 2)))
    #expect(
      PresentedIdentity(HostDestination.note("a")) == PresentedIdentity(HostDestination.note("b")))
    #expect(
      PresentedIdentity(HostDestination.note("a"))
        != PresentedIdentity(HostDestination.probe(ProbeState())))
    // An enum of destinations that is `Identifiable` is known by its case and its id.
    #expect(
      PresentedIdentity(Destination.sheet(id: 1)) != PresentedIdentity(Destination.sheet(id: 2)))
    #expect(
      PresentedIdentity(Destination.sheet(id: 1)) == PresentedIdentity(Destination.sheet(id: 1)))
    #expect(PresentedIdentity(Destination.sheet(id: 1)) != PresentedIdentity(Destination.alert))
  }
}
