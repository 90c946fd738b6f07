/// A state together with the user steps that led to it, for undo and redo.
///
/// A step is one action sent from outside (``HistoryAction/step(_:)``) together with every
/// action its effects feed back (``HistoryAction/feedback(_:step:)``). The history keeps the
/// state as it was before each step. Swift's collections are copy-on-write, so a recorded state
/// shares every buffer that later steps do not change. Undo and redo move one state between two
/// stacks: constant time, whatever the length of the history, and they never run an effect.
///
/// At most ``maximumDepth`` steps are kept; recording one more forgets the oldest (forgotten
/// states are let go in batches, so memory holds at most one and a half times as many). A step
/// next to a change made outside the steps keeps one more state, so that ``step(at:)`` can show
/// the step without that change; these too are let go once there are more than twice
/// ``maximumDepth``.
///
/// ```swift
/// var history = History(0)
/// history.record(before: history.present)
/// history.present = 1
/// history.undo()  // history.present == 0
/// ```
public struct History<State> {
  /// The state now; undo and redo replace it, or only its undoable part.
  public var present: State
  /// How many steps are kept for undo, at least 1: recording one more forgets the oldest.
  public let maximumDepth: Int
  @usableFromInline
  var past: UndoStack<Entry>
  @usableFromInline
  var future: [Entry] = []
  /// The number of steps started so far; a step's number identifies its feedback.
  @usableFromInline
  var startedSteps = 0
  /// The highest number any recorded entry carries.
  @usableFromInline
  var lastRecordedStep = 0
  /// The steps that were undone and not redone: their feedback changes nothing that undo
  /// restores.
  @usableFromInline
  var undoneSteps: Set<Int> = []
  /// The states that steps left, kept for the steps after which something outside the steps
  /// changed the present, by step number.
  @usableFromInline
  var ends: [Int: State] = [:]
  /// The states that undone steps started from, kept for those before which something outside
  /// the steps changed the present, by step number.
  @usableFromInline
  var starts: [Int: State] = [:]

  /// A recorded state and the step it was recorded for.
  @usableFromInline
  struct Entry {
    @usableFromInline var state: State
    @usableFromInline var step: Int

    @usableFromInline
    init(state: State, step: Int) {
      self.state = state
      self.step = step
    }
  }

  /// Creates a history with no steps.
  ///
  /// - Parameters:
  ///   - present: The state to start from; undo never goes back past it.
  ///   - maximumDepth: How many steps to keep for undo; a value below 1 counts as 1.
  public init(_ present: State, maximumDepth: Int = 10_000) {
    self.present = present
    self.maximumDepth = max(1, maximumDepth)
    self.past = UndoStack(capacity: self.maximumDepth)
  }

  /// How many steps can be undone: at most ``maximumDepth``.
  public var undoCount: Int { past.count }
  /// How many undone steps can be redone; recording a new step makes it 0.
  public var redoCount: Int { future.count }
  /// Whether ``undo()`` has a step to take back; `false` once the oldest kept step is undone.
  public var canUndo: Bool { past.count > 0 }
  /// Whether ``redo()`` has a step to bring again; `false` once a new step is recorded.
  public var canRedo: Bool { !future.isEmpty }

  /// Records the state as it was before a new step, and forgets the steps that were undone.
  ///
  /// ```swift
  /// history.record(before: history.present)
  /// history.present = 1
  /// ```
  ///
  /// - Parameter state: The state before the step.
  public mutating func record(before state: State) {
    startedSteps += 1
    record(before: state, as: startedSteps)
  }

  /// Goes back to the state before the last step.
  ///
  /// - Returns: Whether there was a step to undo; when there was none, nothing changes.
  @discardableResult
  public mutating func undo() -> Bool {
    undo(restoring: \.self)
  }

  /// Goes forward again to the state after the last undone step.
  ///
  /// - Returns: Whether there was a step to redo; when there was none, nothing changes.
  @discardableResult
  public mutating func redo() -> Bool {
    redo(restoring: \.self)
  }

