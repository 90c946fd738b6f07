import Alerts
import AppCore
import FavoritePrimes
import FavoritePrimesFormat
import Foundation
import Screens
import Testing

/// The words both front ends say the notices and the steps in.
struct WordsTests {
  @Test func aFeaturesNotice_saysWhatTheStepDid() {
    #expect(Words.feature(.saved(7)) == "saved 7 to your favorite primes")
    #expect(Words.feature(.removed(7)) == "removed 7 from your favorite primes")
    #expect(Words.feature(.deleted([3, 7])) == "deleted 3, 7")
    #expect(
      Words.feature(.exported(count: 1, file: "a.json")) == "saved 1 favorite prime to a.json")
    #expect(
      Words.feature(.exported(count: 2, file: nil)) == "saved 2 favorite primes to standard output")
    #expect(Words.feature(.cancelled) == "cancelled")
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
  func anImport_readsAsPlainEnglish_forEveryCount(primes: [Int], added: Int, words: String) {
    #expect(Words.feature(Notice(imported: ImportedPrimes(primes: primes), added: added)) == words)
  }

  @Test func anImport_namesWhatItSkipped_byWhy_inTheFilesOrder() throws {
    let imported = try FavoritePrimesFile.decode(
      Data(#"[-3, 1e30, 17, 2.5, "13", null, true, [1], {"a":1}, 17, 9223372036854775807]"#.utf8))
    #expect(
      Words.feature(Notice(imported: imported, added: 1))
        == "added 1 favorite prime; skipped -3, 9223372036854775807 (not prime), 17 (listed twice), "
        + #"1e+30 (out of range), 2.5 (not a whole number), "13", null, true, […], {…} (not a number)"#
    )
  }

  @Test func aTravel_saysHowFarItWent_andWhatItLeft() {
    func travel(
      back: Bool = true, steps: Int = 1, of requested: Int = 1, favorites: [Int] = []
    ) -> String {
      Words.notice(
        .travelled(
          Travel(
            isBack: back, steps: steps, requested: requested, count: 4, favorites: favorites)))
    }
    #expect(travel() == "undone; count: 4; no favorites")
    #expect(travel(back: false, favorites: [2, 3]) == "redone; count: 4; favorites: 2, 3")
    #expect(travel(steps: 3, of: 3) == "undone 3 steps; count: 4; no favorites")
    #expect(travel(steps: 1, of: 5) == "undone 1 step, all there were; count: 4; no favorites")
    let ten = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    #expect(
      travel(favorites: ten) == "undone; count: 4; favorites: 2, 3, 5, 7, 11, 13, 17, 19, 23, 29")
    let many = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31]
    #expect(travel(favorites: many) == "undone; count: 4; 11 favorites: …, 17, 19, 23, 29, 31")
    #expect(Words.notice(.nothingToUndo) == "nothing to undo")
    #expect(Words.notice(.nothingToRedo) == "nothing to redo")
  }

  @Test func aTravelThatOthersHadPartlyDone_saysTheStepAndWhatTheyDid() {
    let travel = Travel(
      isBack: true, steps: 1, requested: 1, step: .favorites(saved: .one(17), removed: .none),
      alreadyDone: [.init(prime: 17, saved: false)], count: 17, favorites: [])
    #expect(
      Words.travel(travel)
        == "undone: saved 17 (17 had already been removed in another session); count: 17; "
        + "no favorites")
  }

  @Test func aStep_saysWhatItChanged() {
    #expect(Words.step(.count(from: 4, to: 5)) == "count 4 → 5")
    #expect(Words.step(.favorites(saved: .none, removed: .none)) == "no change")
    #expect(Words.step(.favorites(saved: .one(3), removed: .none)) == "saved 3")
    #expect(Words.step(.favorites(saved: .none, removed: .one(3))) == "removed 3")
    #expect(Words.step(.favorites(saved: .none, removed: .many(2))) == "deleted 2 primes")
    #expect(Words.step(.favorites(saved: .many(3), removed: .none)) == "loaded 3 primes")
    #expect(Words.step(.favorites(saved: .one(11), removed: .one(3))) == "saved 11, removed 3")
    #expect(
      Words.step(.favorites(saved: .many(2), removed: .many(4)))
        == "saved 2 primes, removed 4 primes")
  }

  @Test func whereStoringStands_isSaidAsStorageSaysIt_orWhyTheFavoritesAreReadOnly() {
    let reason = "the data directory /d is not writable (Permission denied)"
    #expect(
      Words.storage(.readOnly(reason))
        == "favorites are read-only: the data directory /d is not writable (Permission denied)")
    #expect(Words.notice(.refusedReadOnly(reason)) == Words.storage(.readOnly(reason)))
    #expect(Words.storage(.failed("disk full")) == "disk full")
    #expect(Words.storage(.waiting("held")) == "held")
  }

  @Test func aRefusal_saysTheScreenAndHowToGetThere() {
    #expect(
      Words.notice(.refused(needs: .favorites))
        == "works on the favorites screen; type 'favorites' to go there")
  }
}
