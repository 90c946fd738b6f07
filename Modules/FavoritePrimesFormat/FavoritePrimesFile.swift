import Foundation
import Primes

/// The portable favorites file that `save-favorites` writes and `load-favorites` reads.
///
/// ```json
/// {"version":1,"favoritePrimes":[2,3,5,7]}
/// ```
///
/// `version` is 1; a file with a later version, or one that is not JSON of this shape, is
/// refused whole. A bare JSON array of integers (`[2, 3, 7]`, the original PrimeTime app's
/// file) is read too. Numbers that are not prime, and primes listed again, are left out and
/// reported.
public enum FavoritePrimesFile {
  /// The default file's name in the data directory.
  public static let name = "favorite-primes.json"
  /// The format version this code writes, and the latest it reads.
  public static let version = 1

  private struct Document: Codable {
    var version: Int
    var favoritePrimes: [Int]
  }

  /// Encodes the favorites as the file's contents, in the order given and unchecked: one line
  /// of JSON, ended by a newline as a text file is.
  ///
  /// ```swift
  /// let text = String(decoding: try FavoritePrimesFile.encode([7]), as: UTF8.self)
  /// #expect(text == #"{"favoritePrimes":[7],"version":1}"# + "\n")
  /// ```
  public static func encode(_ primes: [Int]) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(Document(version: version, favoritePrimes: primes)) + Data("\n".utf8)
  }

  /// Decodes a file's contents: the primes it lists, in order, and what was left out.
  ///
  /// ```swift
  /// try FavoritePrimesFile.decode(Data("[2, 3, 4, 3]".utf8))
  /// // ImportedPrimes(primes: [2, 3], notPrime: [4], repeated: [3])
  /// ```
  ///
  /// - Throws: ``FavoritePrimesFileError`` naming what is wrong.
  public static func decode(_ data: Data) throws(FavoritePrimesFileError) -> ImportedPrimes {
    let numbers: [Int]
    if let bare = try? JSONDecoder().decode([Int].self, from: data) {
      numbers = bare
    } else {
      struct Versioned: Decodable { var version: Int }
      guard let fileVersion = try? JSONDecoder().decode(Versioned.self, from: data).version else {
        throw FavoritePrimesFileError.unreadable
      }
      guard fileVersion <= version else {
        throw FavoritePrimesFileError.unsupportedVersion(fileVersion)
      }
      guard let document = try? JSONDecoder().decode(Document.self, from: data) else {
        throw FavoritePrimesFileError.unreadable
      }
      numbers = document.favoritePrimes
    }
    return ImportedPrimes(sorting: numbers)
  }
}

/// What an imported file holds: its primes, and the numbers left out.
public struct ImportedPrimes: Codable, Equatable, Sendable {
  /// The distinct primes, in the file's order.
  public var primes: [Int]
  /// Numbers in the file that are not prime.
  public var notPrime: [Int]
  /// Primes listed again after their first time.
  public var repeated: [Int]

  /// Creates an import as given, without checking the numbers; see ``init(sorting:)``.
  ///
  /// ```swift
  /// ImportedPrimes(primes: [2, 3], notPrime: [9, -3], repeated: [2])
  /// ```
  public init(primes: [Int] = [], notPrime: [Int] = [], repeated: [Int] = []) {
    self.primes = primes
    self.notPrime = notPrime
    self.repeated = repeated
  }

  /// Sorts a file's numbers: the distinct primes in order, and the numbers left out.
  ///
  /// ```swift
  /// ImportedPrimes(sorting: [2, 3, 4, 3])
  /// // ImportedPrimes(primes: [2, 3], notPrime: [4], repeated: [3])
  /// ```
  public init(sorting numbers: [Int]) {
    self.init()
    var seen = Set<Int>()
    for number in numbers {
      if !isPrime(number) {
        notPrime.append(number)
      } else if !seen.insert(number).inserted {
        repeated.append(number)
      } else {
        primes.append(number)
      }
    }
  }

  /// What was left out, e.g. `4 (not prime), 3 (listed twice)`; `nil` when nothing was.
  public var skipped: String? {
    let list = { (numbers: [Int]) in numbers.map(String.init).joined(separator: ", ") }
    let parts =
      (notPrime.isEmpty ? [] : ["\(list(notPrime)) (not prime)"])
      + (repeated.isEmpty ? [] : ["\(list(repeated)) (listed twice)"])
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// The message that reports the import, given how many primes became favorites.
  ///
  /// ```swift
  /// ImportedPrimes(primes: [2, 3], notPrime: [4]).summary(added: 1)
  /// // "added 1 favorite prime; 1 was a favorite already; skipped 4 (not prime)"
  /// ```
  public func summary(added: Int) -> String {
    let already = primes.count - added
    var text = "added \(added) favorite \(added == 1 ? "prime" : "primes")"
    if already > 0 {
      text += "; \(already) \(already == 1 ? "was a favorite" : "were favorites") already"
    }
    if let skipped { text += "; skipped \(skipped)" }
    return text
  }
}

/// Why a favorites file was refused; the description follows the file's name:
/// `favs.json is not a favorite-primes file`.
public enum FavoritePrimesFileError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The file is not JSON of the expected shape.
  case unreadable
  /// The file was written by a later version of PrimeTime.
  case unsupportedVersion(Int)

  public var description: String {
    switch self {
    case .unreadable:
      return "is not a favorite-primes file"
    case .unsupportedVersion(let version):
      return
        "has format version \(version); this PrimeTime reads version "
        + "\(FavoritePrimesFile.version) and earlier"
    }
  }
}
