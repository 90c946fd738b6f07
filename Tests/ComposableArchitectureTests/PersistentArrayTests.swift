import ComposableArchitecture
import Foundation
import Testing

struct PersistentArrayTests {
  @Test func isIdentical_holdsForAVersionKeptAside_notForAnEqualOneChangedSince() {
    var array: PersistentArray = [2, 3]
    let kept = array
    #expect(array.isIdentical(to: kept))
    array.append(5)
    array.remove(at: 2)
    #expect(array == kept && !array.isIdentical(to: kept))
    #expect(!PersistentArray([2, 3]).isIdentical(to: kept))
  }

  @Test func changes_readLikeAnArray() {
    var array: PersistentArray = [2, 3]
    array.append(7)
    array.insert(1, at: 0)
    #expect(array == [1, 2, 3, 7])
    #expect(array.remove(at: 1) == 2)
    array.append(contentsOf: [11, 13])
    array.removeAll { $0 > 10 }
    #expect(Array(array) == [1, 3, 7])
    #expect(array.count == 3)
    #expect(array[2] == 7)
    #expect(array.description == "[1, 3, 7]")
  }

  @Test func keptVersion_isUntouchedByLaterChanges() {
    var array: PersistentArray = [2, 3, 5]
    let kept = array
    array.append(7)
    array.remove(at: 0)
    #expect(kept == [2, 3, 5])
    #expect(array == [3, 5, 7])
    #expect(kept.contains(2))
    #expect(!array.contains(2))
    #expect(!kept.contains(7))
  }

  @Test func elementsInARange_areThoseOfTheirVersion() {
    var array: PersistentArray = [2, 3, 5, 7, 11]
    let kept = array
    array.remove(at: 1)
    array.append(13)
    #expect(array.elements(in: 1..<4) == [5, 7, 11])
    #expect(kept.elements(in: 1..<4) == [3, 5, 7])
    #expect(array.elements(in: 5..<5) == [])
    #expect(array.elements(in: 0..<array.count) == Array(array))
  }

  @Test func changingAnOlderVersion_branchesAndLeavesTheNewerOneAlone() {
    var older: PersistentArray = [2, 3]
    var newer = older
    newer.append(5)
    older.append(7)
    newer.remove(at: 0)
    #expect(older == [2, 3, 7])
    #expect(newer == [3, 5])
    #expect(older.contains(7) && !newer.contains(7))
    #expect(newer.contains(5) && !older.contains(5))
  }

  @Test func lastIndex_findsTheLastOccurrence_orNothing() {
    var array: PersistentArray = [2, 3, 2]
    #expect(array.lastIndex(of: 2) == 2)
    #expect(array.lastIndex(of: 3) == 1)
    #expect(array.lastIndex(of: 5) == nil)
    array.remove(at: 2)
    #expect(array.lastIndex(of: 2) == 0)
  }

  @Test func contains_countsEveryOccurrence() {
    var array: PersistentArray = [7, 7]
    array.remove(at: 0)
    #expect(array.contains(7))
    array.remove(at: 0)
    #expect(!array.contains(7))
  }

  @Test func equality_isByElements_acrossVersionsAndArrays() {
    var array: PersistentArray = [2, 3]
    let before = array
    array.append(5)
    array.removeAll { $0 == 5 }
    #expect(array == before)
    #expect(array == PersistentArray([2, 3]))
    #expect(array != [3, 2])
    #expect(array.hashValue == PersistentArray([2, 3]).hashValue)
  }

  @Test func codable_isAPlainArray() throws {
    let array: PersistentArray = [2, 3, 7]
    let data = try JSONEncoder().encode(array)
    #expect(String(decoding: data, as: UTF8.self) == "[2,3,7]")
    #expect(try JSONDecoder().decode(PersistentArray<Int>.self, from: data) == array)
  }

