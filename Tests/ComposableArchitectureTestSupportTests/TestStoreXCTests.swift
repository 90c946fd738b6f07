import ComposableArchitecture
import ComposableArchitectureTestSupport
import XCTest

/// TestStore under XCTest: the same exhaustive assertions, reported to XCTest.
@MainActor
final class TestStoreXCTests: XCTestCase {
  func testSendAndReceive_underXCTest() async {
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Int, Void> { state, action, _ in
        state += action
        return action > 1 ? .run { send in await send(action - 1) } : .none
      },
      environment: ()
    )
    await store.send(3) { $0 = 3 }
    await store.receive(2) { $0 = 5 }
    await store.receive(1) { $0 = 6 }
    await store.finish()
  }
}
