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
  /// The app: the child's reducer pulled back into the parent's state.
  func makeApp() -> Store<ParentState, ParentAction> {
    Store(
      initialState: ParentState(),
      reducer: childReducer.pullback(
        state: \ParentState.child, action: .child, environment: { (_: Void) in () }),
      environment: ())
  }

  @Test func aView_drawsFromItsScopedStore_andRedrawsFromItsSubscription() {
    let app = makeApp()
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

  @Test func aScreen_toldOfChanges_drawsOnceForTheActionsOfAFrame() {
    let app = makeApp()
    let counter = app.scope(state: { $0.child }, action: ParentAction.child)
    var screen: [String] = []
    var draws = 0
    var needsDrawing = false
    let subscription = counter.subscribe(onChange: { needsDrawing = true })
    func frame(keys: String) {
      for key in keys {
        if let action = CountView.action(for: key) { counter.send(action) }
      }
      if needsDrawing {
        needsDrawing = false
        screen = CountView.draw(counter.state, width: 9)
        draws += 1
      }
    }
    frame(keys: "+++")
    #expect(screen == ["[-] 3 [+]", "─────────"])
    #expect(draws == 1)
    frame(keys: "x")
    #expect(draws == 1)
    app.send(.child(.decr))
    frame(keys: "")
    #expect(screen == ["[-] 2 [+]", "─────────"])
    #expect(draws == 2)
    _ = subscription
  }
}
