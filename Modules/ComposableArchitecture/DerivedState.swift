/// How a child's state is derived from its parent's fields, declared once: which of the
/// parent's fields each of the child's is, and how the child is made from them. It gives both
/// directions of a computed property a pullback can reach with a `WritableKeyPath`: the child
/// read from the parent, and the child written back into it.
///
/// A feature's state often holds what its parent stores once and shares with other features,
/// such as a count and a list of favorites. The parent stores each field once and derives each
/// feature's state from it. Declare the derivation as a static property, field by field in the
/// order of the child's initializer, then make the child with that initializer:
///
/// ```swift
///   @inlinable @inline(__always)
///   static var counterFields: DerivedState<AppState, CounterState> {
///     .fields
///       .shared(\.count, as: \.count)
///       .shared(\.favoritePrimes, as: \.favoritePrimes)
///       .shared(\.screens.said, as: \.notice)
///       .shared(\.counterDestination, as: \.destination)
///       .shared(\.counterLookup, as: \.nthPrimeLookup)
///       .making(CounterState.init(count:favoritePrimes:notice:destination:nthPrimeLookup:))
///   }
/// ```
///
/// The computed property then reads and writes through it:
///
/// ```swift
///   public var counter: CounterState {
///     @inlinable @inline(__always) get { Self.counterFields.child(of: self) }
///     @inlinable @inline(__always) set { Self.counterFields.write(newValue, into: &self) }
///   }
/// ```
///
/// A field declared with `shared(_:as:)` is written back only when the child changed it: one
/// the child left equal to the parent's leaves the parent's storage untouched, so a
/// copy-on-write box is not copied, and a ``PersistentArray`` the child left as it was keeps its
/// version (an array is checked by identity, which takes constant time). A field
/// declared with ``DerivedFields/reading(_:as:)`` is the child's to read only, and is never
/// written back.
///
/// Declared as an `@inlinable` static property whose accessors are inlined too, the derivation
/// costs what the hand-written pair of `get` and `set` it replaces costs: the key paths are
/// literals in the inlined code, and the optimizer turns each into a direct access
/// (Benchmarks/README.md measures it as `dispatch.derived.nsPerAction`).
public struct DerivedState<Parent, Child> {
  @usableFromInline let get: (Parent) -> Child
  @usableFromInline let set: (Child, inout Parent) -> Void

  @inlinable @inline(__always)
  init(get: @escaping (Parent) -> Child, set: @escaping (Child, inout Parent) -> Void) {
    self.get = get
    self.set = set
  }

  /// The start of a derivation, with no field yet: add each field of the child with
  /// `shared(_:as:)` or ``DerivedFields/reading(_:as:)``, then make the child
  /// with `making`, from its initializer.
  @inlinable @inline(__always)
  public static var fields: DerivedFields<Parent, Child, ()> {
    DerivedFields(read: { _ in () }, write: { _, _ in })
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

  @inlinable @inline(__always)
  init(read: @escaping (Parent) -> Values, write: @escaping (Child, inout Parent) -> Void) {
    self.read = read
    self.write = write
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

  /// The child's next field is the parent's `parentField`, written back unless `isUnchanged`
  /// says the child's value is the parent's.
  @inlinable @inline(__always)
  func shared<Value>(
    _ parentField: WritableKeyPath<Parent, Value>, as childField: KeyPath<Child, Value>,
    isUnchanged: @escaping (Value, Value) -> Bool
  ) -> DerivedFields<Parent, Child, (Values, Value)> {
    let read = self.read
    let write = self.write
    return DerivedFields<Parent, Child, (Values, Value)>(
      read: { parent in (read(parent), parent[keyPath: parentField]) },
      write: { child, parent in
        write(child, &parent)
        let value = child[keyPath: childField]
        if !isUnchanged(value, parent[keyPath: parentField]) {
          parent[keyPath: parentField] = value
        }
      })
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
    let read = self.read
    return DerivedFields<Parent, Child, (Values, Value)>(
      read: { parent in (read(parent), parent[keyPath: parentField]) },
      write: write)
  }
}

// `making` takes the child's initializer with one parameter for each field, in order. It is
// written for one to six fields rather than over a parameter pack: the optimizer does not yet
// specialize a pack's elements, so a pack of key paths is projected at run time, field by field,
// where these fixed shapes inline into direct accesses.
extension DerivedFields {
  /// Makes the child from its one field.
  @inlinable @inline(__always)
  public func making<A>(_ make: @escaping (A) -> Child) -> DerivedState<Parent, Child>
  where Values == ((), A) {
    let read = self.read
    return DerivedState(get: { parent in make(read(parent).1) }, set: write)
  }

  /// Makes the child from its two fields, in order.
  @inlinable @inline(__always)
  public func making<A, B>(_ make: @escaping (A, B) -> Child) -> DerivedState<Parent, Child>
  where Values == (((), A), B) {
    let read = self.read
    return DerivedState(
      get: { parent in
        let ((_, a), b) = read(parent)
        return make(a, b)
      }, set: write)
  }

  /// Makes the child from its three fields, in order.
  @inlinable @inline(__always)
  public func making<A, B, C>(_ make: @escaping (A, B, C) -> Child) -> DerivedState<Parent, Child>
  where Values == ((((), A), B), C) {
    let read = self.read
    return DerivedState(
      get: { parent in
        let (((_, a), b), c) = read(parent)
        return make(a, b, c)
      }, set: write)
  }

  /// Makes the child from its four fields, in order.
  @inlinable @inline(__always)
  public func making<A, B, C, D>(
    _ make: @escaping (A, B, C, D) -> Child
  ) -> DerivedState<Parent, Child>
  where Values == (((((), A), B), C), D) {
    let read = self.read
    return DerivedState(
      get: { parent in
        let ((((_, a), b), c), d) = read(parent)
        return make(a, b, c, d)
      }, set: write)
  }

  /// Makes the child from its five fields, in order.
  @inlinable @inline(__always)
  public func making<A, B, C, D, E>(
    _ make: @escaping (A, B, C, D, E) -> Child
  ) -> DerivedState<Parent, Child>
  where Values == ((((((), A), B), C), D), E) {
    let read = self.read
    return DerivedState(
      get: { parent in
        let (((((_, a), b), c), d), e) = read(parent)
        return make(a, b, c, d, e)
      }, set: write)
  }

  /// Makes the child from its six fields, in order.
  @inlinable @inline(__always)
  public func making<A, B, C, D, E, F>(
    _ make: @escaping (A, B, C, D, E, F) -> Child
  ) -> DerivedState<Parent, Child>
  where Values == (((((((), A), B), C), D), E), F) {
    let read = self.read
    return DerivedState(
      get: { parent in
        let ((((((_, a), b), c), d), e), f) = read(parent)
        return make(a, b, c, d, e, f)
      }, set: write)
  }
}
