import Foundation

/// Long listings on a terminal go through a pager, as psql's and git's do: `$PRIMETIME_PAGER`,
/// else `$PAGER`, else `less`; either variable set to nothing turns paging off. A listing that
/// fits the terminal, output that is no terminal, and a pager that cannot be started print as
/// they are.
struct Pager: Sendable {
  /// The pager's command line, run by `/bin/sh`.
  var command: String
  /// The variables the pager runs with.
  var environment: [String: String]

  /// The pager for standard output, or `nil` where nothing is paged: output that is not a
  /// terminal, or paging turned off.
  init?(variables: [String: String], outputIsTerminal: Bool) {
    guard outputIsTerminal else { return nil }
    let command = variables["PRIMETIME_PAGER"] ?? variables["PAGER"] ?? "less"
    guard !command.allSatisfy(\.isWhitespace) else { return nil }
    self.command = command
    // As git does: `less` quits at once on a listing that fits, and passes colours through.
    var environment = variables
    if environment["LESS"] == nil { environment["LESS"] = "FRX" }
    self.environment = environment
  }

  /// Shows `text`, through the pager where it has more lines than the terminal has rows.
  func show(_ text: String) {
    let lines = text.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    guard lines >= Self.rows() else { return print(text) }
    fflush(nil)
    guard run(text + "\n") else { return print(text) }
  }

  /// Runs the pager on `text`; `false` when it could not be started. While it runs, Ctrl-C is
  /// the pager's, and the pager quitting early ends the listing, not the session.
  private func run(_ text: String) -> Bool {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    var interrupt = sigaction()
    var brokenPipe = sigaction()
    sigaction(SIGINT, &ignore, &interrupt)
    sigaction(SIGPIPE, &ignore, &brokenPipe)
    defer {
      sigaction(SIGINT, &interrupt, nil)
      sigaction(SIGPIPE, &brokenPipe, nil)
    }
    let process = Process()
    process.executableURL = URL(filePath: "/bin/sh")
    process.arguments = ["-c", command]
    process.environment = environment
    let input = Pipe()
    process.standardInput = input
    do {
      try process.run()
    } catch {
      return false
    }
    // A pager that quit before reading everything closed the pipe: the rest is not shown.
    try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    // The shell's status for a command it could not find or run.
    return !(process.terminationReason == .exit && [126, 127].contains(process.terminationStatus))
  }

  /// The terminal's rows, or a screen's worth where it does not say.
  private static func rows() -> Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
    return Int(size.ws_row)
  }
}
