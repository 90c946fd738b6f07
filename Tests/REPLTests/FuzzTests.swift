import AppCore
import AppTestSupport
import ComposableArchitecture
import FileClient
import Foundation
import NthPrimeClient
import Primes
import Testing

@testable import REPL
@testable import Runtime

/// Generates hostile REPL input: random bytes and invalid UTF-8, empty and 1 MB lines, numbers
/// past Int64, bad rows, every command with every arity, control characters.
struct HostileLines {
  private var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  private mutating func pick<T>(_ values: [T]) -> T {
    values[Int(random.next() % UInt64(values.count))]
  }

  mutating func next(index: Int) -> [UInt8] {
    if index % 40_000 == 9_999 { return [UInt8](repeating: UInt8(ascii: "9"), count: 1 << 20) }
    switch random.next() % 10 {
    case 0:
      return (0..<Int(random.next() % 40)).map { _ in
        var byte = UInt8(truncatingIfNeeded: random.next())
        if byte == UInt8(ascii: "\n") { byte = 0xFF }
        return byte
      }
    case 1:
      return []
    case 2:
      return Array(pick(["\u{07}\u{1B}[A", "\t\t", "incr\u{00}", "\u{7F}del", "ÿ", "☃ 3"]).utf8)
    default:
      // Everything but a bare quit, which would end the run early.
      let names =
        Command.all.flatMap(\.names).filter { $0 != "quit" && $0 != "exit" }
        + ["bogus", "INCR", "--json", "quit now"]
      var words = [pick(names)]
      for _ in 0..<Int(random.next() % 4) {
        words.append(
          pick([
            String(Int(random.next() % 20)), String(Int(random.next() % 200) - 100), "0", "-1",
            "1", "2", "3", "7", "on", "off", "--json", "99999999999999999999",
            "-99999999999999999999", "9223372036854775807", "-9223372036854775808", "1.5", "x",
            "1_000",
          ]))
      }
      return Array(words.joined(separator: " ").utf8)
    }
  }
}

@MainActor
struct FuzzTests {
  static let seed = UInt64(ProcessInfo.processInfo.environment["FUZZ_SEED"] ?? "") ?? 20_261_122
  /// A seeded sample of 10,000 lines, which crosses every command many times, a 1 MB line and
  /// the binary; 100,000 with `FUZZ_LARGE_TESTS=1`, as `.ci/run` sets.
  static let lineCount =
    ProcessInfo.processInfo.environment["FUZZ_LARGE_TESTS"] != nil ? 100_000 : 10_000

  @Test func hostileInput_oneLinePerFailure_invariantsAfterEveryLine_andTheBinaryAgrees()
    async throws
  {
    var generator = HostileLines(seed: Self.seed)
    let lines = (0..<Self.lineCount).map { generator.next(index: $0) }
    let transcript = Transcript()
    let files = InMemoryFiles()
    let session = Session(
      initialState: AppState(),
      environment: AppEnvironment(
        nthPrime: NthPrimeClient { try Primes.nthPrime($0, threads: 1) },
        fileClient: .inMemory(files), now: { Date(timeIntervalSince1970: 0) }),
      output: transcript.output,
      storage: Storage(database: .noop))
    var failures = 0
    var lastFavorites: PersistentArray<Int> = []
    var lastFeedCount = 0
    for (number, bytes) in lines.enumerated() {
      // The session runs on the main actor: let the other tests' main-actor work in now and then.
      if number.isMultiple(of: 50) { await Task.yield() }
      let line = String(decoding: bytes, as: UTF8.self)
      // As the binary does: `;` separates commands, and each failing command is one line; a
      // line that does not read as words is one failure, and runs nothing.
      do {
        for words in try ShellWords.commands(in: line) where !session.isQuitRequested {
          if case .failure(let message) = await session.run(words: words) {
            failures += 1
            #expect(!message.contains("\n"), "seed \(Self.seed), line \(number + 1): \(message)")
          }
        }
      } catch {
        failures += 1
        #expect(!error.description.contains("\n"), "seed \(Self.seed), line \(number + 1)")
      }
      if session.isQuitRequested { break }
      let state = session.state
      if state.favoritePrimes != lastFavorites || state.activityFeed.count != lastFeedCount {
        if let broken = violation(state) {
          Issue.record("seed \(Self.seed), line \(number + 1) (\(line.prefix(60))): \(broken)")
          return
        }
        lastFavorites = state.favoritePrimes
        lastFeedCount = state.activityFeed.count
      }
    }
    #expect(failures > 1000, "seed \(Self.seed): the generator should produce bad lines")

    // The same lines through the real binary: no signal, one stderr line per failure.
    let home = FileManager.default.temporaryDirectory.appending(path: "fuzz-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    var input = Data()
    for bytes in lines {
      input.append(contentsOf: bytes)
      input.append(UInt8(ascii: "\n"))
    }
    let binary = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appending(path: "primetime")
    let result = try await Task.detached {
      try Self.runBinary(binary, input: input, home: home)
    }.value
    #expect(!result.signalled, "seed \(Self.seed): primetime died by a signal")
    #expect(result.status == 1)
    #expect(
      result.stderrLines == failures,
      "seed \(Self.seed): \(result.stderrLines) error lines for \(failures) failures")
  }

  /// Runs the binary to its end, off the main actor: it blocks its thread while it waits.
  private nonisolated static func runBinary(
    _ binary: URL, input: Data, home: URL
  ) throws -> (status: Int32, signalled: Bool, stderrLines: Int) {
    signal(SIGPIPE, SIG_IGN)  // a write to a pipe the child closed must fail, not kill the test
    let process = Process()
    process.executableURL = binary
    // A binary built for code coverage writes its profile where the tests write theirs.
    let coverage = ProcessInfo.processInfo.environment.filter { $0.key == "LLVM_PROFILE_FILE" }
    process.environment = coverage.merging(
      ["PRIMETIME_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin"]) { $1 }
    // Files the lines name are written in the data directory, not where the tests run.
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    process.currentDirectoryURL = home
    let stdin = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = FileHandle.nullDevice
    process.standardError = stderr
    try process.run()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      try? stdin.fileHandleForWriting.write(contentsOf: input)
      try? stdin.fileHandleForWriting.close()
    }
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    group.wait()
    let lines = errors.split(separator: UInt8(ascii: "\n")).count
    return (
      process.terminationStatus, process.terminationReason == .uncaughtSignal, lines
    )
  }
}
