/// A stack that keeps at most `capacity` elements: pushing onto a full stack forgets the oldest.
///
/// Forgotten elements are dropped from storage in batches, so a push costs amortised constant
/// time however deep the stack is.
@usableFromInline
struct UndoStack<Element> {
  // The stack is `storage[floor...]`; elements below `floor` are forgotten.
  private var storage: [Element] = []
  private var floor = 0
  @usableFromInline
  let capacity: Int
  /// How many elements were forgotten to keep within the capacity.
  @usableFromInline
  private(set) var forgotten = 0

  @usableFromInline
  init(capacity: Int) {
    self.capacity = capacity
  }

  @usableFromInline
  var count: Int { storage.count - floor }

  @usableFromInline
  var last: Element? { count > 0 ? storage.last : nil }

  @usableFromInline
  mutating func push(_ element: Element) {
    storage.append(element)
    if count > capacity {
      floor += 1
      forgotten += 1
      if floor >= max(16, capacity / 2) {
        storage.removeFirst(floor)
        floor = 0
      }
    }
  }

  /// The element at `index`, from the oldest kept.
  @usableFromInline
  subscript(index: Int) -> Element {
    storage[floor + index]
  }

  @usableFromInline
  mutating func pop() -> Element? {
    guard count > 0 else { return nil }
    return storage.popLast()
  }

  @usableFromInline
  func elementsEqual(_ other: UndoStack, by areEqual: (Element, Element) -> Bool) -> Bool {
    storage[floor...].elementsEqual(other.storage[other.floor...], by: areEqual)
  }
}

extension UndoStack: Sendable where Element: Sendable {}
