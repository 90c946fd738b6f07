/// Sends actions from an effect back into the store that runs it.
///
/// `Send` is handed to the work of ``Effect/run(priority:_:)``. Call it with `await`; the action
/// goes through the reducer on the main actor before the call returns. Once the effect has been
/// cancelled, calls are ignored.
///
/// ```swift
/// return .run { send in
///   await send(response(n, await Result { try await nthPrime(n) }))
/// }
/// ```
@MainActor
public struct Send<Action: Sendable>: Sendable {
  private let send: @MainActor @Sendable (Action) -> Void

  /// Creates a sender from a function that delivers an action.
  ///
  /// Stores and test stores create these; a feature only calls them.
  ///
  /// - Parameter send: Delivers an action.
  public nonisolated init(_ send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action back into the store, unless the effect has been cancelled.
  ///
  /// - Parameter action: The action.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
