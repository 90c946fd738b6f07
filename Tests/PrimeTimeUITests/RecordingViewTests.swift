import AppCore
import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritesLedger
import Foundation
import PrimeTimeUI
import Screens
import Testing

/// `replay --ui`: a recording's lines on the history page, looked at, never travelled.
@MainActor
struct RecordingViewTests {
  private let size = Size(columns: 72, rows: 12)

  /// Four lines: count up, open the favorites, count up, undo.
  private func steps() -> [RecordingViewState.Step] {
    let one = AppState(count: 1)
    let favorites = AppState(count: 1, screens: ScreensState(page: .favorites))
    let two = AppState(count: 2, screens: ScreensState(page: .favorites))
    return [
      .init(line: 2, action: .app(.step(.counter(.incrTapped))), before: AppState(), after: one),
      .init(
        line: 3, action: .app(.step(.screens(.pageOpened(.favorites)))), before: one,
        after: favorites),
      .init(line: 4, action: .app(.step(.counter(.incrTapped))), before: favorites, after: two),
      .init(line: 5, action: .app(.undo), before: two, after: favorites),
    ]
  }

  @Test func theMarker_movesWithinTheLines_andQuitEnds() async {
    let store = TestStore(
      initialState: RecordingViewState(file: "s.jsonl", lines: 6, steps: steps(), size: size),
      reducer: RecordingViewReducer(), environment: ())
    #expect(store.state.marker.position == 0)
    await store.send(.history(.moved(by: 1))) { $0.marker.position = 1 }
    await store.send(.history(.movedToLast)) { $0.marker.position = 4 }
    await store.send(.history(.moved(by: 1)))
    await store.send(.history(.movedToFirst)) { $0.marker.position = 0 }
    await store.send(.terminalResized(Size(columns: 50, rows: 20))) {
      $0.size = Size(columns: 50, rows: 20)
    }
    await store.send(.quitTapped) { $0.ending = .quit }
    await store.send(.signalReceived(15))
  }

  @Test func keys_moveOrQuit_andNothingElseActs() {
    #expect(RecordingView.action(for: .character("j")) == .history(.moved(by: 1)))
    #expect(RecordingView.action(for: .up) == .history(.moved(by: -1)))
    #expect(RecordingView.action(for: .character("G")) == .history(.movedToLast))
    #expect(RecordingView.action(for: .character("q")) == .quitTapped)
    #expect(RecordingView.action(for: .interrupt) == .quitTapped)
    for key in [Key.enter, .escape, .character("u"), .character("+")] {
      #expect(RecordingView.action(for: key) == nil)
    }
  }

  @Test func eachLine_isARow_inWordsOrAsItsAction_withTheChangeItMadeBeside() {
    var viewer = RecordingViewState(file: "s.jsonl", lines: 6, steps: steps(), size: size)
    viewer.marker.position = 1
    let drawing = RecordingView.draw(viewer, charset: .unicode)
    let rows = drawing.map(\.text)
    // The title counts the file's lines: the start, a line per step, the end.
    #expect(rows[0] == "Recording s.jsonl (6 lines)")
    // Rows are numbered as the file's lines: the start is line 1.
    #expect(rows[2].hasPrefix("  1  start"))
    #expect(rows[3].hasPrefix("> 2  count 0 → 1"))
    #expect(rows[2].hasSuffix("│ Line 2: count 0 → 1"))
    #expect(rows[4].hasPrefix("  3  .screens(.pageOpened"))
    #expect(rows[5].hasPrefix("  4  count 1 → 2"))
    #expect(rows[6].hasPrefix("  5  undo"))
    #expect(rows[5].hasSuffix("│ -   count: 0,"))
    #expect(rows[6].hasSuffix("│ +   count: 1,"))
    // What does not fit beside the list ends with a row that says so.
    #expect(rows[9].hasSuffix("│ …"))
    #expect(drawing.last?.text == "j k move   g G first last   q quit")
  }

  @Test func aRecordingThatDoesNotReproduce_opensAtTheLineThatDiffers_withTheDifference() {
    let viewer = RecordingViewState(
      file: "s.jsonl", lines: 6, steps: steps(),
      difference: .init(
        summary: "line 5 does not reproduce", lines: ["Line 5 does not reproduce", "- 2", "+ 1"]),
      size: size)
    #expect(viewer.marker.position == 4)
    let drawing = RecordingView.draw(viewer, charset: .unicode)
    #expect(drawing[0].text == "Recording s.jsonl (6 lines): line 5 does not reproduce")
    #expect(drawing[6].text.hasPrefix("> 5  undo"))
    #expect(drawing[2].text.hasSuffix("│ Line 5: undo"))
    #expect(drawing[4].text.hasSuffix("│ Line 5 does not reproduce"))
  }

  @Test func thePanel_onANarrowScreen_wrapsItsText_ratherThanCuttingIt() {
    let viewer = RecordingViewState(
      file: "s.jsonl", lines: 5, steps: steps(),
      difference: .init(
        summary: "no end line", lines: ["The recording stops here, with no end line."]),
      size: Size(columns: 40, rows: 12))
    let drawing = RecordingView.draw(viewer, charset: .unicode)
    #expect(drawing[0].text == "Recording s.jsonl (5 lines): no end line")
    let panel = drawing.compactMap {
      $0.text.split(separator: "│ ", maxSplits: 1).dropFirst().first
    }
    #expect(!panel.contains { $0.hasSuffix("…") })
    #expect(panel.joined(separator: " ").contains("The recording stops here, with no end line."))
  }

  @Test func anotherSessionsChange_andMovesOnTheHistory_areNotCalledTheUsersSteps() {
    let saved = AppState(
      count: 7, favoritePrimes: [7],
      activityFeed: [
        Activity(id: UUID(1), kind: .added, prime: 7, timestamp: Date(timeIntervalSince1970: 0))
      ])
    let stored = RecordingViewState.Step(
      line: 2,
      action: .app(
        .step(
          .storageChanged(
            StoredFavorites(favoritePrimes: [7], activityFeed: Array(saved.activityFeed))))),
      before: AppState(count: 7), after: saved)
    #expect(stored.words == "another session: saved 7")
    let moved = RecordingViewState.Step(
      line: 3, action: .app(.historyPage(.moved(by: -1))), before: AppState(count: 5),
      after: AppState(count: 4))
    #expect(moved.words == "history: back 1 (count 5 → 4)")
    let undone = RecordingViewState.Step(
      line: 4, action: .app(.travel(by: .min)), before: AppState(count: 5), after: AppState())
    #expect(undone.words == "undo 9223372036854775808")
  }

  @Test func docExamples() {
    let viewer = RecordingViewState(file: "s.jsonl", lines: 6, steps: steps(), size: size)
    let drawing = RecordingView.draw(viewer, charset: .unicode)
    #expect(drawing.count == size.rows)
    #expect(RecordingView.action(for: .character("j")) == .history(.moved(by: 1)))
  }
}
