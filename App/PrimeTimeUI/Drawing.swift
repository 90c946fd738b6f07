import Screens

/// What a line is, not how it looks: the terminal picks the attributes, so that a drawing stays
/// text that tests compare.
public enum Style: Equatable, Sendable {
  case plain
  /// A screen's title.
  case title
  /// The key hints at the bottom, and other quiet text.
  case hint
  /// The selected row of a list.
  case selected
  /// Buttons that do nothing now, while a lookup runs.
  case disabled
}

/// One row of a screen: its text, which fits the width it was drawn for, and its style.
public struct Line: Equatable, Sendable {
  public var text: String
  public var style: Style
  /// How many characters at the start of the text the style covers; the rest is plain. `nil`
  /// styles the whole row.
  public var styledPrefix: Int?

  public init(_ text: String, _ style: Style = .plain, styledPrefix: Int? = nil) {
    self.text = text
    self.style = style
    self.styledPrefix = styledPrefix
  }
}

/// What a view draws: exactly one line per row of the terminal.
public typealias Drawing = [Line]

/// The columns a text takes in a terminal: two for each emoji, none for a combining mark or the
/// emoji variation selector, one for any other scalar. A wide CJK character counts as one.
public func displayWidth(_ text: some StringProtocol) -> Int {
  // Most lines are ASCII, one column a byte.
  if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
  return text.unicodeScalars.reduce(0) { width, scalar in
    if scalar.properties.generalCategory == .nonspacingMark || scalar.value == 0xFE0F {
      return width
    }
    return width + (scalar.properties.isEmojiPresentation ? 2 : 1)
  }
}

extension String {
  /// The text cut to `width` columns, with the character set's ellipsis (`…`, or `...` in
  /// ASCII) where it was cut.
  func truncated(to width: Int, _ charset: Charset) -> String {
    // A text takes at most as many columns as it has bytes: most lines need no closer look.
    guard utf8.count > width, displayWidth(self) > width else { return self }
    let ellipsis = charset.ellipsis
    var result = ""
    for character in self {
      if displayWidth(result) + displayWidth(String(character)) > width - ellipsis.count {
        break
      }
      result.append(character)
    }
    return String((result + ellipsis).prefix(max(width, 0)))
  }

  /// The text centred in `width` columns, cut to fit.
  func centered(in width: Int, _ charset: Charset) -> String {
    let text = truncated(to: width, charset)
    let left = (width - displayWidth(text)) / 2
    return String(repeating: " ", count: max(left, 0)) + text
  }

  /// The text followed by spaces up to `width` columns, cut to fit.
  func padded(to width: Int, _ charset: Charset) -> String {
    let text = truncated(to: width, charset)
    return text + String(repeating: " ", count: max(width - displayWidth(text), 0))
  }
}

extension Line {
  /// The line as a terminal of `charset` can show it (``Charset/text(_:)``), its styled
  /// prefix the same characters as before.
  func shown(in charset: Charset) -> Line {
    guard charset != .unicode else { return self }
    guard let prefix = styledPrefix else { return Line(charset.text(text), style) }
    let head = charset.text(String(text.prefix(prefix)))
    return Line(
      head + charset.text(String(text.dropFirst(prefix))), style, styledPrefix: head.count)
  }
}

/// Lays out a screen: `top` from the first row, `bottom` on the last rows, blank rows between;
/// the top is cut when the two do not fit together. Each line is made showable in `charset`
/// before it is cut to the width.
func screen(top: [Line], bottom: [Line], size: Size, charset: Charset) -> Drawing {
  let room = max(size.rows - bottom.count, 0)
  var drawing: Drawing = []
  drawing.reserveCapacity(size.rows)
  for line in top.prefix(room) {
    let line = line.shown(in: charset)
    drawing.append(
      Line(
        line.text.truncated(to: size.columns, charset), line.style,
        styledPrefix: line.styledPrefix))
  }
  while drawing.count < room { drawing.append(Line("")) }
  for line in bottom.suffix(size.rows - room) {
    let line = line.shown(in: charset)
    drawing.append(Line(line.text.truncated(to: size.columns, charset), line.style))
  }
  return drawing
}

