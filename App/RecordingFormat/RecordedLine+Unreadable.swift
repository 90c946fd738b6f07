import Foundation
import NumberSyntax

extension RecordedLine.Unreadable {
  /// Why the decoder refused a line, in the app's words, with where in the line: `: unknown
  /// action 'incrTaped' at step.action.counter._0`; empty where the error says nothing more
  /// than that the line is not a recording line.
  static func reason(_ error: any Error, in text: some StringProtocol) -> String {
    explanation(of: error, in: text)
  }
}

private func explanation(of error: any Error, in text: some StringProtocol) -> String {
  let context: DecodingError.Context
  switch error as? DecodingError {
  case .keyNotFound(let key, let found):
    return ": \(path(found.codingPath)) lacks '\(key.stringValue)'"
  case .dataCorrupted(let found) where found.codingPath.isEmpty:
    // Foundation's decoder says the same of a number that no Int holds (or no Double, 1e400)
    // as of text that is not JSON at all. JSON's own numbers have no limit: a line that parses
    // with every number made 0 is JSON with a number out of range.
    // Only for a line of a size a recording writes: a line of megabytes is not read again.
    let zeroed =
      text.utf8.count > 1 << 20
      ? "" : String(text).replacing(/-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/, with: "0")
    if !zeroed.isEmpty, (try? JSONSerialization.jsonObject(with: Data(zeroed.utf8))) != nil {
      return ": a number in it is not a whole number that fits in 64 bits"
    }
    return ": the line is not JSON"
  case .typeMismatch(_, let found):
    if let unknown = unknownCase(found, in: text) { return ": " + unknown }
    context = found
  case .valueNotFound(_, let found), .dataCorrupted(let found):
    context = found
  default:
    return ""
  }
  // Foundation's sentence, in the app's style: lower case first, no full stop.
  var detail = lowercasingTheFirstWord(context.debugDescription)
  if detail.hasSuffix(".") { detail.removeLast() }
  return ": \(path(context.codingPath)) \(detail)"
}

/// The case that a line names and the app does not know, in words, e.g. `unknown action
/// 'incrTaped' at step.action.counter._0`; `nil` when the error is another one.
///
/// An enum case is an object with one key; a key that names no case leaves none that the
/// decoder knows, and it says only that the number of keys is wrong.
private func unknownCase(_ found: DecodingError.Context, in text: some StringProtocol) -> String? {
  guard found.debugDescription.hasPrefix("Invalid number of keys"),
    let keys = keys(at: found.codingPath, in: text), keys.count == 1
  else { return nil }
  let location = found.codingPath.map(\.stringValue).joined(separator: ".")
  // The name as a person can read it, cut short: a line may hold a key of megabytes.
  let name = printable(keys[0])
  if found.codingPath.isEmpty { return "unknown kind of line '\(name)'" }
  let kind = found.codingPath.contains { $0.stringValue == "action" } ? "action" : "case"
  return "unknown \(kind) '\(name)' at \(location)"
}

/// The keys of the JSON object at `codingPath` in `text`, sorted; `nil` when there is none.
private func keys(at codingPath: [any CodingKey], in text: some StringProtocol) -> [String]? {
  var value = try? JSONSerialization.jsonObject(with: Data(text.utf8))
  for key in codingPath {
    if let index = key.intValue, let array = value as? [Any] {
      value = array.indices.contains(index) ? array[index] : nil
    } else {
      value = (value as? [String: Any])?[key.stringValue]
    }
  }
  return (value as? [String: Any])?.keys.sorted()
}

private func path(_ keys: [any CodingKey]) -> String {
  keys.isEmpty ? "the line" : "at " + keys.map(\.stringValue).joined(separator: ".") + ","
}
