/// How a child's state is derived from its parent's fields, declared once: which of the
/// parent's fields each of the child's is, and how the child is made from them. It gives both
/// directions of a computed property a pullback can reach with a `WritableKeyPath`: the child
/// read from the parent, and the child written back into it.
///
/// A feature's state often holds what its parent stores once and shares with other features,
/// such as a count and a list of favorites. The parent stores each field once and derives each
/// feature's state from it. Declare the derivation as a static property, field by field in the
/// order of the child's initializer, then make the child with that initializer. A shop that
/// stores its stock, its sales and its name, and a till that sells from them:
///
/// ```swift
///   static var tillFields: DerivedState<Shop, Till> {
///     .fields
///       .shared(\.stock, as: \.stock)
///       .shared(\.sales, as: \.sales)
///       .reading(\.name, as: \.shopName)
///       .making(Till.init(stock:sales:shopName:))
///   }
/// ```
///
/// The computed property then reads and writes through it:
///
/// ```swift
///   var till: Till {
///     get { Self.tillFields.child(of: self) }
///     set { Self.tillFields.write(newValue, into: &self) }
///   }
/// ```
///
/// A field declared with `shared(_:as:)` is written back only when the child changed it, so a
/// value the child left as it was leaves the parent's storage untouched: a copy-on-write box is
/// not copied. Most values are compared with `==`; a ``PersistentArray`` is compared by
/// identity, in constant time, and written back unless it is the very version the parent holds
/// (an optional array, or a struct that holds one, is compared with `==`, which can take as
/// long as the array). A field declared with `reading(_:as:)` is the child's to
/// read only, and is never written back.
///
/// The child is made from the values in the order the fields are declared. When
/// ComposableArchitecture is built for debug, each child made is checked: an `Equatable` field
/// that does not hold its parent's value (two fields of one type declared in the wrong order,
/// or an initializer that changes what it is given) is reported as a ``RuntimeWarning``, on
/// every read. A field whose value is the same either way goes unseen.
///
/// Declared as an `@inlinable` static property whose accessors are inlined too, the derivation
/// costs what the hand-written pair of `get` and `set` it replaces costs: inlined, the key paths
/// are literals, and the optimizer turns each into a direct access. Benchmarks/README.md
/// measures the app's counter this way (`dispatch.derived.nsPerAction`). In a debug build the
/// declaration is made anew, closures and all, on each access.
public struct DerivedState<Parent, Child> {
  @usableFromInline let get: (Parent) -> Child
  @usableFromInline let set: (Child, inout Parent) -> Void

  @inlinable @inline(__always)
  init(get: @escaping (Parent) -> Child, set: @escaping (Child, inout Parent) -> Void) {
    self.get = get
    self.set = set
  }

  /// The start of a derivation, with no field yet: add each field of the child with
  /// `shared(_:as:)` or `reading(_:as:)`, then make the child
  /// with `making`, from its initializer.
  @inlinable @inline(__always)
  public static var fields: DerivedFields<Parent, Child, ()> {
    DerivedFields(read: { _ in () }, write: { _, _ in }, matches: { _, _ in true })
  }

  /// The child's state, read from the parent's fields.
  @inlinable @inline(__always)
  public func child(of parent: Parent) -> Child {
    get(parent)
  }

  /// Writes the child's shared fields back into the parent, each only where the child changed
  /// it.
  @inlinable @inline(__always)
  public func write(_ child: Child, into parent: inout Parent) {
    set(child, &parent)
  }
}

/// A derivation being declared: the fields of the child so far, with their values in a nested
/// tuple, oldest first. Made by ``DerivedState/fields``; ended by `making`.
public struct DerivedFields<Parent, Child, Values> {
  @usableFromInline let read: (Parent) -> Values
  @usableFromInline let write: (Child, inout Parent) -> Void
  /// Whether each field of a child just made holds what its parent's field holds, where the
  /// field is `Equatable`: what a debug build checks.
  @usableFromInline let matches: (Parent, Child) -> Bool

