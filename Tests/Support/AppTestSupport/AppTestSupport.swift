import AppCore
import Foundation
import Primes

/// A small, seeded random number generator (SplitMix64), so that a failing run can be repeated
/// from its seed.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// What is wrong with an app state, or `nil`: the favorites must be distinct primes, and the
/// activity feed, replayed from nothing, must give exactly the favorites.
public func violation(_ state: AppState) -> String? {
  if let composite = state.favoritePrimes.first(where: { !isPrime($0) }) {
    return "favorite \(composite) is not prime"
  }
  if Set(state.favoritePrimes).count != state.favoritePrimes.count {
    return "favorites repeat: \(state.favoritePrimes)"
  }
  var replayed = Set<Int>()
  for entry in state.activityFeed {
    switch entry.kind {
    case .added:
      guard replayed.insert(entry.prime).inserted else { return "feed adds \(entry.prime) twice" }
    case .removed:
      guard replayed.remove(entry.prime) != nil else {
        return "feed removes \(entry.prime), which was not a favorite"
      }
    }
  }
  return replayed == Set(state.favoritePrimes)
    ? nil : "feed gives \(replayed.sorted()), favorites are \(state.favoritePrimes.sorted())"
}
