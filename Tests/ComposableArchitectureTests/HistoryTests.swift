import ComposableArchitecture
import Testing

@MainActor
struct HistoryTests {
  private func makeStore() -> Store<History<ChildState>, HistoryAction<ChildAction>> {
    Store(
      initialState: History(ChildState()),
      reducer: childReducer.recordingHistory(),
      environment: ()
    )
  }

  @Test func undo_revertsLastStep_redo_reappliesIt() {
    let store = makeStore()
    store.send(.step(.incr))
    store.send(.step(.incr))
    store.send(.undo)
    #expect(store.state.present.count == 1)
    store.send(.undo)
    #expect(store.state.present.count == 0)
    store.send(.redo)
    #expect(store.state.present.count == 1)
    store.send(.redo)
    #expect(store.state.present.count == 2)
  }

  @Test func aStep_isUndone_fromItsUndoUntilItsRedo() {
    var history = History(0)
    history.record(before: 0)
    history.present = 1
    #expect(!history.isUndone(1))
    history.undo()
    #expect(history.isUndone(1))
    history.redo()
    #expect(!history.isUndone(1))
  }

  @Test func undo_withNothingToUndo_changesNothing() {
    let store = makeStore()
    store.send(.undo)
    store.send(.redo)
    #expect(store.state == History(ChildState()))
  }

  @Test func newStep_clearsRedo() {
    let store = makeStore()
    store.send(.step(.incr))
    store.send(.step(.incr))
    store.send(.undo)
    #expect(store.state.canRedo)
    store.send(.step(.decr))
    #expect(!store.state.canRedo)
    store.send(.redo)
    #expect(store.state.present.count == 0)
    #expect(store.state.undoCount == 2)
  }

  @Test func stepThatChangesNothing_isNotRecorded() {
    let store = makeStore()
    store.send(.step(.incr))
    store.send(.step(.startEcho([])))
    store.send(.step(.decr))
    store.send(.step(.decr))
    #expect(store.state.undoCount == 3)
    #expect(store.state.present.count == -1)
  }

  @Test func undo_revertsAStepTogetherWithTheActionsItsEffectsFedBack() async {
    let store = makeStore()
    store.send(.step(.incr))
    await store.send(.step(.startEcho([5, 6, 7]))).finish()
    #expect(store.state.present.count == 7)
    #expect(store.state.undoCount == 2)
    store.send(.undo)
    #expect(store.state.present.count == 1)
    store.send(.redo)
    #expect(store.state.present.count == 7)
  }

  @Test func undoAndRedo_neverRunEffects() async {
    var effectsRun = 0
    let counting = Reduce<ChildState, ChildAction, Void> { state, action, _ in
      if case .startEcho = action {
        state.count += 100
        return .run { _ in }
      }
      return .none
    }
    let store = Store(
      initialState: History(ChildState()),
      reducer: combine {
        counting.recordingHistory()
        Reduce { _, action, _ in
          if case .feedback = action { effectsRun += 1 }
          return .none
        }
      },
      environment: ()
    )
    await store.send(.step(.startEcho([1]))).finish()
    let undo = store.send(.undo)
    let redo = store.send(.redo)
    #expect(!undo.isInFlight)
    #expect(!redo.isInFlight)
    #expect(store.state.present.count == 100)
    #expect(effectsRun == 0)
  }

  @Test func changeOutsideWhatUndoRestores_isNoStep_andKeepsTheRedoStack() {
    let store = makeNoteStore()
    store.send(.step(.incr))
    store.send(.step(.incr))
    store.send(.undo)
    store.send(.step(.refuse))
    #expect(store.state.present == Note(count: 1, message: "refused"))
    #expect(store.state.undoCount == 1)
    #expect(store.state.canRedo)
    store.send(.redo)
    #expect(store.state.present == Note(count: 2, message: "refused"))
  }

