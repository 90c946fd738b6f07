import FavoritesDatabase
import FavoritesDatabaseLive
import Foundation
import GRDB
import Synchronization
import Testing

/// Runs the built `primetime` binary.
enum PrimeTime {
  /// The binary next to the test bundle.
  static var binary: URL {
    if let path = ProcessInfo.processInfo.environment["PRIMETIME_BINARY"] {
      return URL(filePath: path)
    }
    return URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appending(path: "primetime")
  }

  struct Result {
    var stdout: String
    var stderr: String
    /// The exit status, or 128 plus the number of the signal that ended the process, as a
    /// shell reports it: a crash is never mistaken for a small status.
    var status: Int32
  }

  /// Runs the binary with the given arguments and standard input, in a clean environment with
  /// its data in `home` (less the variables in `unsetting`), in `directory`, else in `home`.
  /// What a binary built for code coverage or a sanitizer reads from its environment, passed on
  /// from the test process: where `--enable-code-coverage` writes profiles (with the test
  /// process's own, not in the working directory), and the options and suppressions that
  /// `Scripts/sanitize` gives the sanitizers.
  static let instrumentation = ProcessInfo.processInfo.environment.filter {
    ["LLVM_PROFILE_FILE", "ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"].contains($0.key)
  }

  ///
  /// `launcher`, where it is given, starts the binary: its first word is the program, and the
  /// binary's path and `arguments` follow the rest.
  static func run(
    _ arguments: [String], input: Data = Data(), home: URL, unsetting: Set<String> = [],
    environment extra: [String: String] = [:], directory: URL? = nil, launcher: [String] = []
  ) throws -> Result {
    let process = Process()
    process.executableURL = launcher.first.map { URL(filePath: $0) } ?? binary
    process.arguments =
      launcher.isEmpty ? arguments : launcher.dropFirst() + [binary.path] + arguments
    process.environment =
      ["PATH": "/usr/bin:/bin", "HOME": home.path, "PRIMETIME_HOME": home.path, "TZ": "UTC"]
      .merging(instrumentation) { $1 }
      .merging(extra) { $1 }.filter { !unsetting.contains($0.key) }
    // Relative file names start from the data directory unless the test says otherwise.
    process.currentDirectoryURL = directory ?? home
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let group = DispatchGroup()
    let errors = Mutex(Data())
    DispatchQueue.global().async(group: group) {
      try? stdin.fileHandleForWriting.write(contentsOf: input)
      try? stdin.fileHandleForWriting.close()
    }
    DispatchQueue.global().async(group: group) {
      let data = stderr.fileHandleForReading.readDataToEndOfFile()
      errors.withLock { $0 = data }
    }
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    group.wait()
    return Result(
      stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: errors.withLock { $0 }, as: UTF8.self),
      status: process.terminationReason == .uncaughtSignal
        ? 128 + process.terminationStatus : process.terminationStatus)
  }

  /// The first process whose parent is `parent`, from `/proc`.
  static func child(of parent: Int32) -> Int32? {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return processes.compactMap(Int32.init).first { pid in
      let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
      // The parent is the second field after the command's name, which ends with ")".
      guard let end = stat.lastIndex(of: ")") else { return false }
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == parent
    }
  }

  /// Whether the process is running: it exists and has not ended (a process that ended and
  /// that its parent has not waited for yet is a zombie, state `Z`).
  static func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(after: end)...].split(separator: " ").first != "Z"
  }

  /// Another program's write transaction on the database in `home`, made by a first session,
  /// which saves `prime`, open until the returned function commits it.
  static func heldByAnotherProgram(
    in home: URL, saving prime: Int = 11
  ) throws -> () throws -> Void {
    _ = try run(["-c", "favorites"], home: home)
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true
    let holder = try DatabaseQueue(
      path: home.appending(path: FavoritesDatabase.fileName).path, configuration: configuration)
    try holder.inDatabase { db in
      try db.execute(
        sql: "BEGIN IMMEDIATE; INSERT INTO favorite (prime) VALUES (?)", arguments: [prime])
    }
    return { try holder.inDatabase { db in try db.execute(sql: "COMMIT") } }
  }

  /// A data directory that `primetime` cannot write, though it can read it: for root, whom no
  /// mode stops, a read-only bind mount of it in a mount namespace of the binary's own; for
  /// anyone else, its mode.
  struct ReadOnlyHome {
    let home: URL
    /// What starts the binary (``run(_:input:home:unsetting:environment:directory:launcher:)``).
    let launcher: [String]

    init(_ home: URL) throws {
      self.home = home
      if geteuid() == 0 {
        launcher = [
          "/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c",
          #"mount --bind -o ro "$0" "$0" && exec "$@""#, home.path,
        ]
      } else {
        launcher = []
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: home.path)
      }
    }

    /// What the binary says of the directory: the system's reason follows.
    var reason: String { "the data directory \(home.path) is not writable (" }

    /// Makes the directory writable again for the binary running as `pid`.
    func makeWritable(for pid: Int32) throws {
      guard geteuid() == 0 else { return restore() }
      let remount = Process()
      remount.executableURL = URL(filePath: "/usr/bin/nsenter")
      remount.arguments = [
        "--target", "\(pid)", "--mount", "/bin/mount", "-o", "remount,rw,bind", home.path,
      ]
      try remount.run()
      remount.waitUntilExit()
      guard remount.terminationStatus == 0 else { throw RemountFailed() }
    }

    /// Gives the directory its mode back, so that it can be removed.
    func restore() {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path)
    }

    struct RemountFailed: Error {}
  }

  /// Writes an executable script, in a shell of its own. Foundation opens the files it writes
  /// without close-on-exec, so a program another test started meanwhile could hold the script
  /// open for writing, and running it would fail with "Text file busy". The shell's descriptor
  /// is its own, and gone when it ends.
  static func writeScript(_ script: String, to url: URL) throws {
    let shell = Process()
    shell.executableURL = URL(filePath: "/bin/sh")
    shell.arguments = ["-c", #"printf '%s' "$1" > "$0" && chmod 755 "$0""#, url.path, script]
    try shell.run()
    shell.waitUntilExit()
    guard shell.terminationStatus == 0 else { throw ScriptNotWritten(path: url.path) }
  }

  struct ScriptNotWritten: Error { let path: String }

  /// A new, empty directory for one test's data.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appending(path: "primetime tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

/// The lines that `bash -o pipefail -c script` writes, its arguments as `$0`, `$1`; grep's
/// status 1, for no line found, is no error.
func shell(_ script: String, _ arguments: String...) throws -> [String] {
  let process = Process()
  process.executableURL = URL(filePath: "/bin/bash")
  process.arguments = ["-o", "pipefail", "-c", script] + arguments
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 || process.terminationStatus == 1 else {
    throw ShellFailure(script: script, status: process.terminationStatus)
  }
  return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
}

struct ShellFailure: Error {
  let script: String
  let status: Int32
}
