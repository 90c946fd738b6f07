/// The exit statuses that more than one room of the app ends with.
public enum ExitStatus {
  /// Bad arguments, or a terminal the full screen does not know (EX_USAGE).
  public static let usage: Int32 = 64
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

extension ExitStatus {
  /// `replay` of a recording that was cut short: it has no end line, and every line it has
  /// reproduces.
  public static let cutShort: Int32 = 3
}
