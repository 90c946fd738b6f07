/// A way to reach a feature's environment from the app's: the environment counterpart of a
/// ``CasePathProtocol``.
///
/// `pullback` uses one to hand a feature its environment. Written as its own type, returning a
/// stored property of the app's environment, it costs nothing: the compiler calls it directly,
/// inlines it, and lends the feature its environment where it lies, so no action builds, copies
/// or retains one. ``EnvironmentPath`` wraps a closure instead, which runs on every action the
/// feature handles.
///
/// ```swift
/// final class AppEnvironment {
///   let counter: CounterEnvironment
///
///   enum Paths {
///     struct Counter: EnvironmentPathProtocol {
///       func callAsFunction(_ environment: AppEnvironment) -> CounterEnvironment {
///         environment.counter
///       }
///     }
///   }
/// }
/// AppEnvironment.Paths.Counter()(appEnvironment)  // appEnvironment.counter
/// ```
public protocol EnvironmentPathProtocol<Root, Value> {
  /// The app's environment.
  associatedtype Root
  /// The feature's environment.
  associatedtype Value

  /// Returns the feature's environment.
  ///
  /// - Parameter root: The app's environment.
  /// - Returns: The feature's environment.
  func callAsFunction(_ root: Root) -> Value
}

/// An environment path made of a closure; see ``EnvironmentPathProtocol``.
///
/// ```swift
/// let counter = EnvironmentPath { (app: AppEnvironment) in app.counter }
/// counter(appEnvironment).nthPrime
/// ```
public struct EnvironmentPath<Root, Value>: EnvironmentPathProtocol {
  @usableFromInline
  let function: (Root) -> Value

  /// Creates an environment path from a function that derives the feature's environment.
  ///
  /// - Parameter function: Returns the feature's environment from the app's.
  @inlinable
  public init(_ function: @escaping (Root) -> Value) {
    self.function = function
  }

  @inlinable
  public func callAsFunction(_ root: Root) -> Value {
    function(root)
  }
}
