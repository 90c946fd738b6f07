import Foundation
import Testing

@_spi(Benchmarks) @testable import Primes

/// The engine's two builds: the one for any x86-64 and the one for AVX-512.
@Suite struct EngineBuildTests {
  @Test func aQuestionThatASieveAnswers_goesToThePortableBuild_andALargerOneToTheProcessors() {
    // On a processor that runs the AVX-512 build, and on one that does not.
    for processor in EngineBuild.allCases {
      #expect(EngineBuild.counting(upTo: 0, processor: processor) == .portable)
      #expect(EngineBuild.counting(upTo: sieveLimit - 1, processor: processor) == .portable)
      #expect(EngineBuild.counting(upTo: sieveLimit, processor: processor) == processor)
      #expect(EngineBuild.counting(upTo: maximumX, processor: processor) == processor)
      #expect(EngineBuild.finding(nth: 1, processor: processor) == .portable)
      #expect(EngineBuild.finding(nth: nthPrimeSieveLimit, processor: processor) == .portable)
      #expect(EngineBuild.finding(nth: nthPrimeSieveLimit + 1, processor: processor) == processor)
      #expect(EngineBuild.finding(nth: maximumN, processor: processor) == processor)
    }
    #expect(EngineBuild.counting(upTo: sieveLimit) == .thisProcessor)
    #expect(EngineBuild.finding(nth: maximumN) == .thisProcessor)
  }

  @Test func withoutAThreadCount_theEngineTakesOnePerCore() {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    #expect(usableThreads(nil) == min(cores, maximumThreads))
    #expect(usableThreads(3) == 3)
  }

  @Test func withoutAThreadCount_theAnswersAreThoseOfOneThread_onBothSidesOfTheSieve() throws {
    for x in [sieveLimit - 1, sieveLimit, 10_000_000_019] {
      #expect(try primeCount(x) == primeCount(x, threads: 1), "π(\(x))")
    }
    for n in [nthPrimeSieveLimit, nthPrimeSieveLimit + 1, 1_000_000_007] {
      #expect(try nthPrime(n) == nthPrime(n, threads: 1), "p(\(n))")
    }
  }

  @Test(.enabled(if: EngineBuild.avx512.runsHere, "this processor has no AVX-512"))
  func bothBuilds_countThePublishedValues_onOneThreadAndTwo() throws {
    for (k, pi, p) in published where (7...12).contains(k) {
      let x = Int(pow(10, Double(k)))
      for threads in [1, 2] {
        for build in EngineBuild.allCases {
          #expect(try build.countPrimes(x, threads: threads, progress: nil) == pi)
          if k <= 11 {
            #expect(try build.findNthPrime(x, threads: threads, progress: nil) == p)
          }
        }
      }
    }
  }

  @Test(.enabled(if: EngineBuild.avx512.runsHere, "this processor has no AVX-512"))
  func bothBuilds_agree_betweenThePowersOfTen() throws {
    // Numbers whose roots and tables fall on no round boundary.
    for x in [10_000_019, 123_456_789_012, 999_999_999_989, 2_147_483_647 * 3] {
      let counts = try EngineBuild.allCases.map {
        try $0.countPrimes(x, threads: 2, progress: nil)
      }
      #expect(counts[0] == counts[1], "π(\(x))")
    }
  }

  @Test(.enabled(if: EngineBuild.avx512.runsHere, "this processor has no AVX-512"))
  func theAVX512Build_timesItsPieces_intoTheCallersProfile() throws {
    let portable = try _WorkProfile.primeCount(
      10_000_000_000, layoutThreads: 4, build: .portable)
    let avx512 = try _WorkProfile.primeCount(10_000_000_000, layoutThreads: 4, build: .avx512)
    #expect(avx512.answer == portable.answer)
    #expect(!avx512.phases.isEmpty)
    #expect(avx512.phases.map(\.count) == portable.phases.map(\.count))
  }

  #if os(Linux) && arch(x86_64)
    /// The kernel lists a feature in /proc/cpuinfo only where the processor has it and the
    /// kernel saves its registers: an account of the processor that is not `cpuid`'s own.
    @Test func theAVX512Build_runsHere_exactlyWhereTheKernelListsEveryFeatureItUses() throws {
      let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
      let line = try #require(cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") })
      let flags = Set(line.split(separator: " ").map(String.init))
      let needed = [
        "pni", "pclmulqdq", "ssse3", "fma", "cx16", "sse4_1", "sse4_2", "movbe", "popcnt",
        "aes", "xsave", "avx", "f16c", "rdrand", "bmi1", "avx2", "bmi2", "adx", "abm",
        "3dnowprefetch", "avx512f", "avx512dq", "avx512ifma", "avx512cd", "avx512bw",
        "avx512vl", "avx512vbmi", "avx512_vbmi2", "gfni", "vaes", "vpclmulqdq", "avx512_vnni",
        "avx512_bitalg", "avx512_vpopcntdq",
      ]
      let missing = needed.filter { !flags.contains($0) }
      #expect(EngineBuild.thisProcessor == (missing.isEmpty ? .avx512 : .portable), "\(missing)")
      #expect(EngineBuild.portable.runsHere)
    }
  #endif
}