  /// Undoes or redoes several steps at once: back for a negative count, forward for a positive
  /// one, as far as there are steps. Each step costs what one undo or redo costs.
  ///
  /// ```swift
  /// #expect(history.travel(by: -3) == -3)
  /// ```
  ///
  /// - Parameter steps: How many steps to travel, and which way.
  /// - Returns: How many steps were travelled: `steps`, or fewer when the history ends first.
  @discardableResult
  public mutating func travel(by steps: Int) -> Int {
    travel(by: steps, restoring: \.self)
  }

  /// How many steps there are: those undo can take back and those redo can bring again. The
  /// present is between the two, at ``undoCount``.
  public var stepCount: Int { past.count + future.count }

  /// How many of the oldest steps were forgotten to keep within ``maximumDepth``: the first
  /// state kept is the start only while this is 0.
  public var forgottenStepCount: Int { past.forgotten }

  /// The state before and after a step, whether done or undone, oldest first: `index` is in
  /// `0..<stepCount`, and the steps before ``undoCount`` are the ones done.
  ///
  /// A change made by ``changeOutsideSteps(_:)`` shows in neither step around it: each step
  /// shows what it did itself.
  ///
  /// ```swift
  /// #expect(history.step(at: 1) == (1, 2))
  /// ```
  ///
  /// - Parameter index: The step's place, from the oldest kept.
  /// - Returns: The state the step started from, and the one it left.
  public func step(at index: Int) -> (before: State, after: State) {
    precondition(index >= 0 && index < stepCount, "no step \(index) in \(stepCount)")
    let entry = self.entry(at: index)
    if index < past.count {
      let next = index + 1 < past.count ? past[index + 1].state : present
      return (starts[entry.step] ?? entry.state, ends[entry.step] ?? next)
    }
    // An undone step's entry holds the state it left; the one before it, where it started.
    let previous = index == past.count ? present : self.entry(at: index - 1).state
    return (starts[entry.step] ?? previous, ends[entry.step] ?? entry.state)
  }

  /// Changes the present outside of any step: for example, what another process changed in
  /// the data the state mirrors. Undo and redo pass over the change, and it is no step of its
  /// own.
  ///
  /// ```swift
  /// history.changeOutsideSteps { $0 += 100 }
  /// ```
  ///
  /// - Parameter change: Changes the present in place.
  public mutating func changeOutsideSteps(_ change: (inout State) -> Void) {
    // The steps on either side of the present keep the states they left and started from, so
    // that ``step(at:)`` shows neither with this change in it.
    if let top = past.last, ends[top.step] == nil { ends[top.step] = present }
    if let next = future.last, starts[next.step] == nil { starts[next.step] = present }
    change(&present)
  }

  /// The entry of the step at `index`, oldest first, across both stacks.
  private func entry(at index: Int) -> Entry {
    index < past.count ? past[index] : future[future.count - 1 - (index - past.count)]
  }

  // MARK: - Steps, for RecordingHistory

  @usableFromInline
  mutating func startStep() -> Int {
    startedSteps += 1
    return startedSteps
  }

  /// Takes note that `step` changed what undo restores, from `before`.
  ///
  /// The first change of the newest step records `before` under the step's number; later
  /// changes of the same step belong to that entry. A change that arrives after a later step
  /// was recorded, or after an undo, is a step of its own, so that undo takes back changes in the
  /// order they happened and nothing is lost.
  @usableFromInline
  mutating func noteChange(before: State, step: Int) {
    // A change of the newest step belongs to its entry, unless something outside the steps
    // changed the state since: then it is a step of its own, so that neither shows that change.
    if future.isEmpty, let top = past.last, top.step == step, ends[step] == nil { return }
    if step > lastRecordedStep {
      record(before: before, as: step)
    } else {
      startedSteps += 1
      record(before: before, as: startedSteps)
    }
  }

  /// Whether the step with this number was undone and not redone: what its effects still send
  /// back leaves the part that undo restores as it is.
  ///
  /// ```swift
  /// history.undo()
  /// #expect(history.isUndone(1))
  /// ```
  public func isUndone(_ step: Int) -> Bool {
    undoneSteps.contains(step)
  }

