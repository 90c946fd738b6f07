import ComposableArchitecture
import Foundation
import Testing

@MainActor
struct ReducerTests {
  @Test func combine_runsReducersInOrder_eachSeeingThePreviousResult() {
    let double = Reduce<[Int], Int, Void> { state, action, _ in
      state.append((state.last ?? 1) * action)
      return .none
    }
    let addOne = Reduce<[Int], Int, Void> { state, _, _ in
      state.append((state.last ?? 0) + 1)
      return .none
    }
    var state: [Int] = []
    _ = combine {
      double
      addOne
    }.reduce(into: &state, action: 3, environment: ())
    #expect(state == [3, 4])

    var reversed: [Int] = []
    _ = combine {
      addOne
      double
    }.reduce(into: &reversed, action: 3, environment: ())
    #expect(reversed == [1, 3])
  }

  @Test func combine_ofReducersOfDifferentTypes_inferTheDomainFromTheFirst() {
    let appendOne = Reduce<[Int], Void, Void> { state, _, _ in
      state.append(1)
      return .none
    }
    var state: [Int] = []
    _ = combine {
      appendOne
      Reduce { state, _, _ in
        state.append(2)
        return .none
      }
      appendOne
    }
    .reduce(into: &state, action: (), environment: ())
    #expect(state == [1, 2, 1])
  }

  @Test func combine_threeOrMore_runsAllInOrder() {
    let appenders = (0..<4).map { index in
      Reduce<[Int], Void, Void> { state, _, _ in
        state.append(index)
        return .none
      }
    }
    var state: [Int] = []
    _ = combine(appenders).reduce(into: &state, action: (), environment: ())
    #expect(state == [0, 1, 2, 3])
  }

  @Test func combine_ofThree_runsThemInOrder() {
    func appending(_ value: Int) -> Reduce<[Int], Void, Void> {
      Reduce { state, _, _ in
        state.append(value)
        return .none
      }
    }
    var state: [Int] = []
    _ = combine {
      appending(1)
      appending(2)
      appending(3)
    }
    .reduce(into: &state, action: (), environment: ())
    #expect(state == [1, 2, 3])
  }

  @Test func reduce_wrappingAReducer_behavesLikeIt() {
    let composed = combine {
      childReducer.pullback(
        state: \ParentState.child, action: .child,
        environment: { (_: Void) in () })
      Reduce<ParentState, ParentAction, Void> { state, action, _ in
        if case .other(let text) = action { state.log.append(text) }
        return .none
      }
    }
    let wrapped = Reduce(composed)
    var direct = ParentState()
    var throughWrapper = ParentState()
    for action in [ParentAction.child(.incr), .other("a"), .child(.incr), .child(.decr)] {
      _ = composed.reduce(into: &direct, action: action, environment: ())
      _ = wrapped.reduce(into: &throughWrapper, action: action, environment: ())
    }
    #expect(direct == ParentState(child: ChildState(count: 1), log: ["a"]))
    #expect(throughWrapper == direct)
  }

  @Test func pullback_alongAComputedPath_writesBackThroughItsSetter() {
    // `shiftedChild` is computed: the pullback cannot use an offset and applies the key path.
    let parent = childReducer.pullback(
      state: \ParentState.shiftedChild, action: .child,
      environment: { (_: Void) in () })
    var state = ParentState(child: ChildState(count: 2), log: ["kept"])
    _ = parent.reduce(into: &state, action: .child(.incr), environment: ())
    _ = parent.reduce(into: &state, action: .child(.incr), environment: ())
    #expect(state == ParentState(child: ChildState(count: 4), log: ["kept"]))
  }

  @Test func combine_mergesEffects() {
    let first = Reduce<Int, Int, Void> { _, _, _ in .fireAndForget {} }
    let second = Reduce<Int, Int, Void> { _, _, _ in .fireAndForget {} }
    var state = 0
    #expect(
      !combine {
        first
        second
      }.reduce(into: &state, action: 1, environment: ()).isNone)
    #expect(
      combine {
        Reduce<Int, Int, Void>.empty
        Reduce<Int, Int, Void>.empty
      }.reduce(
        into: &state, action: 1, environment: ()
      ).isNone)
  }

  @Test func pullback_runsLocalReducerOnLocalState() {
    let parent = childReducer.pullback(
      state: \ParentState.child, action: .child, environment: { (_: Void) in () })
    var state = ParentState()
    _ = parent.reduce(into: &state, action: .child(.incr), environment: ())
    _ = parent.reduce(into: &state, action: .child(.incr), environment: ())
    #expect(state.child.count == 2)
  }

  @Test func pullback_ignoresForeignActions_withoutCallingTheLocalReducer() {
    nonisolated(unsafe) var calls = 0
    let spy = Reduce<ChildState, ChildAction, Void> { _, _, _ in
      calls += 1
      return .none
    }
    let parent = spy.pullback(
      state: \ParentState.child, action: .child, environment: { (_: Void) in () })
    var state = ParentState(child: ChildState(count: 5), log: ["kept"])
    let effect = parent.reduce(into: &state, action: .other("not mine"), environment: ())
    #expect(calls == 0)
    #expect(effect.isNone)
    #expect(state == ParentState(child: ChildState(count: 5), log: ["kept"]))
  }

  @Test func result_encodesTheCaseItHolds_andDecodesItBack() throws {
    let results: [Result<Int?, ErrorMessage>] = [
      .success(7), .success(nil), .failure(ErrorMessage("no")),
    ]
    let data = try JSONEncoder().encode(results)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"[{"success":7},{"success":null},{"failure":{"message":"no"}}]"#)
    #expect(try JSONDecoder().decode([Result<Int?, ErrorMessage>].self, from: data) == results)
  }

  @Test func casePath_embedsAndExtracts() {
    #expect(CasePath<ParentAction, ChildAction>.child.embed(.incr) == .child(.incr))
    #expect(CasePath<ParentAction, ChildAction>.child.extract(.child(.decr)) == .decr)
    #expect(CasePath<ParentAction, ChildAction>.child.extract(.other("x")) == nil)
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