  @Test func undo_restoresOnlyWhatItUndoes() {
    let store = makeNoteStore()
    store.send(.step(.incr))
    store.send(.step(.refuse))
    store.send(.undo)
    #expect(store.state.present == Note(count: 0, message: "refused"))
  }

  @Test func feedbackAfterItsStepWasUndone_isDropped_andRedoBringsBackTheStepAlone() async {
    let gate = Gate()
    let store = makeNoteStore(gate: gate)
    let task = store.send(.step(.setLater(5)))
    #expect(store.state.present.count == 1)
    store.send(.undo)
    gate.open()
    await task.finish()
    #expect(store.state.present.count == 0)
    #expect(store.state.redoCount == 1)
    store.send(.redo)
    #expect(store.state.present.count == 1)
    #expect(!store.state.canRedo)
  }

  @Test func feedbackAfterALaterStep_isAStepOfItsOwn_soUndoLosesNothing() async {
    let gate = Gate()
    let store = makeNoteStore(gate: gate)
    let task = store.send(.step(.setLater(5)))
    store.send(.step(.incr))
    gate.open()
    await task.finish()
    #expect(store.state.present.count == 5)
    #expect(store.state.undoCount == 3)
    store.send(.undo)
    #expect(store.state.present.count == 2)
    store.send(.undo)
    #expect(store.state.present.count == 1)
    store.send(.undo)
    #expect(store.state.present.count == 0)
  }

  @Test func undoingLateFeedback_doesNotUndoItsStep_whoseLaterFeedbackStillCounts() async {
    let first = Gate()
    let second = Gate()
    let sentFirst = Gate()
    let store = makeNoteStore(gate: first, secondGate: second, sentFirst: sentFirst)
    let task = store.send(.step(.setTwiceLater(5, 9)))
    store.send(.step(.incr))
    first.open()
    await sentFirst.wait()
    #expect(store.state.present.count == 5)
    store.send(.undo)
    #expect(store.state.present.count == 2)
    second.open()
    await task.finish()
    #expect(store.state.present.count == 9)
    store.send(.undo)
    #expect(store.state.present.count == 2)
  }

  @Test func depth_isBounded_theOldestStepsAreForgotten() {
    let store = Store(
      initialState: History(ChildState(), maximumDepth: 3),
      reducer: childReducer.recordingHistory(),
      environment: ()
    )
    for _ in 1...5 { store.send(.step(.incr)) }
    #expect(store.state.undoCount == 3)
    for _ in 1...5 { store.send(.undo) }
    #expect(store.state.present.count == 2)
    #expect(store.state.redoCount == 3)
  }

  @Test func undoAndRedo_moveBetweenTheRecordedStates() {
    var history = History(0)
    history.record(before: history.present)
    history.present = 1
    history.undo()
    #expect(history.present == 0)
    history.redo()
    #expect(history.present == 1)
  }

  @Test func manyUndos_walkBackEveryStep() {
    var history = History(0)
    for value in 1...1000 {
      history.record(before: history.present)
      history.present = value
    }
    #expect(history.undoCount == 1000)
    for expected in stride(from: 999, through: 0, by: -1) {
      let undone = history.undo()
      #expect(undone)
      #expect(history.present == expected)
    }
    let undoneAtStart = history.undo()
    #expect(!undoneAtStart)
    #expect(history.redoCount == 1000)
  }

  private func makeNoteStore(
    gate: Gate = Gate(), secondGate: Gate = Gate(), sentFirst: Gate = Gate()
  ) -> Store<History<Note>, HistoryAction<NoteAction>> {
    Store(
      initialState: History(Note()),
      reducer: noteReducer.recordingHistory(undoing: \.count),
      environment: [gate, secondGate, sentFirst]
    )
  }
}

/// A count that undo restores, and a message that it leaves alone.
private struct Note: Equatable {
  var count = 0
  var message: String?
}

private enum NoteAction: Equatable, Sendable {
  case incr
  case refuse
  case setLater(Int)
  case setTwiceLater(Int, Int)
  case set(Int)
}

