import Screens

/// The history page: one row per step, oldest first, under a row for where the steps start;
/// a marker on the step the app is at, the steps after it dimmed; and beside the list, the
/// marked step's change. Only the rows that show are asked for, however long the history.
public enum HistoryView {
  /// The keys that move the marker, also where it is only looked at.
  static let moves: [KeyBinding<Void, HistoryScreenAction>] =
    KeyBinding.downAndUp("move") { .moved(by: $0) } + [
      KeyBinding(.character("g"), .home, hint: .withNext, sends: .movedToFirst),
      KeyBinding(.character("G"), .end, hint: .words("first last"), sends: .movedToLast),
    ]

  /// `u` and `r`, which undo and redo on the other pages: here they move the marker a step
  /// back and forward, which undoes and redoes as moving does. A recording, which has no steps
  /// to take back, has none of them.
  static let undoAndRedo: [KeyBinding<Void, HistoryScreenAction>] = [
    KeyBinding(.character("u"), hint: .withNext, sends: .moved(by: -1)),
    KeyBinding(.character("r"), hint: .words("undo redo"), sends: .moved(by: 1)),
  ]

  /// The keys that close the page, where moving travels.
  static let closing: [KeyBinding<Void, HistoryScreenAction>] = [
    KeyBinding(.enter, hint: .words("stay"), sends: .kept),
    KeyBinding(.escape, hint: .words("go back"), sends: .cancelled),
  ]

  /// The page, scrolled to keep the marker mid-list where the steps allow it.
  ///
  /// ```swift
  /// let drawing = HistoryView.draw(
  ///   heading: "History (2 steps)", stepCount: 2, position: 1,
  ///   row: { ($0, ["start", "count 0 → 1", "saved 3"][$0]) }, change: ["count", "- 0", "+ 1"],
  ///   isReadOnly: false, size: size, charset: .unicode)
  /// ```
  ///
  /// - Parameters:
  ///   - heading: The page's title, with how many rows it has.
  ///   - stepCount: How many steps there are; the list has one row more, for the start.
  ///   - position: How many steps are done: the marker's row, where row 0 is the start.
  ///   - row: A row's number and words, by its place from 0, where row 0 is the start: asked
  ///     only of the rows that show.
  ///   - change: The lines that show the marked step's change; beside the list, cut with an
  ///     ellipsis where its rows cannot hold them.
  ///   - wrapsChange: Whether a line of `change` wider than its column is broken between words
  ///     rather than cut with an ellipsis.
  ///   - isReadOnly: Whether moving only looks (a recording) rather than travels.
  ///   - size: The terminal's size; below ``Size/minimum``, the page is
  ///     ``tooSmall(_:showing:charset:)``.
  ///   - charset: The characters the terminal shows; the rows' words and the change are made
  ///     showable in them before they are laid out.
  /// - Returns: One line per row.
  public static func draw(
    heading: String, stepCount: Int, position: Int, row: (Int) -> (number: Int, words: String),
    change: [String], wrapsChange: Bool = false, isReadOnly: Bool,
    size: Size, charset: Charset
  ) -> Drawing {
    guard size.isLargeEnough else { return tooSmall(size, charset: charset) }
    let visible = Layout.listRows(in: size)
    let top = min(max(position - visible / 2, 0), max(stepCount + 1 - visible, 0))
    let shown = top..<min(top + visible, stepCount + 1)
    let rows = shown.map { place in
      let (number, words) = row(place)
      return (number: number, words: charset.text(words))
    }
    // Wide enough for the last step's place, so the column stays put as the list scrolls.
    let numberWidth = max(rows.map { String($0.number).count }.max() ?? 1, String(stepCount).count)
    let texts = zip(shown, rows).map { place, row in
      let number = String(row.number)
      return (place == position ? "> " : "  ")
        + String(repeating: " ", count: numberWidth - number.count) + number + "  " + row.words
    }
    // The list as wide as its rows, within half the screen, so the change beside it has room.
    let listWidth = min(texts.map(displayWidth).max() ?? 0, size.columns / 2, 40)
    let panelWidth = size.columns - listWidth - 3
    // What does not fit beside the list ends with a row that says so.
    var change = change.map(charset.text)
    if wrapsChange { change = change.flatMap { $0.wrapped(to: panelWidth) } }
    if change.count > visible {
      change = change.prefix(visible - 1) + [charset.ellipsis]
    }
    let separator = " " + charset.vertical + " "
    var lines = [Line(heading, .title), Line("")]
    for (offset, place) in shown.enumerated() {
      let left = texts[offset].padded(to: listWidth, charset)
      let aside = offset < change.count ? change[offset].truncated(to: panelWidth, charset) : ""
      let style: Style = place == position ? .selected : place > position ? .hint : .plain
      lines.append(Line(left + separator + aside, style, styledPrefix: left.count))
    }
    while lines.count - 2 < change.count {
      let aside = change[lines.count - 2].truncated(to: panelWidth, charset)
      lines.append(Line(String(repeating: " ", count: listWidth) + separator + aside))
    }
    let hints =
      isReadOnly ? RecordingView.keys.hints(size: size) : AppView.historyPage.hints(size: size)
    return screen(top: lines, bottom: hints, size: size, charset: charset)
  }

  /// What a key does on the page: move (`u` and `r` too), go to either end, stay (`Enter`) or
  /// go back (`Esc`).
  ///
  /// ```swift
  /// #expect(HistoryView.action(for: .character("k")) == .moved(by: -1))
  /// ```
  public static func action(for key: Key) -> HistoryScreenAction? {
    (moves + undoAndRedo + closing).action(for: key, in: ())
  }
}
