import ComposableArchitecture
import Testing

/// A view of the child's count, as the article "Views over scoped stores" writes one: what it
/// draws is a function of its state alone, and its keys become the child's actions.
enum CountView {
  static func draw(_ state: ChildState, width: Int) -> [String] {
    ["[-] \(state.count) [+]", String(repeating: "─", count: width)]
  }

  static func action(for key: Character) -> ChildAction? {
    switch key {
    case "+": .incr
    case "-": .decr
    default: nil
    }
  }
}

@MainActor
struct ViewOverScopedStoreTests {
  @Test func aView_drawsFromItsScopedStore_andRedrawsFromItsSubscription() {
    let app = Store(
      initialState: ParentState(),
      reducer: childReducer.pullback(
        state: \ParentState.child, action: .child, environment: { (_: Void) in () }),
      environment: ())
    let counter = app.scope(state: { $0.child }, action: ParentAction.child)
    var screen: [String] = []
    var redraws = 0
    let subscription = counter.subscribe { child in
      screen = CountView.draw(child, width: 9)
      redraws += 1
    }
    for key in "++x-+" {
      if let action = CountView.action(for: key) { counter.send(action) }
    }
    #expect(screen == ["[-] 2 [+]", "─────────"])
    #expect(redraws == 4)
    #expect(app.state.child.count == 2)
    subscription.cancel()
    counter.send(.incr)
    #expect(redraws == 4)
  }
}
