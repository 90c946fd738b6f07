import Screens

/// The keys of what is shown, over the whole screen, until a key closes them (`?` or F1): each
/// binding of the table that acts there, all its keys and what they do, and the keys that act
/// everywhere.
enum HelpView {
  /// The keys that act on every page, whatever is presented, which no table holds.
  static let everywhere: [(keys: [Key], words: String)] = [
    ([.endOfInput], "quit"), ([.suspend], "suspend"),
  ]

  /// The screen: a row for each of `entries`, and then of ``everywhere``, in as many columns
  /// as the rows need, down the first column before the next, each column's keys in a column of
  /// their own. An entry wider than its column's share of the width is cut.
  ///
  /// - Parameters:
  ///   - entries: The keys and their words, in the table's order.
  ///   - size: The terminal's size.
  ///   - charset: The characters the terminal shows; the keys' names are made showable in them
  ///     before they are laid out.
  /// - Returns: One line per row.
  static func draw(
    _ entries: [(keys: [Key], words: String)], size: Size, charset: Charset
  ) -> Drawing {
    let entries = (entries + everywhere).map { entry in
      (
        keys: charset.text(entry.keys.map(\.name).joined(separator: " ")),
        words: charset.text(entry.words)
      )
    }
    // The title and a blank row above, the row that says how to close below.
    let rows = max(size.rows - 3, 1)
    let columns = (entries.count + rows - 1) / rows
    let lists = stride(from: 0, to: entries.count, by: rows).map { start in
      let column = entries[start..<min(start + rows, entries.count)]
      let keysWidth = column.map { displayWidth($0.keys) }.max() ?? 0
      return column.map { $0.keys.padded(to: keysWidth, charset) + "  " + $0.words }
    }
    // Indented and three spaces apart where the terminal has room, closer where it has not;
    // where even that does not fit, the widest columns are cut.
    var widths = lists.map { $0.map(displayWidth).max() ?? 0 }
    let layouts = [(indent: 2, spacing: 3), (indent: 2, spacing: 2), (indent: 0, spacing: 2)]
    let total = widths.reduce(0, +)
    let layout =
      layouts.first { $0.indent + total + $0.spacing * (columns - 1) <= size.columns }
      ?? (indent: 0, spacing: 2)
    let (indent, spacing) = layout
    let room = size.columns - indent - spacing * (columns - 1)
    var excess = total - room
    while excess > 0, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
      widths[widest] > 1
    {
      let cut = min(excess, widths[widest] - 1)
      widths[widest] -= cut
      excess -= cut
    }
    var lines = [Line("Keys", .title), Line("")]
    for row in 0..<rows {
      let cells = lists.indices.compactMap { column in
        row < lists[column].count ? (column, lists[column][row]) : nil
      }
      guard !cells.isEmpty else { break }
      let text = cells.map { column, cell in
        column == lists.count - 1
          ? cell.truncated(to: widths[column], charset) : cell.padded(to: widths[column], charset)
      }
      .joined(separator: String(repeating: " ", count: spacing))
      lines.append(Line(String(repeating: " ", count: indent) + text))
    }
    return screen(
      top: lines, bottom: [Line("Any key closes", .hint)], size: size, charset: charset)
  }
}
