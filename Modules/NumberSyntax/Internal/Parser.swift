/// Why a text does not evaluate to a whole number.
enum ParseFailure: Error {
  /// Not an expression of the grammar; the text says where, when it can.
  case malformed(String?)
  /// A step's value is above what the arithmetic holds; `step` is where the step is written,
  /// as offsets into the text's UTF-8 (``Parser/written(_:in:)`` turns it into text).
  case tooLarge(step: Range<Int>)
  /// A step's value is below what the arithmetic holds; `step` as for ``tooLarge(step:)``.
  case tooSmall(step: Range<Int>)
}

extension ParseFailure {
  /// The failure of the same text with its sign turned: too large becomes too small.
  var negated: ParseFailure {
    switch self {
    case .tooLarge(let step): .tooSmall(step: step)
    case .tooSmall(let step): .tooLarge(step: step)
    case .malformed: self
    }
  }
}

/// A recursive-descent parser of ``WholeNumber``'s grammar that evaluates as it reads, in
/// `Int128`, so that `2^63-1` is exact although `2^63` is not an `Int`. Every operation is
/// checked; the first one that overflows ends the parse, naming the step it overflowed in.
struct Parser {
  /// The text's UTF-8 without the `_`s between digits.
  private let bytes: [UInt8]
  /// Where each of `bytes` stands in the text's UTF-8.
  private let offsets: [Int]
  private var position = 0
  private var depth = 0
  /// How many parentheses are open at the current position.
  private var openParentheses = 0
  /// How deeply signs, parentheses and exponents may nest.
  static let maximumDepth = 200

  /// Reads `text` with its `_`s between digits left out (`1_000`, `1__000`); any other `_` is
  /// kept, for the parse to refuse where it stands.
  init(_ text: String) {
    let utf8 = Array(text.utf8)
    let underscore = UInt8(ascii: "_")
    func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
    // The first byte from each position on that is not a `_`, read from the end.
    var next = [UInt8?](repeating: nil, count: utf8.count + 1)
    for offset in utf8.indices.reversed() {
      next[offset] = utf8[offset] == underscore ? next[offset + 1] : utf8[offset]
    }
    var kept: [(offset: Int, element: UInt8)] = []
    for (offset, byte) in utf8.enumerated() {
      if byte == underscore, isDigit(kept.last?.element), isDigit(next[offset]) { continue }
      kept.append((offset, byte))
    }
    bytes = kept.map(\.element)
    offsets = kept.map(\.offset)
  }

  /// The value of the whole text.
  mutating func parse() throws(ParseFailure) -> Int128 {
    skipSpaces()
    guard position < bytes.count else { throw .malformed(nil) }
    let value = try expression()
    guard position == bytes.count else { throw unexpected() }
    return value
  }

  // expression = term (("+" | "-") term)*
  private mutating func expression() throws(ParseFailure) -> Int128 {
    let start = position
    var value = try term()
    while let op = take("+", "-") {
      if op == UInt8(ascii: "+") {
        let right = try term()
        value = try checked(value.addingReportingOverflow(right), sign: right.signum(), from: start)
      } else {
        let right: Int128
        do { right = try term() } catch { throw error.negated }
        value = try checked(
          value.subtractingReportingOverflow(right), sign: -right.signum(), from: start)
      }
    }
    return value
  }

  // term = signed ("*" signed)*
  private mutating func term() throws(ParseFailure) -> Int128 {
    let start = position
    var value = try signed()
    while take("*") != nil {
      let right = try signed()
      value = try checked(
        value.multipliedReportingOverflow(by: right), sign: value.signum() * right.signum(),
        from: start)
    }
    return value
  }

  // signed = ("+" | "-") signed | power
  //
  // Every nesting of the grammar (a sign, a parenthesis, an exponent) passes through here, so
  // the depth is counted here: a text nested past ``maximumDepth`` is refused rather than
  // recursed into until the stack runs out.
  private mutating func signed() throws(ParseFailure) -> Int128 {
    depth += 1
    defer { depth -= 1 }
    // The outermost call is the whole text, nested in nothing: ``maximumDepth`` levels of
    // nesting take one call more.
    guard depth <= Self.maximumDepth + 1 else {
      throw .malformed("it is nested more than \(Self.maximumDepth) deep")
    }
    let start = position
    guard let sign = take("+", "-") else { return try power() }
    guard sign == UInt8(ascii: "-") else { return try signed() }
    let value: Int128
    do { value = try signed() } catch { throw error.negated }
    return try checked(
      Int128(0).subtractingReportingOverflow(value), sign: -value.signum(), from: start)
  }

  // power = primary ("^" signed)?
  private mutating func power() throws(ParseFailure) -> Int128 {
    let start = position
    let base = try primary()
    guard take("^") != nil else { return base }
    let exponent = try signed()
    guard exponent >= 0 else { throw .malformed(nil) }
    return try raise(base, to: exponent, from: start)
  }

  // primary = literal | "(" expression ")"
  private mutating func primary() throws(ParseFailure) -> Int128 {
    if take("(") != nil {
      if position < bytes.count, bytes[position] == UInt8(ascii: ")") {
        throw .malformed("the parentheses are empty")
      }
      openParentheses += 1
      defer { openParentheses -= 1 }
      let value = try expression()
      guard take(")") != nil else { throw .malformed("a ')' is missing") }
      return value
    }
    return try literal()
  }

