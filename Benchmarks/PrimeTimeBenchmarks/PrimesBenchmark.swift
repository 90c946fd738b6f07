import Foundation
@_spi(Benchmarks) import Primes

/// `primetime` against primecount, both run as child processes, in turns, on the same work:
/// π(7), which measures the start of the process; the nth prime for n = 10^9 to 10^13 on one
/// thread, p(10^13) and π(10^15) on two; the peak memory of both for n = 1 and for the nth
/// prime 10^13; and π(10^16). `maxExponent` leaves out the larger ones. Each figure is the
/// median of its runs; each ratio also the ratio of the two programs' least runs.
enum PrimesBenchmark {
  /// One line of the table: the same question put to both programs.
  struct Work {
    let key: String
    let title: String
    let primetime: [String]
    let primecount: [String]
    /// Runs of each program per round: many for work that takes milliseconds.
    var repeats = 1
  }

  static func run(
    rounds: Int, maxExponent: Int, primecount: String? = which("primecount"),
    log: (String) -> Void = { print($0) }
  ) throws -> [(String, Double)] {
    let primetime = try primetimeExecutable()
    var work = [
      Work(
        key: "start.primeCount7", title: "prime-count 7 (the start)",
        primetime: ["prime-count", "7"], primecount: ["7"], repeats: 40)
    ]
    for exponent in [9, 11, 12, 13] where exponent <= maxExponent {
      work.append(nthPrime(exponent, threads: 1))
    }
    if maxExponent >= 13 { work.append(nthPrime(13, threads: 2)) }
    if maxExponent >= 15 { work.append(primeCount(15, threads: 2)) }

    var results: [(String, Double)] = []
    log(
      "primetime (the engine's \(EngineBuild.thisProcessor) build) against"
        + " \(primecount.map { version(of: $0) ?? $0 } ?? "primecount"), medians of \(rounds)"
        + " round\(rounds == 1 ? "" : "s"), in turns")
    log("work                          primetime s   primecount s   ratio   least ratio")
    for item in work {
      var ours: [Double] = []
      var theirs: [Double] = []
      for _ in 0..<rounds * item.repeats {
        let run = try measure(primetime, item.primetime)
        ours.append(run.seconds)
        if let primecount {
          let other = try measure(primecount, item.primecount)
          theirs.append(other.seconds)
          guard other.output == run.output else {
            throw Unmeasured(
              description: "\(item.title): primetime says \(run.output), primecount \(other.output)"
            )
          }
        }
      }
      let ourMedian = median(ours)
      results.append(("\(item.key).seconds", ourMedian))
      var line = item.title.padding(toLength: 28, withPad: " ", startingAt: 0)
      line += String(format: "  %11.4f", ourMedian)
      if !theirs.isEmpty {
        let theirMedian = median(theirs)
        results.append(("\(item.key).primecountSeconds", theirMedian))
        results.append(("\(item.key).ratio", ourMedian / theirMedian))
        // The least of each program's runs: the run that other work on the machine slowed
        // least, which moves less from one run of the suite to the next than the median does.
        let leastRatio = (ours.min() ?? 0) / (theirs.min() ?? 1)
        results.append(("\(item.key).leastRatio", leastRatio))
        line += String(
          format: "   %12.4f   %5.2f   %11.2f", theirMedian, ourMedian / theirMedian, leastRatio)
      }
      log(line)
    }

    // What the engine's AVX-512 build wins: both builds in this process, in turns, on one
    // thread.
    if EngineBuild.avx512.runsHere {
      let exponent = min(maxExponent, 15)
      var seconds: [EngineBuild: [Double]] = [:]
      for round in 0..<rounds {
        // Each build first in every other round, so that neither always pays for going first.
        let builds =
          round.isMultiple(of: 2) ? EngineBuild.allCases : EngineBuild.allCases.reversed()
        for build in builds {
          let profile = try _WorkProfile.primeCount(
            ScalingModel.powerOfTen(exponent), layoutThreads: 1, build: build)
          seconds[build, default: []].append(profile.seconds)
        }
      }
      let portable = median(seconds[.portable] ?? [])
      let avx512 = median(seconds[.avx512] ?? [])
      results.append(("engine.avx512.ratio", avx512 / portable))
      log(
        String(
          format: "π(10^%d), one thread, in this process: AVX-512 build %.4f s, portable %.4f s,"
            + " ratio %.2f", exponent, avx512, portable, avx512 / portable))
    } else {
      log("(this processor does not run the engine's AVX-512 build: the portable one answered)")
    }

    // Peak resident memory, the whole process; and above what the program takes to answer
    // n = 1, which is mostly its code and its libraries.
    if maxExponent >= 13, let time = which("time") {
      let n = "10000000000000"
      let ours = try peakBytes(time, primetime, ["nth-prime", n, "--threads", "1"])
      let oursIdle = try peakBytes(time, primetime, ["nth-prime", "1", "--threads", "1"])
      results.append(("memory.nthPrime.1.peakMB", megabytes(oursIdle)))
      results.append(("memory.nthPrime.1e13.peakMB", megabytes(ours)))
      results.append(("memory.nthPrime.1e13.workMB", megabytes(ours - oursIdle)))
      log(
        String(
          format: "peak memory, nth prime 10^13: primetime %.1f MB (%.1f MB above n = 1)",
          megabytes(ours), megabytes(ours - oursIdle)))
      if let primecount {
        let theirs = try peakBytes(time, primecount, [n, "--nth-prime", "-t", "1"])
        let theirsIdle = try peakBytes(time, primecount, ["1", "--nth-prime", "-t", "1"])
        results.append(("memory.nthPrime.1.primecountPeakMB", megabytes(theirsIdle)))
        results.append(("memory.nthPrime.1.ratio", Double(oursIdle) / Double(theirsIdle)))

        results.append(("memory.nthPrime.1e13.primecountPeakMB", megabytes(theirs)))
        results.append(("memory.nthPrime.1e13.primecountWorkMB", megabytes(theirs - theirsIdle)))
        results.append(("memory.nthPrime.1e13.ratio", Double(ours) / Double(theirs)))
        results.append(
          ("memory.nthPrime.1e13.workRatio", Double(ours - oursIdle) / Double(theirs - theirsIdle)))
        log(
          String(
            format: "                              primecount %.1f MB (%.1f MB above n = 1)",
            megabytes(theirs), megabytes(theirs - theirsIdle)))
        log(
          String(
            format: String(repeating: " ", count: 30)
              + "ratio %.2f (of what each takes above n = 1: %.2f)",
            Double(ours) / Double(theirs), Double(ours - oursIdle) / Double(theirs - theirsIdle)))
        log(
          String(
            format: "peak memory, n = 1: primetime %.1f MB, primecount %.1f MB, ratio %.2f",
            megabytes(oursIdle), megabytes(theirsIdle), Double(oursIdle) / Double(theirsIdle)))
      }
    }

    // π(10^16), once, on two threads.
    if maxExponent >= 16 {
      let run = try measure(primetime, ["prime-count", "10000000000000000", "--threads", "2"])
      guard run.output == "279238341033925" else {
        throw Unmeasured(description: "π(10^16): primetime says \(run.output)")
      }
      results.append(("primeCount.1e16.seconds", run.seconds))
      log("π(10^16) = \(run.output) in \(String(format: "%.1f", run.seconds)) s on two threads")
    }
    if primecount == nil {
      log("(no primecount: neither --primecount, PRIMECOUNT nor PATH names one; no ratios)")
    }
    if which("time") == nil { log("(GNU time is not on PATH: no peak memory)") }
    return results
  }

