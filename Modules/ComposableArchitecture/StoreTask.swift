/// The effects started by one `send`, including those started by the actions they fed back.
///
/// Await ``finish()`` to wait until they have all ended, or ``cancel()`` them.
///
/// ```swift
/// let task = store.send(.nthPrimeTapped)
/// await task.finish()
/// print(store.state.alert)  // The 7th prime is 17
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
  /// if store.send(.saveButtonTapped).isInFlight { showSpinner() }
  /// ```
  public var isInFlight: Bool {
    guard let group else { return false }
    return !group.isEmpty
  }

  /// Returns when every effect has ended. Cancelling the awaiting task cancels the effects.
  ///
  /// ```swift
  /// await store.send(.loadButtonTapped).finish()
  /// ```
  public func finish() async {
    await group?.finish()
  }

  /// Cancels the effects. Actions they still try to send are dropped.
  ///
  /// ```swift
  /// let lookup = store.send(.nthPrimeTapped)
  /// lookup.cancel()
  /// ```
  public func cancel() {
    group?.cancel()
  }
}
