/// A value kept behind a reference and copied only when it changes while shared.
///
/// ``History`` keeps the state from before each step, and undo may restore only part of it. A
/// large part that undo leaves alone, such as what the screens show, can be kept behind a
/// reference: each step's copy of it then costs a pointer rather than its size, for as long as
/// it does not change.
///
/// ```swift
/// @CopyOnWrite public var screens: ScreensState
/// ```
@propertyWrapper
public struct CopyOnWrite<Value> {
  @usableFromInline
  final class Box {
    @exclusivity(unchecked) @usableFromInline var value: Value

    @inlinable
    init(_ value: Value) {
      self.value = value
    }
  }

  @usableFromInline
  var box: Box

  @inlinable
  public init(wrappedValue: Value) {
    box = Box(wrappedValue)
  }

  // Read and changed in place: reading a field of the value copies only that field, and a
  // change copies the value only when another copy shares the box. Inlinable, so that reading
  // a field through it is a load, not a call.
  @inlinable
  public var wrappedValue: Value {
    _read { yield box.value }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
      yield &box.value
    }
  }
}

// The box is changed in place only while this value alone refers to it, so a copy sent
// elsewhere never sees a change: the same guarantee a copy-on-write collection gives.
extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}

extension CopyOnWrite: Equatable where Value: Equatable {
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension CopyOnWrite: Codable where Value: Codable {
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try decoder.singleValueContainer().decode(Value.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension CopyOnWrite: CustomReflectable {
  /// Dumps and diffs show the value, not the box.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue)
  }
}

/// A ``CopyOnWrite`` of any value, which a mirror recognizes among a type's stored properties.
private protocol AnyCopyOnWrite {}

extension CopyOnWrite: AnyCopyOnWrite {}

extension Mirror {
  /// A mirror of every stored property of `subject`, each named as the code names it.
  ///
  /// Swift names a property declared `@CopyOnWrite var screens` by its storage, `_screens`. This
  /// mirror names it `screens`, and otherwise is the one Swift makes, so that a property added
  /// later shows up in dumps and diffs without a list of properties kept by hand. A type hands
  /// it to a dump that asks for a mirror of its own, such as CustomDump's `customDumpMirror`:
  ///
  /// ```swift
  /// let mirror = Mirror(namingWrappedPropertiesOf: self)
  /// ```
  ///
  /// It reads the mirror Swift makes of `subject`, so it cannot be a `CustomReflectable`
  /// type's own `customMirror`, which that would call again.
  ///
  /// - Parameter subject: A value, usually a struct, whose type is not `CustomReflectable`.
  public init(namingWrappedPropertiesOf subject: Any) {
    let mirror = Mirror(reflecting: subject)
    self.init(
      subject,
      children: mirror.children.map { child in
        guard child.value is any AnyCopyOnWrite, let label = child.label, label.hasPrefix("_")
        else { return child }
        return (label: String(label.dropFirst()), value: child.value)
      },
      displayStyle: mirror.displayStyle)
  }
}
