import Foundation

/// Plain sieves of Eratosthenes for the small ranges the prime-counting algorithm needs.
enum Sieve {
  /// Every prime up to `limit`, ascending.
  static func primes(upTo limit: Int) -> [Int32] {
    guard limit >= 2 else { return [] }
    // One byte per odd number 3, 5, 7, …: index i is 2i + 3.
    let count = (limit - 1) / 2
    var isComposite = [Bool](repeating: false, count: max(count, 0))
    var primes: [Int32] = [2]
    primes.reserveCapacity(Int(Double(limit) / max(1, log(Double(limit)) - 1.1)) + 16)
    isComposite.withUnsafeMutableBufferPointer { composite in
      var i = 0
      while i < count {
        if !composite[i] {
          let p = 2 * i + 3
          primes.append(Int32(p))
          var j = (p * p - 3) / 2
          while j < count {
            composite[j] = true
            j += p
          }
        }
        i += 1
      }
    }
    return primes
  }

  /// The primes in `[low, high]`, ascending, sieved with `primes` (which must reach √high).
  static func primes(in low: Int, _ high: Int, sievingPrimes primes: [Int32]) -> [Int] {
    guard high >= low, high >= 2 else { return [] }
    let low = max(low, 2)
    var isComposite = [Bool](repeating: false, count: high - low + 1)
    isComposite.withUnsafeMutableBufferPointer { composite in
      for p32 in primes {
        let p = Int(p32)
        if p * p > high { break }
        var m = max(p * p, (low + p - 1) / p * p)
        while m <= high {
          composite[m - low] = true
          m += p
        }
      }
    }
    var result: [Int] = []
    for (offset, composite) in isComposite.enumerated() where !composite {
      result.append(low + offset)
    }
    return result
  }
}
