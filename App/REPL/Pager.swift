import Foundation

/// Long listings on a terminal go through a pager, as psql's and git's do: `$PRIMETIME_PAGER`,
/// else `$PAGER`, else `less` where it is installed; either variable set to nothing turns
/// paging off. A listing that fits the terminal, output that is no terminal, and a pager that
/// cannot be started print as they are.
struct Pager: Sendable {
  /// The pager's command line, run by `/bin/sh`.
  var command: String
  /// The variables the pager runs with, as `NAME=value`.
  var environment: [String]

  /// The pager for standard output, or `nil` where nothing is paged: output that is not a
  /// terminal, paging turned off, or no pager named and no `less` to fall back on.
  init?(variables: [String: String], outputIsTerminal: Bool) {
    guard outputIsTerminal else { return nil }
    let named = variables["PRIMETIME_PAGER"] ?? variables["PAGER"]
    guard named != nil || Self.isInstalled("less", path: variables["PATH"]) else { return nil }
    let command = named ?? "less"
    guard !command.allSatisfy(\.isWhitespace) else { return nil }
    self.command = command
    // As git does: `less` quits at once on a listing that fits, and passes colours through.
    var variables = variables
    if variables["LESS"] == nil { variables["LESS"] = "FRX" }
    environment = variables.map { "\($0.key)=\($0.value)" }
  }

  /// Shows `text`, through the pager where it has more lines than the terminal has rows.
  func show(_ text: String) {
    let lines = text.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    guard lines >= Self.rows() else { return print(text) }
    LineEditor.flushOutput()
    guard run(text + "\n") else { return print(text) }
  }

  /// Runs the pager on `text` and waits for it, blocked; `false` when it could not be started.
  ///
  /// The pager runs in the session's process group, in the terminal's foreground, with SIGINT
  /// and SIGPIPE as they are by default: Ctrl-C is the pager's to handle, and this process
  /// ignores it and a pipe the pager closed early (ending the listing, not the session) until
  /// the pager is done.
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
    var pipe: [Int32] = [-1, -1]
    guard Glibc.pipe(&pipe) == 0 else { return false }
    for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipe[0], STDIN_FILENO)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGPIPE, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    let words: [String] = ["/bin/sh", "-c", command]
    let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer {
      for argument in arguments { free(argument) }
      for variable in variables { free(variable) }
    }
    var child = pid_t()
    let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, arguments, variables)
    close(pipe[0])
    guard spawned == 0 else {
      close(pipe[1])
      return false
    }
    text.utf8CString.withUnsafeBytes { bytes in
      var rest = UnsafeRawBufferPointer(rebasing: bytes.dropLast())
      while !rest.isEmpty {
        let written = write(pipe[1], rest.baseAddress, rest.count)
        if written < 0 && errno == EINTR { continue }
        // A pager that quit before reading everything closed the pipe: the rest is not shown.
        guard written > 0 else { break }
        rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(written))
      }
    }
    close(pipe[1])
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    // The shell's status for a command it could not find or run.
    let exited = status & 0x7F == 0
    return !(exited && [126, 127].contains((status >> 8) & 0xFF))
  }

  /// Whether a program of this name is in one of the `PATH`'s directories.
  private static func isInstalled(_ name: String, path: String?) -> Bool {
    (path ?? "/usr/bin:/bin").split(separator: ":").contains { directory in
      access("\(directory)/\(name)", X_OK) == 0
    }
  }

  /// The terminal's rows, or a screen's worth where it does not say.
  private static func rows() -> Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
    return Int(size.ws_row)
  }
}
