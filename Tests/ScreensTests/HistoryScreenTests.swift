import ComposableArchitecture
import ComposableArchitectureTestSupport
import Screens
import Testing

@MainActor
struct HistoryScreenTests {
  private func makeStore(
    page: ScreensState.Page = .favorites, visit: ScreensState.HistoryVisit? = nil,
    position: Int = 3, stepCount: Int = 5
  ) -> TestStore<HistoryScreenState, HistoryScreenAction, Void> {
    TestStore(
      initialState: HistoryScreenState(
        page: page, visit: visit, position: position, stepCount: stepCount),
      reducer: HistoryScreenReducer(), environment: ())
  }

  private let open = ScreensState.HistoryVisit(openedAt: 3, returnPage: .favorites)

  @Test func opened_showsTheHistory_andRemembersWhereItWasOpened() async {
    let store = makeStore()
    await store.send(.opened) {
      $0.page = .history
      $0.visit = ScreensState.HistoryVisit(openedAt: 3, returnPage: .favorites)
    }
    // Opening it again changes nothing.
    await store.send(.opened)
  }

  @Test func moved_staysWithinTheSteps() async {
    let store = makeStore(page: .history, visit: open)
    await store.send(.moved(by: -1)) { $0.position = 2 }
    await store.send(.moved(by: -5)) { $0.position = 0 }
    await store.send(.moved(by: 1)) { $0.position = 1 }
    await store.send(.moved(by: 9)) { $0.position = 5 }
  }

  @Test func moved_byTheLargestCounts_staysWithinTheSteps() async {
    let store = makeStore(page: .history, visit: open)
    await store.send(.moved(by: .max)) { $0.position = 5 }
    await store.send(.moved(by: .max))
    await store.send(.moved(by: .min)) { $0.position = 0 }
    await store.send(.moved(by: .min))
  }

  @Test func movedToFirstAndLast_goToEitherEnd() async {
    let store = makeStore(page: .history, visit: open)
    await store.send(.movedToFirst) { $0.position = 0 }
    await store.send(.movedToLast) { $0.position = 5 }
  }

  @Test func kept_staysWhereTheMarkerIs_andShowsThePageItWasOpenedFrom() async {
    let store = makeStore(page: .history, visit: open)
    await store.send(.moved(by: -1)) { $0.position = 2 }
    await store.send(.kept) {
      $0.page = .favorites
      $0.visit = nil
    }
  }

  @Test func cancelled_goesBackToWhereItWasOpened() async {
    let store = makeStore(page: .history, visit: open)
    await store.send(.moved(by: -2)) { $0.position = 1 }
    await store.send(.cancelled) {
      $0.position = 3
      $0.page = .favorites
      $0.visit = nil
    }
  }

  @Test func keysOfAClosedHistory_doNothing() async {
    let store = makeStore()
    await store.send(.moved(by: -1))
    await store.send(.movedToFirst)
    await store.send(.movedToLast)
    await store.send(.kept)
    await store.send(.cancelled)
  }

  @Test func reducerExample() {
    var screen = HistoryScreenState(page: .history, visit: open, position: 3, stepCount: 5)
    _ = HistoryScreenReducer().reduce(into: &screen, action: .moved(by: -1), environment: ())
    #expect(screen.position == 2)
  }
}