  private mutating func record(before state: State, as step: Int) {
    past.push(Entry(state: state, step: step))
    lastRecordedStep = step
    for undone in future {
      starts[undone.step] = nil
      ends[undone.step] = nil
    }
    future.removeAll()
    if undoneSteps.count > 2 * maximumDepth {
      // Keep memory bounded: only recent steps can still have effects running.
      undoneSteps = Set(undoneSteps.sorted().suffix(maximumDepth))
    }
    if ends.count + starts.count > 2 * maximumDepth {
      let kept = Set((0..<past.count).map { past[$0].step })
      ends = ends.filter { kept.contains($0.key) }
      starts = starts.filter { kept.contains($0.key) }
    }
  }

  /// Undoes the last step, restoring only the part of the state at `undoable`.
  @usableFromInline
  mutating func undo<Undoable>(restoring undoable: WritableKeyPath<State, Undoable>) -> Bool {
    undo(changing: undoable) { present, _, before in present = before }
  }

  /// Redoes the last undone step, restoring only the part of the state at `undoable`.
  @usableFromInline
  mutating func redo<Undoable>(restoring undoable: WritableKeyPath<State, Undoable>) -> Bool {
    redo(changing: undoable) { present, _, after in present = after }
  }

  /// Undoes the last step by handing `change` the present part at `part`, with the step's end
  /// and start: `change` takes back from the present what the step changed.
  @usableFromInline
  mutating func undo<Part>(
    changing part: WritableKeyPath<State, Part>, _ change: (inout Part, Part, Part) -> Void
  ) -> Bool {
    guard past.count > 0 else { return false }
    let (before, after) = step(at: past.count - 1)
    guard let entry = past.pop() else { return false }
    // The step keeps the states it went between, whatever the present becomes, and so does the
    // step before it, which ended where this one started.
    starts[entry.step] = before
    ends[entry.step] = after
    if let below = past.last, ends[below.step] == nil { ends[below.step] = before }
    future.append(Entry(state: present, step: entry.step))
    undoneSteps.insert(entry.step)
    change(&present[keyPath: part], after[keyPath: part], before[keyPath: part])
    return true
  }

  /// Redoes the last undone step by handing `change` the present part at `part`, with the
  /// step's start and end: `change` makes again in the present what the step changed.
  @usableFromInline
  mutating func redo<Part>(
    changing part: WritableKeyPath<State, Part>, _ change: (inout Part, Part, Part) -> Void
  ) -> Bool {
    guard !future.isEmpty else { return false }
    let (before, after) = step(at: past.count)
    let entry = future.removeLast()
    if let below = past.last, ends[below.step] == nil { ends[below.step] = before }
    past.push(Entry(state: present, step: entry.step))
    starts[entry.step] = before
    ends[entry.step] = after
    undoneSteps.remove(entry.step)
    change(&present[keyPath: part], before[keyPath: part], after[keyPath: part])
    return true
  }

  /// Undoes or redoes up to `steps` steps, as ``travel(by:)`` does, restoring only the part of
  /// the state at `undoable`, as ``RecordingHistory`` does: for a view of the history that
  /// moves the present by setting a position.
  ///
  /// - Parameters:
  ///   - steps: How many steps to travel: back when negative, forward when positive.
  ///   - undoable: The part of the state that steps change and travelling restores.
  /// - Returns: How many steps were travelled: `steps`, or fewer when the history ends first.
  @discardableResult
  public mutating func travel<Undoable>(
    by steps: Int, restoring undoable: WritableKeyPath<State, Undoable>
  ) -> Int {
    travel(by: steps, changing: undoable) { present, _, target in present = target }
  }

  /// Undoes or redoes up to `steps` steps as changes to the present, rather than by restoring
  /// the states they went between: for a part of the state that others change too, such as
  /// data that several sessions share.
  ///
  /// For each step, `change` is handed the present part at `part`, and the step's two ends as
  /// the change to make: from the state the step left to the one it started from, for an undo;
  /// the other way, for a redo. It makes that change in the present and leaves what others
  /// changed, whether or not they changed the same things. Whatever it does, the step keeps
  /// the two states it went between, for ``step(at:)`` and the next undo or redo.
  ///
  /// ```swift
  /// history.travel(by: -1, changing: \.self) { present, from, to in
  ///   present.subtract(from.subtracting(to))
  ///   present.formUnion(to.subtracting(from))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - steps: How many steps to travel: back when negative, forward when positive.
  ///   - part: The part of the state that steps change.
  ///   - change: Makes, in the present part, the change from its second argument to its third.
  /// - Returns: How many steps were travelled: `steps`, or fewer when the history ends first.
  @discardableResult
  public mutating func travel<Part>(
    by steps: Int, changing part: WritableKeyPath<State, Part>,
    _ change: (_ present: inout Part, _ from: Part, _ to: Part) -> Void
  ) -> Int {
    var travelled = 0
    if steps < 0 {
      while travelled > steps, undo(changing: part, change) { travelled -= 1 }
    } else {
      while travelled < steps, redo(changing: part, change) { travelled += 1 }
    }
    return travelled
  }
}

