import Foundation
import NumberSyntax
import Primes

/// The portable favorites file that `save-favorites` writes and `load-favorites` reads.
///
/// ```json
/// {"version":1,"favoritePrimes":[2,3,5,7]}
/// ```
///
/// `version` is 1. A bare JSON array (`[2, 3, 7]`, the original PrimeTime app's file) is read
/// too. A file that is not JSON, not one of these two shapes, or of a later version is refused
/// whole, with where and why. Every element of the list is read by the same rule: a prime not
/// listed before is kept; any other element (a number that is not prime, a prime listed again,
/// a fraction, a number beyond 64 bits, or anything that is not a number) is left out and named
/// with why.
public enum FavoritePrimesFile {
  /// The default file's name in the data directory.
  public static let name = "favorite-primes.json"
  /// The format version this code writes, and the latest it reads.
  public static let version = 1

  /// Encodes the favorites as the file's contents, in the order given and unchecked: one line
  /// of JSON, ended by a newline as a text file is.
  ///
  /// ```swift
  /// let text = String(decoding: try FavoritePrimesFile.encode([7]), as: UTF8.self)
  /// #expect(text == #"{"version":1,"favoritePrimes":[7]}"# + "\n")
  /// ```
  public static func encode(_ primes: [Int]) throws -> Data {
    // Written by hand, so that `version` comes first, as a reader looks for it.
    let list = primes.map(String.init).joined(separator: ",")
    return Data((#"{"version":\#(version),"favoritePrimes":[\#(list)]}"# + "\n").utf8)
  }

  /// Decodes a file's contents: the primes it lists, in order, and what was left out.
  ///
  /// ```swift
  /// try FavoritePrimesFile.decode(Data("[2, 3, 4, 3]".utf8))
  /// // ImportedPrimes(primes: [2, 3], notPrime: [4], repeated: [3])
  /// ```
  ///
  /// - Throws: ``FavoritePrimesFileError`` naming what is wrong, and where.
  public static func decode(_ data: Data) throws(FavoritePrimesFileError) -> ImportedPrimes {
    guard data.contains(where: { !" \t\r\n".utf8.contains($0) }) else {
      throw FavoritePrimesFileError.empty
    }
    // Checked as JSON first, for where it goes wrong; then read by shape.
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      let said = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
      // A number no JSON reader holds, such as 1e400, stops the parser for the whole file.
      if let number = said.firstMatch(of: /Number (\S+) is not representable/)?.1 {
        throw FavoritePrimesFileError.unreadableNumber(String(number))
      }
      throw FavoritePrimesFileError.notJSON(at: JSONPosition(of: said, in: data))
    }
    let shape: Shape
    do {
      shape = try JSONDecoder().decode(Shape.self, from: data)
    } catch {
      throw FavoritePrimesFileError.notAList(holding: "something else")
    }
    switch shape {
    case .bare(let elements):
      return ImportedPrimes(sorting: elements)
    case .versioned(let fileVersion, let elements):
      guard fileVersion <= version else {
        throw FavoritePrimesFileError.unsupportedVersion(fileVersion)
      }
      guard let elements else {
        throw FavoritePrimesFileError.notAList(holding: "an object whose favoritePrimes is no list")
      }
      return ImportedPrimes(sorting: elements)
    case .other(let what):
      throw FavoritePrimesFileError.notAList(holding: what)
    }
  }

  /// What a file's JSON is: one of the two shapes of the file, or what it is instead.
  private enum Shape: Decodable {
    case bare([Element])
    case versioned(version: Int, [Element]?)
    case other(String)

    private enum Keys: String, CodingKey {
      case version, favoritePrimes
    }

    init(from decoder: any Decoder) throws {
      if let elements = try? decoder.singleValueContainer().decode([Element].self) {
        self = .bare(elements)
      } else if let object = try? decoder.container(keyedBy: Keys.self) {
        guard let version = try? object.decode(Int.self, forKey: .version) else {
          self = .other("an object without a whole-number version")
          return
        }
        self = .versioned(
          version: version, try? object.decode([Element].self, forKey: .favoritePrimes))
      } else {
        self = .other(try Element(from: decoder).what)
      }
    }
  }
}

/// One element of a file's list, as read: a whole number that fits in 64 bits, or what it is
/// instead, shown as Swift reads it (`1e+30` for `1e30`), control characters escaped.
enum Element: Decodable, Equatable {
  case whole(Int)
  case unusable(ImportedPrimes.Unusable)

