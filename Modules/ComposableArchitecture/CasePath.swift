/// A path from an enum to the associated value of one of its cases: the enum counterpart of a
/// `WritableKeyPath`.
///
/// A case path can embed a value into the enum and try to extract it back out. `pullback` uses
/// one to pick a feature's actions out of the app's actions, and to wrap the actions that the
/// feature's effects send back.
///
/// A case path written as its own type costs nothing in a composition: the compiler knows the
/// type, calls it directly and inlines it, so picking a feature's actions out of the app's is one
/// `switch`, and the feature's action is handed on without being copied. ``CasePath`` builds one
/// from two closures instead, where a few lines count for more than speed.
///
/// ```swift
/// enum AppAction {
///   case counter(CounterAction)
///   case favoritePrimes(FavoritePrimesAction)
///
///   enum Cases {
///     struct Counter: CasePathProtocol {
///       func embed(_ action: CounterAction) -> AppAction { .counter(action) }
///       func extract<Result>(
///         _ action: AppAction, then body: (CounterAction) -> Result
///       ) -> Result? {
///         guard case .counter(let action) = action else { return nil }
///         return body(action)
///       }
///     }
///   }
/// }
/// let counter = AppAction.Cases.Counter()
/// counter.embed(.incrTapped)                               // .counter(.incrTapped)
/// counter.extract(.counter(.incrTapped))                   // .incrTapped
/// counter.extract(.favoritePrimes(.saveButtonTapped))      // nil
/// ```
public protocol CasePathProtocol<Root, Value>: Sendable {
  /// The enum.
  associatedtype Root
  /// The case's associated value.
  associatedtype Value

  /// Wraps a value in the case.
  ///
  /// - Parameter value: The associated value.
  /// - Returns: The enum value of this case.
  func embed(_ value: Value) -> Root

  /// Calls `body` with the associated value when the root is this case.
  ///
  /// Matching and calling in one step lets the compiler lend `body` the associated value in
  /// place, where returning it would copy it.
  ///
  /// - Parameters:
  ///   - root: A value of the enum.
  ///   - body: Called with the associated value, only when the root is this case.
  /// - Returns: What `body` returned, or `nil` for any other case.
  func extract<Result>(_ root: Root, then body: (Value) -> Result) -> Result?
}

extension CasePathProtocol {
  /// Returns the associated value when the root is this case, `nil` for any other case.
  ///
  /// - Parameter root: A value of the enum.
  /// - Returns: The associated value, or `nil`.
  @inlinable
  public func extract(_ root: Root) -> Value? {
    extract(root) { $0 }
  }
}

/// A case path made of two closures: the case's constructor and a function that matches the
/// case; see ``CasePathProtocol``.
///
/// ```swift
/// let counter = CasePath(AppAction.counter) {
///   guard case .counter(let action) = $0 else { return nil }
///   return action
/// }
/// counter.extract(.counter(.incrTapped))  // .incrTapped
/// ```
public struct CasePath<Root, Value>: CasePathProtocol {
  @usableFromInline
  let embedValue: @Sendable (Value) -> Root
  @usableFromInline
  let extractValue: @Sendable (Root) -> Value?

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
    self.embedValue = embed
    self.extractValue = extract
  }

  @inlinable
  public func embed(_ value: Value) -> Root {
    embedValue(value)
  }

  @inlinable
  public func extract<Result>(_ root: Root, then body: (Value) -> Result) -> Result? {
    extractValue(root).map(body)
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
