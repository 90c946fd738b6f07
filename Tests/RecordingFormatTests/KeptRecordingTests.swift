import Foundation
import RecordingFormat
import Testing

/// The recordings kept under `Tests/Recordings`, read by the format alone: no type of the app's
/// is needed to read any of them, and a recording of this format reads and writes back byte for
/// byte, whatever the app's actions are called today.
@Suite struct KeptRecordingTests {
  static let directory = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Recordings")

  static var recordings: [String] {
    let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    return (names ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
  }

  static func text(_ name: String) throws -> String {
    try String(contentsOf: directory.appending(path: name), encoding: .utf8)
  }

  @Test func theKeptRecordings_spanTheFormats() throws {
    var versions = Set<Int>()
    for name in Self.recordings {
      let lines = try RecordedLine.decode(lines: try Self.text(name).split(separator: "\n"))
      if case .start(let version, _)? = lines.first { versions.insert(version) }
    }
    #expect(versions.isSuperset(of: [3, 9, 10, RecordedLine.version]))
  }

  @Test(arguments: recordings)
  func aKeptRecording_readsWithAStartLine_andAnEndLineLast(name: String) throws {
    let lines = try RecordedLine.decode(lines: try Self.text(name).split(separator: "\n"))
    guard case .start? = lines.first, case .end? = lines.last else {
      Issue.record("\(name) does not start with a start line and end with an end line")
      return
    }
    #expect(lines.count > 2)
  }

  @Test(arguments: recordings)
  func aKeptRecordingOfThisFormat_writesBackByteForByte(name: String) throws {
    let texts = try Self.text(name).split(separator: "\n", omittingEmptySubsequences: false)
    let read = try RecordedLine.decodeNumbered(lines: texts)
    guard case .start(RecordedLine.version, _)? = read.lines.first else { return }
    for (number, line) in zip(read.numbers, read.lines) {
      #expect(line.encoded() == String(texts[number - 1]), "\(name) line \(number)")
    }
  }
}

@Suite struct ImportedPrimesCodingTests {
  @Test func aLoadsAnswer_readsAsEarlierVersionsWroteIt_andWritesUnusableOnlyWhereThereAreSome()
    throws
  {
    let earlier = #"{"notPrime":[4],"primes":[2],"repeated":[]}"#
    let imported = try JSONDecoder().decode(
      RecordedState.ImportedPrimes.self, from: Data(earlier.utf8))
    #expect(
      imported
        == RecordedState.ImportedPrimes(primes: [2], notPrime: [4], repeated: [], unusable: []))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(String(decoding: try encoder.encode(imported), as: UTF8.self) == earlier)
    var withUnusable = imported
    withUnusable.unusable = [.init(shown: "x", reason: .notANumber)]
    #expect(
      String(decoding: try encoder.encode(withUnusable), as: UTF8.self)
        .contains(#""unusable":[{"reason":"not a number","shown":"x"}]"#))
  }
}
