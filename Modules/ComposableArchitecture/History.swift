/// A state together with the user steps that led to it, for undo and redo.
///
/// A step is one action sent from outside (``HistoryAction/step(_:)``) together with every
/// action its effects feed back (``HistoryAction/feedback(_:step:)``). The history keeps the state as
/// it was before each step. Because Swift's collections are copy-on-write, a recorded state
/// shares every buffer that the step did not change: a step costs
/// `MemoryLayout<State>.stride` bytes plus whatever the step itself changed (an `incr` on the
/// app's state records one `AppState` value: 68 bytes a step measured, however many favorites
/// it holds).
/// Undo and redo move one state between two stacks: constant time, whatever the length of the
/// history, and they never run an effect.
///
/// ```swift
/// var history = History(CounterState())
/// history.record(before: history.present)
/// history.present.count = 1
/// history.undo()  // present.count == 0
/// history.redo()  // present.count == 1
/// ```
public struct History<State> {
  /// The current state.
  public var present: State
  private var past: [State] = []
  private var future: [State] = []
  /// The number of steps started so far; a step's number identifies its feedback.
  @usableFromInline
  internal private(set) var stepCount = 0
  /// The number of the last step whose starting state was recorded.
  private var lastRecordedStep = 0

  /// Creates a history with no steps.
  ///
  /// - Parameter present: The current state.
  public init(_ present: State) {
    self.present = present
  }

  /// How many steps can be undone.
  public var undoCount: Int { past.count }
  /// How many undone steps can be redone.
  public var redoCount: Int { future.count }
  /// Whether there is a step to undo.
  public var canUndo: Bool { !past.isEmpty }
  /// Whether there is an undone step to redo.
  public var canRedo: Bool { !future.isEmpty }

  /// Records the state as it was before a new step, and forgets the steps that were undone.
  ///
  /// ```swift
  /// let before = history.present
  /// history.present.count += 1
  /// history.record(before: before)
  /// ```
  ///
  /// - Parameter state: The state before the step.
  public mutating func record(before state: State) {
    past.append(state)
    future.removeAll()
  }

  @usableFromInline
  mutating func startStep() -> Int {
    stepCount += 1
    return stepCount
  }

  /// Records the state before `step` unless that step is already recorded (or a later one is).
  @usableFromInline
  mutating func record(before state: State, step: Int) {
    guard step > lastRecordedStep else { return }
    lastRecordedStep = step
    record(before: state)
  }

  /// Goes back to the state before the last step.
  ///
  /// ```swift
  /// if history.undo() { print("undone") }
  /// ```
  ///
  /// - Returns: Whether there was a step to undo.
  @discardableResult
  public mutating func undo() -> Bool {
    guard let previous = past.popLast() else { return false }
    future.append(present)
    present = previous
    return true
  }

  /// Goes forward again to the state after the last undone step.
  ///
  /// ```swift
  /// if history.redo() { print("redone") }
  /// ```
  ///
  /// - Returns: Whether there was a step to redo.
  @discardableResult
  public mutating func redo() -> Bool {
    guard let next = future.popLast() else { return false }
    past.append(present)
    present = next
    return true
  }
}

extension History: Equatable where State: Equatable {
  /// Two histories are equal when their present, undo and redo states are; the numbering of
  /// steps is bookkeeping and does not count.
  public static func == (lhs: History, rhs: History) -> Bool {
    lhs.present == rhs.present && lhs.past == rhs.past && lhs.future == rhs.future
  }
}
extension History: Sendable where State: Sendable {}

/// The actions of a store with history: a feature's actions, marked as user steps or as
/// feedback from effects, plus undo and redo.
///
/// ```swift
/// store.send(.step(.counter(.incrTapped)))
/// store.send(.undo)
/// ```
public enum HistoryAction<Action> {
  /// An action sent from outside: it starts a new step.
  case step(Action)
  /// An action fed back by an effect of the step with the given number: it belongs to that step.
  case feedback(Action, step: Int)
  /// Go back one step.
  case undo
  /// Go forward one undone step.
  case redo
}

extension HistoryAction: Equatable where Action: Equatable {}
extension HistoryAction: Sendable where Action: Sendable {}

extension Reducer where State: Equatable {
  /// Records user steps so that they can be undone and redone.
  ///
  /// ``HistoryAction/step(_:)`` runs this reducer and, when the state changed, records the
  /// state from before it and clears the redo stack. The actions sent back by the step's
  /// effects arrive as ``HistoryAction/feedback(_:step:)`` and belong to the same step, so one
  /// undo reverts the step and everything its effects did. A step that changes nothing, itself
  /// or through its effects, leaves no trace to undo.
  ///
  /// Actions for which `isTransient` returns `true` (dismissing an alert, opening a sheet, a
  /// lookup's progress) change the present state without being recorded, whether a person sent
  /// them or an effect fed them back: undo skips over them to the last real step, and they
  /// leave the redo stack alone. ``HistoryAction/undo`` and
  /// ``HistoryAction/redo`` only swap states: no reducer runs and no effect starts.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: History(AppState()),
  ///   reducer: AppReducer().recordingHistory(),
  ///   environment: .live
  /// )
  /// store.send(.step(.counter(.incrTapped)))
  /// store.send(.undo)
  /// ```
  ///
  /// - Parameter isTransient: Whether an action is too slight to be a step of its own.
  /// - Returns: A reducer on the history of this reducer's state.
  @inlinable
  public func recordingHistory(
    isTransient: @escaping (Action) -> Bool = { _ in false }
  ) -> RecordingHistory<Self> {
    RecordingHistory(base: self, isTransient: isTransient)
  }
}

/// A reducer that records the steps of another so that they can be undone and redone; see
/// ``Reducer/recordingHistory(isTransient:)``.
public struct RecordingHistory<Base: Reducer>: Reducer where Base.State: Equatable {
  @usableFromInline
  let base: Base
  @usableFromInline
  let isTransient: (Base.Action) -> Bool

  @inlinable
  init(base: Base, isTransient: @escaping (Base.Action) -> Bool) {
    self.base = base
    self.isTransient = isTransient
  }

  @inlinable
  public func reduce(
    into history: inout History<Base.State>, action: HistoryAction<Base.Action>,
    environment: Base.Environment
  ) -> Effect<HistoryAction<Base.Action>> {
    switch action {
    case .step(let action):
      // A transient action belongs to the current step; any other starts a new one.
      let records = !isTransient(action)
      let step = records ? history.startStep() : history.stepCount
      return reduce(action, step: step, records: records, &history, environment)
    case .feedback(let action, let step):
      return reduce(action, step: step, records: !isTransient(action), &history, environment)
    case .undo:
      history.undo()
      return .none
    case .redo:
      history.redo()
      return .none
    }
  }

  /// Runs `action` as part of `step`; when `records` and the state changed, records the state
  /// from before it.
  @inlinable
  func reduce(
    _ action: Base.Action, step: Int, records: Bool, _ history: inout History<Base.State>,
    _ environment: Base.Environment
  ) -> Effect<HistoryAction<Base.Action>> {
    let before = records ? history.present : nil
    let effect = base.reduce(into: &history.present, action: action, environment: environment)
    if let before, history.present != before {
      history.record(before: before, step: step)
    }
    return effect.map { .feedback($0, step: step) }
  }
}
