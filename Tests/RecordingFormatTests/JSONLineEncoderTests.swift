import Foundation
import Testing

@testable import RecordingFormat

struct JSONLineEncoderTests {
  struct Everything: Codable, Equatable {
    enum Kind: Codable, Equatable {
      case plain
      case labelled(n: Int, text: String?)
      case unlabelled(Double, [Int8])
    }

    var bool = true
    var string = "quote \" backslash \\ newline \n tab \t bell \u{7} é 🎉"
    var double = 0.1
    var float: Float = 2.5
    var int = Int.min
    var int8: Int8 = -8
    var int16: Int16 = -16
    var int32: Int32 = -32
    var int64 = Int64.max
    var uint = UInt.max
    var uint8: UInt8 = 8
    var uint16: UInt16 = 16
    var uint32: UInt32 = 32
    var uint64 = UInt64.max
    var optional: Int? = nil
    var present: Int? = 3
    var date = Date(timeIntervalSince1970: 1_700_000_000.001)
    var uuid = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
    var indices = IndexSet([1, 2, 3, 7])
    var kinds: [Kind] = [.plain, .labelled(n: 1, text: nil), .unlabelled(-0.5, [1, -1])]
    var nested: [[String: Int]] = [["a": 1]]
  }

  @Test func whatItWrites_decodesToTheSameValue() throws {
    let value = Everything()
    let text = try JSONLineEncoder.encode(value)
    #expect(!text.contains("\n"))
    #expect(try JSONDecoder().decode(Everything.self, from: Data(text.utf8)) == value)
  }

  @Test func itWritesWhatJSONEncoderWrites_butForKeyOrderAndNumberSpelling() throws {
    let value = Everything()
    let ours = try JSONSerialization.jsonObject(with: Data(JSONLineEncoder.encode(value).utf8))
    let theirs = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value))
    #expect((ours as? NSDictionary) == (theirs as? NSDictionary))
  }

  @Test func aNonFiniteNumber_isAnError() {
    #expect(throws: EncodingError.self) { try JSONLineEncoder.encode([Double.nan]) }
  }
}
