/// An array whose earlier versions stay cheap to keep: changing one copy while another is kept
/// (as ``History`` keeps the state before each step) costs as much as the change itself, not a
/// copy of every element, and ``contains(_:)`` takes constant time.
///
/// Use it for the collections in a state that grow large and that history keeps versions of,
/// like favorites or an activity feed. It reads like an array, and a version kept aside stays as
/// it was:
///
/// ```swift
/// var array: PersistentArray = [2, 3, 5]
/// let kept = array
/// array.append(7)
/// array.remove(at: 0)
/// #expect(kept == [2, 3, 5])
/// #expect(array == [3, 5, 7])
/// ```
///
/// Appending, removing the last element and looking up membership cost constant time whatever
/// the versions kept (the first ``contains(_:)`` makes the index it uses, in linear time);
/// inserting or removing in the middle moves the elements after it, as an array does. Comparing
/// two versions of one array that differ but have the same length copies one of them. Reading a
/// version other than the newest first brings it up to date, at the cost of the changes between
/// the two.
public struct PersistentArray<Element: Hashable & Sendable>: @unchecked Sendable {
  // Every version of one array is a node of one tree of versions, all guarded by one lock. The
  // newest version read or written holds the elements; every other node holds one change that
  // turns the node it points to into its own version ("rerooting", after Baker).
  @usableFromInline private(set) var node: Node

  /// Creates an empty array that shares no versions with any other.
  public init() {
    node = Node(family: Family(), storage: Storage(elements: []))
  }

  /// Creates an array of a sequence's elements, in linear time; the membership index waits for
  /// the first ``contains(_:)``.
  public init(_ elements: some Sequence<Element>) {
    node = Node(family: Family(), storage: Storage(elements: ContiguousArray(elements)))
  }

  /// Whether `element` is in the array: constant time, once the first call has made the index in
  /// linear time.
  ///
  /// ```swift
  /// var array: PersistentArray = [7, 7]
  /// array.remove(at: 0)
  /// #expect(array.contains(7))
  /// array.remove(at: 0)
  /// #expect(!array.contains(7))
  /// ```
  public func contains(_ element: Element) -> Bool {
    node.family.lock.withLock {
      Node.reroot(node)
      return node.withIndexedStorage { $0.counts?[element, default: 0] ?? 0 > 0 }
    }
  }

  /// Whether `other` is this very version of the array, not only an equal one: constant time.
  /// A version kept aside and never changed since is identical to the array it was kept from.
  ///
  /// ```swift
  /// var array: PersistentArray = [2, 3]
  /// let kept = array
  /// #expect(array.isIdentical(to: kept))
  /// array.append(5)
  /// array.remove(at: 2)
  /// #expect(array == kept && !array.isIdentical(to: kept))
  /// ```
  public func isIdentical(to other: Self) -> Bool {
    node === other.node
  }

  /// The position of the last element equal to `element`, or `nil`: constant time when the
  /// element is not there, otherwise linear in its distance from the end.
  ///
  /// ```swift
  /// var array: PersistentArray = [2, 3, 2]
  /// #expect(array.lastIndex(of: 2) == 2)
  /// ```
  public func lastIndex(of element: Element) -> Int? {
    guard contains(element) else { return nil }
    return read { $0.elements.lastIndex(of: element) }
  }

  /// The elements at the positions in `range`, read at once: where the subscript finds this
  /// version once for each element, this finds it once for all of them, as a screen that shows
  /// a few rows of a long list needs.
  ///
  /// ```swift
  /// #expect(array.elements(in: 1..<4) == [5, 7, 11])
  /// ```
  ///
  /// - Parameter range: Positions from 0 to ``count``.
  /// - Returns: The elements, in order.
  public func elements(in range: Range<Int>) -> [Element] {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
    return read { Array($0.elements[range]) }
  }

  /// Adds an element at the end, in constant time whatever versions are kept.
  ///
  /// ```swift
  /// array.append(7)
  /// ```
  public mutating func append(_ element: Element) {
    change(.insert(element, at: count))
  }

