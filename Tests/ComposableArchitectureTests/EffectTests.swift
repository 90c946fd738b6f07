import ComposableArchitecture
import Testing

private struct RequestID: Hashable, Sendable {}

private enum Action: Equatable, Sendable {
  case start(Int)
  case startReplacing(Int)
  case cancel
  case response(Int)
  case log(String)
}

@MainActor
struct EffectTests {
  /// `start(n)` waits on gate n, then responds with n; `cancel` cancels every request.
  private func makeStore(gates: [Gate]) -> Store<[Int], Action> {
    Store(
      initialState: [],
      reducer: Reduce { state, action, _ in
        switch action {
        case .start(let n):
          return .run { send in
            await gates[n].wait()
            await send(.response(n))
          }
          .cancellable(id: RequestID())
        case .startReplacing(let n):
          return .run { send in
            await gates[n].wait()
            await send(.response(n))
          }
          .cancellable(id: RequestID(), cancelInFlight: true)
        case .cancel:
          return .cancel(id: RequestID())
        case .response(let n):
          state.append(n)
          return .none
        case .log:
          return .none
        }
      },
      environment: ()
    )
  }

  @Test func cancelledEffect_sendsNothing() async {
    let gates = [Gate()]
    let store = makeStore(gates: gates)
    let request = store.send(.start(0))
    store.send(.cancel)
    gates[0].open()
    await request.finish()
    #expect(store.state == [])
  }

  @Test func uncancelledEffect_sendsItsResponse() async {
    let gates = [Gate()]
    let store = makeStore(gates: gates)
    let request = store.send(.start(0))
    gates[0].open()
    await request.finish()
    #expect(store.state == [0])
  }

  @Test func cancelInFlight_cancelsThePreviousEffectOnly() async {
    let gates = [Gate(), Gate()]
    let store = makeStore(gates: gates)
    let first = store.send(.start(0))
    let second = store.send(.startReplacing(1))
    gates[0].open()
    gates[1].open()
    await first.finish()
    await second.finish()
    #expect(store.state == [1])
  }

  @Test func storeTaskCancel_dropsTheEffectsActions() async {
    let gates = [Gate()]
    let store = makeStore(gates: gates)
    let request = store.send(.start(0))
    request.cancel()
    gates[0].open()
    await request.finish()
    #expect(store.state == [])
  }

  /// A store whose `start` runs `effect` and whose `response` appends its number.
  private func collecting(_ effect: @escaping () -> Effect<Action>) -> Store<[Int], Action> {
    Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Action, Void> { state, action, _ in
        switch action {
        case .start:
          return effect()
        case .response(let n):
          state.append(n)
          return .none
        default:
          return .none
        }
      },
      environment: ()
    )
  }

  @Test func merge_runsEveryEffect() async {
    let store = collecting {
      .merge(
        .run { send in await send(.response(1)) },
        .none,
        .run { send in await send(.response(2)) }
      )
    }
    await store.send(.start(0)).finish()
    #expect(store.state.sorted() == [1, 2])
  }

  @Test func merge_ofAnArray_runsEveryEffect() async {
    let values = [1, 2, 3]
    let store = collecting {
      .merge(values.map { value in .run { send in await send(.response(value)) } })
    }
    await store.send(.start(0)).finish()
    #expect(store.state.sorted() == values)
  }

  @Test func fireAndForget_runsItsWork() async {
    let (logged, continuation) = AsyncStream<String>.makeStream()
    let store = Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Action, @Sendable (String) async -> Void> { _, action, log in
        guard case .log(let message) = action else { return .none }
        return .fireAndForget { await log(message) }
      },
      environment: { continuation.yield($0) }
    )
    store.send(.log("saved 7"))
    for await message in logged {
      #expect(message == "saved 7")
      break
    }
  }

  @Test func fireAndForget_runsAndSendsNothing() async {
    let ran = Gate()
    let store = Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Action, Void> { _, _, _ in
        .fireAndForget { ran.open() }
      },
      environment: ()
    )
    await store.send(.log("hello")).finish()
    await ran.wait()
    #expect(store.state == [])
  }

  @Test func map_wrapsSentActions() async {
    var received: [ParentAction] = []
    let effect = Effect<ChildAction>.run { send in await send(.echoed(3)) }
      .map(ParentAction.child)
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, ParentAction, Void> { _, action, _ in
        received.append(action)
        return action == .other("go") ? effect : .none
      },
      environment: ()
    )
    await store.send(.other("go")).finish()
    #expect(received == [.other("go"), .child(.echoed(3))])
  }

  @Test func merge_ofNothing_isNone() {
    #expect(Effect<Int>.merge().isNone)
    #expect(Effect<Int>.merge(.none, .none).isNone)
    #expect(Effect<Int>.none.cancellable(id: 1).isNone)
  }
}
