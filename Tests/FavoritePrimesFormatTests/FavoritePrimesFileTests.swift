import FavoritePrimesFormat
import Foundation
import Testing

struct FavoritePrimesFileTests {
  @Test func roundTrip() throws {
    #expect(
      try FavoritePrimesFile.decode(FavoritePrimesFile.encode([2, 3, 5]))
        == ImportedPrimes(primes: [2, 3, 5]))
    #expect(try FavoritePrimesFile.decode(FavoritePrimesFile.encode([])) == ImportedPrimes())
  }

  @Test func encode_writesTheVersion() throws {
    let text = String(decoding: try FavoritePrimesFile.encode([7]), as: UTF8.self)
    #expect(text == #"{"favoritePrimes":[7],"version":1}"# + "\n")
  }

  @Test func decode_aBareArray_theOriginalAppsFile() throws {
    #expect(
      try FavoritePrimesFile.decode(Data("[2, 3, 7]".utf8)) == ImportedPrimes(primes: [2, 3, 7]))
  }

  @Test func decode_leavesOutAndReportsNonPrimesAndRepeats() throws {
    let imported = try FavoritePrimesFile.decode(
      Data(#"{"version":1,"favoritePrimes":[2,9,-3,3,2]}"#.utf8))
    #expect(imported == ImportedPrimes(primes: [2, 3], notPrime: [9, -3], repeated: [2]))
    #expect(
      imported.summary(added: 2)
        == "added 2 favorite primes; skipped 9, -3 (not prime), 2 (listed twice)")
  }

  @Test func decode_aBareArray_withANonPrimeAndARepeat() throws {
    #expect(
      try FavoritePrimesFile.decode(Data("[2, 3, 4, 3]".utf8))
        == ImportedPrimes(primes: [2, 3], notPrime: [4], repeated: [3]))
  }

  @Test func sorting_keepsEachPrimeOnce_andNamesWhatItSkipped() {
    let imported = ImportedPrimes(sorting: [2, 3, 4, 3])
    #expect(imported == ImportedPrimes(primes: [2, 3], notPrime: [4], repeated: [3]))
    #expect(imported.skipped == "4 (not prime), 3 (listed twice)")
    #expect(ImportedPrimes(sorting: [2, 3]).skipped == nil)
  }

  @Test(
    arguments: [
      ([2, 3, 5], 3, "added 3 favorite primes"),
      ([2], 1, "added 1 favorite prime"),
      ([], 0, "added 0 favorite primes"),
      ([2, 3, 5, 7], 1, "added 1 favorite prime; 3 were favorites already"),
      ([2, 3], 1, "added 1 favorite prime; 1 was a favorite already"),
      ([2, 3], 0, "added 0 favorite primes; 2 were favorites already"),
      ([2], 0, "added 0 favorite primes; 1 was a favorite already"),
      ([2, 3, 5], 2, "added 2 favorite primes; 1 was a favorite already"),
    ])
  func summary_readsAsPlainEnglish_forEveryCount(primes: [Int], added: Int, summary: String) {
    #expect(ImportedPrimes(primes: primes).summary(added: added) == summary)
  }

  @Test func summary_countsThePrimesAlreadyFavorites_andNamesWhatItSkipped() {
    #expect(
      ImportedPrimes(primes: [2, 3], notPrime: [4]).summary(added: 1)
        == "added 1 favorite prime; 1 was a favorite already; skipped 4 (not prime)")
  }

  @Test(
    arguments: [
      ("not json", FavoritePrimesFileError.unreadable),
      (#"{"version":1,"favoritePrimes":"2,3"}"#, .unreadable),
      (#"{"favoritePrimes":[2]}"#, .unreadable),
      ("[2, \"3\"]", .unreadable),
      (#"{"version":2,"favoritePrimes":[2]}"#, .unsupportedVersion(2)),
    ])
  func decode_refusesInvalidFiles(text: String, error: FavoritePrimesFileError) {
    #expect(throws: error) { try FavoritePrimesFile.decode(Data(text.utf8)) }
  }
}
