import Foundation
@_spi(Benchmarks) import Primes

/// How the prime engine would scale on a machine with more cores than this one: each question
/// runs on one thread, cut into the pieces it would hand out to `threads` threads, with every
/// piece timed; then the pieces are scheduled greedily on `threads` workers, each piece in the
/// engine's order to the worker that is free first, with the time outside the parallel work
/// added as it is. Memory bandwidth, caches shared between cores and clock speeds that fall
/// as more cores work are left out, so the modelled speedup is an upper bound of the real one.
enum ScalingModel {
  /// One question of the model.
  struct Question {
    let key: String
    let title: String
    let expected: Int
    let profile: (_ layoutThreads: Int) throws -> _WorkProfile
  }

  /// What the model says of one profile.
  struct Figures: Equatable {
    /// The one-thread time outside the parallel work, over the whole one-thread time.
    var serialShare: Double
    /// The costliest single piece of parallel work, over the whole one-thread time.
    var largestPieceShare: Double
    /// The whole one-thread time over the modelled time on the model's threads.
    var modelledSpeedup: Double
    /// The modelled time on the model's threads, in seconds.
    var modelledSeconds: Double
  }

  /// The questions at exponent k: π(10^k), π(10^(k+1)) and the 10^(k−1)th prime; k = 16 gives
  /// π(10^16), π(10^17) and the 10^15th prime.
  static func questions(exponent k: Int) -> [Question] {
    [
      Question(
        key: "primeCount.1e\(k)", title: "π(10^\(k))", expected: publishedPi[k],
        profile: { try _WorkProfile.primeCount(powerOfTen(k), layoutThreads: $0) }),
      Question(
        key: "primeCount.1e\(k + 1)", title: "π(10^\(k + 1))", expected: publishedPi[k + 1],
        profile: { try _WorkProfile.primeCount(powerOfTen(k + 1), layoutThreads: $0) }),
      Question(
        key: "nthPrime.1e\(k - 1)", title: "10^\(k - 1)th prime", expected: publishedPrime[k - 1],
        profile: { try _WorkProfile.nthPrime(powerOfTen(k - 1), layoutThreads: $0) }),
    ]
  }

  /// The exponents `questions(exponent:)` takes: the engine answers the smallest through its
  /// sieve-free algorithm, and the published values reach the largest.
  static let exponents = 8...16

  /// Profiles each question at exponent k, checks its answer, and prints a row of figures.
  static func run(
    threads: Int, exponent k: Int, log: (String) -> Void = { print($0) }
  ) throws -> [(String, Double)] {
    log("model of \(threads) threads: each piece timed on one thread, scheduled greedily")
    log(
      "question        one thread s   pieces   serial.share   largestPiece.share   modelled.speedup"
    )
    var results: [(String, Double)] = []
    for question in questions(exponent: k) {
      let profile = try question.profile(threads)
      guard profile.answer == question.expected else {
        throw Unmeasured(
          description:
            "\(question.title): the engine says \(profile.answer), not \(question.expected)"
        )
      }
      let figures = figures(of: profile, threads: threads)
      let key = "model.\(question.key)"
      results += [
        ("\(key).seconds", profile.seconds),
        ("\(key).serial.share", figures.serialShare),
        ("\(key).largestPiece.share", figures.largestPieceShare),
        ("\(key).modelled.speedup", figures.modelledSpeedup),
      ]
      log(
        question.title.padding(toLength: 14, withPad: " ", startingAt: 0)
          + String(
            format: "  %12.3f   %6d   %12.4f   %18.4f   %16.2f", profile.seconds,
            profile.phases.reduce(0) { $0 + $1.count }, figures.serialShare,
            figures.largestPieceShare, figures.modelledSpeedup))
    }
    return results
  }

  /// The model's figures for one profile on `threads` threads.
  static func figures(of profile: _WorkProfile, threads: Int) -> Figures {
    let total = profile.seconds
    let largest = profile.phases.joined().max() ?? 0
    let modelled =
      profile.serialSeconds
      + profile.phases.reduce(0) { $0 + makespan(of: $1, workers: threads) }
    return Figures(
      serialShare: profile.serialSeconds / total, largestPieceShare: largest / total,
      modelledSpeedup: total / modelled, modelledSeconds: modelled)
  }

  /// When the last of `workers` workers finishes `pieces`, handed out in order, each to the
  /// worker that is free first (the lowest-numbered of those free at once).
  static func makespan(of pieces: [Double], workers: Int) -> Double {
    var free = [Double](repeating: 0, count: max(1, workers))
    for piece in pieces {
      var first = 0
      for worker in free.indices where free[worker] < free[first] { first = worker }
      free[first] += piece
    }
    return free.max() ?? 0
  }

  /// π(10^k) for k = 0…17 (OEIS A006880).
  static let publishedPi = [
    0, 4, 25, 168, 1229, 9592, 78498, 664_579, 5_761_455, 50_847_534, 455_052_511,
    4_118_054_813, 37_607_912_018, 346_065_536_839, 3_204_941_750_802, 29_844_570_422_669,
    279_238_341_033_925, 2_623_557_157_654_233,
  ]

  /// The 10^k-th prime for k = 0…16 (OEIS A006988).
  static let publishedPrime = [
    2, 29, 541, 7919, 104_729, 1_299_709, 15_485_863, 179_424_673, 2_038_074_743,
    22_801_763_489, 252_097_800_623, 2_760_727_302_517, 29_996_224_275_833,
    323_780_508_946_331, 3_475_385_758_524_527, 37_124_508_045_065_437,
    394_906_913_903_735_329,
  ]

  static func powerOfTen(_ k: Int) -> Int { (0..<k).reduce(1) { product, _ in product * 10 } }
}
