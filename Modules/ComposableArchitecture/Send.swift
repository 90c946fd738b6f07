/// Sends actions from an effect back into the store that runs it.
///
/// `Send` is handed to the work of ``Effect/run(priority:_:)``. Call it with `await`; the action
/// goes through the reducer on the main actor before the call returns. Once the effect has been
/// cancelled, calls are ignored.
///
/// ```swift
/// return .run { send in
///   await send(.answered(n: n, await Result { try await nthPrime.nthPrime(n) }))
/// }
/// ```
@MainActor
public struct Send<Action: Sendable>: Sendable {
  private let send: @MainActor @Sendable (Action) -> Void

  /// Creates a sender from a function that delivers an action.
  ///
  /// Stores and test stores create these; a feature only calls them.
  public nonisolated init(_ send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action back into the store, whose reducer runs it before this returns; once the
  /// effect is cancelled, the action is dropped.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
