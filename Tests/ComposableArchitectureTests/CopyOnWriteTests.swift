import ComposableArchitecture
import Foundation
import Testing

struct CopyOnWriteTests {
  private struct Holder: Codable, Equatable {
    @CopyOnWrite var values: [Int]
  }

  @Test func aCopy_changesAlone_asAValueDoes() {
    var first = Holder(values: [1, 2])
    var second = first
    second.values.append(3)
    #expect(first.values == [1, 2])
    #expect(second.values == [1, 2, 3])
    first.values[0] = 9
    #expect(first.values == [9, 2])
    #expect(second.values == [1, 2, 3])
  }

  @Test func equality_andCoding_areTheValues() throws {
    #expect(Holder(values: [1]) == Holder(values: [1]))
    #expect(Holder(values: [1]) != Holder(values: [2]))
    let json = try JSONEncoder().encode(Holder(values: [4, 5]))
    #expect(String(decoding: json, as: UTF8.self) == #"{"values":[4,5]}"#)
    #expect(try JSONDecoder().decode(Holder.self, from: json) == Holder(values: [4, 5]))
  }

  @Test func aMirror_showsTheValue_notTheBox() {
    let mirror = Mirror(reflecting: CopyOnWrite(wrappedValue: [7, 8]))
    #expect(mirror.children.compactMap { $0.value as? Int } == [7, 8])
    #expect(mirror.displayStyle == .collection)
  }

  @Test func aMirrorNamingWrappedProperties_namesThemAsDeclared_andKeepsTheRest() {
    struct Parent {
      var count = 1
      @CopyOnWrite var values = [7]
      var _plain = "kept"
    }
    let mirror = Mirror(namingWrappedPropertiesOf: Parent())
    #expect(mirror.children.map(\.label) == ["count", "values", "_plain"])
    let values = Array(mirror.children)[1].value as? CopyOnWrite<[Int]>
    #expect(values?.wrappedValue == [7])
    #expect(mirror.subjectType is Parent.Type)
    #expect(mirror.displayStyle == .struct)
  }
}