  /// Peak resident memory of both programs, one thread and two, for π(10^e) with e from 15
  /// to `maxExponent` and the 10^e-th prime with e from 15 to `maxExponent` − 1 (at most 16):
  /// each run once, the two programs one after the other, their answers compared.
  static func memory(
    maxExponent: Int, primecount: String? = which("primecount"),
    log: (String) -> Void = { print($0) }
  ) throws -> [(String, Double)] {
    guard let time = which("time"), let primecount else {
      throw Unmeasured(description: "peak memory needs GNU time on PATH and a primecount")
    }
    let primetime = try primetimeExecutable()
    var work: [Work] = []
    for exponent in 15...max(15, maxExponent) {
      for threads in [1, 2] { work.append(primeCount(exponent, threads: threads)) }
    }
    for exponent in 15...max(15, min(16, maxExponent - 1)) {
      for threads in [1, 2] { work.append(nthPrime(exponent, threads: threads)) }
    }
    log(
      "peak memory (GNU time) against \(version(of: primecount) ?? primecount), each run once,"
        + " one after"
        + " the other")
    log("work                          primetime MB   primecount MB   ratio")
    var results: [(String, Double)] = []
    for item in work {
      let ours = try peak(time, primetime, item.primetime)
      let theirs = try peak(time, primecount, item.primecount)
      guard ours.output == theirs.output else {
        throw Unmeasured(
          description: "\(item.title): primetime says \(ours.output), primecount \(theirs.output)")
      }
      let ratio = Double(ours.bytes) / Double(theirs.bytes)
      results += [
        ("memory.\(item.key).peakMB", megabytes(ours.bytes)),
        ("memory.\(item.key).primecountPeakMB", megabytes(theirs.bytes)),
        ("memory.\(item.key).ratio", ratio),
      ]
      log(
        item.title.padding(toLength: 28, withPad: " ", startingAt: 0)
          + String(
            format: "  %12.1f   %13.1f   %5.2f", megabytes(ours.bytes), megabytes(theirs.bytes),
            ratio))
    }
    return results
  }

