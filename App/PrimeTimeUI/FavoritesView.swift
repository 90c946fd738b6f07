import Alerts
import AppCore
import FavoritePrimes
import Foundation
import Screens

/// The favorites screen: the list, one row selected, and the keys to act on it. It draws a
/// `FavoritePrimesState` with the selection, which the screens' state keeps, and its keys
/// become `FavoritePrimesAction`s.
public enum FavoritesView {
  /// The key hints, for the last two rows.
  static let hints = [
    Line("j k select   d delete   n nth prime", .hint),
    Line("e export  i import  a activity  c back", .hint),
  ]

  /// The list from `selection.top`, the selected row a bar across it; while a lookup runs, a
  /// progress bar in place of the hints; what covers the list in a box. Only the visible rows
  /// are looked at, however long the list.
  ///
  /// ```swift
  /// FavoritesView.draw(state, selection: selection, progress: progress, size: size)
  /// ```
  public static func draw(
    _ state: FavoritePrimesState, selection: ScreensState.Selection, progress: Double,
    size: Size
  ) -> Drawing {
    guard size.isLargeEnough else { return tooSmall(size) }
    let primes = state.favoritePrimes
    var top = [Line("Favorite primes (\(primes.count))", .title), Line("")]
    top.reserveCapacity(size.rows)
    if primes.isEmpty {
      top.append(Line("  None yet (on the counter: p, then s)"))
    } else {
      let visible = Layout.favoritesRows(in: size)
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
            ? Line(text.padded(to: size.columns - 2), .selected) : Line(text))
      }
    }
    var bottom = withHistoryHint(hints, size: size)
    if state.nthPrimeLookup != nil {
      bottom = [
        progressLine(progress, size: size),
        Line("  Looking up; Esc cancels", .hint),
      ]
    }
    let drawing = screen(top: top, bottom: bottom, size: size)
    switch state.destination {
    case .alert(let alert):
      return overlay(AlertView.lines(alert), on: drawing, size: size)
    case nil:
      return drawing
    }
  }

  /// The favorites' action for a key, if the key has one now. What covers the list takes the
  /// keys first: an alert Enter and Esc. With nothing over it, on the selected row, `d` deletes
  /// it and `n` asks for the nth prime of its prime; `e` exports and `i` imports the default
  /// file.
  ///
  /// ```swift
  /// FavoritesView.action(
  ///   for: key, in: state.favoritePrimesState, selection: selection)
  /// ```
  public static func action(
    for key: Key, in state: FavoritePrimesState, selection: ScreensState.Selection
  ) -> FavoritePrimesAction? {
    switch state.destination {
    case .alert:
      return AlertView.dismisses(key) ? .destination(.dismiss) : nil
    case nil:
      break
    }
    let hasRow = state.favoritePrimes.indices.contains(selection.row)
    switch key {
    case .character("d") where hasRow: return .deleteFavoritePrimes([selection.row])
    case .character("n") where hasRow: return .primeTapped(at: selection.row)
    case .character("e"): return .saveButtonTapped(file: nil)
    case .character("i"): return .loadButtonTapped(file: nil)
    default: return nil
    }
  }
}
