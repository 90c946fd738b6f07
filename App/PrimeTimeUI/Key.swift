/// A key as the screens read it.
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
}

extension Key {
  /// The key for a code read from the terminal: a byte of UTF-8 text, or one of ncurses' key
  /// codes for the arrows; `nil` for anything the screens do not use.
  ///
  /// - Parameters:
  ///   - code: The code.
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