extension History: Equatable where State: Equatable {
  /// Two histories are equal when their present, undo and redo states are; the numbering of
  /// steps is bookkeeping and does not count.
  public static func == (lhs: History, rhs: History) -> Bool {
    lhs.present == rhs.present
      && lhs.past.elementsEqual(rhs.past) { $0.state == $1.state }
      && lhs.future.elementsEqual(rhs.future) { $0.state == $1.state }
  }
}
extension History: Sendable where State: Sendable {}
extension History.Entry: Sendable where State: Sendable {}

/// The actions of a store with history: a feature's actions, marked as user steps or as
/// feedback from effects, plus undo and redo.
///
/// ```swift
/// store.send(.step(.counter(.incrTapped)))
/// store.send(.undo)
/// ```
public enum HistoryAction<Action> {
  /// An action sent from outside. It is a new step when it changes the undoable part of the
  /// state; otherwise undo passes over it.
  case step(Action)
  /// An action fed back by an effect of the step with the given number: it belongs to that step.
  case feedback(Action, step: Int)
  /// Go back one step; nothing happens when there is none.
  case undo
  /// Go forward one undone step; nothing happens when there is none.
  case redo
  /// Go back (a negative count) or forward (a positive one) several steps at once.
  case travel(by: Int)
}

extension HistoryAction: Codable where Action: Codable {}
extension HistoryAction: Equatable where Action: Equatable {}
extension HistoryAction: Sendable where Action: Sendable {}

extension Reducer {
  /// Records user steps so that they can be undone and redone, restoring the part of the state
  /// at `undoable`.
  ///
  /// ``HistoryAction/step(_:)`` runs this reducer and, when the part at `undoable` changed,
  /// records the state from before it and clears the redo stack. The actions sent back by the
  /// step's effects arrive as ``HistoryAction/feedback(_:step:)`` and belong to the same step,
  /// so one undo reverts the step and everything its effects did. What an action changes
  /// outside `undoable` (an alert, a sheet, a lookup in flight) is no step: undo passes over it
  /// and the redo stack stays.
  ///
  /// Feedback is applied by these rules:
  /// - feedback of the newest step joins that step;
  /// - feedback that changes the undoable part after a later step was recorded, or after an
  ///   undo, is a step of its own: undo takes back changes in the order they happened;
  /// - feedback of a step that was undone (and not redone) still changes what undo leaves
  ///   alone, but its changes to the undoable part are dropped: undoing a step takes back
  ///   everything it would still do.
  ///
  /// ``HistoryAction/undo`` and ``HistoryAction/redo`` only swap states: no reducer runs and
  /// no effect starts. A presented child that an undo takes away has its effects cancelled, as
  /// any child that goes has; a redo that brings it back does not start them again.
  ///
  /// ```swift
  /// let reducer = AppReducer().recordingHistory(undoing: \.undoable)
  /// ```
  ///
  /// - Parameter undoable: The part of the state that undo and redo restore.
  /// - Returns: A reducer on the history of this reducer's state.
  @inlinable
  public func recordingHistory<Undoable: Equatable>(
    undoing undoable: WritableKeyPath<State, Undoable>
  ) -> RecordingHistory<Self, Undoable> {
    RecordingHistory(base: self, undoable: undoable) { present, _, target, _ in present = target }
  }

