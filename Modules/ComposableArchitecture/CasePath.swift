/// A path from an enum to the associated value of one of its cases: the enum counterpart of a
/// `WritableKeyPath`.
///
/// A case path can embed a value into the enum and try to extract it back out. `pullback` uses
/// one to pick a feature's actions out of the app's actions, and to wrap the actions that the
/// feature's effects send back.
///
/// ```swift
/// enum AppAction {
///   case counter(CounterAction)
///   case favoritePrimes(FavoritePrimesAction)
///
///   enum Cases {
///     static let counter = CasePath(AppAction.counter) {
///       guard case .counter(let action) = $0 else { return nil }
///       return action
///     }
///   }
/// }
/// AppAction.Cases.counter.embed(.incrTapped)              // .counter(.incrTapped)
/// AppAction.Cases.counter.extract(.counter(.incrTapped))  // .incrTapped
/// AppAction.Cases.counter.extract(.favoritePrimes(.saveButtonTapped))  // nil
/// ```
public struct CasePath<Root, Value>: Sendable {
  /// Wraps a value in the case.
  public let embed: @Sendable (Value) -> Root
  /// Returns the associated value when the root is this case, `nil` for any other case.
  public let extract: @Sendable (Root) -> Value?

  /// Creates a case path from a case's constructor and a function that matches the case.
  ///
  /// - Parameters:
  ///   - embed: The case's constructor, for example `AppAction.counter`.
  ///   - extract: Returns the associated value when the root is this case, `nil` otherwise.
  @inlinable
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
  ///
  /// ```swift
  /// let same = CasePath<Int, Int>.identity
  /// same.extract(3)  // 3
  /// ```
  @inlinable
  public static var identity: CasePath {
    CasePath({ $0 }, extract: { $0 })
  }
}
