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
    #expect(text == #"{"version":1,"favoritePrimes":[7]}"# + "\n")
  }

  @Test func decode_aBareArray_theOriginalAppsFile() throws {
    #expect(
      try FavoritePrimesFile.decode(Data("[2, 3, 7]".utf8)) == ImportedPrimes(primes: [2, 3, 7]))
  }

  @Test func decode_leavesOutAndReportsNonPrimesAndRepeats() throws {
    let imported = try FavoritePrimesFile.decode(
      Data(#"{"version":1,"favoritePrimes":[2,9,-3,3,2]}"#.utf8))
    #expect(imported == ImportedPrimes(primes: [2, 3], notPrime: [9, -3], repeated: [2]))
    #expect(imported.skipped == "9, -3 (not prime), 2 (listed twice)")
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
      // Where `no` stops reading as `null`.
      ("not json", FavoritePrimesFileError.notJSON(at: JSONPosition(line: 1, column: 2))),
      ("[2,\n3,\n  x]", .notJSON(at: JSONPosition(line: 3, column: 3))),
      ("[2, 3", .notJSON(at: JSONPosition(line: 1, column: nil))),
      ("{\"version\":1,\n\"favoritePrimes\":[2,", .notJSON(at: JSONPosition(line: 2, column: nil))),
      ("", .empty), (" \n", .empty),
      (#""13""#, .notAList(holding: "a string")),
      ("17", .notAList(holding: "a number")),
      ("null", .notAList(holding: "null")),
      (
        #"{"version":1,"favoritePrimes":"2,3"}"#,
        .notAList(holding: "an object whose favoritePrimes is no list")
      ),
      (#"{"favoritePrimes":[2]}"#, .notAList(holding: "an object without a whole-number version")),
      (#"{"version":2,"favoritePrimes":[2]}"#, .unsupportedVersion(2)),
      ("[2, 1e400]", .unreadableNumber("1e400")),
    ])
  func decode_refusesAFileThatIsNoList_sayingWhereOrWhatItIs(
    text: String, error: FavoritePrimesFileError
  ) {
    #expect(throws: error) { try FavoritePrimesFile.decode(Data(text.utf8)) }
  }

  @Test func aNumberADoubleWouldRound_isNamedByItsDigits() throws {
    let imported = try FavoritePrimesFile.decode(
      Data(
        ("[18446744073709551557, -9223372036854775809, 1e30, 1.5e300, 0.1, "
          + "123456789012345678901234567890123456789012345]").utf8))
    #expect(
      imported.unusable.map(\.shown) == [
        "18446744073709551557", "-9223372036854775809", "1e+30", "1.5e+300", "0.1",
        "1.2345678901234567e+44",
      ])
  }

  @Test func everyElement_isReadByOneRule_keptIfAPrimeNotListedBefore_elseSkippedAndNamed() throws {
    let imported = try FavoritePrimesFile.decode(
      Data(#"[-3, 1e30, 17, 2.5, "13", null, true, [1], {"a":1}, 17, 9223372036854775807]"#.utf8))
    #expect(imported.primes == [17])
    #expect(imported.notPrime == [-3, 9_223_372_036_854_775_807])
    #expect(imported.repeated == [17])
    #expect(
      imported.unusable.map(\.shown) == ["1e+30", "2.5", #""13""#, "null", "true", "[…]", "{…}"])
    #expect(
      imported.skipped
        == "-3, 9223372036854775807 (not prime), 17 (listed twice), 1e+30 (out of range), "
        + #"2.5 (not a whole number), "13", null, true, […], {…} (not a number)"#)
  }

  @Test(
    arguments: [
      ("", "is empty"),
      ("[2, 3", "is cut short: its JSON ends unfinished at line 1"),
      ("[2,\nx]", "is not JSON: it goes wrong at line 2, column 1"),
      (
        #""13""#,
        #"holds a string, not a list of primes ([2, 3, 7], or {"version":1,"favoritePrimes":[2, 3, 7]})"#
      ),
    ])
  func aRefusal_saysWhatAndWhere(text: String, message: String) {
    #expect(throws: FavoritePrimesFileError.self) { try FavoritePrimesFile.decode(Data(text.utf8)) }
    do {
      _ = try FavoritePrimesFile.decode(Data(text.utf8))
    } catch {
      #expect(error.description == message)
    }
  }

}
