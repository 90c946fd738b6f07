import Foundation
import Primes

/// nth prime for n = 10^9, 10^11, 10^12, 10^13 on one thread, side by side with primecount.
enum PrimesBenchmark {
  static func run(rounds: Int, maxExponent: Int) throws -> [(String, Double)] {
    let primecount = which("primecount")
    let primetime = try primetimeExecutable()
    var results: [(String, Double)] = []
    print("nth prime, one thread, median of \(rounds) rounds")
    print("n       primetime s   primecount s   ratio   peak MB (primetime nth-prime)")
    for exponent in [9, 11, 12, 13] where exponent <= maxExponent {
      let n = (0..<exponent).reduce(1) { result, _ in result * 10 }
      var ours: [Double] = []
      var theirs: [Double] = []
      var answer = 0
      for _ in 0..<rounds {
        ours.append(seconds { answer = (try? nthPrime(n, threads: 1)) ?? -1 })
        if let primecount, let run = runProcess(primecount, ["\(n)", "--nth-prime", "-t", "1"]) {
          theirs.append(run.seconds)
          if run.output.trimmingCharacters(in: .whitespacesAndNewlines) != String(answer) {
            print("  answers differ for n = \(n): \(answer) vs \(run.output)")
          }
        }
      }
      guard let peak = runProcess(primetime, ["nth-prime", "\(n)", "--threads", "1"])?.peakBytes
      else { throw Unmeasured(description: "could not run \(primetime)") }
      let key = "nthPrime.1e\(exponent)"
      let oursMedian = median(ours)
      let theirsMedian = median(theirs)
      let ratio = theirs.isEmpty ? Double.nan : oursMedian / theirsMedian
      results.append(("\(key).seconds", oursMedian))
      if !theirs.isEmpty {
        results.append(("\(key).primecountSeconds", theirsMedian))
        results.append(("\(key).ratioToPrimecount", ratio))
      }
      results.append(("\(key).peakMB", Double(peak) / 1_048_576))
      print(
        String(
          format: "1e%-5d %11.3f   %12.3f   %5.2f   %6.1f", exponent, oursMedian, theirsMedian,
          ratio, Double(peak) / 1_048_576))
    }
    // Both cores, as the REPL runs it.
    if maxExponent >= 13 {
      let both = median((0..<rounds).map { _ in seconds { _ = try? nthPrime(10_000_000_000_000) } })
      results.append(("nthPrime.1e13.twoThreads.seconds", both))
      print(String(format: "1e13 on both cores: %.3f s", both))
    }
    if primecount == nil { print("(primecount is not on PATH: no ratios)") }
    return results
  }
}
