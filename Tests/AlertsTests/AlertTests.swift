import Alerts
import ComposableArchitecture
import Testing

struct AlertsTests {
  @Test(
    arguments: [
      (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"),
      (11, "11th"), (12, "12th"), (13, "13th"), (14, "14th"),
      (21, "21st"), (22, "22nd"), (23, "23rd"), (24, "24th"),
      (101, "101st"), (102, "102nd"), (103, "103rd"),
      (111, "111th"), (112, "112th"), (113, "113th"),
      (1_000_000_001, "1000000001st"), (0, "0th"), (-1, "-1st"), (-12, "-12th"),
      (Int.max, "9223372036854775807th"), (Int.min, "-9223372036854775808th"),
    ])
  func ordinal_usesEnglishSuffixes(n: Int, expected: String) {
    #expect(ordinal(n) == expected)
  }

  @Test func ordinal_ofTwentyTwoAndOfAHundredAndThirteen() {
    #expect(ordinal(22) == "22nd")
    #expect(ordinal(113) == "113th")
  }

  @Test func nthAlert_readsAsASentence() {
    #expect(Alert.nthPrime(n: 7, prime: 17).message == "the 7th prime is 17")
    #expect(Alert.nthPrime(n: 1, prime: 2).message == "the 1st prime is 2")
    #expect(Alert.nthPrime(n: 112, prime: 613).message == "the 112th prime is 613")
  }

  @Test func failureAlert_showsItsMessage() {
    #expect(Alert.failure("No network").message == "No network")
  }
}

struct AlertLookupTests {
  @Test func lookupOutcome_becomesAnAlert() {
    #expect(Alert(n: 7, lookup: .success(17)) == .nthPrime(n: 7, prime: 17))
    #expect(
      Alert(n: 2, lookup: .failure(ErrorMessage("no")))
        == .failure(
          "could not find the 2nd prime: no"))
    #expect(Alert(n: 2, lookup: .failure(ErrorMessage("no"))).isFailure)
    #expect(!Alert.nthPrime(n: 1, prime: 2).isFailure)
    #expect(Alert.failure("no").message == "no")
  }

  @Test func invalidN_isBelowOne() {
    #expect(Alert(invalidN: 1) == nil)
    #expect(Alert(invalidN: 0) == .failure("there is no 0th prime: n must be at least 1"))
    #expect(Alert(invalidN: -3) == .failure("there is no -3rd prime: n must be at least 1"))
  }
}
