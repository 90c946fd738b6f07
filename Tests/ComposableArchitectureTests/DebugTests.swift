import ComposableArchitecture
import ComposableArchitectureDebug
import Testing

@MainActor
struct DebugTests {
  @Test func reportingChanges_reportsEachActionAndTheStateDiff_afterTheReducer() {
    var reports: [String] = []
    let store = Store(
      initialState: ChildState(), reducer: childReducer, environment: (),
      afterEachAction: reportingChanges(from: ChildState()) { reports.append($0) })
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

  @Test func reportingChanges_reportsNoChange() {
    var reports: [String] = []
    let store = Store(
      initialState: ChildState(), reducer: childReducer, environment: (),
      afterEachAction: reportingChanges(from: ChildState()) { reports.append($0) })
    store.send(.decr)
    store.send(.incr)
    reports.removeAll()
    store.send(.startEcho([]))
    #expect(reports.first?.contains("(no state change)") == true)
  }

  @Test func reportingChanges_whenDisabled_reportsNothing_andThenOnlyTheNextChange() {
    var reports: [String] = []
    var isEnabled = false
    let store = Store(
      initialState: ChildState(), reducer: childReducer, environment: (),
      afterEachAction: reportingChanges(from: ChildState(), of: \.count, isEnabled: { isEnabled }) {
        reports.append($0)
      })
    store.send(.incr)
    #expect(store.state.count == 1)
    #expect(reports.isEmpty)
    isEnabled = true
    store.send(.incr)
    #expect(reports == ["received action:\n  ChildAction.incr\n  - 1\n  + 2"])
  }
}
