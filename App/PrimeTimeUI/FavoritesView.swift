import FavoritePrimes
import Foundation
import PrimeAlert

/// The favorites screen: the list, one row selected, and the keys to act on it. It draws a
/// `FavoritePrimesState` with the selection, which is the screen's own, and its keys become
/// `FavoritePrimesAction`s.
public enum FavoritesView {
  /// The key hints on the last row.
  static let hints = [
    Line("j k select   d delete   n nth prime", .hint),
    Line("e export  i import  a activity  c back", .hint),
  ]

  /// Where the list is: the selected row and the first row shown, both from 0.
  public struct Selection: Equatable, Sendable {
    public var row = 0
    public var top = 0

    public init(row: Int = 0, top: Int = 0) {
      self.row = row
      self.top = top
    }

    /// The selection moved by `step` rows within `count` rows, scrolled so that it shows in
    /// `visible` rows.
    public func moved(by step: Int, count: Int, visible: Int) -> Selection {
      var next = self
      next.row = min(max(row + step, 0), max(count - 1, 0))
      let visible = max(visible, 1)
      if next.row < next.top { next.top = next.row }
      if next.row >= next.top + visible { next.top = next.row - visible + 1 }
      next.top = min(next.top, max(count - visible, 0))
      return next
    }
  }

  /// The rows the list has on a terminal of this size: all but the title, a blank row and the
  /// two rows of hints.
  public static func visibleRows(in size: Size) -> Int {
    max(size.rows - 4, 1)
  }

  /// The screen. Only the visible rows are looked at, however long the list.
  ///
  /// ```swift
  /// let drawing = FavoritesView.draw(state, selection: selection, progress: 0, size: size)
  /// ```
  public static func draw(
    _ state: FavoritePrimesState, selection: Selection, progress: Double, size: Size
  ) -> Drawing {
    guard size.isLargeEnough else { return tooSmall(size) }
    let primes = state.favoritePrimes
    var top = [Line("Favorite primes (\(primes.count))", .title), Line("")]
    top.reserveCapacity(size.rows)
    if primes.isEmpty {
      top.append(Line("  None yet (on the counter: p, then s)"))
    } else {
      let visible = visibleRows(in: size)
      let selection = selection.moved(by: 0, count: primes.count, visible: visible)
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
    var bottom = hints
    if state.isNthPrimeRequestInFlight {
      bottom = [
        progressLine(progress, size: size),
        Line("  Looking up; Esc cancels", .hint),
      ]
    }
    var drawing = screen(top: top, bottom: bottom, size: size)
    if let alert = state.alert {
      drawing = overlay(AlertView.lines(alert), on: drawing, size: size)
    }
    return drawing
  }

  /// The favorites' action for a key, if it has one now: on the selected row, `d` deletes it
  /// and `n` asks for the nth prime of its prime; `e` exports and `i` imports the default file.
  ///
  /// ```swift
  /// FavoritesView.action(for: .character("d"), in: empty, selection: .init())  // nil: no row
  /// ```
  public static func action(
    for key: Key, in state: FavoritePrimesState, selection: Selection
  ) -> FavoritePrimesAction? {
    if state.alert != nil { return AlertView.dismisses(key) ? .alertDismissed : nil }
    if state.isNthPrimeRequestInFlight {
      return key == .escape || key == .interrupt ? .nthPrimeCancelTapped : nil
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