  @inlinable @inline(__always)
  init(
    read: @escaping (Parent) -> Values, write: @escaping (Child, inout Parent) -> Void,
    matches: @escaping (Parent, Child) -> Bool
  ) {
    self.read = read
    self.write = write
    self.matches = matches
  }

  /// The child's next field is the parent's `parentField`, and what the child writes to it is
  /// written back, when it differs from the parent's.
  ///
  /// - Parameters:
  ///   - parentField: Where the parent stores the value.
  ///   - childField: The child's field that holds it.
  @inlinable @inline(__always)
  public func shared<Value: Equatable>(
    _ parentField: WritableKeyPath<Parent, Value>, as childField: KeyPath<Child, Value>
  ) -> DerivedFields<Parent, Child, (Values, Value)> {
    shared(parentField, as: childField, isUnchanged: ==)
  }

  /// The child's next field is the parent's persistent array at `parentField`, and what the
  /// child writes to it is written back unless it is the very version the parent holds.
  ///
  /// Two versions that differ can take as long as their length to compare, and writing one back
  /// costs no more than the check, so the check is by identity: a version the child left as it
  /// was is left untouched, and any other is written back.
  ///
  /// - Parameters:
  ///   - parentField: Where the parent stores the array.
  ///   - childField: The child's field that holds it.
  @inlinable @inline(__always)
  public func shared<Element>(
    _ parentField: WritableKeyPath<Parent, PersistentArray<Element>>,
    as childField: KeyPath<Child, PersistentArray<Element>>
  ) -> DerivedFields<Parent, Child, (Values, PersistentArray<Element>)> {
    shared(parentField, as: childField) { $0.isIdentical(to: $1) }
  }

  /// The child's next field is the parent's `parentField`, read as a read field is, and
  /// written back unless `isUnchanged` says the child's value is the parent's.
  @inlinable @inline(__always)
  func shared<Value>(
    _ parentField: WritableKeyPath<Parent, Value>, as childField: KeyPath<Child, Value>,
    isUnchanged: @escaping (Value, Value) -> Bool
  ) -> DerivedFields<Parent, Child, (Values, Value)> {
    let write = self.write
    let read = reading(parentField, as: childField, isUnchanged: isUnchanged)
    return DerivedFields<Parent, Child, (Values, Value)>(
      read: read.read,
      write: { child, parent in
        write(child, &parent)
        let value = child[keyPath: childField]
        if !isUnchanged(value, parent[keyPath: parentField]) {
          parent[keyPath: parentField] = value
        }
      },
      matches: read.matches)
  }

  /// The child's next field is read from the parent's `parentField`, and never written back: it
  /// is there for the child to read.
  ///
  /// - Parameters:
  ///   - parentField: Where the parent keeps the value, or how it computes it.
  ///   - childField: The child's field that holds it. Named for the declaration to read as the
  ///     others do; what the child writes to it is dropped.
  @inlinable @inline(__always)
  public func reading<Value>(
    _ parentField: KeyPath<Parent, Value>, as childField: KeyPath<Child, Value>
  ) -> DerivedFields<Parent, Child, (Values, Value)> {
    reading(parentField, as: childField, isUnchanged: nil)
  }

  /// The child's next field is read from the parent's `parentField`, and never written back;
  /// being `Equatable`, it is checked in a debug build, as a shared field is.
  ///
  /// - Parameters:
  ///   - parentField: Where the parent keeps the value, or how it computes it.
  ///   - childField: The child's field that holds it; what the child writes to it is dropped.
  @inlinable @inline(__always)
  public func reading<Value: Equatable>(
    _ parentField: KeyPath<Parent, Value>, as childField: KeyPath<Child, Value>
  ) -> DerivedFields<Parent, Child, (Values, Value)> {
    reading(parentField, as: childField, isUnchanged: ==)
  }

  /// The child's next field is read from the parent's `parentField`, and checked with
  /// `isUnchanged`, where there is one, in a debug build.
  @inlinable @inline(__always)
  func reading<Value>(
    _ parentField: KeyPath<Parent, Value>, as childField: KeyPath<Child, Value>,
    isUnchanged: ((Value, Value) -> Bool)?
  ) -> DerivedFields<Parent, Child, (Values, Value)> {
    let read = self.read
    let matches = self.matches
    return DerivedFields<Parent, Child, (Values, Value)>(
      read: { parent in (read(parent), parent[keyPath: parentField]) },
      write: write,
      matches: { parent, child in
        guard let isUnchanged else { return matches(parent, child) }
        return matches(parent, child)
          && isUnchanged(child[keyPath: childField], parent[keyPath: parentField])
      })
  }

