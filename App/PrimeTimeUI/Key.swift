/// A key as the screens read it: only the keys they use, and ``other`` for the rest.
public enum Key: Equatable, Sendable {
  case character(Character)
  case up
  case down
  case enter
  case escape
  /// Ctrl-C: cancels a lookup, else quits.
  case interrupt
  /// Ctrl-D: quits.
  case endOfInput
  /// Ctrl-Z: suspends.
  case suspend
  /// A key the screens do not use (Home, F1): it closes the launch's warning, and does nothing
  /// else.
  case other
}

extension Key {
  /// The key for a code read from the terminal: a byte (printable ASCII, or Enter, Esc, Ctrl-C,
  /// Ctrl-D or Ctrl-Z), or one of ncurses' key codes for the arrows and the keypad's Enter;
  /// `nil` for anything else, such as a byte of non-ASCII text.
  ///
  /// - Parameters:
  ///   - up: The terminal library's code for ↑.
  ///   - down: Its code for ↓.
  ///   - enter: Its code for the keypad's Enter.
  public init?(code: Int32, up: Int32, down: Int32, enter: Int32) {
    switch code {
    case up: self = .up
    case down: self = .down
    case 10, 13, enter: self = .enter
    case 27: self = .escape
    case 3: self = .interrupt
    case 4: self = .endOfInput
    case 26: self = .suspend
    case 32..<127: self = .character(Character(Unicode.Scalar(UInt8(code))))
    default: return nil
    }
  }
}

extension Key {
  /// The keys for the codes read from the terminal together, each read as
  /// ``init(code:up:down:enter:)`` reads it, except what the terminal library hands over as Esc
  /// and more characters, which is dropped whole instead of acting as Esc and more keys: an
  /// escape sequence that the terminal's description does not name, such as Home or End under a
  /// TERM that lacks them, and Alt with a character (Esc and the character, read together: the
  /// library waits only a moment after Esc for more, far less than between two typed keys).
  ///
  /// - Parameters:
  ///   - codes: The codes, in the order they were read.
  ///   - up: The terminal library's code for ↑.
  ///   - down: Its code for ↓.
  ///   - enter: Its code for the keypad's Enter.
  public static func keys(fromCodes codes: [Int32], up: Int32, down: Int32, enter: Int32) -> [Key] {
    let escape: Int32 = 27
    let controlSequence = Int32(UInt8(ascii: "["))
    let singleShift = Int32(UInt8(ascii: "O"))
    var keys: [Key] = []
    var index = codes.startIndex
    while index < codes.endIndex {
      let code = codes[index]
      index += 1
      if code == escape, index < codes.endIndex, codes[index] == controlSequence {
        // ESC [, parameters and intermediates (0x20 to 0x3F), and one final byte.
        index += 1
        while index < codes.endIndex, (0x20...0x3F).contains(codes[index]) { index += 1 }
        if index < codes.endIndex, (0x40...0x7E).contains(codes[index]) { index += 1 }
      } else if code == escape, index < codes.endIndex, codes[index] == singleShift {
        // ESC O and one final byte.
        index += 1
        if index < codes.endIndex, (0x40...0x7E).contains(codes[index]) { index += 1 }
      } else if code == escape, index < codes.endIndex, (0x20...0x7E).contains(codes[index]) {
        // Alt and a character.
        index += 1
      } else if let key = Key(code: code, up: up, down: down, enter: enter) {
        keys.append(key)
      }
    }
    return keys
  }
}
