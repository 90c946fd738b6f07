import IssueReporting
import Synchronization

/// The messages of the issues reported while `body` runs, collected instead of failing the
/// test: a ``TestStore``'s failed assertions, and the core's reports of composition mistakes
/// (an action for a child that is not there). For tests of what is reported; unlike
/// `withKnownIssue`, nothing is recorded, so a passing run says nothing of them.
///
/// ```swift
/// let reports = await issuesReported {
///   await store.send(.child(.incr)) { $0.log = ["child incr: none"] }
/// }
/// ```
@MainActor
public func issuesReported(during body: () async -> Void) async -> [String] {
  let collector = IssueCollector()
  await withIssueReporters([collector]) {
    await body()
  }
  return collector.messages.withLock { $0 }
}

/// Keeps the messages of the issues reported to it.
private final class IssueCollector: IssueReporter {
  let messages = Mutex<[String]>([])

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let text = message() ?? ""
    messages.withLock { $0.append(text) }
  }
}