  /// Ends the declaration with the function that makes the child from the nested tuple of its
  /// fields' values, checked in a debug build as ``DerivedState`` says.
  @inlinable @inline(__always)
  func making(
    fileID: StaticString, line: UInt, _ make: @escaping (Values) -> Child
  ) -> DerivedState<Parent, Child> {
    let read = self.read
    #if DEBUG
      let matches = self.matches
      return DerivedState(
        get: { parent in
          let child = make(read(parent))
          if !matches(parent, child) {
            runtimeWarning(
              "A derived state's field holds another than its parent's value: declare the fields in the order of the child's initializer, each stored as given",
              fileID: fileID, line: line)
          }
          return child
        }, set: write)
    #else
      return DerivedState(get: { parent in make(read(parent)) }, set: write)
    #endif
  }
}

// `making` takes the child's initializer with one parameter for each field, in order. It is
// written for one to six fields rather than over a parameter pack: the optimizer does not yet
// specialize a pack's elements, so a pack of key paths is projected at run time, field by field,
// where these fixed shapes inline into direct accesses.
extension DerivedFields {
  /// Makes the child from its one field.
  @inlinable @inline(__always)
  public func making<A>(
    _ make: @escaping (A) -> Child, fileID: StaticString = #fileID, line: UInt = #line
  ) -> DerivedState<Parent, Child>
  where Values == ((), A) {
    making(fileID: fileID, line: line) { make($0.1) }
  }

  /// Makes the child from its two fields, in order.
  @inlinable @inline(__always)
  public func making<A, B>(
    _ make: @escaping (A, B) -> Child, fileID: StaticString = #fileID, line: UInt = #line
  ) -> DerivedState<Parent, Child>
  where Values == (((), A), B) {
    making(fileID: fileID, line: line) { make($0.0.1, $0.1) }
  }

  /// Makes the child from its three fields, in order.
  @inlinable @inline(__always)
  public func making<A, B, C>(
    _ make: @escaping (A, B, C) -> Child, fileID: StaticString = #fileID, line: UInt = #line
  ) -> DerivedState<Parent, Child>
  where Values == ((((), A), B), C) {
    making(fileID: fileID, line: line) { make($0.0.0.1, $0.0.1, $0.1) }
  }

  /// Makes the child from its four fields, in order.
  @inlinable @inline(__always)
  public func making<A, B, C, D>(
    _ make: @escaping (A, B, C, D) -> Child, fileID: StaticString = #fileID, line: UInt = #line
  ) -> DerivedState<Parent, Child>
  where Values == (((((), A), B), C), D) {
    making(fileID: fileID, line: line) { make($0.0.0.0.1, $0.0.0.1, $0.0.1, $0.1) }
  }

  /// Makes the child from its five fields, in order.
  @inlinable @inline(__always)
  public func making<A, B, C, D, E>(
    _ make: @escaping (A, B, C, D, E) -> Child, fileID: StaticString = #fileID, line: UInt = #line
  ) -> DerivedState<Parent, Child>
  where Values == ((((((), A), B), C), D), E) {
    making(fileID: fileID, line: line) {
      make($0.0.0.0.0.1, $0.0.0.0.1, $0.0.0.1, $0.0.1, $0.1)
    }
  }

  /// Makes the child from its six fields, in order.
  @inlinable @inline(__always)
  public func making<A, B, C, D, E, F>(
    _ make: @escaping (A, B, C, D, E, F) -> Child, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> DerivedState<Parent, Child>
  where Values == (((((((), A), B), C), D), E), F) {
    making(fileID: fileID, line: line) {
      make($0.0.0.0.0.0.1, $0.0.0.0.0.1, $0.0.0.0.1, $0.0.0.1, $0.0.1, $0.1)
    }
  }
}