/// `setLater` counts one at once and, once the first gate opens, sets the count;
/// `setTwiceLater` then opens the third gate (its first value is in the state by then) and sets
/// the count again once the second gate opens.
@MainActor private let noteReducer = Reduce<Note, NoteAction, [Gate]> { state, action, gates in
  switch action {
  case .incr:
    state.count += 1
    return .none
  case .refuse:
    state.message = "refused"
    return .none
  case .setLater(let value):
    state.count += 1
    return .run { send in
      await gates[0].wait()
      await send(.set(value))
    }
  case .setTwiceLater(let first, let second):
    state.count += 1
    return .run { send in
      await gates[0].wait()
      await send(.set(first))
      gates[2].open()
      await gates[1].wait()
      await send(.set(second))
    }
  case .set(let value):
    state.count = value
    return .none
  }
}

@MainActor
struct HistoryTravelTests {
  /// A history of `count` steps on an integer, each adding one.
  private func counted(_ count: Int) -> History<Int> {
    var history = History(0)
    for _ in 0..<count {
      history.record(before: history.present)
      history.present += 1
    }
    return history
  }

  @Test func travel_goesBackAndForthSeveralSteps_asFarAsThereAreSteps() {
    var history = counted(5)
    #expect(history.travel(by: -3) == -3)
    #expect(history.present == 2)
    #expect((history.undoCount, history.redoCount) == (2, 3))
    #expect(history.travel(by: 2) == 2)
    #expect(history.present == 4)
    #expect(history.travel(by: -9) == -4)
    #expect(history.present == 0)
    #expect(history.travel(by: 9) == 5)
    #expect(history.present == 5)
    #expect(history.travel(by: 0) == 0)
    #expect(history == counted(5))
  }

  @Test func travel_isTheSameAsUndoingOrRedoingOneStepAtATime() {
    var jumped = counted(6)
    var stepped = counted(6)
    jumped.travel(by: -4)
    for _ in 0..<4 { stepped.undo() }
    #expect(jumped == stepped)
    jumped.travel(by: 3)
    for _ in 0..<3 { stepped.redo() }
    #expect(jumped == stepped)
  }

  @Test func steps_areListedOldestFirst_doneAndUndone() {
    var history = counted(3)
    history.undo()
    #expect(history.stepCount == 3)
    #expect(history.undoCount == 2)
    let steps = (0..<history.stepCount).map { history.step(at: $0) }
    #expect(steps.map(\.before) == [0, 1, 2])
    #expect(steps.map(\.after) == [1, 2, 3])
  }

  @Test func changeOutsideSteps_isNoStep_andShowsInNeitherStepAroundIt() {
    var history = counted(2)
    history.changeOutsideSteps { $0 += 100 }
    #expect(history.present == 102)
    #expect(history.undoCount == 2)
    history.record(before: history.present)
    history.present += 1
    #expect(history.step(at: 1) == (1, 2))
    #expect(history.step(at: 2) == (102, 103))
    history.travel(by: -2)
    history.changeOutsideSteps { $0 += 1000 }
    // The undone steps show what each did, not the changes around them.
    #expect(history.step(at: 1) == (1, 2))
    #expect(history.step(at: 2) == (102, 103))
    history.redo()
    #expect(history.step(at: 1) == (1, 2))
  }

  @Test func feedbackAfterAnOutsideChange_isAStepOfItsOwn_soNeitherShowsTheChange() {
    let reducer = childReducer.recordingHistory()
    var history = History(ChildState())
    _ = reducer.reduce(into: &history, action: .step(.incr), environment: ())
    history.changeOutsideSteps { $0.count += 100 }
    _ = reducer.reduce(into: &history, action: .feedback(.echoed(111), step: 1), environment: ())
    #expect(history.stepCount == 2)
    #expect(history.step(at: 0).before.count == 0)
    #expect(history.step(at: 0).after.count == 1)
    #expect(history.step(at: 1).before.count == 101)
    #expect(history.step(at: 1).after.count == 111)
  }

