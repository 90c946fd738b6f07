import Foundation
import Synchronization

/// Runs bash as a user's shell runs a few lines: a completion script loaded, the README's lines
/// followed.
enum Bash {
  /// Runs `program` with `bash -c` in `directory`, with no startup files read, `HOME` set to
  /// `home`, and the built binary first on `PATH` as `primetime`, as a user who installed it has
  /// it.
  static func run(_ program: String, home: URL, directory: URL) throws -> PrimeTime.Result {
    let binaries = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: binaries) }
    try FileManager.default.createSymbolicLink(
      at: binaries.appending(path: "primetime"), withDestinationURL: PrimeTime.binary)
    let process = Process()
    process.executableURL = URL(filePath: "/bin/bash")
    process.arguments = ["--norc", "--noprofile", "-c", program]
    process.environment =
      ["PATH": "\(binaries.path):/usr/bin:/bin", "HOME": home.path, "TZ": "UTC"]
      .merging(PrimeTime.instrumentation) { $1 }
    process.currentDirectoryURL = directory
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Standard error is read beside standard output, so that neither pipe fills up.
    let group = DispatchGroup()
    let errors = Mutex(Data())
    DispatchQueue.global().async(group: group) {
      let data = stderr.fileHandleForReading.readDataToEndOfFile()
      errors.withLock { $0 = data }
    }
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    group.wait()
    return PrimeTime.Result(
      stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: errors.withLock { $0 }, as: UTF8.self),
      status: process.terminationReason == .uncaughtSignal
        ? 128 + process.terminationStatus : process.terminationStatus)
  }

  /// A word that bash reads back as it is: in single quotes.
  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
