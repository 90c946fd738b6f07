/// The characters a terminal can show: all of Unicode where its character set is UTF-8, and
/// only ASCII elsewhere (the C locale of many containers and ssh sessions), where a byte above
/// 127 would show as garbage such as `~T` and push the rest of its row out of place.
///
/// The views are given it with the terminal's size, and draw with it: the boxes, the progress
/// bar and the marks they add of their own, and every text they show, which ``text(_:)`` makes
/// showable before it is laid out, so that widths stay right.
///
/// ```swift
/// Charset.ascii.text("count 3 → 4")  // "count 3 -> 4"
/// ```
public enum Charset: Equatable, Sendable {
  /// The terminal shows UTF-8.
  case unicode
  /// The terminal shows ASCII alone.
  case ascii

  /// The text as the terminal can show it: unchanged in Unicode. In ASCII, each symbol the
  /// screens use becomes a word or a few characters (`→` is `->`, `…` is `...`, `×` is `x`,
  /// `🎉` is `(hooray)`), a combining mark goes, and any other character outside ASCII is `?`.
  public func text(_ text: String) -> String {
    guard self == .ascii, !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        result.unicodeScalars.append(scalar)
      } else if let replacement = Self.asciiReplacements[scalar] {
        result += replacement
      } else if scalar.properties.generalCategory != .nonspacingMark {
        result += "?"
      }
    }
    return result
  }

  /// The symbols the screens and the app's messages use, in ASCII.
  private static let asciiReplacements: [Unicode.Scalar: String] = [
    "…": "...", "→": "->", "←": "<-", "↑": "Up", "↓": "Down", "×": "x", "−": "-", "–": "-",
    "—": "--", "≥": ">=", "≤": "<=", "‘": "'", "’": "'", "“": "\"", "”": "\"", "•": "*",
    "│": "|", "─": "-", "┌": "+", "┐": "+", "└": "+", "┘": "+", "█": "#", "░": "-",
    "🎉": "(hooray)", "\u{FE0F}": "",
  ]

  /// What ends a text cut to fit.
  var ellipsis: String { self == .unicode ? "…" : "..." }

  /// A box's lines: across, down, and its corners, clockwise from the top left.
  var horizontal: String { self == .unicode ? "─" : "-" }
  var vertical: String { self == .unicode ? "│" : "|" }
  var corners: (String, String, String, String) {
    self == .unicode ? ("┌", "┐", "┘", "└") : ("+", "+", "+", "+")
  }

  /// A progress bar's done and undone parts.
  var filled: String { self == .unicode ? "█" : "#" }
  var unfilled: String { self == .unicode ? "░" : "-" }
}