extension String {
  /// The text in lines of at most `width` columns, broken between words. A word wider than a
  /// line is cut every `width` characters, so a word of emoji can still be too wide. With a
  /// `width` below 1, the text is one line.
  func wrapped(to width: Int) -> [String] {
    guard displayWidth(self) > width, width > 0 else { return [self] }
    var lines: [String] = []
    var line = ""
    for word in split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if displayWidth(candidate) <= width {
        line = candidate
      } else {
        if !line.isEmpty { lines.append(line) }
        line = String(word)
        while displayWidth(line) > width {
          let head = String(line.prefix(width))
          lines.append(head)
          line = String(line.dropFirst(head.count))
        }
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}

/// Draws a box with `lines` in it, centred over `base`: a modal or an alert over its screen.
/// A line too long for the terminal is broken between words. The box and the lines are drawn
/// in `charset`.
func overlay(_ lines: [Line], on base: Drawing, size: Size, charset: Charset) -> Drawing {
  let widest = max(size.columns - 5, 1)
  let lines = lines.flatMap { line in
    charset.text(line.text).wrapped(to: widest).map { Line($0, line.style) }
  }
  let inner = min(max(lines.map { displayWidth($0.text) }.max() ?? 0, 20) + 2, size.columns - 2)
  let across = String(repeating: charset.horizontal, count: max(inner, 0))
  let (topLeft, topRight, bottomRight, bottomLeft) = charset.corners
  let box =
    [Line(topLeft + across + topRight)]
    + lines.map {
      Line(
        charset.vertical + (" " + $0.text).padded(to: inner, charset) + charset.vertical,
        $0.style)
    }
    + [Line(bottomLeft + across + bottomRight)]
  let top = max((size.rows - box.count) / 2, 0)
  let left = max((size.columns - inner - 2) / 2, 0)
  var drawing = base
  for (offset, line) in box.enumerated() where top + offset < drawing.count {
    drawing[top + offset] = Line(String(repeating: " ", count: left) + line.text, line.style)
  }
  return drawing
}

/// What every view draws on a terminal smaller than ``Size/minimum``: one line that says the
/// size needed, shortened to `needs <columns>×<rows>` where even that does not fit, and `lines`
/// (a lookup's progress, or the notice) on the last rows, broken between words to fit. Where
/// the rows cannot hold both, `lines` stay.
public func tooSmall(_ size: Size, showing lines: [Line] = [], charset: Charset) -> Drawing {
  let needs = charset.text("\(Size.minimum.columns)×\(Size.minimum.rows)")
  let message = "primetime ui needs \(needs)"
  return screen(
    top: [Line(displayWidth(message) <= size.columns ? message : "needs \(needs)")],
    bottom: lines.flatMap { line in
      charset.text(line.text).wrapped(to: size.columns).map { Line($0, line.style) }
    },
    size: size, charset: charset)
}

/// A running lookup's progress: a bar as wide as the terminal allows, filled to `fraction`,
/// and the percentage.
func progressLine(_ fraction: Double, size: Size, charset: Charset) -> Line {
  let width = max(size.columns - 12, 10)
  let clamped = min(max(fraction, 0), 1)
  let filled = Int((clamped * Double(width)).rounded(.down))
  let bar =
    String(repeating: charset.filled, count: filled)
    + String(repeating: charset.unfilled, count: width - filled)
  return Line("  \(bar) \(Int(clamped * 100))%")
}

/// The drawing with `notice` on its last two rows, in place of the key hints: broken between
/// words to fit the width, and cut, with an ellipsis, where it needs more. On a terminal too
/// small for the screens, the drawing is left as it is.
public func withNotice(
  _ notice: String, on drawing: Drawing, size: Size, charset: Charset
) -> Drawing {
  guard size.isLargeEnough else { return drawing }
  let wrapped = charset.text(notice).wrapped(to: size.columns)
  var lines = Array(wrapped.prefix(2))
  if wrapped.count > lines.count, let last = lines.popLast() {
    lines.append((last + " " + charset.ellipsis).truncated(to: size.columns, charset))
  }
  var drawing = drawing
  for (offset, line) in lines.enumerated() {
    drawing[drawing.count - lines.count + offset] = Line(
      line.truncated(to: size.columns, charset), .title)
  }
  return drawing
}

/// A warning in a box over the screen, shown whole, until a key closes it.
public enum NoticeView {
  /// The screen with the notice in a box over it, above `Any key closes`; unchanged on a
  /// terminal too small for the screens.
  public static func draw(
    _ notice: String, over drawing: Drawing, size: Size, charset: Charset
  ) -> Drawing {
    guard size.isLargeEnough else { return drawing }
    return overlay(
      [Line(notice, .title), Line(""), Line("Any key closes", .hint)], on: drawing, size: size,
      charset: charset)
  }
}
