/// TCA's `EffectCancellationTests.swift`, translated: cancellable effects and their identifiers.
///
/// TCA runs each effect on its own and cancels it with `Task.cancel(id:)`; here a test store runs
/// it, a `cancel` action cancels it with `.cancel(id:)`, and the values it sends are the state.
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

@MainActor
struct TCAEffectCancellationTests {
  @Test func testCancellation() async {
    let subject = Subject<Int>()
    let store = valuesStore {
      let values = subject.stream()
      return .run { send in
        for await n in values { await send(.value(n)) }
      }
      .cancellable(id: CancelID())
    }

    await store.send(.start)
    #expect(store.state == [])
    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }
    subject.send(2)
    await store.receive(.value(2)) { $0 = [1, 2] }

    await store.send(.cancel)

    subject.send(3)
    await store.finish()
    #expect(store.state == [1, 2])
  }

  @Test func testCancelInFlight() async {
    let subject = Subject<Int>()
    let store = valuesStore {
      let values = subject.stream()
      return .run { send in
        for await n in values { await send(.value(n)) }
      }
      .cancellable(id: CancelID(), cancelInFlight: true)
    }

    await store.send(.start)
    #expect(store.state == [])
    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }
    subject.send(2)
    await store.receive(.value(2)) { $0 = [1, 2] }

    await store.send(.start)

    subject.send(3)
    await store.receive(.value(3)) { $0 = [1, 2, 3] }
    subject.send(4)
    await store.receive(.value(4)) { $0 = [1, 2, 3, 4] }

    await store.send(.cancel)
    await store.finish()
  }

  @Test func testCancellationAfterDelay_WithTestScheduler() async {
    let mainQueue = TestClock()
    let store = valuesStore {
      let sleep = mainQueue.sleeper(for: .seconds(2))
      return .run { send in
        guard await sleep() else { return }
        await send(.value(1))
      }
      .cancellable(id: CancelID())
    }

    await store.send(.start)
    #expect(store.state == [])

    await mainQueue.advance(by: .seconds(1))

    await store.send(.cancel)

    await mainQueue.run()

    await store.finish()
    #expect(store.state == [])
  }

  @Test func testDoubleCancellation() async {
    let subject = Subject<Int>()
    let store = valuesStore {
      let values = subject.stream()
      return .run { send in
        for await n in values { await send(.value(n)) }
      }
      .cancellable(id: CancelID())
      .cancellable(id: CancelID())
    }

    await store.send(.start)
    #expect(store.state == [])

    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }

    await store.send(.cancel)

    subject.send(2)
    await store.finish()
    #expect(store.state == [1])
  }

  @Test func testCompleteBeforeCancellation() async {
    let subject = Subject<Int>()
    let store = valuesStore {
      let values = subject.stream()
      return .run { send in
        for await n in values { await send(.value(n)) }
      }
      .cancellable(id: CancelID())
    }

    await store.send(.start)

    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }

    subject.finish()
    await store.finish()
    #expect(store.state == [1])

    await store.send(.cancel)

    await store.finish()
    #expect(store.state == [1])
  }

  @Test func testSharedId() async {
    let mainQueue = TestClock()
    let store = valuesStore {
      let (sleep1, sleep2) = (
        mainQueue.sleeper(for: .seconds(1)), mainQueue.sleeper(for: .seconds(2))
      )
      return .merge(
        .run { send in
          guard await sleep1() else { return }
          await send(.value(1))
        }
        .cancellable(id: "id"),
        .run { send in
          guard await sleep2() else { return }
          await send(.value(2))
        }
        .cancellable(id: "id")
      )
    }

    await store.send(.start)
    #expect(store.state == [])
    await mainQueue.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0 = [1] }
    await mainQueue.advance(by: .seconds(1))
    await store.receive(.value(2)) { $0 = [1, 2] }

    await store.finish()
  }

  @Test func testImmediateCancellation() async {
    let mainQueue = TestClock()
    let store = valuesStore {
      let sleep = mainQueue.sleeper(for: .seconds(1))
      return .run { send in
        guard await sleep() else { return }
        await send(.value(1))
      }
      .cancellable(id: "id")
    }

    let task = await store.send(.start)
    #expect(store.state == [])
    await task.cancel()

    await mainQueue.advance(by: .seconds(1))
    await store.finish()
    #expect(store.state == [])
  }

  @Test func testNestedMergeCancellation() async {
    let store = valuesStore {
      Effect<ValuesAction>.merge(
        .run { send in
          for n in 1...2 { await send(.value(n)) }
        }
        .cancellable(id: 1)
      )
      .cancellable(id: 2)
    }

    await store.send(.start)
    await store.receive(.value(1)) { $0 = [1] }
    await store.receive(.value(2)) { $0 = [1, 2] }
    await store.finish()
  }
}

private struct CancelID: Hashable, Sendable {}

private enum ValuesAction: Equatable, Sendable {
  /// Starts the effect under test.
  case start
  /// Cancels the effects marked with `CancelID()`: TCA's `Task.cancel(id: CancelID())`.
  case cancel
  /// A value the effect sends, which the state collects.
  case value(Int)
}

/// A test store whose `start` runs `effect`, made anew each time, and whose state is the values
/// the effects sent, in order.
@MainActor
private func valuesStore(
  _ effect: @escaping () -> Effect<ValuesAction>
) -> TestStore<[Int], ValuesAction, Void> {
  TestStore(
    initialState: [],
    reducer: Reduce<[Int], ValuesAction, Void> { state, action, _ in
      switch action {
      case .start:
        return effect()
      case .cancel:
        return .cancel(id: CancelID())
      case .value(let n):
        state.append(n)
        return .none
      }
    },
    environment: ()
  )
}