  // literal = digits (("e" | "E") "+"? digits)?
  private mutating func literal() throws(ParseFailure) -> Int128 {
    let start = position
    guard let mantissa = try digits() else {
      throw position < bytes.count ? unexpected() : .malformed("it ends too soon")
    }
    guard position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") else {
      skipSpaces()
      return mantissa
    }
    position += 1
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
      throw .malformed(nil)
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "+") { position += 1 }
    guard let exponent = try digits() else {
      throw .malformed("'e' must be followed by the exponent's digits")
    }
    let end = position
    skipSpaces()
    if mantissa == 0 { return 0 }
    return try checked(
      mantissa.multipliedReportingOverflow(by: try raise(10, to: exponent, from: start, to: end)),
      sign: mantissa.signum(), from: start, to: end)
  }

  /// The digits at the current position, or `nil` when there are none.
  private mutating func digits() throws(ParseFailure) -> Int128? {
    let start = position
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    let end = bytes[start...].firstIndex { !digits.contains($0) } ?? bytes.count
    var value: Int128 = 0
    for digit in bytes[start..<end] {
      value = try checked(value.multipliedReportingOverflow(by: 10), from: start, to: end)
      value = try checked(
        value.addingReportingOverflow(Int128(digit - 48)), from: start, to: end)
    }
    position = end
    if position < bytes.count, bytes[position] == UInt8(ascii: "."), position > start {
      throw .malformed(nil)
    }
    return position > start ? value : nil
  }

  /// `base` to the power `exponent`, by repeated squaring; `exponent` is at least 0. The step
  /// is written from `start` to `end`, the current position unless given.
  private func raise(
    _ base: Int128, to exponent: Int128, from start: Int, to end: Int? = nil
  ) throws(ParseFailure) -> Int128 {
    let step = start..<(end ?? position)
    // 0, 1 and -1 stay small whatever the exponent; any other base overflows long before an
    // exponent of 128.
    if base == 0 { return exponent == 0 ? 1 : 0 }
    if base == 1 { return 1 }
    if base == -1 { return exponent % 2 == 0 ? 1 : -1 }
    let sign: Int128 = base < 0 && exponent % 2 == 1 ? -1 : 1
    guard exponent < 128 else { throw sign < 0 ? .tooSmall(step: step) : .tooLarge(step: step) }
    var result: Int128 = 1
    var square = base
    var remaining = exponent
    while true {
      if remaining & 1 == 1 {
        result = try checked(
          result.multipliedReportingOverflow(by: square), sign: sign, from: step.lowerBound,
          to: step.upperBound)
      }
      remaining >>= 1
      if remaining == 0 { return result }
      square = try checked(
        square.multipliedReportingOverflow(by: square), sign: sign, from: step.lowerBound,
        to: step.upperBound)
    }
  }

  /// The value of an operation, or the overflow it reports, as too large or too small by the
  /// sign the exact result would have had. The step is written from `start` to `end`, the
  /// current position unless given.
  private func checked(
    _ result: (partialValue: Int128, overflow: Bool), sign: Int128 = 1, from start: Int,
    to end: Int? = nil
  ) throws(ParseFailure) -> Int128 {
    guard result.overflow else { return result.partialValue }
    let step = start..<(end ?? position)
    throw sign < 0 ? .tooSmall(step: step) : .tooLarge(step: step)
  }

  /// Where `step` is written in `text`, the text this parser read: the step's own characters,
  /// `_`s and all, and whether the text around it is only signs, parentheses and spaces, so
  /// that the step's value, turned or not, is the text's.
  ///
  /// - Parameters:
  ///   - step: A step, as ``ParseFailure`` gives it.
  ///   - text: The text this parser was made with.
  /// - Returns: The step as written, and whether it is in effect the whole text.
  func written(_ step: Range<Int>, in text: String) -> (text: String, isWhole: Bool) {
    let space = UInt8(ascii: " ")
    guard let first = bytes[step].firstIndex(where: { $0 != space }),
      let last = bytes[step].lastIndex(where: { $0 != space })
    else { return (text, true) }
    let utf8 = Array(text.utf8)
    let written = String(decoding: utf8[offsets[first]...offsets[last]], as: UTF8.self)
    let isWhole =
      bytes[..<first].allSatisfy { "+-( ".utf8.contains($0) }
      && bytes[(last + 1)...].allSatisfy { ") ".utf8.contains($0) }
    return (written, isWhole)
  }

  /// Takes one of the given characters, after and before spaces, if it comes next.
  private mutating func take(_ characters: Unicode.Scalar...) -> UInt8? {
    skipSpaces()
    guard position < bytes.count,
      let found = characters.first(where: { UInt8(ascii: $0) == bytes[position] })
    else { return nil }
    position += 1
    skipSpaces()
    return UInt8(ascii: found)
  }

  private mutating func skipSpaces() {
    while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
  }

  /// The failure for the character at the current position.
  private func unexpected() -> ParseFailure {
    guard position < bytes.count else { return .malformed("it ends too soon") }
    let byte = bytes[position]
    if byte == UInt8(ascii: "/") { return .malformed("there is no division; write the quotient") }
    if byte == UInt8(ascii: "_") { return .malformed("a '_' goes only between two digits") }
    if byte == UInt8(ascii: ")") {
      return .malformed(openParentheses > 0 ? "a number is missing before ')'" : "a ')' has no '('")
    }
    if position == 0, byte == UInt8(ascii: "^") || byte == UInt8(ascii: "*") {
      return .malformed("a number must come before '\(Character(Unicode.Scalar(byte)))'")
    }
    // A text that is no number from its first character needs no more said.
    guard position > 0 else { return .malformed(nil) }
    guard byte >= 0x21, byte < 0x7F else { return .malformed(nil) }
    return .malformed("'\(Character(Unicode.Scalar(byte)))' is not expected there")
  }
}
