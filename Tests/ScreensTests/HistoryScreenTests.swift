import ComposableArchitecture
import ComposableArchitectureTestSupport
import Screens
import Testing

@MainActor
struct HistoryScreenTests {
  private func makeStore(
    page: ScreensState.Page = .favorites, position: Int = 3, stepCount: Int = 5
  ) -> TestStore<HistoryScreenState, HistoryScreenAction, Void> {
    TestStore(
      initialState: HistoryScreenState(
        page: page, marker: HistoryMarker(position: position, stepCount: stepCount)),
      reducer: HistoryScreenReducer(), environment: ())
  }

  /// The history page, opened over the favorites at step 3.
  private let open = ScreensState.Page.history(
    ScreensState.HistoryVisit(openedAt: 3, returnPage: .favorites))

  @Test func opened_showsTheHistory_andRemembersWhereItWasOpened() async {
    let store = makeStore()
    await store.send(.opened) {
      $0.page = .history(ScreensState.HistoryVisit(openedAt: 3, returnPage: .favorites))
    }
    // Opening it again changes nothing.
    await store.send(.opened)
  }

  @Test func moved_staysWithinTheSteps() async {
    let store = makeStore(page: open)
    await store.send(.moved(by: -1)) { $0.marker.position = 2 }
    await store.send(.moved(by: -5)) { $0.marker.position = 0 }
    await store.send(.moved(by: 1)) { $0.marker.position = 1 }
    await store.send(.moved(by: 9)) { $0.marker.position = 5 }
  }

  @Test func moved_byTheLargestCounts_staysWithinTheSteps() async {
    let store = makeStore(page: open)
    await store.send(.moved(by: .max)) { $0.marker.position = 5 }
    await store.send(.moved(by: .max))
    await store.send(.moved(by: .min)) { $0.marker.position = 0 }
    await store.send(.moved(by: .min))
  }

  @Test func movedToFirstAndLast_goToEitherEnd() async {
    let store = makeStore(page: open)
    await store.send(.movedToFirst) { $0.marker.position = 0 }
    await store.send(.movedToLast) { $0.marker.position = 5 }
  }

  @Test func kept_staysWhereTheMarkerIs_andShowsThePageItWasOpenedFrom() async {
    let store = makeStore(page: open)
    await store.send(.moved(by: -1)) { $0.marker.position = 2 }
    await store.send(.kept) {
      $0.page = .favorites
    }
  }

  @Test func cancelled_goesBackToWhereItWasOpened() async {
    let store = makeStore(page: open)
    await store.send(.moved(by: -2)) { $0.marker.position = 1 }
    await store.send(.cancelled) {
      $0.marker.position = 3
      $0.page = .favorites
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

  @Test func opened_overTheActivityFeed_goesBackToIt() async {
    let store = makeStore(page: .activity)
    await store.send(.opened) {
      $0.page = .history(ScreensState.HistoryVisit(openedAt: 3, returnPage: .activity))
    }
    await store.send(.kept) { $0.page = .activity }
  }

  @Test func theMarkerAlone_movesWithinTheSteps_andIgnoresOpeningAndClosing() async {
    let store = TestStore(
      initialState: HistoryMarker(position: 3, stepCount: 5), reducer: HistoryMarkerReducer(),
      environment: ())
    await store.send(.moved(by: .min)) { $0.position = 0 }
    await store.send(.movedToLast) { $0.position = 5 }
    await store.send(.opened)
    await store.send(.kept)
    await store.send(.cancelled)
  }

  @Test func reducerExample() {
    var screen = HistoryScreenState(page: open, marker: HistoryMarker(position: 3, stepCount: 5))
    _ = HistoryScreenReducer().reduce(into: &screen, action: .moved(by: -1), environment: ())
    #expect(screen.marker.position == 2)
    var marker = HistoryMarker(position: 3, stepCount: 5)
    _ = HistoryMarkerReducer().reduce(into: &marker, action: .moved(by: -1), environment: ())
    #expect(marker.position == 2)
  }
}
