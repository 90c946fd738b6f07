import Foundation
import Testing

@testable import PrimeTimeBenchmarks

/// A smoke run at tiny sizes: keeps the benchmark compiling and its output well formed. It
/// checks no timings, and keeps the tables, whose targets tiny sizes miss, to itself. Only the store suite needs the main actor; the rest runs off it, so as not
/// to hold up other tests.
struct BenchmarkSmokeTests {
  @MainActor
  @Test func storeSuite_reportsEveryMetric() async throws {
    var table: [String] = []
    let results = try await StoreBenchmark.run(rounds: 1, scale: 0.0005) { table.append($0) }
    #expect(table.count == results.count + 1)
    let keys = Set(results.map(\.0))
    for key in [
      "dispatch.composed.nsPerAction", "dispatch.fused.nsPerAction", "dispatch.ratio",
      "dispatch.scoped.ratio", "scaling.incr.ratio", "scaling.favorite.ratio",
      "scaling.favoriteWithHistory.ratio",
      "history.undo.ratio", "history.jump.ratio", "history.bytesPerStep",
      "history.favoriteBytesPerStep", "ui.historyRedraw.ratio",
      "subscribers.nsPerNotify", "subscribers.oneObserver.ratio",
      "subscribers.oneStateObserver.ratio", "ui.redraw.ratio", "ui.redraw.callsPerUnseenAction",
      "ui.keysPerSecond",
      "repl.commandsPerSecond",
    ] {
      #expect(keys.contains(key), "missing \(key)")
    }
    // Counted, not timed: a view is never told of an action that changes nothing it shows.
    #expect(results.first { $0.0 == "ui.redraw.callsPerUnseenAction" }?.1 == 0)
    let json = BenchmarkCommand.json(results)
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(object?.count == results.count)
  }

  @MainActor
  @Test func storageSuite_reportsTheRatio() async throws {
    var lines: [String] = []
    let results = try await StorageBenchmark.run(rounds: 1, pairs: 2, many: 20) {
      lines.append($0)
    }
    #expect(lines.count == 1 && lines[0].hasPrefix("save + remove, 10 favorites"))
    #expect(results.map(\.0).contains("storage.pair.ratio"))
  }

  @MainActor
  @Test(arguments: [
    ["primes", "--rounds", "-2"], ["primes", "--rounds", "0"], ["store", "--rounds", "1.5"],
    ["primes", "--max-exponent", "8"], ["primes", "--max-exponent", "12.5"],
    ["primes", "--max-exponent", "17"],
  ])
  func badOptions_areRefused_beforeAnythingRuns(arguments: [String]) async {
    var output: [String] = []
    var errors: [String] = []
    let status = await BenchmarkCommand.run(
      arguments, output: { output.append($0) }, errors: { errors.append($0) })
    #expect(status == 64)
    #expect(output.isEmpty)
    #expect(errors.count == 1 && errors[0].hasPrefix("primetime-benchmark: --"))
    #expect(errors[0].hasSuffix(BenchmarkCommand.usage))
  }

  @Test func primesSuite_answersSmallN() throws {
    var lines: [String] = []
    let results = try PrimesBenchmark.run(rounds: 1, maxExponent: 9) { lines.append($0) }
    #expect(lines.first?.hasPrefix("primetime against primecount") == true)
    #expect(results.contains { $0.0 == "nthPrime.1e9.1t.seconds" && $0.1 > 0 })
  }

  @Test func median_ofOddAndEvenCounts() {
    #expect(median([3, 1, 2]) == 2)
    #expect(median([4, 1, 3, 2]) == 2.5)
    #expect(median([]).isNaN)
  }
}
