/// A key as the screens read it: only the keys they use, and ``other`` for the rest.
public enum Key: Equatable, Sendable {
  case character(Character)
  case up
  case down
  case pageUp
  case pageDown
  case home
  case end
  /// F1: shows the keys, as `?` does.
  case f1
  case enter
  case escape
  /// Ctrl-C: cancels a lookup, else quits.
  case interrupt
  /// Ctrl-D: quits.
  case endOfInput
  /// Ctrl-Z: suspends.
  case suspend
  /// A key the screens do not use (Insert, F2): it closes the launch's warning, and does
  /// nothing else.
  case other
}

/// The terminal library's codes for the keys that are no byte of their own.
public struct KeyCodes: Sendable {
  public var up: Int32
  public var down: Int32
  public var pageUp: Int32
  public var pageDown: Int32
  public var home: Int32
  public var end: Int32
  public var f1: Int32
  /// The keypad's Enter.
  public var enter: Int32

  public init(
    up: Int32, down: Int32, pageUp: Int32, pageDown: Int32, home: Int32, end: Int32, f1: Int32,
    enter: Int32
  ) {
    self.up = up
    self.down = down
    self.pageUp = pageUp
    self.pageDown = pageDown
    self.home = home
    self.end = end
    self.f1 = f1
    self.enter = enter
  }
}

extension Key {
  /// The key for a code read from the terminal: a byte (printable ASCII, or Enter, Esc, Ctrl-C,
  /// Ctrl-D or Ctrl-Z), or one of the terminal library's `codes` for the keys that are no byte
  /// of their own; `nil` for anything else, such as a byte of non-ASCII text.
  public init?(code: Int32, codes: KeyCodes) {
    switch code {
    case codes.up: self = .up
    case codes.down: self = .down
    case codes.pageUp: self = .pageUp
    case codes.pageDown: self = .pageDown
    case codes.home: self = .home
    case codes.end: self = .end
    case codes.f1: self = .f1
    case 10, 13, codes.enter: self = .enter
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
  /// ``init(code:codes:)`` reads it, except what the terminal library hands over as Esc and
  /// more characters, which is dropped whole instead of acting as Esc and more keys: an escape
  /// sequence that the terminal's description does not name, such as Home or End under a TERM
  /// that lacks them, and Alt with a character (Esc and the character, read together: the
  /// library waits only a moment after Esc for more, far less than between two typed keys).
  ///
  /// - Parameters:
  ///   - codes: The codes, in the order they were read.
  ///   - keyCodes: The terminal library's codes for the keys that are no byte of their own.
  public static func keys(fromCodes codes: [Int32], keyCodes: KeyCodes) -> [Key] {
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
      } else if let key = Key(code: code, codes: keyCodes) {
        keys.append(key)
      }
    }
    return keys
  }
}