  /// The nth prime for n = 10^`exponent`; asked several times a round up to 10^12, which take
  /// milliseconds, so that their medians, of every run, are of more runs than the rounds.
  static func nthPrime(_ exponent: Int, threads: Int) -> Work {
    let n = "1" + String(repeating: "0", count: exponent)
    let threadsName = threads == 1 ? "one thread" : "\(threads) threads"
    return Work(
      key: "nthPrime.1e\(exponent).\(threads)t", title: "nth prime 10^\(exponent), \(threadsName)",
      primetime: ["nth-prime", n, "--threads", "\(threads)"],
      primecount: [n, "--nth-prime", "-t", "\(threads)"],
      repeats: [9: 10, 11: 8, 12: 3][exponent] ?? 1)
  }

  static func primeCount(_ exponent: Int, threads: Int) -> Work {
    let x = "1" + String(repeating: "0", count: exponent)
    let threadsName = threads == 1 ? "one thread" : "\(threads) threads"
    return Work(
      key: "primeCount.1e\(exponent).\(threads)t", title: "π(10^\(exponent)), \(threadsName)",
      primetime: ["prime-count", x, "--threads", "\(threads)"],
      primecount: [x, "-t", "\(threads)"])
  }

  /// What a primecount says of itself, "primecount 8.7" say, and where it is: the figures
  /// depend on its version (8.x is up to twice as fast as 7.x). Nil for a program whose
  /// `--version` does not begin with "primecount ", which is not one, or that fails or cannot
  /// start.
  static func version(of primecount: String) -> String? {
    let run = runProcess(primecount, ["--version"], discardingErrors: true)
    guard let run, run.status == 0,
      let line = run.output.split(separator: "\n").first, line.hasPrefix("primecount ")
    else { return nil }
    return "\(line.prefix { $0 != "," }) (\(primecount))"
  }

  /// Runs a program to completion and checks that it answered.
  static func measure(_ path: String, _ arguments: [String]) throws -> (
    seconds: Double, output: String
  ) {
    guard let run = runProcess(path, arguments), run.status == 0 else {
      throw Unmeasured(description: "could not run \(path) \(arguments.joined(separator: " "))")
    }
    return (run.seconds, run.output.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// A program's peak resident memory, from GNU time. The benchmark's own `wait4` would not
  /// do: a child started with `posix_spawn` shares this process's memory until it execs, and
  /// its peak counts this process's.
  static func peakBytes(_ time: String, _ path: String, _ arguments: [String]) throws -> Int {
    try peak(time, path, arguments).bytes
  }

  /// A program's peak resident memory, from GNU time, and its answer.
  static func peak(_ time: String, _ path: String, _ arguments: [String]) throws -> (
    bytes: Int, output: String
  ) {
    let report = FileManager.default.temporaryDirectory
      .appending(path: "primetime-benchmark-\(getpid()).time")
    defer { try? FileManager.default.removeItem(at: report) }
    guard
      let run = runProcess(time, ["-f", "%M", "-o", report.path, path] + arguments),
      run.status == 0,
      let text = try? String(contentsOf: report, encoding: .utf8),
      let kilobytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      throw Unmeasured(description: "could not measure \(path) \(arguments.joined(separator: " "))")
    }
    return (kilobytes * 1024, run.output.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  static func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }
}
