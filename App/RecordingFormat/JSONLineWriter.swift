import Foundation

/// Writes a recording's line as JSON on one line, field by field, in the order and with the
/// names the format's `Codable` conformances read.
///
/// A session writes a line for every action, so its line is written by hand rather than
/// through `Encoder`, whose containers cost a dozen allocations and generic look-ups a line.
/// What it writes is what the types' `Codable` conformances write (tests hold it to them, value
/// by value): an enum case is an object with one key, its name, and its values under their
/// labels or `_0`, `_1`; a field that is `nil` is left out; a date is its seconds since 2001.
public struct JSONLineWriter {
  /// The JSON written so far, as UTF-8.
  public private(set) var bytes: [UInt8] = []
  /// Whether a value was written last, so that the next key or element follows a comma.
  private var needsComma = false

  public init() {}

  /// The line of a value.
  public static func line(_ value: some JSONLineWritable) -> String {
    String(decoding: bytes(of: value), as: UTF8.self)
  }

  /// The line of a value, as UTF-8.
  public static func bytes(of value: some JSONLineWritable) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(512)
    write(value, into: &bytes)
    return bytes
  }

  /// Writes the line of a value at the end of `bytes`, whose room is kept from line to line.
  public static func write(_ value: some JSONLineWritable, into bytes: inout [UInt8]) {
    var writer = JSONLineWriter()
    swap(&writer.bytes, &bytes)
    value.write(to: &writer)
    swap(&writer.bytes, &bytes)
  }

  private mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func key(_ name: StaticString) {
    if needsComma { append(",") }
    append("\"")
    append(name)
    append("\":")
    needsComma = false
  }

  private mutating func comma() {
    if needsComma { append(",") }
  }

  mutating func object(_ body: (inout JSONLineWriter) -> Void) {
    comma()
    append("{")
    needsComma = false
    body(&self)
    append("}")
    needsComma = true
  }

  mutating func array<Element>(
    _ elements: some Sequence<Element>, _ write: (Element, inout JSONLineWriter) -> Void
  ) {
    comma()
    append("[")
    needsComma = false
    for element in elements { write(element, &self) }
    append("]")
    needsComma = true
  }

  /// An enum case: `{"name":{…}}`, its values written by `body`.
  mutating func enumCase(_ name: StaticString, _ body: (inout JSONLineWriter) -> Void = { _ in }) {
    object { writer in
      writer.key(name)
      writer.object(body)
    }
  }

  mutating func int(_ value: some BinaryInteger) {
    comma()
    if value < 0 { append("-") }
    // The digits of the magnitude, last first, then turned around.
    let start = bytes.count
    var magnitude = value.magnitude
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
    needsComma = true
  }

  mutating func bool(_ value: Bool) {
    comma()
    append(value ? "true" : "false")
    needsComma = true
  }

  mutating func string(_ value: String) {
    comma()
    var value = value
    let isPlain = value.withUTF8 { utf8 in
      guard !utf8.contains(where: Self.needsEscaping) else { return false }
      bytes.append(UInt8(ascii: "\""))
      bytes.append(contentsOf: utf8)
      bytes.append(UInt8(ascii: "\""))
      return true
    }
    if !isPlain {
      var text = ""
      Self.writeString(value, to: &text)
      bytes.append(contentsOf: text.utf8)
    }
    needsComma = true
  }

  private static func needsEscaping(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Writes a JSON string: quoted, with quotes, backslashes and control characters escaped.
  public static func writeString(_ string: String, to text: inout String) {
    if !string.utf8.contains(where: {
      $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
    }) {
      text += "\""
      text += string
      text += "\""
      return
    }
    text += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20:
        text += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }

  mutating func date(_ value: Date) {
    comma()
    bytes.append(contentsOf: "\(value.timeIntervalSinceReferenceDate)".utf8)
    needsComma = true
  }

  mutating func uuid(_ value: UUID) {
    comma()
    append("\"")
    bytes.append(contentsOf: value.uuidString.utf8)
    append("\"")
    needsComma = true
  }

  mutating func value(_ value: some JSONLineWritable) {
    value.write(to: &self)
  }

  /// A field, where its value is not `nil`.
  mutating func field<Value>(
    _ name: StaticString, _ value: Value?, _ write: (Value, inout JSONLineWriter) -> Void
  ) {
    guard let value else { return }
    key(name)
    write(value, &self)
  }

  mutating func field(_ name: StaticString, _ value: (some JSONLineWritable)?) {
    guard let value else { return }
    key(name)
    value.write(to: &self)
  }
}

/// A value of the recording format that writes itself on a line (``JSONLineWriter``).
public protocol JSONLineWritable {
  func write(to writer: inout JSONLineWriter)
}

extension Int: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) { writer.int(self) }
}

extension Never: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {}
}

extension JSONLineWriter {
  /// A case's one unlabelled value: `"_0":…`.
  mutating func unlabelled(_ value: some JSONLineWritable) {
    key("_0")
    value.write(to: &self)
  }

  /// A case's one unlabelled number.
  mutating func unlabelled(_ value: Int) {
    key("_0")
    int(value)
  }

  /// A case's one unlabelled text.
  mutating func unlabelled(_ value: String) {
    key("_0")
    string(value)
  }

  /// A case's one value, labelled `by`.
  mutating func by(_ value: Int) {
    key("by")
    int(value)
  }
}