  /// Records user steps so that they can be undone and redone as changes to the present, for a
  /// part of the state that others change too; see ``Reducer/recordingHistory(undoing:)`` and
  /// ``History/travel(by:changing:_:)``.
  ///
  /// Undo hands `change` the present part, the state the step left and the one it started
  /// from; redo, the other way round. `change` makes that change in the present, leaving what
  /// others changed meanwhile: a step that another session already took back is not taken back
  /// twice, and redo makes again a change that others undid.
  ///
  /// ```swift
  /// childReducer.recordingHistory(undoing: \.self) { present, from, to, _ in
  ///   present.count += to.count - from.count
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - undoable: The part of the state that steps change.
  ///   - change: Makes, in the present part, the change from its second argument to its third,
  ///     with this reducer's environment.
  /// - Returns: A reducer on the history of this reducer's state.
  @inlinable
  public func recordingHistory<Undoable: Equatable>(
    undoing undoable: WritableKeyPath<State, Undoable>,
    changing change:
      @escaping (
        _ present: inout Undoable, _ from: Undoable, _ to: Undoable, _ environment: Environment
      ) -> Void
  ) -> RecordingHistory<Self, Undoable> {
    RecordingHistory(base: self, undoable: undoable, change: change)
  }
}

extension Reducer where State: Equatable {
  /// Records user steps so that they can be undone and redone, restoring the whole state; see
  /// ``Reducer/recordingHistory(undoing:)``.
  ///
  /// ```swift
  /// childReducer.recordingHistory()
  /// ```
  ///
  /// - Returns: A reducer on the history of this reducer's state.
  @inlinable
  public func recordingHistory() -> RecordingHistory<Self, State> {
    RecordingHistory(base: self, undoable: \.self) { present, _, target, _ in present = target }
  }
}

/// A reducer that records the steps of another so that they can be undone and redone; see
/// ``Reducer/recordingHistory(undoing:)``.
public struct RecordingHistory<Base: Reducer, Undoable: Equatable>: Reducer {
  @usableFromInline
  let base: Base
  @usableFromInline
  let undoable: WritableKeyPath<Base.State, Undoable>
  @usableFromInline
  let change: (inout Undoable, Undoable, Undoable, Base.Environment) -> Void

  @inlinable
  init(
    base: Base, undoable: WritableKeyPath<Base.State, Undoable>,
    change: @escaping (inout Undoable, Undoable, Undoable, Base.Environment) -> Void
  ) {
    self.base = base
    self.undoable = undoable
    self.change = change
  }

  /// Runs a step through the base reducer and records it, or undoes or redoes one.
  ///
  /// - Parameters:
  ///   - history: The history to change in place.
  ///   - action: A step, feedback from a step's effects, undo or redo.
  ///   - environment: The base reducer's dependencies.
  /// - Returns: The step's effects, their actions marked as feedback of the step.
  @inlinable
  public func reduce(
    into history: inout History<Base.State>, action: HistoryAction<Base.Action>,
    environment: Base.Environment
  ) -> Effect<HistoryAction<Base.Action>> {
    switch action {
    case .step(let action):
      return reduce(action, step: history.startStep(), &history, environment)
    case .feedback(let action, let step):
      return reduce(action, step: step, &history, environment)
    case .undo:
      _ = history.travel(by: -1, changing: undoable) { change(&$0, $1, $2, environment) }
      return .none
    case .redo:
      _ = history.travel(by: 1, changing: undoable) { change(&$0, $1, $2, environment) }
      return .none
    case .travel(let steps):
      _ = history.travel(by: steps, changing: undoable) { change(&$0, $1, $2, environment) }
      return .none
    }
  }

  /// Runs `action` as part of `step` and notes what it changed in the undoable part.
  @inlinable
  func reduce(
    _ action: Base.Action, step: Int, _ history: inout History<Base.State>,
    _ environment: Base.Environment
  ) -> Effect<HistoryAction<Base.Action>> {
    let before = history.present
    let effect = base.reduce(into: &history.present, action: action, environment: environment)
    if history.present[keyPath: undoable] != before[keyPath: undoable] {
      if history.isUndone(step) {
        history.present[keyPath: undoable] = before[keyPath: undoable]
      } else {
        history.noteChange(before: before, step: step)
      }
    }
    return effect.map { .feedback($0, step: step) }
      .watching(through: \History<Base.State>.present)
  }
}
