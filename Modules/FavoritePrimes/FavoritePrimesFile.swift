import Foundation
import Primes

/// The file that holds the favorite primes: `favorite-primes.json` in the data directory.
///
/// ```json
/// {"version":1,"favoritePrimes":[2,3,5,7]}
/// ```
///
/// `version` is 1. A file with a later version, values of the wrong type, numbers that are not
/// prime or a prime listed twice is refused whole: nothing is taken from it.
public enum FavoritePrimesFile {
  /// The file's name in the data directory.
  public static let name = "favorite-primes.json"
  /// The format version this code writes, and the latest it reads.
  public static let version = 1

  private struct Document: Codable {
    var version: Int
    var favoritePrimes: [Int]
  }

  /// Encodes the favorites as the file's contents.
  ///
  /// ```swift
  /// let data = try FavoritePrimesFile.encode([2, 3])
  /// ```
  ///
  /// - Parameter primes: The favorites.
  /// - Returns: The file's contents.
  public static func encode(_ primes: [Int]) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(Document(version: version, favoritePrimes: primes))
  }

  /// Decodes the favorites from the file's contents, refusing anything but a valid list.
  ///
  /// ```swift
  /// try FavoritePrimesFile.decode(data)  // [2, 3]
  /// ```
  ///
  /// - Parameter data: The file's contents.
  /// - Returns: The favorites.
  /// - Throws: ``FavoritePrimesFileError`` naming what is wrong.
  public static func decode(_ data: Data) throws -> [Int] {
    struct Versioned: Decodable { var version: Int }
    let fileVersion: Int
    do {
      fileVersion = try JSONDecoder().decode(Versioned.self, from: data).version
    } catch {
      throw FavoritePrimesFileError.unreadable
    }
    guard fileVersion <= version else {
      throw FavoritePrimesFileError.unsupportedVersion(fileVersion)
    }
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: data)
    } catch {
      throw FavoritePrimesFileError.unreadable
    }
    var seen = Set<Int>()
    for prime in document.favoritePrimes {
      guard isPrime(prime) else { throw FavoritePrimesFileError.notPrime(prime) }
      guard seen.insert(prime).inserted else { throw FavoritePrimesFileError.duplicate(prime) }
    }
    return document.favoritePrimes
  }
}

/// Why a favorites file was refused.
public enum FavoritePrimesFileError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The file is not JSON of the expected shape.
  case unreadable
  /// The file was written by a later version of PrimeTime.
  case unsupportedVersion(Int)
  /// The file lists a number that is not prime.
  case notPrime(Int)
  /// The file lists a prime twice.
  case duplicate(Int)

  public var description: String {
    switch self {
    case .unreadable:
      return "the file is not a favorite-primes file"
    case .unsupportedVersion(let version):
      return
        "the file has format version \(version); this PrimeTime reads version "
        + "\(FavoritePrimesFile.version) and earlier"
    case .notPrime(let n):
      return "the file lists \(n), which is not prime"
    case .duplicate(let n):
      return "the file lists \(n) twice"
    }
  }
}