  @Test func recordingHistory_travelsBySeveralSteps() {
    let store = Store(
      initialState: History(ChildState()), reducer: childReducer.recordingHistory(),
      environment: ())
    for _ in 0..<4 { store.send(.step(.incr)) }
    store.send(.travel(by: -3))
    #expect(store.state.present.count == 1)
    store.send(.travel(by: 2))
    #expect(store.state.present.count == 3)
    #expect(store.state.redoCount == 1)
  }

  // MARK: - Undo and redo as changes to the present

  @Test func undoAsAChange_takesBackTheStepsOwnChange_andKeepsWhatOthersChanged() {
    var history = History(Set<Int>())
    history.record(before: history.present)
    history.present.insert(5)
    history.changeOutsideSteps { $0.insert(7) }
    history.travel(by: -1, changing: \.self) { present, from, to in
      present.subtract(from.subtracting(to))
      present.formUnion(to.subtracting(from))
    }
    #expect(history.present == [7])
    #expect(history.step(at: 0) == ([], [5]))
    history.travel(by: 1, changing: \.self) { present, from, to in
      present.subtract(from.subtracting(to))
      present.formUnion(to.subtracting(from))
    }
    #expect(history.present == [5, 7])
    #expect(history.step(at: 0) == ([], [5]))
  }

  @Test func undoAsAChange_ofAStepOthersTookBack_isHandedTheStepItself() {
    var history = History(Set<Int>())
    history.record(before: history.present)
    history.present.insert(5)
    history.changeOutsideSteps { $0.remove(5) }
    var changes: [(from: Set<Int>, to: Set<Int>, present: Set<Int>)] = []
    history.travel(by: -1, changing: \.self) { changes.append(($1, $2, $0)) }
    history.travel(by: 1, changing: \.self) { changes.append(($1, $2, $0)) }
    #expect(changes.map(\.from) == [[5], []])
    #expect(changes.map(\.to) == [[], [5]])
    #expect(changes.map(\.present) == [[], []])
    #expect(history.undoCount == 1)
  }

  @Test func recordingHistoryWithAChange_undoesAndRedoesTheDifference_overOthersChanges() {
    var history = History(ChildState())
    history.record(before: history.present)
    history.present.count = 1
    history.changeOutsideSteps { $0.count += 100 }
    let store = Store(
      initialState: history,
      reducer: childReducer.recordingHistory(undoing: \.self) { present, from, to, _ in
        present.count += to.count - from.count
      },
      environment: ()
    )
    store.send(.undo)
    #expect(store.state.present.count == 100)
    store.send(.redo)
    #expect(store.state.present.count == 101)
    store.send(.step(.incr))
    store.send(.travel(by: -2))
    #expect(store.state.present.count == 100)
  }

  @Test func undoAsAChange_ofTwoSteps_handsEachStepItsOwnEnds_notWhatOthersAddedSince() {
    var history = History(Set<Int>())
    history.record(before: history.present)
    history.present.insert(5)
    history.record(before: history.present)
    history.present.insert(7)
    history.changeOutsideSteps { $0.insert(11) }
    var changes: [(from: Set<Int>, to: Set<Int>)] = []
    history.travel(by: -2, changing: \.self) { present, from, to in
      changes.append((from, to))
      present.subtract(from.subtracting(to))
    }
    #expect(changes.map(\.from) == [[5, 7], [5]])
    #expect(changes.map(\.to) == [[5], []])
    #expect(history.present == [11])
    changes = []
    history.travel(by: 2, changing: \.self) { present, from, to in
      changes.append((from, to))
      present.formUnion(to.subtracting(from))
    }
    #expect(changes.map(\.from) == [[], [5]])
    #expect(changes.map(\.to) == [[5], [5, 7]])
    #expect(history.step(at: 0) == ([], [5]))
    #expect(history.step(at: 1) == ([5], [5, 7]))
  }
}
