/// Whole numbers as people write them, and as primecount reads them: `1000000`, `1_000_000`,
/// `1e9`, `10^12`, `2^32`, `2^31-1`, `10^15+37`, `3*10^9`, `-(2^10)`.
///
/// The grammar, loosest first:
///
///     expression = term (("+" | "-") term)*
///     term       = signed ("*" signed)*
///     signed     = ("+" | "-") signed | power
///     power      = primary ("^" signed)?         right to left: 2^3^2 is 2^9
///     primary    = literal | "(" expression ")"
///     literal    = digits (("e" | "E") "+"? digits)?
///
/// A `_` between two digits is ignored (`1_000`), and one anywhere else refused; spaces between
/// the parts are allowed. The arithmetic is exact: every step is checked, and a value that does
/// not fit in an `Int` is refused, never rounded. Steps are worked out in 128 bits, so that
/// `2^64-2^63-1` is read; a step beyond them is named, as in `10^40-10^40`, whose value is never
/// known. There are no fractions: `1.5`, `1e-3` and `2^-1` are refused, and so is division.
///
/// ```swift
/// let limit = try WholeNumber.parse("2^31-1", name: "n")  // 2147483647
/// ```
public enum WholeNumber {
  /// The number `text` spells, which must be at least `minimum` and fit in an `Int`.
  ///
  /// - Parameters:
  ///   - text: What was typed.
  ///   - name: The argument's name, for the message.
  ///   - minimum: The smallest value allowed.
  /// - Throws: A ``WholeNumberError`` whose description is one line: what is wrong with the
  ///   text, the step in it beyond 128 bits, or the range it falls outside of.
  public static func parse(
    _ text: String, name: String, atLeast minimum: Int = .min
  ) throws(WholeNumberError) -> Int {
    let shown = printable(text)
    let tooLarge = WholeNumberError("\(name) is too large: \(shown) is more than \(Int.max)")
    let value = try value(of: text, name: name) { isLarge in
      isLarge ? tooLarge : tooSmall(name, shown, minimum)
    }
    guard value <= Int128(Int.max) else { throw tooLarge }
    guard value >= Int128(minimum) else { throw tooSmall(name, shown, minimum) }
    return Int(value)
  }

  /// The number `text` spells, which must lie in `range`.
  ///
  /// ```swift
  /// let n = try WholeNumber.parse("10^3", name: "n", in: 1...1000)  // 1000
  /// ```
  ///
  /// - Parameters:
  ///   - text: What was typed.
  ///   - name: The argument's name, for the message.
  ///   - range: The values allowed.
  /// - Throws: A ``WholeNumberError`` whose description is one line: what is wrong with the
  ///   text, the step in it beyond 128 bits, or the range, for any value outside it, even one
  ///   beyond 64 bits.
  public static func parse(
    _ text: String, name: String, in range: ClosedRange<Int>
  ) throws(WholeNumberError) -> Int {
    let outside = WholeNumberError(
      "\(name) must be between \(range.lowerBound) and \(range.upperBound), not "
        + printable(text))
    let value = try value(of: text, name: name) { _ in outside }
    guard value >= Int128(range.lowerBound), value <= Int128(range.upperBound) else {
      throw outside
    }
    return Int(value)
  }

  /// The value `text` spells, in 128 bits.
  ///
  /// - Parameter outOfRange: The error for a text whose every step is worked out but whose
  ///   value is beyond 128 bits, given whether it is too large (rather than too small).
  /// - Throws: What is wrong with the text, the step in it beyond 128 bits, or `outOfRange`'s
  ///   error.
  private static func value(
    of text: String, name: String, outOfRange: (_ isLarge: Bool) -> WholeNumberError
  ) throws(WholeNumberError) -> Int128 {
    var parser = Parser(text)
    do {
      return try parser.parse()
    } catch {
      switch error {
      case .malformed(let problem):
        throw notANumber(name, printable(text), problem)
      case .tooLarge(let step), .tooSmall(let step):
        let written = parser.written(step, in: text)
        guard written.isWhole else { throw beyond128Bits(name, written.text, printable(text)) }
        if case .tooLarge = error { throw outOfRange(true) }
        throw outOfRange(false)
      }
    }
  }

  private static func notANumber(_ name: String, _ shown: String, _ problem: String?)
    -> WholeNumberError
  {
    WholeNumberError(
      "\(name) must be a whole number, not '\(shown)'" + (problem.map { "; \($0)" } ?? ""))
  }

  /// A step beyond 128 bits inside the text, where the text's value is unknown: it might be 0,
  /// as in `10^40-10^40`, so the message names the step and not the value.
  private static func beyond128Bits(_ name: String, _ step: String, _ shown: String)
    -> WholeNumberError
  {
    WholeNumberError(
      "\(name) cannot be worked out: \(printable(step)), in \(shown), is beyond 128 bits")
  }

  private static func tooSmall(_ name: String, _ shown: String, _ minimum: Int) -> WholeNumberError
  {
    minimum == .min
      ? WholeNumberError("\(name) is too small: \(shown) is less than \(Int.min)")
      : WholeNumberError("\(name) must be at least \(minimum)")
  }
}

/// Why a text is not a whole number in range; the description is the line to show.
public struct WholeNumberError: Error, Equatable, CustomStringConvertible, Sendable {
  public let description: String

  /// An error that shows `description` as is; keep it to one line.
  public init(_ description: String) {
    self.description = description
  }
}

/// The text with control characters escaped and cut short after `limit` characters, safe to
/// echo in one line of a message.
///
/// ```swift
/// printable("a\u{07}b")  // "a\\u{07}b"
/// ```
///
/// - Parameters:
///   - text: What was typed.
///   - limit: How many characters to keep; an ellipsis stands for the rest.
/// - Returns: The text as a message may quote it.
public func printable(_ text: String, limit: Int = 40) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    if result.unicodeScalars.count >= limit {
      result += "…"
      break
    }
    if scalar.properties.generalCategory == .control || scalar == "\u{FFFD}" {
      result += scalar.escaped(asASCII: true)
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

/// The message with its first word in lower case, as every message of the app begins; a word in
/// capitals (`PRIMETIME_HOME`) stays as it is.
/// `The data couldn't be read` becomes `the data couldn't be read`.
public func lowercasingTheFirstWord(_ message: String) -> String {
  guard let first = message.first, first.isUppercase,
    let second = message.dropFirst().first, second.isLowercase
  else { return message }
  return first.lowercased() + message.dropFirst()
}
