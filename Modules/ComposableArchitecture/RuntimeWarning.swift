#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the core reports a composition mistake that it can survive: an action sent to a child
/// that is not there, or a dismissal asked for outside a presentation.
///
/// Such an action is ignored and changes nothing. In a debug build the report goes to standard
/// error; `TestStore` turns it into a test failure; a release build says nothing.
public enum RuntimeWarning {
  /// Receives the reports made while it is bound, in place of standard error.
  ///
  /// ```swift
  /// RuntimeWarning.$report.withValue({ message in reports.withLock { $0.append(message) } }) {
  ///   _ = HostReducer().reduce(
  ///     into: &state, action: .child(.incr), environment: Answers().environment)
  /// }
  /// ```
  @TaskLocal public static var report: (@Sendable (String) -> Void)?
}

/// Reports a composition mistake (see ``RuntimeWarning``), naming where the composition was
/// written.
@usableFromInline
func runtimeWarning(_ message: String, fileID: StaticString? = nil, line: UInt = 0) {
  let text = fileID.map { "\(message) (\($0):\(line))" } ?? message
  if let report = RuntimeWarning.report {
    report(text)
    return
  }
  #if DEBUG
    var line = "warning: \(text)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  #endif
}
