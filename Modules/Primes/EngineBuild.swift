internal import PrimesAVX512
internal import ProcessorFeatures

/// The build of the engine that answers on this processor. The engine (`Engine/`) is compiled
/// twice: in this module for any x86-64 with SSE4.2 and `popcnt`, and in `PrimesAVX512` for
/// processors with AVX-512, where the compiler counts bits over whole vectors and shifts with
/// BMI2. Both builds give the same answers; the second is chosen only where the processor runs
/// it. Not API: the benchmark compares the two.
@_spi(Benchmarks)
public enum EngineBuild: String, Sendable, CaseIterable {
  /// The build for any x86-64 with SSE4.2 and `popcnt`, and the only one on other
  /// architectures.
  case portable
  /// The build for Intel's processors with AVX-512 from Ice Lake on, and AMD's from Zen 4 on.
  case avx512

  /// The build that runs here: `avx512` where the processor and the operating system support
  /// every feature that build uses.
  public static let thisProcessor: EngineBuild =
    processor_runs_icelake_server_code() ? .avx512 : .portable

  /// The build that counts the primes up to `x`: below ``sieveLimit`` a π table answers in
  /// both builds alike, and the processor is not asked (its `cpuid` costs such a question a
  /// fiftieth of its start); above it, `processor`, the build that runs here.
  static func counting(upTo x: Int, processor: EngineBuild = .thisProcessor) -> EngineBuild {
    x < sieveLimit ? .portable : processor
  }

  /// The build that finds the `n`th prime: up to ``nthPrimeSieveLimit`` a π table answers,
  /// and the processor is not asked; above it, `processor`, the build that runs here.
  static func finding(nth n: Int, processor: EngineBuild = .thisProcessor) -> EngineBuild {
    n <= nthPrimeSieveLimit ? .portable : processor
  }

  /// Whether this processor runs the build.
  public var runsHere: Bool { self == .portable || Self.thisProcessor == .avx512 }

  /// π(x), for 0 ≤ x; with a `workLog`, the parallel work runs on this thread, timed.
  func countPrimes(
    _ x: Int, threads: Int?, progress: ProgressHandler?, workLog: WorkLog? = nil
  ) throws -> Int {
    switch self {
    case .portable:
      return try Primes.countPrimes(x, threads: threads, progress: progress, workLog: workLog)
    case .avx512:
      precondition(runsHere, "this processor does not run the AVX-512 build")
      return try timed(into: workLog) {
        try PrimesAVX512.countPrimes(x, threads: threads, progress: progress, workLog: $0)
      }
    }
  }

  /// The `n`th prime, for n in `1...maximumN`; with a `workLog`, the parallel work runs on this
  /// thread, timed.
  func findNthPrime(
    _ n: Int, threads: Int?, progress: ProgressHandler?, workLog: WorkLog? = nil
  ) throws -> Int {
    switch self {
    case .portable:
      return try Primes.findNthPrime(n, threads: threads, progress: progress, workLog: workLog)
    case .avx512:
      precondition(runsHere, "this processor does not run the AVX-512 build")
      return try timed(into: workLog) {
        try PrimesAVX512.findNthPrime(n, threads: threads, progress: progress, workLog: $0)
      }
    }
  }

  /// Runs `body` with the other build's log where `workLog` is given, and copies its phases.
  private func timed(
    into workLog: WorkLog?, _ body: (PrimesAVX512.WorkLog?) throws -> Int
  ) rethrows -> Int {
    let log = workLog.map { _ in PrimesAVX512.WorkLog() }
    defer {
      if let workLog, let log {
        for phase in log.phases { workLog.append(phase) }
      }
    }
    return try body(log)
  }
}
