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
      reducer: combine(
        counting.recordingHistory(),
        Reduce { _, action, _ in
          if case .feedback = action { effectsRun += 1 }
          return .none
        }
      ),
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

  @Test func transientActions_areNotSteps_andKeepTheRedoStack() {
    let store = Store(
      initialState: History(ChildState()),
      reducer: childReducer.recordingHistory(isTransient: { $0 == .decr }),
      environment: ()
    )
    store.send(.step(.incr))
    store.send(.step(.incr))
    store.send(.undo)
    store.send(.step(.decr))
    #expect(store.state.present.count == 0)
    #expect(store.state.undoCount == 1)
    #expect(store.state.canRedo)
    store.send(.undo)
    #expect(store.state.present.count == 0)
    #expect(!store.state.canUndo)
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
}