  /// Adds the elements of a sequence at the end, in order: one change per element, each costing
  /// what ``append(_:)`` costs.
  ///
  /// ```swift
  /// array.append(contentsOf: [11, 13])
  /// ```
  public mutating func append(contentsOf elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// Inserts an element at a position, moving the elements from there on one place up.
  ///
  /// ```swift
  /// array.insert(1, at: 0)
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element to insert; those from `index` on move one position up.
  ///   - index: A position from 0 to ``count``; any other traps.
  public mutating func insert(_ element: Element, at index: Int) {
    precondition((0...count).contains(index), "index out of range")
    change(.insert(element, at: index))
  }

  /// Removes and returns the element at a position.
  ///
  /// ```swift
  /// array.remove(at: 1)
  /// ```
  ///
  /// - Parameter index: A position in `0..<count`; any other traps.
  /// - Returns: The element removed.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    precondition(indices.contains(index), "index out of range")
    let element = self[index]
    change(.remove(at: index))
    return element
  }

  /// Removes every element that `shouldBeRemoved` picks, keeping the others in order.
  ///
  /// ```swift
  /// array.removeAll { $0 > 10 }
  /// ```
  ///
  /// - Parameter shouldBeRemoved: Returns `true` for an element to remove; called once for each
  ///   element, from the last to the first.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    for index in indices.reversed() where try shouldBeRemoved(self[index]) {
      change(.remove(at: index))
    }
  }

  /// What makes `older` into this array: the elements taken out, in the order `older` held
  /// them, and the elements put in, in the order this array holds them. Elements are counted:
  /// one that this array holds as often as `older` does is in neither list, wherever it moved,
  /// and one it holds more or less often is in one list that many times. (Where an element
  /// repeats, which of its places is named may differ from the one a change took.)
  ///
  /// ```swift
  /// var array: PersistentArray = [2, 3, 5]
  /// let older = array
  /// array.remove(at: 1)
  /// array.append(7)
  /// #expect(array.changes(from: older) == PersistentArrayChanges(removed: [3], inserted: [7]))
  /// ```
  ///
  /// Between two versions of one array, at most 64 changes apart, it costs what those changes
  /// cost, whatever the length: the versions' tree holds the changes, which are read back.
  /// Between arrays that share no versions (one made from a sequence), or versions more changes
  /// apart, it counts every element, in linear time.
  public func changes(from older: Self) -> PersistentArrayChanges<Element> {
    if node === older.node { return PersistentArrayChanges(removed: [], inserted: []) }
    guard node.family === older.node.family,
      let edits = node.family.lock.withLock({ () -> [Edit]? in
        // The older version is brought up to date first, then this one, whose way back from
        // the older one is each change between them, in the order they were made.
        Node.reroot(older.node)
        var edits: [Edit] = []
        let isFew = Node.reroot(node, atMost: Self.fewChanges) { edits.append($0) }
        return isFew ? edits : nil
      })
    else {
      let (olderElements, newerElements) = (Array(older), Array(self))
      return PersistentArrayChanges(
        removed: Self.surplus(of: olderElements, over: newerElements),
        inserted: Self.surplus(of: newerElements, over: olderElements))
    }
    return Self.net(of: edits, from: older.count)
  }

  /// The elements of `elements` that `other` does not match, counted, in order: of an element
  /// that `elements` holds more often, its last places.
  private static func surplus(of elements: [Element], over other: [Element]) -> [Element] {
    var excess: [Element: Int] = [:]
    for element in elements { excess[element, default: 0] += 1 }
    for element in other { excess[element]? -= 1 }
    var surplus: [Element] = []
    for element in elements.reversed() {
      guard let count = excess[element], count > 0 else { continue }
      excess[element] = count - 1
      surplus.append(element)
    }
    return surplus.reversed()
  }

  /// How many changes apart two versions may be for ``changes(from:)`` to read the changes
  /// rather than compare the elements: each change read costs as many steps as there are
  /// changes.
  private static var fewChanges: Int { 64 }

  /// What `edits`, made in order on an array of `count` elements, took out and put in: each
  /// element of the older array is one position of a run of the older positions, each element
  /// put in is one of its own, and each edit splits the run it falls in.
  private static func net(of edits: [Edit], from count: Int) -> PersistentArrayChanges<Element> {
    var runs: [Run] = count > 0 ? [.older(0..<count)] : []
    var removed: [(position: Int, element: Element)] = []
    // The run that holds `index`, and how far into it; `index == total` is past the last run.
    func locate(_ index: Int) -> (run: Int, offset: Int) {
      var start = 0
      for (run, item) in runs.enumerated() {
        if index < start + item.count { return (run, index - start) }
        start += item.count
      }
      return (runs.count, 0)
    }
    for edit in edits {
      let (run, offset) = locate(edit.index)
      switch edit.change {
      case .insert(let element, _):
        if run < runs.count, case .older(let range) = runs[run], offset > 0 {
          let split = range.lowerBound + offset
          runs.replaceSubrange(
            run...run,
            with: [
              .older(range.lowerBound..<split), .inserted(element),
              .older(split..<range.upperBound),
            ])
        } else {
          runs.insert(.inserted(element), at: run)
        }
      case .remove:
        switch runs[run] {
        case .inserted:
          runs.remove(at: run)
        case .older(let range):
          let position = range.lowerBound + offset
          removed.append((position, edit.element))
          let pieces = [range.lowerBound..<position, (position + 1)..<range.upperBound]
          runs.replaceSubrange(run...run, with: pieces.filter { !$0.isEmpty }.map(Run.older))
        }
      }
    }
    let inserted = runs.compactMap { if case .inserted(let element) = $0 { element } else { nil } }
    let taken = removed.sorted { $0.position < $1.position }.map(\.element)
    // What was taken out and put back in, as often as both, moved: it is in neither list.
    return PersistentArrayChanges(
      removed: surplus(of: taken, over: inserted), inserted: surplus(of: inserted, over: taken))
  }

  // MARK: - Versions

  /// Runs `body` on the elements of this version.
  private func read<Result>(_ body: (borrowing Storage) -> Result) -> Result {
    node.family.lock.withLock {
      Node.reroot(node)
      return node.withStorage(body)
    }
  }

  /// Applies `change` to this version only.
  private mutating func change(_ change: Change) {
    let family = node.family
    family.lock.withLock {
      Node.reroot(node)
      if isKnownUniquelyReferenced(&node) {
        // No other version refers to this one: change it in place.
        var storage = node.takeStorage()
        _ = storage.apply(change)
        node.count = storage.elements.count
        node.storage = storage
      } else {
        // Other versions refer to this one: the elements move on to a new node, and this node
        // keeps the change that takes them back.
        var storage = node.takeStorage()
        let inverse = storage.apply(change)
        let newer = Node(family: family, storage: storage)
        node.point(to: newer, through: inverse)
        node = newer
      }
    }
  }
}

