import ComposableArchitecture
import Synchronization
import Testing

/// A reporter bound to the task receives the core's reports, in every build. Bound as an
/// optional function, as it once was, the task-local crashed optimized builds at the binding
/// itself (Swift 6.3): `primetime replay` died with a segmentation fault in release builds only.
/// `.ci/run` runs these tests optimized as well as in debug.
struct RuntimeWarningTests {
  @Test func aBoundReporter_receivesTheReport_andStandardErrorNone() {
    let reports = Mutex<[String]>([])
    let reporter = RuntimeWarning.Reporter { message in reports.withLock { $0.append(message) } }
    var state = HostState()
    RuntimeWarning.$reporter.withValue(reporter) {
      _ = HostReducer().reduce(
        into: &state, action: .sheet(.presented(.incr)), environment: Answers().environment)
    }
    #expect(reports.withLock { $0.count } == 1)
    #expect(state == HostState())
  }

  @Test func aReporterBoundAroundAnAwait_staysBoundAfterIt() async {
    let reports = Mutex<[String]>([])
    let reporter = RuntimeWarning.Reporter { message in reports.withLock { $0.append(message) } }
    var state = HostState()
    await RuntimeWarning.$reporter.withValue(reporter) {
      await Task.yield()
      _ = HostReducer().reduce(
        into: &state, action: .child(.incr), environment: Answers().environment)
    }
    #expect(reports.withLock { $0.count } == 1)
  }

  @Test func theSilentReporter_dropsTheReport_andTheActionStillChangesNothing() {
    var state = HostState()
    RuntimeWarning.$reporter.withValue(.silent) {
      _ = HostReducer().reduce(
        into: &state, action: .sheet(.presented(.incr)), environment: Answers().environment)
    }
    #expect(state == HostState())
    #expect(RuntimeWarning.reporter == nil)
  }
}