  @Test func randomChanges_keepEveryVersionAsAnArrayWould() {
    var random = Seeded(seed: 20_261_123)
    var array: PersistentArray<Int> = []
    var model: [Int] = []
    var versions: [(PersistentArray<Int>, [Int])] = []
    for step in 0..<2000 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        let value = Int.random(in: 0..<50, using: &random)
        array.append(value)
        model.append(value)
      case 4..<6 where !model.isEmpty:
        let index = Int.random(in: 0..<model.count, using: &random)
        #expect(array.remove(at: index) == model.remove(at: index))
      case 6 where !model.isEmpty:
        let value = Int.random(in: 0..<50, using: &random)
        let index = Int.random(in: 0...model.count, using: &random)
        array.insert(value, at: index)
        model.insert(value, at: index)
      case 7 where !versions.isEmpty:
        // Go back to an older version and go on from there.
        (array, model) = versions[Int.random(in: 0..<versions.count, using: &random)]
      default:
        break
      }
      if step.isMultiple(of: 7) { versions.append((array, model)) }
      let probe = Int.random(in: 0..<50, using: &random)
      #expect(array.contains(probe) == model.contains(probe))
    }
    for (version, expected) in versions.shuffled(using: &random) {
      #expect(Array(version) == expected)
    }
  }

  @Test func versionsReadFromManyThreadsAtOnce_eachKeepsItsElements() async {
    var array: PersistentArray<Int> = []
    var versions: [PersistentArray<Int>] = []
    for value in 0..<200 {
      array.append(value)
      versions.append(array)
    }
    let snapshot = versions
    let allRight = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          (0..<200).shuffled().allSatisfy { index in
            let version = snapshot[index]
            return version.count == index + 1 && version.last == index
              && version.contains(index) && !version.contains(index + 1)
          }
        }
      }
      return await group.allSatisfy { $0 }
    }
    #expect(allRight)
  }

  @Test func changesFrom_anOlderVersion_sayWhatWentAndWhatCame() {
    var array: PersistentArray = [2, 3, 5]
    let older = array
    array.remove(at: 1)
    array.append(7)
    #expect(array.changes(from: older) == PersistentArrayChanges(removed: [3], inserted: [7]))
    // From the newer to the older, the other way round.
    #expect(older.changes(from: array) == PersistentArrayChanges(removed: [7], inserted: [3]))
    #expect(array.changes(from: array) == PersistentArrayChanges(removed: [], inserted: []))
  }

  @Test func changesFrom_aMovedElement_isNeitherRemovedNorInserted() {
    var array: PersistentArray = [2, 3, 5]
    let older = array
    array.remove(at: 0)
    array.append(2)
    #expect(array.changes(from: older) == PersistentArrayChanges(removed: [], inserted: []))
  }

  @Test func changesFrom_removalsInAnyOrder_areInTheOlderOrder() {
    var array: PersistentArray = [2, 3, 5, 7, 11]
    let older = array
    for index in [3, 1, 0] { array.remove(at: index) }
    #expect(array == [5, 11])
    #expect(
      array.changes(from: older) == PersistentArrayChanges(removed: [2, 3, 7], inserted: []))
  }

  @Test func changesFrom_aRepeatedElement_isCounted_onEitherWay() {
    var array: PersistentArray = [7, 3]
    let older = array
    array.append(7)
    let unrelated = PersistentArray([7, 3, 7])
    let once = PersistentArrayChanges(removed: [], inserted: [7])
    #expect(array.changes(from: older) == once)
    #expect(unrelated.changes(from: older) == once)
    #expect(older.changes(from: array) == PersistentArrayChanges(removed: [7], inserted: []))
  }

  @Test func changesFrom_anUnrelatedArray_compareTheElements() {
    let older: PersistentArray = [2, 3, 5]
    let newer = PersistentArray([3, 7, 5])
    #expect(newer.changes(from: older) == PersistentArrayChanges(removed: [2], inserted: [7]))
  }

  @Test func changesFrom_randomEdits_agreeWithComparingTheElements() {
    var random = Seeded(seed: 0x5EED_CAFE)
    var next = 1000
    for round in 0..<300 {
      let start = (0..<Int.random(in: 0...12, using: &random)).map { $0 * 2 }
      var array = PersistentArray(start)
      // Versions kept on the way, so that the edits go through the tree of versions.
      var kept: [PersistentArray<Int>] = [array]
      // Up to past the number of edits read back, where the elements are compared instead.
      // Every third round puts elements in again, so that some repeat.
      let repeats = round.isMultiple(of: 3)
      for _ in 0..<Int.random(in: 0...80, using: &random) {
        if array.isEmpty || Bool.random(using: &random) {
          next += 1
          let element = repeats && next.isMultiple(of: 2) ? next % 7 : next
          array.insert(element, at: Int.random(in: 0...array.count, using: &random))
        } else {
          array.remove(at: Int.random(in: 0..<array.count, using: &random))
        }
        if Int.random(in: 0..<4, using: &random) == 0 { kept.append(array) }
      }
      let older = kept[Int.random(in: 0..<kept.count, using: &random)]
      let oldElements = Array(older)
      let newElements = Array(array)
      let changes = array.changes(from: older)
      if repeats {
        // Counted: as many of each element as one holds more often than the other.
        #expect(changes.removed.sorted() == surplus(of: oldElements, over: newElements).sorted())
        #expect(changes.inserted.sorted() == surplus(of: newElements, over: oldElements).sorted())
      } else {
        let both = Set(oldElements).intersection(newElements)
        let expected = PersistentArrayChanges(
          removed: oldElements.filter { !both.contains($0) },
          inserted: newElements.filter { !both.contains($0) })
        #expect(changes == expected, "round \(round)")
      }
      // Reading the changes leaves both versions as they were.
      #expect(Array(older) == oldElements && Array(array) == newElements)
    }
  }
}

/// The elements of `elements` that `other` does not match, counted: what
/// `PersistentArray.changes(from:)` names, in any order.
private func surplus(of elements: [Int], over other: [Int]) -> [Int] {
  var excess: [Int: Int] = [:]
  for element in elements { excess[element, default: 0] += 1 }
  for element in other { excess[element, default: 0] -= 1 }
  return excess.flatMap { element, count in Array(repeating: element, count: max(count, 0)) }
}

/// A seeded generator (SplitMix64), so that the random test is the same every run.
private struct Seeded: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension TaskGroup<Bool> {
  fileprivate mutating func allSatisfy(_ predicate: (Bool) -> Bool) async -> Bool {
    var result = true
    while let value = await next() { result = result && predicate(value) }
    return result
  }
}
