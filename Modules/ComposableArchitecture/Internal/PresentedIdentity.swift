/// Which child is presented, as ``IfLetReducer`` tells one child from the next: the case of an
/// enum of destinations, and the state's `Identifiable` id where it has one.
///
/// A child whose identity changes within one action is another child: what the first one
/// started is cancelled. A child that changes its fields keeps its identity, and its effects
/// run on. State that is neither an enum nor `Identifiable` has one identity, its presence.
///
/// A class, so that the optional identity a composition holds across an action is one
/// reference: as a struct holding an existential id, every action of the presenting feature
/// copied it through value witnesses, at twice the cost of the whole composition
/// (`dispatch.composition.ratio`, Benchmarks/README.md). While a child is presented, each
/// action makes one or two identities, each an allocation; an action of the parent's own while
/// no child is there reads none.
@usableFromInline
final class PresentedIdentity: Equatable {
  /// The case an enum's value is in, numbered as the runtime numbers it; `nil` for state that
  /// is not an enum.
  let tag: UInt32?
  /// The `Identifiable` id of the state, where its type has one.
  let id: AnyHashable?

  @usableFromInline
  init<State>(_ state: State) {
    tag = EnumCase.tag(of: state)
    id = Self.identifier(of: state)
  }

  /// The `Identifiable` id of a value, where its type has one: what tells one child in a case
  /// of an enum from another in the same case.
  static func identifier<Value>(of value: Value) -> AnyHashable? {
    guard let identifiable = value as? any Identifiable else { return nil }
    return id(of: identifiable)
  }

  private static func id(of value: some Identifiable) -> AnyHashable {
    AnyHashable(value.id)
  }

  @usableFromInline
  static func == (lhs: PresentedIdentity, rhs: PresentedIdentity) -> Bool {
    lhs.tag == rhs.tag && lhs.id == rhs.id
  }
}

/// The case an enum's value is in, read from the enum's value witnesses, as Swift's runtime
/// itself reads it to copy or destroy the value: no reflection, so no case names, and cheap
/// enough for every action of a presented child.
///
/// The layout read here is the runtime's `Metadata` and `EnumValueWitnessTable`
/// (swift/ABI/Metadata.h, docs/ABI/TypeMetadata.rst): the metadata's first word is its kind,
/// the word before it the value witness table, in which an enum's `getEnumTag` follows the
/// eight common witnesses, the size, the stride, the flags and the count of extra inhabitants.
/// `PresentedIdentityTests` hold it to enums of every layout. The witness is called as a C
/// function, which on the platforms this package builds for (x86_64 and arm64) passes its two
/// pointers as Swift's own convention does; on arm64e, whose witnesses are signed, it would
/// need the runtime's signing.
enum EnumCase {
  /// The metadata kind of an enum, `MetadataKind::Enum`, marked as not on the heap (0x200).
  private static var enumKind: UInt { 0x201 }
  /// The metadata kind of `Optional`, `MetadataKind::Optional`, marked the same way.
  private static var optionalKind: UInt { 0x202 }
  /// `ValueWitnessFlags::HasEnumWitnesses`: the table has the enum witnesses.
  private static let hasEnumWitnesses: UInt32 = 0x0020_0000

  private typealias GetEnumTag =
    @convention(c) (_ value: UnsafeRawPointer, _ metadata: UnsafeRawPointer) -> UInt32

  /// The case `value` is in, from 0 in the order the enum declares its cases with payloads,
  /// then those without; `nil` when `Value` is not an enum.
  static func tag<Value>(of value: Value) -> UInt32? {
    let metadata = unsafeBitCast(Value.self as Any.Type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: UInt.self)
    guard kind == enumKind || kind == optionalKind else { return nil }
    let word = MemoryLayout<UnsafeRawPointer>.size
    let witnesses = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
    let flagsOffset = 10 * word
    let flags = witnesses.load(fromByteOffset: flagsOffset, as: UInt32.self)
    guard flags & hasEnumWitnesses != 0 else { return nil }
    let getEnumTag = witnesses.load(fromByteOffset: flagsOffset + 8, as: GetEnumTag.self)
    return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }
}
