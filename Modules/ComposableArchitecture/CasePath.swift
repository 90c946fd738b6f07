/// A path from an enum to the associated value of one of its cases: the enum counterpart of a
/// `WritableKeyPath`.
///
/// A case path embeds a value into the enum and extracts it back out. `pullback` uses one to
/// pick a feature's actions out of the app's actions, and to wrap the actions that the feature's
/// effects send back. On an enum of states, such as a screen's destinations, it picks one case's
/// state, as ``Reducer/pullback(state:action:environment:fileID:line:)`` does.
///
/// A feature declares each case path it needs once, as a static member:
///
/// ```swift
/// extension CasePath<AppAction, CounterAction> {
///   public static var counter: Self {
///     Self(AppAction.counter) { if case .counter(let a) = $0 { a } else { nil } }
///   }
/// }
/// ```
///
/// so that a composition can name it with a leading dot:
///
/// ```swift
/// FavoritePrimesReducer().pullback(
///   state: \.favoritePrimesState, action: .favoritePrimes, environment: { $0.favoritePrimes })
/// ```
public struct CasePath<Root, Value>: Sendable {
  /// Wraps a value as this case; ``extract`` of the result gives the value back.
  public let embed: @Sendable (Value) -> Root
  /// Returns the associated value when the root is this case, `nil` for any other case.
  public let extract: @Sendable (Root) -> Value?

  /// Creates a case path from a case's constructor and a function that matches the case.
  ///
  /// - Parameters:
  ///   - embed: The case's constructor, for example `AppAction.counter`.
  ///   - extract: Returns the associated value when the root is this case, `nil` otherwise.
  @inlinable @inline(__always)
  public init(
    _ embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }
}

extension CasePath where Root == Value {
  /// The identity case path: it embeds and extracts the value unchanged.
  @inlinable
  public static var identity: CasePath {
    CasePath({ $0 }, extract: { $0 })
  }
}
