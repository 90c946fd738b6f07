import Foundation
import Runtime

/// The benchmark's command line: one suite a run, a table to read and a line of JSON to compare.
public enum BenchmarkCommand {
  static let usage = """
    usage: primetime-benchmark primes [--rounds N] [--max-exponent K] [--primecount PATH]
           primetime-benchmark primes --model-threads T [--model-exponent K]
           primetime-benchmark primes --memory-exponent K [--primecount PATH]
           primetime-benchmark store [--rounds N] [--scale F]
           primetime-benchmark storage [--rounds N] [--pairs N] [--many N]
           primetime-benchmark --help
    """

  /// The options each suite takes, without their dashes: any other is refused, so that a
  /// misspelt one is not run with its default.
  static let suiteOptions: [String: Set<String>] = [
    "primes": [
      "rounds", "max-exponent", "primecount", "model-threads", "model-exponent", "memory-exponent",
    ],
    "store": ["rounds", "scale"],
    "storage": ["rounds", "pairs", "many"],
  ]

  /// Runs the named suite and prints its table, then one line of JSON.
  ///
  /// - Parameters:
  ///   - arguments: The command line's arguments, after the program's name.
  ///   - output: Takes each line of the table and the JSON; standard output by default.
  ///   - errors: Takes each message of a refusal or a failure; standard error by default.
  /// - Returns: The exit status: 0, also for `--help` or `-h`, which print the usage and run
  ///   nothing; 64 for a refused command line; 1 when a figure could not be measured.
  @MainActor
  public static func run(
    _ arguments: [String], output: (String) -> Void = { print($0) },
    errors: (String) -> Void = { StandardError.line($0) }
  ) async -> Int32 {
    if arguments.contains(where: { ["--help", "-h"].contains($0) }) {
      output(usage)
      return 0
    }
    guard let suite = arguments.first else {
      errors(usage)
      return 64
    }
    guard let known = suiteOptions[suite] else {
      errors("primetime-benchmark: no suite named \(suite)\n\(usage)")
      return 64
    }
    var options: [String: Double] = [:]
    // The primecount to compare with, for the primes suite: --primecount, else $PRIMECOUNT,
    // else the one on PATH.
    var primecountPath =
      suite == "primes"
      ? ProcessInfo.processInfo.environment["PRIMECOUNT"].flatMap { $0.isEmpty ? nil : $0 } : nil
    // Where the primecount came from, for the line that refuses it.
    var primecountSource = primecountPath == nil ? "the primecount on PATH" : "PRIMECOUNT"
    var rest = arguments.dropFirst()
    while let flag = rest.first {
      rest = rest.dropFirst()
      guard flag.hasPrefix("--"), known.contains(String(flag.dropFirst(2))) else {
        errors("primetime-benchmark: \(flag) is not an option of the \(suite) suite\n\(usage)")
        return 64
      }
      if flag == "--primecount" {
        guard let path = rest.first else {
          errors("primetime-benchmark: --primecount takes a path\n\(usage)")
          return 64
        }
        primecountPath = path
        primecountSource = "--primecount"
        rest = rest.dropFirst()
        continue
      }
      guard let value = rest.first.flatMap(Double.init) else {
        errors("primetime-benchmark: \(flag) takes a number\n\(usage)")
        return 64
      }
      options[String(flag.dropFirst(2))] = value
      rest = rest.dropFirst()
    }
    // Every suite measures at least one round; the primes suite, n from 10^9 on.
    let rounds = options["rounds"] ?? 3
    let maxExponent = options["max-exponent"] ?? 16
    guard (1...1000).contains(rounds), rounds.rounded() == rounds else {
      errors("primetime-benchmark: --rounds must be a whole number from 1 to 1000\n\(usage)")
      return 64
    }
    guard (9...16).contains(maxExponent), maxExponent.rounded() == maxExponent else {
      errors("primetime-benchmark: --max-exponent must be a whole number from 9 to 16\n\(usage)")
      return 64
    }
    let modelThreads = options["model-threads"]
    let modelExponent = options["model-exponent"] ?? 16
    if let modelThreads {
      guard (1...1024).contains(modelThreads), modelThreads.rounded() == modelThreads else {
        errors(
          "primetime-benchmark: --model-threads must be a whole number from 1 to 1024\n\(usage)")
        return 64
      }
    }
    let exponents = ScalingModel.exponents
    guard
      (Double(exponents.lowerBound)...Double(exponents.upperBound)).contains(modelExponent),
      modelExponent.rounded() == modelExponent
    else {
      errors(
        "primetime-benchmark: --model-exponent must be a whole number from \(exponents.lowerBound)"
          + " to \(exponents.upperBound)\n\(usage)")
      return 64
    }
    let memoryExponent = options["memory-exponent"]
    if let memoryExponent {
      guard (15...17).contains(memoryExponent), memoryExponent.rounded() == memoryExponent else {
        errors(
          "primetime-benchmark: --memory-exponent must be a whole number from 15 to 17\n\(usage)")
        return 64
      }
    }
    if let primecountPath, !FileManager.default.isExecutableFile(atPath: primecountPath) {
      errors("primetime-benchmark: \(primecountSource): no program at \(primecountPath)\n\(usage)")
      return 64
    }
    let primecount = primecountPath ?? which("primecount")
    if suite == "primes", modelThreads == nil, let primecount,
      PrimesBenchmark.version(of: primecount) == nil
    {
      errors(
        "primetime-benchmark: \(primecountSource): \(primecount) is not primecount (its"
          + " --version does not say so)\n\(usage)")
      return 64
    }
    let results: [(String, Double)]
    do {
      switch suite {
      case "primes" where memoryExponent != nil:
        results = try PrimesBenchmark.memory(
          maxExponent: Int(memoryExponent ?? 15), primecount: primecount, log: output)
      case "primes" where modelThreads != nil:
        results = try ScalingModel.run(
          threads: Int(modelThreads ?? 16), exponent: Int(modelExponent), log: output)
      case "primes":
        results = try PrimesBenchmark.run(
          rounds: Int(rounds), maxExponent: Int(maxExponent), primecount: primecount, log: output)
      case "store":
        results = try await StoreBenchmark.run(
          rounds: Int(rounds), scale: options["scale"] ?? 1, log: output)
      case "storage":
        results = try await StorageBenchmark.run(
          rounds: Int(rounds), pairs: Int(options["pairs"] ?? 200),
          many: Int(options["many"] ?? 20_000), log: output)
      default:
        preconditionFailure("a suite that the options name and this switch does not: \(suite)")
      }
    } catch {
      errors("primetime-benchmark: \(error)")
      return 1
    }
    if let (key, _) = results.first(where: { !$0.1.isFinite }) {
      errors("primetime-benchmark: could not measure \(key)")
      return 1
    }
    output(json(results))
    return 0
  }