  init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer()
    if value.decodeNil() {
      self = .unusable(.init(shown: "null", reason: .notANumber))
    } else if let number = try? value.decode(Int.self) {
      self = .whole(number)
    } else if let flag = try? value.decode(Bool.self) {
      self = .unusable(.init(shown: String(flag), reason: .notANumber))
    } else if let number = try? value.decode(Double.self) {
      let isWhole = number.isFinite && number.rounded(.towardZero) == number
      // Shown as a double's shortest form (`1e+30`) where that is the number's exact value,
      // and by its digits where a double would round it (`18446744073709551557`) and a decimal
      // holds them all (up to 38 digits, with no exponent left over).
      let exact = (try? value.decode(Decimal.self)).flatMap { $0.exponent <= 0 ? $0 : nil }
      let shown =
        if let exact, Decimal(string: "\(number)") != exact { "\(exact)" } else { "\(number)" }
      self = .unusable(.init(shown: shown, reason: isWhole ? .outOfRange : .notAWholeNumber))
    } else if let text = try? value.decode(String.self) {
      // Control characters escaped: a file may hold a terminal's escape sequences.
      self = .unusable(.init(shown: "\"\(printable(text, limit: 20))\"", reason: .notANumber))
    } else if (try? decoder.unkeyedContainer()) != nil {
      self = .unusable(.init(shown: "[…]", reason: .notANumber))
    } else {
      self = .unusable(.init(shown: "{…}", reason: .notANumber))
    }
  }

  /// What it is, in words, for a file that is this alone.
  var what: String {
    switch self {
    case .whole: "a number"
    case .unusable(let unusable):
      switch unusable.shown.first {
      case "\"": "a string"
      case "[": "a list of lists"
      case "{": "an object"
      default: unusable.reason == .notANumber ? unusable.shown : "a number"
      }
    }
  }
}

/// Where a JSON parser stopped: a line and a column, counted from 1, or the end of the text.
public struct JSONPosition: Equatable, Sendable {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1; `nil` when the text ended before its JSON did.
  public var column: Int?

  public init(line: Int, column: Int?) {
    self.line = line
    self.column = column
  }

  /// Where the parser's message says it stopped: "around character N", or the end of the text.
  init(of text: String, in data: Data) {
    let offset = text.firstMatch(of: /character (\d+)/).flatMap { Int($0.1) }
    // At the end, the line of the last character that is not blank.
    let end = data.lastIndex { !" \t\r\n".utf8.contains($0) }.map {
      data.distance(from: data.startIndex, to: $0) + 1
    }
    let before = data.prefix(offset ?? end ?? data.count)
    let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
    self.init(
      line: line,
      column: offset.map { _ in before.distance(from: lineStart, to: before.endIndex) + 1 })
  }
}

/// What an imported file holds: its primes, and the elements left out.
public struct ImportedPrimes: Equatable, Sendable {
  /// The distinct primes, in the file's order.
  public var primes: [Int]
  /// Whole numbers in the file that are not prime.
  public var notPrime: [Int]
  /// Primes listed again after their first time.
  public var repeated: [Int]
  /// Elements that are no whole number a favorite can be, in the file's order.
  public var unusable: [Unusable]

  /// An element that is no whole number a favorite can be: as the file writes it, and why.
  public struct Unusable: Equatable, Sendable {
    public enum Reason: String, Sendable {
      case notANumber = "not a number"
      case notAWholeNumber = "not a whole number"
      case outOfRange = "out of range"
    }
    /// The element as read: `"13"`, `2.5`, `1e+30`, `null`, `[…]`; a string cut at 20 characters.
    public var shown: String
    public var reason: Reason

