import Foundation
import RecordingFormat

/// Encodes a value as compact JSON on one line, its properties in the order they encode: the
/// reference that ``JSONLineWriter``, which writes a recording's lines by hand, is held to.
///
/// What a recording holds (numbers, strings, booleans, arrays, structures,
/// enums, dates as `Date` encodes itself, identities as strings) it writes as `JSONEncoder`
/// would, so `JSONDecoder` reads it back with its default strategies. It has none of
/// `JSONEncoder`'s special cases: `Data`, `URL` and `Decimal` come out as their own `Codable`
/// conformances write them.
enum JSONLineEncoder {
  /// The value's JSON.
  static func encode(_ value: some Encodable) throws -> String {
    let root = Node()
    try value.encode(to: NodeEncoder(node: root, codingPath: []))
    var text = ""
    try root.write(to: &text)
    return text
  }

  /// A JSON value as it is built: containers are filled after they are handed out, so each is
  /// a reference.
  final class Node {
    enum Value {
      case none
      case literal(String)
      case object([(String, Node)])
      case array([Node])
    }

    var value = Value.none

    func write(to text: inout String) throws {
      switch value {
      case .none:
        text += "{}"
      case .literal(let literal):
        text += literal
      case .object(let members):
        text += "{"
        for (index, (key, node)) in members.enumerated() {
          if index > 0 { text += "," }
          JSONLineEncoder.writeString(key, to: &text)
          text += ":"
          try node.write(to: &text)
        }
        text += "}"
      case .array(let elements):
        text += "["
        for (index, node) in elements.enumerated() {
          if index > 0 { text += "," }
          try node.write(to: &text)
        }
        text += "]"
      }
    }

    func add(_ key: String) -> Node {
      let child = Node()
      if case .object(var members) = value {
        value = .none
        members.append((key, child))
        value = .object(members)
      } else {
        value = .object([(key, child)])
      }
      return child
    }

    func append() -> Node {
      let child = Node()
      if case .array(var elements) = value {
        value = .none
        elements.append(child)
        value = .array(elements)
      } else {
        value = .array([child])
      }
      return child
    }
  }

  /// A JSON string as Foundation's `JSONEncoder` writes it, slashes left as they are: the
  /// reference is independent of the writer it checks.
  static func writeString(_ string: String, to text: inout String) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    guard let data = try? encoder.encode(string) else { preconditionFailure("unencodable") }
    text += String(decoding: data, as: UTF8.self)
  }

  static func literal(_ string: String) -> String {
    var text = ""
    writeString(string, to: &text)
    return text
  }

  static func literal(_ double: Double, codingPath: [any CodingKey]) throws -> String {
    guard double.isFinite else {
      throw EncodingError.invalidValue(
        double, .init(codingPath: codingPath, debugDescription: "\(double) is not a JSON number"))
    }
    return "\(double)"
  }
}

