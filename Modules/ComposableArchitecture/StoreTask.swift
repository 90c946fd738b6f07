/// The effects started by one `send`, including those started by the actions they fed back.
///
/// Await ``finish()`` to wait until they have all ended, or ``cancel()`` them.
///
/// ```swift
/// let task = store.send(.startEcho([1]))
/// #expect(task.isInFlight)
/// await task.finish()
/// #expect(!task.isInFlight)
/// ```
@MainActor
public struct StoreTask: Sendable {
  @usableFromInline
  let group: EffectGroup?

  @usableFromInline
  init(group: EffectGroup?) {
    self.group = group
  }

  /// Whether any of the effects is still running.
  ///
  /// ```swift
  /// let task = store.send(.startEcho([1]))
  /// #expect(task.isInFlight)
  /// ```
  public var isInFlight: Bool {
    guard let group else { return false }
    return !group.isEmpty
  }

  /// Returns when every effect has ended. Cancelling the awaiting task cancels the effects.
  ///
  /// ```swift
  /// await store.send(.child(.startEcho([8, 9]))).finish()
  /// ```
  public func finish() async {
    await group?.finish()
  }

  /// Cancels the effects. Actions they still try to send are dropped.
  ///
  /// ```swift
  /// let request = store.send(.start(0))
  /// request.cancel()
  /// ```
  public func cancel() {
    group?.cancel()
  }
}