extension PersistentArray: RandomAccessCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { node.count }
  public var count: Int { node.count }

  public subscript(position: Int) -> Element {
    read { $0.elements[position] }
  }

  public func makeIterator() -> IndexingIterator<ContiguousArray<Element>> {
    read { $0.elements }.makeIterator()
  }
}

extension PersistentArray: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension PersistentArray: Equatable {
  /// Inlined, so that a version compared with itself (a state that an action left alone, as
  /// `onChange(of:)` compares it on every action) costs one comparison of references.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.node === rhs.node || haveEqualElements(lhs, rhs)
  }

  @usableFromInline
  static func haveEqualElements(_ lhs: Self, _ rhs: Self) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return lhs.read { $0.elements } == rhs.read { $0.elements }
  }
}

extension PersistentArray: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(read { $0.elements })
  }
}

extension PersistentArray: Codable where Element: Codable {
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }

  public func encode(to encoder: any Encoder) throws {
    try Array(self).encode(to: encoder)
  }
}

extension PersistentArray: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }
}

extension PersistentArray: CustomStringConvertible {
  public var description: String { Array(self).description }
}

// MARK: - Internals

extension PersistentArray {
  /// The lock that every version of one array shares.
  fileprivate final class Family: Sendable {
    let lock = Lock()
  }

  /// One change to the elements; applying it returns the change that takes it back.
  fileprivate enum Change {
    case insert(Element, at: Int)
    case remove(at: Int)
  }

  /// A stretch of an array being edited: positions of the older array, in order, or one
  /// element put in.
  fileprivate enum Run {
    case older(Range<Int>)
    case inserted(Element)

    var count: Int {
      switch self {
      case .older(let range): range.count
      case .inserted: 1
      }
    }
  }

  /// A change as it was made, with the element it put in or took out.
  fileprivate struct Edit {
    let change: Change
    let inverse: Change

    var index: Int {
      switch change {
      case .insert(_, let index), .remove(let index): index
      }
    }

    var element: Element {
      switch (change, inverse) {
      case (.insert(let element, _), _), (_, .insert(let element, _)): element
      case (.remove, .remove): preconditionFailure("a removal undone by a removal")
      }
    }
  }

