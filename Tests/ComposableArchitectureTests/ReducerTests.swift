import ComposableArchitecture
import Testing

@MainActor
struct ReducerTests {
  @Test func combine_runsReducersInOrder_eachSeeingThePreviousResult() {
    let double = Reducer<[Int], Int, Void> { state, action, _ in
      state.append((state.last ?? 1) * action)
      return .none
    }
    let addOne = Reducer<[Int], Int, Void> { state, _, _ in
      state.append((state.last ?? 0) + 1)
      return .none
    }
    var state: [Int] = []
    _ = Reducer.combine(double, addOne).run(&state, 3, ())
    #expect(state == [3, 4])

    var reversed: [Int] = []
    _ = Reducer.combine(addOne, double).run(&reversed, 3, ())
    #expect(reversed == [1, 3])
  }

  @Test func combine_threeOrMore_runsAllInOrder() {
    let appenders = (0..<4).map { index in
      Reducer<[Int], Void, Void> { state, _, _ in
        state.append(index)
        return .none
      }
    }
    var state: [Int] = []
    _ = Reducer.combine(appenders).run(&state, (), ())
    #expect(state == [0, 1, 2, 3])
  }

  @Test func combine_mergesEffects() {
    let first = Reducer<Int, Int, Void> { _, _, _ in .fireAndForget {} }
    let second = Reducer<Int, Int, Void> { _, _, _ in .fireAndForget {} }
    var state = 0
    #expect(!Reducer.combine(first, second).run(&state, 1, ()).isNone)
    #expect(Reducer.combine(Reducer<Int, Int, Void>.empty, .empty).run(&state, 1, ()).isNone)
  }

  @Test func pullback_runsLocalReducerOnLocalState() {
    let parent = childReducer.pullback(
      state: \ParentState.child, action: ParentAction.Cases.child, environment: { (_: Void) in () })
    var state = ParentState()
    _ = parent.run(&state, .child(.incr), ())
    _ = parent.run(&state, .child(.incr), ())
    #expect(state.child.count == 2)
  }

  @Test func pullback_ignoresForeignActions_withoutCallingTheLocalReducer() {
    nonisolated(unsafe) var calls = 0
    let spy = Reducer<ChildState, ChildAction, Void> { _, _, _ in
      calls += 1
      return .none
    }
    let parent = spy.pullback(
      state: \ParentState.child, action: ParentAction.Cases.child, environment: { (_: Void) in () })
    var state = ParentState(child: ChildState(count: 5), log: ["kept"])
    let effect = parent.run(&state, .other("not mine"), ())
    #expect(calls == 0)
    #expect(effect.isNone)
    #expect(state == ParentState(child: ChildState(count: 5), log: ["kept"]))
  }

  @Test func casePath_embedsAndExtracts() {
    #expect(ParentAction.Cases.child.embed(.incr) == .child(.incr))
    #expect(ParentAction.Cases.child.extract(.child(.decr)) == .decr)
    #expect(ParentAction.Cases.child.extract(.other("x")) == nil)
    #expect(CasePath<Int, Int>.identity.extract(3) == 3)
  }

  @Test func errorMessage_describesErrors() async {
    struct Boom: Error, CustomStringConvertible {
      var description: String { "boom" }
    }
    #expect(ErrorMessage(describing: Boom()).message == "boom")
    #expect(ErrorMessage(describing: ErrorMessage("same")) == ErrorMessage("same"))
    let failure = await Result<Int, ErrorMessage> { @Sendable () async throws -> Int in throw Boom()
    }
    #expect(failure == .failure(ErrorMessage("boom")))
    let success = await Result<Int, ErrorMessage> { @Sendable () async throws -> Int in 7 }
    #expect(success == .success(7))
  }
}
