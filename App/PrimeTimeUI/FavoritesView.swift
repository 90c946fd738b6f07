import Alerts
import AppCore
import FavoritePrimes
import Foundation
import Screens

/// The favorites screen: the list, one row selected, and the keys to act on it. It draws a
/// `FavoritePrimesState` with the selection, which the screens' state keeps, and its keys
/// become `FavoritePrimesAction`s.
public enum FavoritesView {
  /// What the favorites' keys see: the list and the selected row.
  typealias Selected = (state: FavoritePrimesState, selection: ScreensState.Selection)

  /// `d` deletes the selected row.
  static let delete = KeyBinding<Selected, FavoritePrimesAction>(
    .character("d"), hint: .words("delete")
  ) { selected in
    row(selected).map { .deleteFavoritePrimes([$0]) }
  }
  /// `n` asks for the nth prime of the selected row's prime.
  static let nthPrime = KeyBinding<Selected, FavoritePrimesAction>(
    .character("n"), hint: .words("nth prime")
  ) { selected in
    row(selected).map { .primeTapped(at: $0) }
  }
  /// The selected row, where the list has it.
  private static func row(_ selected: Selected) -> Int? {
    let row = selected.selection.row
    return selected.state.favoritePrimes.indices.contains(row) ? row : nil
  }

  /// `e` exports the favorites to the default file.
  static let export = KeyBinding<Selected, FavoritePrimesAction>(
    .character("e"), hint: .words("export"), sends: .saveButtonTapped(file: nil))
  /// `i` imports the default file.
  static let `import` = KeyBinding<Selected, FavoritePrimesAction>(
    .character("i"), hint: .words("import"), sends: .loadButtonTapped(file: nil))

  /// The list from `selection.top`, the selected row a bar across it; while a lookup runs, a
  /// progress bar in place of the hints; the destination in a box. Only the visible rows
  /// are looked at, however long the list. It is drawn in the terminal's `charset`.
  ///
  /// ```swift
  /// FavoritesView.draw(
  ///   state, selection: selection, progress: progress, size: size, charset: charset)
  /// ```
  public static func draw(
    _ state: FavoritePrimesState, selection: ScreensState.Selection, progress: Double,
    size: Size, charset: Charset
  ) -> Drawing {
    guard size.isLargeEnough else { return tooSmall(size, charset: charset) }
    let primes = state.favoritePrimes
    var top = [Line("Favorite primes (\(primes.count))", .title), Line("")]
    top.reserveCapacity(size.rows)
    if primes.isEmpty {
      top.append(Line("  None yet (on the counter: p, then s)"))
    } else {
      let visible = Layout.listRows(in: size)
      let width = String(primes.count).count
      let rows = selection.top..<min(selection.top + visible, primes.count)
      for (row, prime) in zip(rows, primes.elements(in: rows)) {
        let number = String(row + 1)
        var text = String(repeating: " ", count: 2 + width - number.count)
        text += number
        text += "  "
        text += String(prime)
        // The selected row is a bar across the list; the others need no padding.
        top.append(
          row == selection.row
            ? Line(text.padded(to: size.columns - 2, charset), .selected) : Line(text))
      }
    }
    // The hints name the keys of what is on top; while a lookup runs, its progress and how to
    // cancel it take their rows.
    var bottom = AppView.favoritesKeys(state).hints(size: size)
    if state.nthPrimeLookup != nil {
      bottom = [
        progressLine(progress, size: size, charset: charset),
        Line("  Looking up; Esc cancels", .hint),
      ]
    }
    let drawing = screen(top: top, bottom: bottom, size: size, charset: charset)
    switch state.destination {
    case .alert(let alert):
      return overlay(AlertView.lines(alert), on: drawing, size: size, charset: charset)
    case nil:
      return drawing
    }
  }
}