  /// The elements of the current version, and how many times each occurs: an index made the
  /// first time ``contains(_:)`` asks, and kept up to date from then on.
  fileprivate struct Storage {
    var elements: ContiguousArray<Element>
    var counts: [Element: Int]?

    init(elements: ContiguousArray<Element>) {
      self.elements = elements
    }

    mutating func makeIndex() {
      guard counts == nil else { return }
      var counts: [Element: Int] = [:]
      for element in elements { counts[element, default: 0] += 1 }
      self.counts = counts
    }

    /// Applies `change` and returns its inverse.
    mutating func apply(_ change: Change) -> Change {
      switch change {
      case .insert(let element, let index):
        elements.insert(element, at: index)
        counts?[element, default: 0] += 1
        return .remove(at: index)
      case .remove(let index):
        let element = elements.remove(at: index)
        if let count = counts?[element], count > 1 {
          counts?[element] = count - 1
        } else {
          counts?[element] = nil
        }
        return .insert(element, at: index)
      }
    }
  }

  /// A version: either it holds the elements (the root of the tree of versions), or it holds
  /// the change that turns the version it points to into this one. Guarded by the family's
  /// lock, except `count`, which changes only while one value alone refers to the node.
  @usableFromInline
  final class Node {
    fileprivate let family: Family
    fileprivate var count: Int
    fileprivate var storage: Storage?
    fileprivate var change: Change?
    fileprivate var next: Node?

    fileprivate init(family: Family, storage: Storage) {
      self.family = family
      self.count = storage.elements.count
      self.storage = storage
    }

    fileprivate func withStorage<Result>(_ body: (borrowing Storage) -> Result) -> Result {
      guard let storage else { preconditionFailure("read of a version that is not current") }
      return body(storage)
    }

    /// Like `withStorage`, with the membership index made first if there is none yet.
    fileprivate func withIndexedStorage<Result>(_ body: (borrowing Storage) -> Result) -> Result {
      var storage = takeStorage()
      storage.makeIndex()
      self.storage = storage
      return withStorage(body)
    }

    /// Takes the elements out, so that changing them copies nothing.
    fileprivate func takeStorage() -> Storage {
      var taken: Storage?
      swap(&taken, &storage)
      guard let taken else { preconditionFailure("change of a version that is not current") }
      return taken
    }

    /// Makes this node a change away from `newer`, which now holds the elements.
    fileprivate func point(to newer: Node, through change: Change) {
      self.storage = nil
      self.change = change
      self.next = newer
    }

    /// Makes `node` the one that holds the elements, reversing the changes on the way.
    static func reroot(_ node: Node) {
      _ = reroot(node, atMost: .max) { _ in }
    }

    /// Makes `node` the version that holds the elements, handing `applied` each change made on
    /// the way, in order, unless there would be more than `limit` of them: then nothing is
    /// changed, and it returns `false`.
    fileprivate static func reroot(_ node: Node, atMost limit: Int, applied: (Edit) -> Void) -> Bool
    {
      guard node.storage == nil else { return true }
      var path: [Node] = []
      var current = node
      while let next = current.next, current.storage == nil {
        guard path.count < limit else { return false }
        path.append(current)
        current = next
      }
      var root = current
      for version in path.reversed() {
        guard let change = version.change else { preconditionFailure("broken version chain") }
        var storage = root.takeStorage()
        let inverse = storage.apply(change)
        applied(Edit(change: change, inverse: inverse))
        root.point(to: version, through: inverse)
        version.storage = storage
        version.change = nil
        version.next = nil
        root = version
      }
      return true
    }
  }
}

/// What one ``PersistentArray`` took out of another and put in: see
/// ``PersistentArray/changes(from:)``.
public struct PersistentArrayChanges<Element: Hashable & Sendable>: Equatable, Sendable {
  /// The elements taken out, in the order the older array held them.
  public var removed: [Element]
  /// The elements put in, in the order the newer array holds them.
  public var inserted: [Element]

  /// Creates the changes from what was taken out and what was put in.
  public init(removed: [Element], inserted: [Element]) {
    self.removed = removed
    self.inserted = inserted
  }
}
