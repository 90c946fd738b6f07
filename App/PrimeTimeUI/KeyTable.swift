import Screens

/// How the hints on a page's last rows name one of its ``KeyBinding``s.
enum KeyHint: Sendable {
  /// The first key's name, then these words: `d delete`.
  case words(String)
  /// The first key's name, before the next binding's hint: the `j` of `j k select`.
  case withNext
  /// The first key's name and these words, at the end of its row where the terminal has room
  /// for them: `h history`.
  case wordsWhereRoom(String)
  /// No hint: keys that act although the rows have no room to name them, which only the keys'
  /// help names, with these words. (Keys named with another, such as `=`, unshifted `+`, or the
  /// arrows beside `j` and `k`, sit in the same binding.)
  case unhinted(String)
}

/// Keys that do one thing on a page, and how the hints on the page's last rows name them.
///
/// A page's bindings are one table, ``KeyTable``: the page's key map reads what a key does from
/// it, and the page's hints and its keys' help are written from it, so that a hint names the
/// keys that do what it says, and a key added to a page is added where its hint is.
struct KeyBinding<State, Action>: Sendable {
  /// The keys; a hint names the first.
  var keys: [Key]
  var hint: KeyHint
  /// What the keys do in a state: `nil` where they do nothing there.
  var action: @Sendable (State) -> Action?

  init(keys: [Key], hint: KeyHint, action: @escaping @Sendable (State) -> Action?) {
    self.keys = keys
    self.hint = hint
    self.action = action
  }

  init(_ keys: Key..., hint: KeyHint, action: @escaping @Sendable (State) -> Action?) {
    self.init(keys: keys, hint: hint, action: action)
  }

  init(_ keys: Key..., hint: KeyHint, sends action: Action) where Action: Sendable {
    self.init(keys: keys, hint: hint) { _ in action }
  }

  /// `j` and `k`, or the arrows, which move down (by 1) and up (by -1), named together: `j k`
  /// and `words`.
  static func downAndUp(
    _ words: String, _ action: @escaping @Sendable (_ step: Int) -> Action
  ) -> [KeyBinding] {
    [
      KeyBinding(.character("j"), .down, hint: .withNext) { _ in action(1) },
      KeyBinding(.character("k"), .up, hint: .words(words)) { _ in action(-1) },
    ]
  }

  /// The binding on a page that shows a part of its state and sends its actions within larger
  /// ones, as a reducer is pulled back.
  func pullback<PageState, PageAction>(
    state toLocalState: @escaping @Sendable (PageState) -> State,
    action toPageAction: @escaping @Sendable (Action) -> PageAction
  ) -> KeyBinding<PageState, PageAction> {
    KeyBinding<PageState, PageAction>(keys: keys, hint: hint) { [action] state in
      action(toLocalState(state)).map(toPageAction)
    }
  }
}

extension Sequence {
  /// What a key does in a state: the first binding that has the key decides, and `nil` is
  /// returned where none has it or it does nothing now.
  func action<State, Action>(for key: Key, in state: State) -> Action?
  where Element == KeyBinding<State, Action> {
    first { $0.keys.contains(key) }.flatMap { $0.action(state) }
  }
}

/// A page's keys in the rows its hints show them in: the table that the page's key map reads and
/// its hints and its keys' help are written from.
struct KeyTable<State, Action>: Sendable {
  let rows: [[KeyBinding<State, Action>]]
  private let rowHints: [Line]
  private let hintsWhereRoom: [[String]]
  /// Every binding's keys, all of them, and their words, in the table's order: what the help
  /// lists. A binding named with the next one (the `j` of `j k select`) is listed with it.
  let help: [(keys: [Key], words: String)]

  init(rows: [[KeyBinding<State, Action>]]) {
    self.rows = rows
    (rowHints, hintsWhereRoom) = Self.hints(of: rows)
    help = Self.help(of: rows)
  }

  /// What a key does in a state, or `nil` where the page has no such key or it does nothing now.
  func action(for key: Key, in state: State) -> Action? {
    rows.joined().action(for: key, in: state)
  }

  /// The hints, a row of the last rows each.
  ///
  /// Each hint is its keys' names and its words; a row's hints stand three spaces apart, or two
  /// where three would not fit the smallest terminal, and the hints shown where there is room
  /// end their row when the terminal has it.
  ///
  /// - Parameter size: The terminal's size.
  /// - Returns: One line per row.
  func hints(size: Size) -> [Line] {
    var lines = rowHints
    for (row, hints) in hintsWhereRoom.enumerated() {
      for hint in hints {
        let text = lines[row].text + "   " + hint
        if displayWidth(text) <= size.columns { lines[row].text = text }
      }
    }
    return lines
  }

  /// Each row's hints, and each row's hints shown where there is room: written once, from the
  /// rows, rather than at every draw.
  private static func hints(
    of rows: [[KeyBinding<State, Action>]]
  ) -> (rows: [Line], whereRoom: [[String]]) {
    var whereRoom: [[String]] = []
    let lines = rows.map { row in
      var hints: [String] = []
      var names: [String] = []
      var rowWhereRoom: [String] = []
      for binding in row {
        guard let first = binding.keys.first else { continue }
        switch binding.hint {
        case .withNext:
          names.append(first.name)
        case .words(let words):
          hints.append((names + [first.name, words]).joined(separator: " "))
          names = []
        case .wordsWhereRoom(let words):
          rowWhereRoom.append(first.name + " " + words)
        case .unhinted:
          names = []
        }
      }
      whereRoom.append(rowWhereRoom)
      let spaced = hints.joined(separator: "   ")
      return Line(
        displayWidth(spaced) <= Size.minimum.columns ? spaced : hints.joined(separator: "  "),
        .hint)
    }
    return (lines, whereRoom)
  }

  /// The help's entries: written once, from the rows.
  private static func help(
    of rows: [[KeyBinding<State, Action>]]
  ) -> [(keys: [Key], words: String)] {
    var entries: [(keys: [Key], words: String)] = []
    var keys: [Key] = []
    for binding in rows.joined() {
      keys += binding.keys
      switch binding.hint {
      case .withNext:
        continue
      case .words(let words), .wordsWhereRoom(let words), .unhinted(let words):
        entries.append((keys, words))
      }
      keys = []
    }
    return entries
  }
}

extension Key {
  /// The key's name in a hint: `j`, `Enter`, `Esc`.
  var name: String {
    switch self {
    case .character(let character): String(character)
    case .up: "↑"
    case .down: "↓"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .home: "Home"
    case .end: "End"
    case .f1: "F1"
    case .enter: "Enter"
    case .escape: "Esc"
    case .interrupt: "Ctrl-C"
    case .endOfInput: "Ctrl-D"
    case .suspend: "Ctrl-Z"
    case .other: "another key"
    }
  }
}
