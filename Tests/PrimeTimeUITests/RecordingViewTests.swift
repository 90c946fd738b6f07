import AppCore
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import PrimeTimeUI
import Screens
import Testing

/// `replay --ui`: a recording's lines on the history page, looked at, never travelled.
@MainActor
struct RecordingViewTests {
  private let size = Size(columns: 72, rows: 12)

  /// Three lines: count up twice, then undo.
  private func steps() -> [RecordingViewState.Step] {
    let one = AppState(count: 1)
    let two = AppState(count: 2)
    return [
      .init(line: 2, action: .step(.counter(.incrTapped)), before: AppState(), after: one),
      .init(line: 3, action: .step(.screens(.pageOpened(.favorites))), before: one, after: one),
      .init(line: 4, action: .undo, before: two, after: one),
    ]
  }

  @Test func theMarker_movesWithinTheLines_andQuitEnds() async {
    let store = TestStore(
      initialState: RecordingViewState(file: "s.jsonl", steps: steps(), size: size),
      reducer: RecordingViewReducer(), environment: ())
    #expect(store.state.screen.position == 0)
    await store.send(.history(.moved(by: 1))) { $0.screen.position = 1 }
    await store.send(.history(.movedToLast)) { $0.screen.position = 3 }
    await store.send(.history(.moved(by: 1)))
    await store.send(.history(.movedToFirst)) { $0.screen.position = 0 }
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
    var viewer = RecordingViewState(file: "s.jsonl", steps: steps(), size: size)
    viewer.screen.position = 1
    let drawing = RecordingView.draw(viewer)
    let rows = drawing.map(\.text)
    #expect(rows[0] == "Recording s.jsonl (3 steps)")
    #expect(rows[3].hasPrefix("> 1  count 0 → 1"))
    #expect(rows[2].hasSuffix("│ Line 2: count 0 → 1"))
    #expect(rows[4].hasPrefix("  2  .screens(.pageOpened"))
    #expect(rows[5].hasPrefix("  3  undo"))
    #expect(
      rows.contains { $0.hasSuffix("│ -   counter: CounterState(") || $0.contains("count: 0") })
    #expect(drawing.last?.text == "j k move   g G first last   q quit")
  }

  @Test func aRecordingThatDoesNotReproduce_opensAtTheLineThatDiffers_withTheDifference() {
    let viewer = RecordingViewState(
      file: "s.jsonl", steps: steps(), difference: ["Line 4 does not reproduce", "- 2", "+ 1"],
      size: size)
    #expect(viewer.screen.position == 3)
    let drawing = RecordingView.draw(viewer)
    #expect(drawing[5].text.hasPrefix("> 3  undo"))
    #expect(drawing.map(\.text).contains { $0.hasSuffix("│ Line 4 does not reproduce") })
  }

  @Test func docExamples() {
    let viewer = RecordingViewState(file: "s.jsonl", steps: steps(), size: size)
    let drawing = RecordingView.draw(viewer)
    #expect(drawing.count == size.rows)
    #expect(RecordingView.action(for: .character("j")) == .history(.moved(by: 1)))
  }
}
