import ComposableArchitecture
import ComposableArchitectureDebug
import Testing

@MainActor
struct DebugTests {
  @Test func debug_reportsActionAndStateDiff() {
    var reports: [String] = []
    let reducer = childReducer.debug { reports.append($0) }
    var state = ChildState()
    _ = reducer.reduce(into: &state, action: .incr, environment: ())
    #expect(state.count == 1)
    #expect(reports.count == 1)
    #expect(reports[0].contains("ChildAction.incr"))
    #expect(reports[0].contains("- ChildState(count: 0)"))
    #expect(reports[0].contains("+ ChildState(count: 1)"))
    #expect(
      reports[0] == """
        received action:
          ChildAction.incr
          - ChildState(count: 0)
          + ChildState(count: 1)
        """)
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

  @Test func debug_reportsNoChange() {
    var reports: [String] = []
    let reducer = childReducer.debug { reports.append($0) }
    var state = ChildState()
    _ = reducer.reduce(into: &state, action: .startEcho([]), environment: ())
    #expect(reports.first?.contains("(no state change)") == true)
  }

  @Test func debug_whenDisabled_reportsNothing() {
    var reports: [String] = []
    let reducer = childReducer.debug(isEnabled: { false }) { reports.append($0) }
    var state = ChildState()
    _ = reducer.reduce(into: &state, action: .incr, environment: ())
    #expect(state.count == 1)
    #expect(reports.isEmpty)
  }
}
