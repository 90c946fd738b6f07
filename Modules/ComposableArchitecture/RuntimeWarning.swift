#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the core reports a composition mistake that it can survive: an action sent to a child
/// that is not there, a dismissal asked for outside a presentation or while nothing is
/// presented, a presented child's key path that changed after it was composed, or a
/// ``DerivedState`` whose child does not hold its parent's values.
///
/// Such an action is ignored and changes nothing. In a debug build the report goes to standard
/// error; `TestStore` turns it into a test failure; a release build says nothing.
public enum RuntimeWarning {
  /// Receives the reports made while it is bound, in place of standard error.
  ///
  /// ```swift
  /// let reporter = RuntimeWarning.Reporter { message in reports.withLock { $0.append(message) } }
  /// RuntimeWarning.$reporter.withValue(reporter) {
  ///   _ = HostReducer().reduce(
  ///     into: &state, action: .child(.incr), environment: Answers().environment)
  /// }
  /// ```
  @TaskLocal public static var reporter: Reporter?

  /// A function that receives reports, held in a struct.
  ///
  /// The task-local holds this struct rather than an optional function: with Swift 6.3, binding
  /// a task-local whose value is an optional function crashes an optimized build as the binding
  /// starts (swiftlang/swift#88321). `RuntimeWarningTests` binds one in every build.
  public struct Reporter: Sendable {
    /// Called with each report's text.
    public let report: @Sendable (String) -> Void

    /// Creates a reporter that hands each report to `report`.
    ///
    /// - Parameter report: Called with each report's text, on the thread that made it.
    public init(_ report: @escaping @Sendable (String) -> Void) {
      self.report = report
    }

    /// Drops every report: for code that looks for the consequences of a mistake itself, such
    /// as a replay that says where the state differs.
    public static let silent = Reporter { _ in }
  }
}

/// Reports a composition mistake (see ``RuntimeWarning``), naming where the composition was
/// written.
@usableFromInline
func runtimeWarning(_ message: String, fileID: StaticString? = nil, line: UInt = 0) {
  let text = fileID.map { "\(message) (\($0):\(line))" } ?? message
  if let reporter = RuntimeWarning.reporter {
    reporter.report(text)
    return
  }
  #if DEBUG
    var line = "warning: \(text)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  #endif
}
