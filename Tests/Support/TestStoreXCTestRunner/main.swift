import ComposableArchitecture
import ComposableArchitectureTestSupport
import XCTest

/// TestStore under XCTest: the same exhaustive assertions, reported to XCTest.
///
/// XCTest's own runner runs these, in this executable, for `TestStoreUnderXCTestTests`, which
/// names one test at a time: the second must fail. Out of `swift test`'s XCTest pass, they leave
/// that pass empty, so that no XCTest count reads as the whole run's.
final class TestStoreXCTests: XCTestCase {
  @MainActor private static func makeStore() -> TestStore<Int, Int, Void> {
    TestStore(
      initialState: 0,
      reducer: Reduce<Int, Int, Void> { state, action, _ in
        state += action
        return action > 1 ? .run { send in await send(action - 1) } : .none
      },
      environment: ()
    )
  }

  // XCTest's runner on Linux calls an async test through `asyncTest`, which takes the test
  // away from its class's actor; the store, on the main actor, runs in a task there.
  func testSendAndReceive() async {
    await Task { @MainActor in
      let store = Self.makeStore()
      await store.send(3) { $0 = 3 }
      await store.receive(2) { $0 = 5 }
      await store.receive(1) { $0 = 6 }
      await store.finish()
    }.value
  }

  /// Fails: the change that `send(1)` makes is not asserted.
  func testUnassertedChange() async {
    await Task { @MainActor in
      let store = Self.makeStore()
      await store.send(1)
    }.value
  }

  static var allTests: [(String, (TestStoreXCTests) -> () throws -> Void)] {
    [
      ("testSendAndReceive", asyncTest(testSendAndReceive)),
      ("testUnassertedChange", asyncTest(testUnassertedChange)),
    ]
  }
}

XCTMain([testCase(TestStoreXCTests.allTests)])
