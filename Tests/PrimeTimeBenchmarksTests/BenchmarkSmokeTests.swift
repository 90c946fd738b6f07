import AppCore
import ComposableArchitecture
import Foundation
import NthPrimeLookup
@_spi(Benchmarks) import Primes
import Screens
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
      "dispatch.derived.nsPerAction", "dispatch.composition.ratio", "dispatch.scoped.ratio",
      "scaling.incr.ratio", "scaling.favorite.ratio",
      "scaling.favoriteWithHistory.ratio", "scaling.takeIn.ratio",
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

  /// A state incr starts from, and what two incrs leave there.
  struct IncrCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let state: AppState
    let after: AppState
  }

  static let incrCases: [IncrCase] = {
    let warned = ScreensState(
      page: .favorites, destination: .launchWarning("the favorites are read-only"))
    let history = ScreensState(page: .history(.init(openedAt: 0, returnPage: .counter)))
    let top = "the count cannot go above \(Int.max); it stays at \(Int.max)"
    return [
      IncrCase(testDescription: "counts", state: AppState(count: 6), after: AppState(count: 8)),
      IncrCase(
        testDescription: "refused off the counter's page",
        state: AppState(count: 6, screens: ScreensState(page: .favorites)),
        after: AppState(
          count: 6,
          screens: ScreensState(page: .favorites, notice: .refused(needs: .counter)))),
      IncrCase(
        testDescription: "refused under the launch's warning, which stands",
        state: AppState(count: 6, screens: warned),
        after: AppState(
          count: 6,
          screens: ScreensState(
            page: .favorites, destination: .launchWarning("the favorites are read-only"),
            notice: .refused(needs: .counter)))),
      IncrCase(
        testDescription: "counts on the history page",
        state: AppState(count: 6, screens: history), after: AppState(count: 8, screens: history)),
      IncrCase(
        testDescription: "left to a running lookup",
        state: AppState(count: 6, counterLookup: NthPrimeLookupState(n: 6)),
        after: AppState(count: 6, counterLookup: NthPrimeLookupState(n: 6))),
      IncrCase(
        testDescription: "closes the prime modal",
        state: AppState(count: 7, counterDestination: .primeModal(alert: nil)),
        after: AppState(count: 9)),
      IncrCase(
        testDescription: "never overflows",
        state: AppState(count: .max),
        after: AppState(count: .max, counterDestination: .alert(.failure(top)))),
    ]
  }()

  /// The hand-written reducers that the composed app is measured against do what it does for
  /// incr, in every state where incr does something else.
  @MainActor
  @Test(arguments: incrCases)
  func theHandWrittenReducers_doWhatTheAppDoes_forIncr(incr: IncrCase) {
    let environment = StoreBenchmark.environment
    let composed = Store(initialState: incr.state, reducer: AppReducer(), environment: environment)
    let fused = Store(
      initialState: incr.state, reducer: StoreBenchmark.FusedReducer(), environment: environment)
    let derived = Store(
      initialState: incr.state, reducer: StoreBenchmark.DerivedReducer(),
      environment: environment)
    for _ in 0..<2 {
      composed.send(.counter(.incrTapped))
      fused.send(.counter(.incrTapped))
      derived.send(.counter(.incrTapped))
    }
    #expect(composed.state == incr.after)
    #expect(fused.state == incr.after)
    #expect(derived.state == incr.after)
  }

  @MainActor
  @Test func storageSuite_reportsTheRatio() async throws {
    var lines: [String] = []
    let results = try await StorageBenchmark.run(rounds: 1, pairs: 2, many: 20) {
      lines.append($0)
    }
    #expect(lines.count == 2 && lines[0].hasPrefix("save + remove, 10 favorites"))
    #expect(lines.last?.hasPrefix("another session's save, shown by a watching session") == true)
    #expect(
      Set(results.map(\.0)).isSuperset(of: [
        "storage.pair.ratio", "storage.takeIn.ratio", "storage.watched.latency.milliseconds",
      ]))
  }

  @MainActor
  @Test(arguments: [
    ["primes", "--rounds", "-2"], ["primes", "--rounds", "0"], ["store", "--rounds", "1.5"],
    ["primes", "--max-exponent", "8"], ["primes", "--max-exponent", "12.5"],
    ["primes", "--max-exponent", "17"], ["primes", "--model-threads", "0"],
    ["primes", "--model-threads", "2.5"],
    ["primes", "--model-threads", "16", "--model-exponent", "7"],
    ["primes", "--model-threads", "16", "--model-exponent", "1e300"],
    ["primes", "--memory-exponent", "14"], ["primes", "--memory-exponent", "18"],
    ["primes", "--primecount", "/nonexistent/primecount"],
    // An option of another suite, or none's: a misspelling is not run with the default.
    ["primes", "--model-threads", "16", "--model-exponent", "9", "--scale", "2"],
    ["primes", "--model-threads", "16", "--model-exponent", "9", "--round", "2"],
    ["primes", "--model-threads", "16", "--model-exponent", "9", "---rounds", "2"],
    ["store", "--primecount", "/bin/sh", "--scale", "0.0001"],
    ["primes", "--rounds"], ["primes", "--rounds", "many"], ["primes", "--primecount"],
    // A program that is not primecount: refused before the table's header, its errors not let
    // through.
    ["primes", "--primecount", "/bin/sh"],
    ["primes", "--memory-exponent", "15", "--primecount", "/bin/sh"],
  ])
  func badOptions_areRefused_beforeAnythingRuns(arguments: [String]) async {
    let (status, output, errors) = await command(arguments)
    #expect(status == 64)
    #expect(output.isEmpty)
    #expect(errors.count == 1 && errors[0].hasPrefix("primetime-benchmark: --"))
    #expect(errors[0].hasSuffix(BenchmarkCommand.usage))
  }

  @MainActor
  @Test(arguments: [["--help"], ["-h"], ["primes", "--help"], ["store", "--rounds", "2", "-h"]])
  func help_printsTheUsage_andRunsNothing(arguments: [String]) async {
    let (status, output, errors) = await command(arguments)
    #expect(status == 0)
    #expect(output == [BenchmarkCommand.usage])
    #expect(errors.isEmpty)
  }

  @MainActor
  @Test func anUnknownSuite_isNamed_inTheRefusal() async {
    let (status, output, errors) = await command(["prims"])
    #expect(status == 64)
    #expect(output.isEmpty)
    #expect(errors == ["primetime-benchmark: no suite named prims\n\(BenchmarkCommand.usage)"])
  }

  /// The benchmark's exit status for `arguments`, and the lines it wrote to each stream.
  @MainActor
  private func command(
    _ arguments: [String]
  ) async -> (status: Int32, output: [String], errors: [String]) {
    var output: [String] = []
    var errors: [String] = []
    let status = await BenchmarkCommand.run(
      arguments, output: { output.append($0) }, errors: { errors.append($0) })
    return (status, output, errors)
  }

  @Test func aChildEndedByASignal_failsAsAShellSaysIt_andOneThatExitsKeepsItsStatus() {
    #expect(runProcess("/bin/sh", ["-c", "kill -KILL $$"])?.status == 137)
    #expect(runProcess("/bin/sh", ["-c", "exit 3"])?.status == 3)
    #expect(runProcess("/bin/sh", ["-c", "echo answered"])?.output == "answered\n")
  }

  @Test func aChildsErrors_areDiscarded_whenAsked() {
    let standardError = ["-c", "readlink /proc/self/fd/2"]
    #expect(
      runProcess("/bin/sh", standardError, discardingErrors: true)?.output == "/dev/null\n")
    #expect(runProcess("/bin/sh", standardError)?.output != "/dev/null\n")
  }

  @Test func aProgramThatCannotStart_leavesNoDescriptorOpen() throws {
    // The pipes this process holds open: other tests run meanwhile, and hold a few.
    func openPipes() throws -> Int {
      try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count { name in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"))?
          .hasPrefix("pipe:") == true
      }
    }
    let before = try openPipes()
    for _ in 0..<200 { #expect(runProcess("/nonexistent/program", []) == nil) }
    // Four pipe ends a try were left open, 800 in all.
    #expect(try openPipes() - before < 200)
  }

  @Test func primesSuite_answersSmallN() throws {
    var lines: [String] = []
    let results = try PrimesBenchmark.run(rounds: 1, maxExponent: 9) { lines.append($0) }
    let build = EngineBuild.thisProcessor
    #expect(lines.first?.hasPrefix("primetime (the engine's \(build) build) against") == true)
    #expect(results.contains { $0.0 == "nthPrime.1e9.1t.seconds" && $0.1 > 0 })
    // Where both builds run, the suite says what the AVX-512 one wins.
    let ratio = results.first { $0.0 == "engine.avx512.ratio" }?.1
    #expect((ratio.map { $0 > 0 } ?? false) == EngineBuild.avx512.runsHere)
    #expect(
      lines.contains { $0.hasPrefix("π(10^9), one thread, in this process: AVX-512 build") }
        == EngineBuild.avx512.runsHere)
  }

  @Test func primesSuite_comparesWithThePrimecountItIsGiven_andNamesItsVersion() throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "primetime-benchmark-fake-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // A primecount that knows the two answers the suite asks for at this size, and writes
    // down each question it is asked.
    let fake = directory.appending(path: "primecount")
    let asked = directory.appending(path: "asked")
    // Written by a shell of its own, as PrimeTime.writeScript in the end-to-end tests writes
    // theirs, and for the same reason: "Text file busy".
    let script = """
      #!/bin/sh
      echo "$1" >> "\(asked.path)"
      case "$1" in
        --version) echo "primecount 9.9, <https://example.org>" ;;
        7) echo 4 ;;
        1000000000) echo 22801763489 ;;
        *) exit 1 ;;
      esac
      """
    let written = runProcess(
      "/bin/sh", ["-c", #"printf '%s\n' "$1" > "$0" && chmod 755 "$0""#, fake.path, script])
    try #require(written?.status == 0)

    var lines: [String] = []
    let results = try PrimesBenchmark.run(rounds: 1, maxExponent: 9, primecount: fake.path) {
      lines.append($0)
    }
    #expect(
      lines.first?.hasSuffix(
        " build) against primecount 9.9 (\(fake.path)), medians of 1 round, in turns")
        == true)
    #expect(results.contains { $0.0 == "nthPrime.1e9.1t.ratio" && $0.1 > 0 })
    #expect(results.contains { $0.0 == "nthPrime.1e9.1t.leastRatio" && $0.1 > 0 })
    #expect(lines.contains { $0.hasSuffix("ratio   least ratio") })
    // The questions that take milliseconds are asked several times a round.
    let questions = try String(contentsOf: asked, encoding: .utf8).split(separator: "\n")
    #expect(questions.filter { $0 == "7" }.count == 40)
    #expect(questions.filter { $0 == "1000000000" }.count == 10)
  }

  @Test func primesModel_printsARowPerQuestion_withFiguresInRange() throws {
    var lines: [String] = []
    let results = try ScalingModel.run(threads: 16, exponent: 9) { lines.append($0) }
    #expect(lines.count == 5)
    #expect(lines[2].hasPrefix("π(10^9)"))
    #expect(lines[3].hasPrefix("π(10^10)"))
    #expect(lines[4].hasPrefix("10^8th prime"))
    let figures = Dictionary(uniqueKeysWithValues: results)
    for question in ["primeCount.1e9", "primeCount.1e10", "nthPrime.1e8"] {
      let key = "model.\(question)"
      let serial = try #require(figures["\(key).serial.share"])
      let largest = try #require(figures["\(key).largestPiece.share"])
      let speedup = try #require(figures["\(key).modelled.speedup"])
      #expect((0...1).contains(serial), "\(key)")
      #expect(largest > 0 && largest <= 1, "\(key)")
      // No schedule beats the time outside the parallel work, nor the longest piece.
      #expect(speedup >= 1 && speedup <= 16, "\(key)")
      #expect(speedup <= 1 / max(serial, largest) * (1 + 1e-9), "\(key)")
    }
  }

  @Test func greedySchedule_givesEachPieceToTheFirstFreeWorker() {
    // Two workers: 3 to the first; 1, 1, 1 to the second, which is free first each time.
    #expect(ScalingModel.makespan(of: [3, 1, 1, 1], workers: 2) == 3)
    // The long piece last: 1 and 1, then 1 to the first (a tie), then 3 to the second at 1.
    #expect(ScalingModel.makespan(of: [1, 1, 1, 3], workers: 2) == 4)
    #expect(ScalingModel.makespan(of: [2, 2, 2], workers: 16) == 2)
    #expect(ScalingModel.makespan(of: [], workers: 4) == 0)
    #expect(ScalingModel.makespan(of: [1, 2, 3, 4], workers: 1) == 10)
  }

  @Test func modelFigures_addTheSerialTimeToEachPhasesSchedule() {
    // 2 s serial, then a phase of 3, 1, 1, 1 (3 s on two workers), then one of 0.5, 0.5 (0.5 s).
    let profile = _WorkProfile(answer: 0, seconds: 9, phases: [[3, 1, 1, 1], [0.5, 0.5]])
    #expect(profile.serialSeconds == 2)
    let figures = ScalingModel.figures(of: profile, threads: 2)
    #expect(figures.serialShare == 2.0 / 9)
    #expect(figures.largestPieceShare == 3.0 / 9)
    #expect(figures.modelledSeconds == 5.5)
    #expect(figures.modelledSpeedup == 9 / 5.5)
  }

  @Test func median_ofOddAndEvenCounts() {
    #expect(median([3, 1, 2]) == 2)
    #expect(median([4, 1, 3, 2]) == 2.5)
    #expect(median([]).isNaN)
  }
}

/// Where the benchmark builds `primetime` when it is not built yet.
struct ScratchDirectoryTests {
  @Test func scratchDirectory_ofTheReleaseLink_isTheBuildDirectory() throws {
    let root = FileManager.default.temporaryDirectory
      .appending(path: "scratch-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let build = root.appending(path: ".build")
    try FileManager.default.createDirectory(
      at: build.appending(path: "x86_64-unknown-linux-gnu/release"),
      withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: build.appending(path: "release").path,
      withDestinationPath: "x86_64-unknown-linux-gnu/release")

    let products = build.appending(path: "release")
    #expect(scratchDirectory(ofProducts: products).path == build.resolvingSymlinksInPath().path)
    let triple = build.appending(path: "x86_64-unknown-linux-gnu/release")
    #expect(scratchDirectory(ofProducts: triple).path == build.resolvingSymlinksInPath().path)
  }
}