  static func json(_ results: [(String, Double)]) -> String {
    let fields = results.map { key, value in
      let number = value.isFinite ? String(format: "%.6g", value) : "null"
      return "\"\(key)\": \(number)"
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }
}

/// The median of a few measurements, which shrugs off the noise of a busy machine; NaN for
/// none, which the run reports as not measured.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Seconds taken by `body`.
func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = ContinuousClock.now
  try body()
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

/// Runs a program to completion; returns its wall time, exit status and standard output, or
/// `nil` when it cannot be started.
func runProcess(
  _ path: String, _ arguments: [String], input: Data? = nil, environment: [String: String]? = nil,
  discardingErrors: Bool = false
) -> (seconds: Double, status: Int32, output: String)? {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  var outPipe: [Int32] = [0, 0]
  var inPipe: [Int32] = [0, 0]
  // Close-on-exec: the child keeps only the copies made its standard input and output, and a
  // program that another thread starts later holds no end that this one waits on. (One started
  // between `pipe` and `fcntl` still could: Swift's Glibc has no `pipe2`.)
  guard pipe(&outPipe) == 0 else { return nil }
  guard pipe(&inPipe) == 0 else {
    for end in outPipe { close(end) }
    return nil
  }
  for end in outPipe + inPipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
  posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
  posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
  if discardingErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0)=\($1)" }
  let envp = variables.map { strdup($0) } + [nil]
  defer {
    for pointer in argv { free(pointer) }
    for pointer in envp { free(pointer) }
  }
  var pid: pid_t = 0
  let start = ContinuousClock.now
  guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else {
    for end in outPipe + inPipe { close(end) }
    return nil
  }
  close(outPipe[1])
  close(inPipe[0])
  let inputFD = inPipe[1]
  let writer = Thread {
    if let input {
      input.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
          let written = write(inputFD, base + offset, buffer.count - offset)
          if written <= 0 { break }
          offset += written
        }
      }
    }
    close(inputFD)
  }
  writer.start()
  var output = Data()
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = read(outPipe[0], &buffer, buffer.count)
    if count <= 0 { break }
    output.append(contentsOf: buffer[0..<count])
  }
  close(outPipe[0])
  var status: Int32 = 0
  waitpid(pid, &status, 0)
  let elapsed = ContinuousClock.now - start
  return (
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18,
    exitStatus(status), String(decoding: output, as: UTF8.self)
  )
}

/// A child's exit status from what `waitpid` gives, as a shell tells it: 128 plus the signal's
/// number for a child that a signal ended, never the 0 of a program that succeeded.
func exitStatus(_ waited: Int32) -> Int32 {
  let signal = waited & 0x7F
  return signal == 0 ? (waited >> 8) & 0xFF : 128 + signal
}

/// A figure the benchmark could not measure: the run fails rather than print a number it has
/// not got.
struct Unmeasured: Error, CustomStringConvertible {
  let description: String
}

/// The `primetime` executable built in the same configuration as this benchmark, beside it.
/// When it is not there yet (`swift run` builds only the benchmark), it is built first.
func primetimeExecutable() throws -> String {
  let executable = productsDirectory.appending(path: "primetime")
  if FileManager.default.isExecutableFile(atPath: executable.path) { return executable.path }
  // This file is <package>/Benchmarks/PrimeTimeBenchmarks/BenchmarkCommand.swift.
  let package = URL(filePath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  let configuration = productsDirectory.lastPathComponent == "debug" ? "debug" : "release"
  StandardError.line("building primetime (\(configuration))…")
  guard
    let swift = which("swift"),
    let build = runProcess(
      swift,
      [
        "build", "-c", configuration, "--product", "primetime", "--package-path", package.path,
        "--scratch-path", scratchDirectory(ofProducts: productsDirectory).path,
      ]),
    build.status == 0,
    FileManager.default.isExecutableFile(atPath: executable.path)
  else {
    throw Unmeasured(
      description: "could not build primetime; run 'swift build -c release --product primetime'")
  }
  return executable.path
}

/// The build directory SwiftPM put `products` in: `.build` for `.build/release`, which is a
/// link to `.build/<triple>/release`.
func scratchDirectory(ofProducts products: URL) -> URL {
  products.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
}

/// The directory of this executable, where SwiftPM also puts `primetime`.
var productsDirectory: URL {
  URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
}

/// A program on PATH, if there is one.
func which(_ name: String) -> String? {
  for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
    let path = "\(directory)/\(name)"
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  return nil
}
