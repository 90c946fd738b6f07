import ComposableArchitecture
import Testing

/// A shop that stores its stock, its sales and its name once, and counts each write to them; a
/// till derives its state from them, with the sales as a persistent array.
struct Shop: Equatable {
  var stock = 10 { didSet { writes["stock", default: 0] += 1 } }
  var sales: PersistentArray<Int> = [] { didSet { writes["sales", default: 0] += 1 } }
  var name = "corner" { didSet { writes["name", default: 0] += 1 } }
  var writes: [String: Int] = [:]

  var till: Till {
    get { Self.tillFields.child(of: self) }
    set { Self.tillFields.write(newValue, into: &self) }
  }

  static var tillFields: DerivedState<Shop, Till> {
    .fields
      .shared(\.stock, as: \.stock)
      .shared(\.sales, as: \.sales)
      .reading(\.name, as: \.shopName)
      .making(Till.init(stock:sales:shopName:))
  }
}

struct Till: Equatable {
  var stock: Int
  var sales: PersistentArray<Int>
  var shopName: String
}

/// Sells one item at a price, from the stock.
struct TillReducer: Reducer {
  func reduce(into state: inout Till, action: Int, environment: Void) -> Effect<Int> {
    state.stock -= 1
    state.sales.append(action)
    return .none
  }
}

/// Two fields of one type, for derivations declared in and out of order.
struct Pair: Equatable {
  var first = 1
  var second = 2
}

struct DerivedStateTests {
  @Test func child_readsEachFieldFromTheParent() {
    let shop = Shop(stock: 3, sales: [5], name: "kiosk")
    #expect(shop.till == Till(stock: 3, sales: [5], shopName: "kiosk"))
  }

  @Test func write_writesBackWhatTheChildChanged() {
    var shop = Shop()
    shop.till.stock = 9
    #expect(shop.stock == 9)
    #expect(shop.writes == ["stock": 1])
  }

  @Test func write_leavesAnUnchangedFieldUntouched() {
    var shop = Shop(sales: [5])
    let sales = shop.sales
    shop.till = shop.till
    #expect(shop.writes.isEmpty)
    #expect(shop.sales.isIdentical(to: sales))
  }

  @Test func write_ofAnArray_checksTheVersion_notTheElements() {
    var shop = Shop(sales: [5])
    var till = shop.till
    till.sales = [5]  // equal, but another version
    shop.till = till
    #expect(shop.writes == ["sales": 1])
    #expect(shop.sales.isIdentical(to: till.sales))
  }

  @Test func write_neverWritesAFieldTheChildOnlyReads() {
    var shop = Shop()
    shop.till.shopName = "renamed"
    #expect(shop.name == "corner")
    #expect(shop.writes.isEmpty)
  }

  @Test func aDerivedProperty_isAPullbackPath() {
    var shop = Shop()
    _ = TillReducer().pullback(state: \Shop.till, action: .identity)
      .reduce(into: &shop, action: 4, environment: ())
    #expect(shop.stock == 9)
    #expect(shop.sales == [4])
    #expect(shop.writes == ["stock": 1, "sales": 1])
  }

  @Test func fieldsDeclaredOutOfOrder_areReportedInADebugBuild() {
    let swapped = DerivedState<Pair, Pair>.fields
      .shared(\.second, as: \.second)
      .shared(\.first, as: \.first)
      .making(Pair.init(first:second:))
    let inOrder = DerivedState<Pair, Pair>.fields
      .shared(\.first, as: \.first)
      .shared(\.second, as: \.second)
      .making(Pair.init(first:second:))
    var crossed = Pair()
    var straight = Pair(first: 0, second: 0)

    let reports = reported {
      crossed = swapped.child(of: Pair())
      straight = inOrder.child(of: Pair())
    }

    #expect(crossed == Pair(first: 2, second: 1))
    #expect(straight == Pair())
    #if DEBUG
      #expect(reports.count == 1)
      #expect(reports.first?.contains("DerivedStateTests.swift") == true)
    #else
      #expect(reports.isEmpty)
    #endif
  }

  @Test func readFieldsOutOfOrder_andAnInitializerThatChangesItsValues_areReportedToo() {
    let swappedReads = DerivedState<Pair, Pair>.fields
      .reading(\.second, as: \.second)
      .reading(\.first, as: \.first)
      .making(Pair.init(first:second:))
    let doubling = DerivedState<Pair, Pair>.fields
      .shared(\.first, as: \.first)
      .shared(\.second, as: \.second)
      .making { Pair(first: $0 * 2, second: $1) }
    let reports = reported {
      _ = swappedReads.child(of: Pair())
      _ = doubling.child(of: Pair())
    }

    #if DEBUG
      #expect(reports.count == 2)
    #else
      #expect(reports.isEmpty)
    #endif
  }

  @Test func making_takesOneToSixFields_inOrder() {
    struct Six: Equatable {
      var a = 1
      var b = 2
      var c = 3
      var d = 4
      var e = 5
      var f = 6
    }
    let six = Six()
    let one = DerivedState<Six, [Int]>.fields.shared(\.a, as: \.[0]).making { [$0] }
    let two = DerivedState<Six, [Int]>.fields
      .shared(\.a, as: \.[0]).shared(\.b, as: \.[1]).making { [$0, $1] }
    let three = DerivedState<Six, [Int]>.fields
      .shared(\.a, as: \.[0]).shared(\.b, as: \.[1]).shared(\.c, as: \.[2])
      .making { [$0, $1, $2] }
    let four = DerivedState<Six, [Int]>.fields
      .shared(\.a, as: \.[0]).shared(\.b, as: \.[1]).shared(\.c, as: \.[2])
      .shared(\.d, as: \.[3])
      .making { [$0, $1, $2, $3] }
    let five = DerivedState<Six, [Int]>.fields
      .shared(\.a, as: \.[0]).shared(\.b, as: \.[1]).shared(\.c, as: \.[2])
      .shared(\.d, as: \.[3]).shared(\.e, as: \.[4])
      .making { [$0, $1, $2, $3, $4] }
    let all = DerivedState<Six, [Int]>.fields
      .shared(\.a, as: \.[0]).shared(\.b, as: \.[1]).shared(\.c, as: \.[2])
      .shared(\.d, as: \.[3]).shared(\.e, as: \.[4]).shared(\.f, as: \.[5])
      .making { [$0, $1, $2, $3, $4, $5] }
    #expect(one.child(of: six) == [1])
    #expect(two.child(of: six) == [1, 2])
    #expect(three.child(of: six) == [1, 2, 3])
    #expect(four.child(of: six) == [1, 2, 3, 4])
    #expect(five.child(of: six) == [1, 2, 3, 4, 5])
    #expect(all.child(of: six) == [1, 2, 3, 4, 5, 6])

    var changed = six
    all.write([6, 5, 4, 3, 2, 1], into: &changed)
    #expect(changed == Six(a: 6, b: 5, c: 4, d: 3, e: 2, f: 1))
  }
}
