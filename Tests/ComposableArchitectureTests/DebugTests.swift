import ComposableArchitecture
import ComposableArchitectureDebug
import Testing

@MainActor
struct DebugTests {
  private func makeStore(
    _ reporter: ChangeReporter<ChildState, ChildAction, ChildState>
  ) -> Store<ChildState, ChildAction> {
    Store(
      initialState: ChildState(), reducer: childReducer, environment: (),
      afterEachAction: reporter.afterAction)
  }

  @Test func aReporter_reportsEachActionAndTheStateDiff_afterTheReducer() {
    var reports: [String] = []
    let reporter = ChangeReporter<ChildState, ChildAction, ChildState>(of: { $0 }) {
      reports.append($0)
    }
    let store = makeStore(reporter)
    reporter.start(from: store.state)
    store.send(.incr)
    store.send(.incr)
    #expect(store.state.count == 2)
    #expect(
      reports == [
        """
        received action:
          ChildAction.incr
          - ChildState(count: 0)
          + ChildState(count: 1)
        """,
        """
        received action:
          ChildAction.incr
          - ChildState(count: 1)
          + ChildState(count: 2)
        """,
      ])
  }

  @Test func debugReport_dumpsTheAction_andDiffsTheState() {
    let report = debugReport(action: "incr", before: 0, after: 1)
    #expect(
      report == """
        received action:
          "incr"
          - 0
          + 1
        """)
  }

  @Test func aReporter_reportsNoChange() {
    var reports: [String] = []
    let reporter = ChangeReporter<ChildState, ChildAction, ChildState>(of: { $0 }) {
      reports.append($0)
    }
    let store = makeStore(reporter)
    reporter.start(from: store.state)
    store.send(.startEcho([]))
    #expect(reports.first?.contains("(no state change)") == true)
  }

  @Test func aReporterThatIsOff_reportsNothing_andOnceStarted_onlyTheChangesAfter() {
    var reports: [String] = []
    let reporter = ChangeReporter<ChildState, ChildAction, ChildState>(of: { $0 }) {
      reports.append($0)
    }
    let store = makeStore(reporter)
    store.send(.incr)
    #expect(store.state.count == 1)
    #expect(reports.isEmpty && !reporter.isOn)
    reporter.start(from: store.state)
    store.send(.incr)
    reporter.stop()
    store.send(.incr)
    #expect(!reporter.isOn)
    #expect(
      reports == [
        "received action:\n  ChildAction.incr\n  - ChildState(count: 1)\n  + ChildState(count: 2)"
      ])
  }
}