    public init(shown: String, reason: Reason) {
      self.shown = shown
      self.reason = reason
    }
  }

  /// Creates an import as given, without checking the numbers; see ``init(sorting:)``.
  ///
  /// ```swift
  /// ImportedPrimes(primes: [2, 3], notPrime: [9, -3], repeated: [2])
  /// ```
  public init(
    primes: [Int] = [], notPrime: [Int] = [], repeated: [Int] = [], unusable: [Unusable] = []
  ) {
    self.primes = primes
    self.notPrime = notPrime
    self.repeated = repeated
    self.unusable = unusable
  }

  /// Sorts a file's numbers: the distinct primes in order, and the numbers left out.
  ///
  /// ```swift
  /// ImportedPrimes(sorting: [2, 3, 4, 3])
  /// // ImportedPrimes(primes: [2, 3], notPrime: [4], repeated: [3])
  /// ```
  public init(sorting numbers: [Int]) {
    self.init(sorting: numbers.map(Element.whole))
  }

  /// Sorts a file's elements, each by the same rule: a prime not listed before is kept, and
  /// everything else is left out, with why.
  init(sorting elements: [Element]) {
    self.init()
    var seen = Set<Int>()
    for element in elements {
      switch element {
      case .unusable(let element):
        unusable.append(element)
      case .whole(let number) where !isPrime(number):
        notPrime.append(number)
      case .whole(let number) where !seen.insert(number).inserted:
        repeated.append(number)
      case .whole(let number):
        primes.append(number)
      }
    }
  }

  /// What was left out, e.g. `4 (not prime), 3 (listed twice)`; `nil` when nothing was.
  public var skipped: String? {
    let list = { (shown: [String]) in shown.joined(separator: ", ") }
    var parts: [String] = []
    if !notPrime.isEmpty { parts.append("\(list(notPrime.map(String.init))) (not prime)") }
    if !repeated.isEmpty { parts.append("\(list(repeated.map(String.init))) (listed twice)") }
    for reason in [Unusable.Reason.outOfRange, .notAWholeNumber, .notANumber] {
      let shown = unusable.filter { $0.reason == reason }.map(\.shown)
      if !shown.isEmpty { parts.append("\(list(shown)) (\(reason.rawValue))") }
    }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
}

/// Why a favorites file was refused; the description follows the file's name:
/// `favs.json is cut short: its JSON ends unfinished at line 3`.
public enum FavoritePrimesFileError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The file holds nothing but blanks.
  case empty
  /// The file is not JSON; where the parser stopped.
  case notJSON(at: JSONPosition)
  /// The file is JSON, but neither a list nor an object with one; what it is instead.
  case notAList(holding: String)
  /// The file holds a number beyond what any JSON reader holds, such as 1e400.
  case unreadableNumber(String)
  /// The file was written by a later version of PrimeTime.
  case unsupportedVersion(Int)

  public var description: String {
    switch self {
    case .empty:
      return "is empty"
    case .notJSON(let position):
      guard let column = position.column else {
        return "is cut short: its JSON ends unfinished at line \(position.line)"
      }
      return "is not JSON: it goes wrong at line \(position.line), column \(column)"
    case .unreadableNumber(let number):
      return "holds \(number), a number beyond what a file's number can be (about 1.8e308)"
    case .notAList(let what):
      return
        "holds \(what), not a list of primes (\(FavoritePrimesFile.shapes))"
    case .unsupportedVersion(let version):
      return
        "has format version \(version); this PrimeTime reads version "
        + "\(FavoritePrimesFile.version) and earlier"
    }
  }
}

extension FavoritePrimesFile {
  /// The two shapes of a file, as messages name them.
  static let shapes = #"[2, 3, 7], or {"version":1,"favoritePrimes":[2, 3, 7]}"#
}