private struct NodeEncoder: Encoder {
  let node: JSONLineEncoder.Node
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .none = node.value { node.value = .object([]) }
    return KeyedEncodingContainer(KeyedContainer(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .none = node.value { node.value = .array([]) }
    return UnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueContainer(node: node, codingPath: codingPath)
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: JSONLineEncoder.Node
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) { node.add(key.stringValue).value = .literal("null") }
  mutating func encode(_ value: Bool, forKey key: Key) {
    node.add(key.stringValue).value = .literal(value ? "true" : "false")
  }
  mutating func encode(_ value: String, forKey key: Key) {
    node.add(key.stringValue).value = .literal(JSONLineEncoder.literal(value))
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    node.add(key.stringValue).value = .literal(
      try JSONLineEncoder.literal(value, codingPath: codingPath + [key]))
  }
  mutating func encode(_ value: Int, forKey key: Key) {
    node.add(key.stringValue).value = .literal(String(value))
  }
  mutating func encode(_ value: Int8, forKey key: Key) {
    node.add(key.stringValue).value = .literal(String(value))
  }
  mutating func encode(_ value: Int16, forKey key: Key) {
    node.add(key.stringValue).value = .literal(String(value))
  }
  mutating func encode(_ value: Int32, forKey key: Key) {
    node.add(key.stringValue).value = .literal(String(value))
  }
  mutating func encode(_ value: Int64, forKey key: Key) {
    node.add(key.stringValue).value = .literal(String(value))
  }
  mutating func encode(_ value: UInt, forKey key: Key) {
    node.add(key.stringValue).value = .literal(String(value))
  }
  mutating func encode(_ value: UInt8, forKey key: Key) {
    node.add(key.stringValue).value = .literal(String(value))
  }
  mutating func encode(_ value: UInt16, forKey key: Key) {
    node.add(key.stringValue).value = .literal(String(value))
  }
  mutating func encode(_ value: UInt32, forKey key: Key) {
    node.add(key.stringValue).value = .literal(String(value))
  }
  mutating func encode(_ value: UInt64, forKey key: Key) {
    node.add(key.stringValue).value = .literal(String(value))
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    node.add(key.stringValue).value = .literal(
      try JSONLineEncoder.literal(Double(value), codingPath: codingPath + [key]))
  }
  mutating func encode(_ value: some Encodable, forKey key: Key) throws {
    try value.encode(
      to: NodeEncoder(node: node.add(key.stringValue), codingPath: codingPath + [key]))
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    NodeEncoder(node: node.add(key.stringValue), codingPath: codingPath + [key])
      .container(keyedBy: keyType)
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    NodeEncoder(node: node.add(key.stringValue), codingPath: codingPath + [key])
      .unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder {
    NodeEncoder(node: node.add("super"), codingPath: codingPath)
  }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    NodeEncoder(node: node.add(key.stringValue), codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let node: JSONLineEncoder.Node
  let codingPath: [any CodingKey]
  var count: Int {
    if case .array(let elements) = node.value { elements.count } else { 0 }
  }

  mutating func encodeNil() { node.append().value = .literal("null") }
  mutating func encode(_ value: Bool) { node.append().value = .literal(value ? "true" : "false") }
  mutating func encode(_ value: String) {
    node.append().value = .literal(JSONLineEncoder.literal(value))
  }
  mutating func encode(_ value: Double) throws {
    node.append().value = .literal(try JSONLineEncoder.literal(value, codingPath: codingPath))
  }
  mutating func encode(_ value: Int) { node.append().value = .literal(String(value)) }
  mutating func encode(_ value: Int8) { node.append().value = .literal(String(value)) }
  mutating func encode(_ value: Int16) { node.append().value = .literal(String(value)) }
  mutating func encode(_ value: Int32) { node.append().value = .literal(String(value)) }
  mutating func encode(_ value: Int64) { node.append().value = .literal(String(value)) }
  mutating func encode(_ value: UInt) { node.append().value = .literal(String(value)) }
  mutating func encode(_ value: UInt8) { node.append().value = .literal(String(value)) }
  mutating func encode(_ value: UInt16) { node.append().value = .literal(String(value)) }
  mutating func encode(_ value: UInt32) { node.append().value = .literal(String(value)) }
  mutating func encode(_ value: UInt64) { node.append().value = .literal(String(value)) }
  mutating func encode(_ value: Float) throws {
    node.append().value = .literal(
      try JSONLineEncoder.literal(Double(value), codingPath: codingPath))
  }
  mutating func encode(_ value: some Encodable) throws {
    try value.encode(to: NodeEncoder(node: node.append(), codingPath: codingPath))
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    NodeEncoder(node: node.append(), codingPath: codingPath).container(keyedBy: keyType)
  }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    NodeEncoder(node: node.append(), codingPath: codingPath).unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder {
    NodeEncoder(node: node.append(), codingPath: codingPath)
  }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
  let node: JSONLineEncoder.Node
  let codingPath: [any CodingKey]

  mutating func encodeNil() { node.value = .literal("null") }
  mutating func encode(_ value: Bool) { node.value = .literal(value ? "true" : "false") }
  mutating func encode(_ value: String) { node.value = .literal(JSONLineEncoder.literal(value)) }
  mutating func encode(_ value: Double) throws {
    node.value = .literal(try JSONLineEncoder.literal(value, codingPath: codingPath))
  }
  mutating func encode(_ value: Int) { node.value = .literal(String(value)) }
  mutating func encode(_ value: Int8) { node.value = .literal(String(value)) }
  mutating func encode(_ value: Int16) { node.value = .literal(String(value)) }
  mutating func encode(_ value: Int32) { node.value = .literal(String(value)) }
  mutating func encode(_ value: Int64) { node.value = .literal(String(value)) }
  mutating func encode(_ value: UInt) { node.value = .literal(String(value)) }
  mutating func encode(_ value: UInt8) { node.value = .literal(String(value)) }
  mutating func encode(_ value: UInt16) { node.value = .literal(String(value)) }
  mutating func encode(_ value: UInt32) { node.value = .literal(String(value)) }
  mutating func encode(_ value: UInt64) { node.value = .literal(String(value)) }
  mutating func encode(_ value: Float) throws {
    node.value = .literal(try JSONLineEncoder.literal(Double(value), codingPath: codingPath))
  }
  mutating func encode(_ value: some Encodable) throws {
    try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
  }
}
