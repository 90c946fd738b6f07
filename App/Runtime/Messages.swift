/// The exit statuses that more than one room of the app ends with.
public enum ExitStatus {
  /// Bad arguments, or a terminal the full screen does not know (EX_USAGE).
  public static let usage: Int32 = 64
}

extension ExitStatus {
  /// `replay` of a recording that was cut short: it has no end line, and every line it has
  /// reproduces.
  public static let cutShort: Int32 = 3
}
