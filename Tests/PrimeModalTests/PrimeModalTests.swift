import Alerts
import ComposableArchitecture
import ComposableArchitectureTestSupport
import PrimeModal
import Testing

@MainActor
struct PrimeModalTests {
  private func makeStore(
    count: Int, favorites: PersistentArray<Int> = []
  ) -> TestStore<PrimeModalState, PrimeModalAction, Void> {
    TestStore(
      initialState: PrimeModalState(count: count, favoritePrimes: favorites),
      reducer: PrimeModalReducer(),
      environment: ()
    )
  }

  @Test func equality_takesTheFavoritesOrderIntoAccount() {
    let first = PrimeModalState(count: 2, favoritePrimes: [2, 3])
    #expect(first == PrimeModalState(count: 2, favoritePrimes: [2, 3]))
    #expect(first != PrimeModalState(count: 2, favoritePrimes: [3, 2]))
    #expect(first != PrimeModalState(count: 3, favoritePrimes: [2, 3]))
  }

  @Test func saveTapped_onAPrime_addsItToFavorites_andSaysSo() async {
    let store = makeStore(count: 7, favorites: [2, 3])
    await store.send(.saveFavoritePrimeTapped) {
      $0.favoritePrimes = [2, 3, 7]
      $0.notice = .saved(7)
    }
  }

  @Test(arguments: [-7, 0, 1, 4, 6, 9, 91])
  func saveTapped_onANonPrime_isRefused_withWhy(count: Int) async {
    let store = makeStore(count: count, favorites: [2])
    await store.send(.saveFavoritePrimeTapped) {
      $0.alert = .failure("\(count) is not prime, so it cannot be a favorite")
    }
  }

  @Test func saveTapped_onAFavoriteAlready_isRefused_withWhy() async {
    let store = makeStore(count: 7, favorites: [7, 11])
    await store.send(.saveFavoritePrimeTapped) {
      $0.alert = .failure("7 is a favorite prime already")
    }
    await store.send(.alertDismissed) { $0.alert = nil }
  }

  @Test func removeTapped_onAFavorite_removesIt_andSaysSo() async {
    let store = makeStore(count: 7, favorites: [2, 7, 11])
    await store.send(.removeFavoritePrimeTapped) {
      $0.favoritePrimes = [2, 11]
      $0.notice = .removed(7)
    }
  }

  @Test func removeTapped_onANonFavorite_isRefused_withWhy() async {
    let store = makeStore(count: 5, favorites: [2, 7])
    await store.send(.removeFavoritePrimeTapped) {
      $0.alert = .failure("5 is not a favorite prime")
    }
  }

  @Test func reduce_savesThePrimeInPlace() {
    var state = PrimeModalState(count: 7)
    _ = PrimeModalReducer().reduce(into: &state, action: .saveFavoritePrimeTapped, environment: ())
    #expect(state.favoritePrimes == [7])
  }

  @Test func title_andOfferedAction_describeTheModal() {
    #expect(PrimeModalState(count: 7).title == "7 is prime 🎉")
    #expect(PrimeModalState(count: 6).title == "6 is not prime :(")
    #expect(PrimeModalState(count: 7).offeredAction == .saveFavoritePrimeTapped)
    #expect(
      PrimeModalState(count: 7, favoritePrimes: [7]).offeredAction == .removeFavoritePrimeTapped)
    #expect(PrimeModalState(count: 6).offeredAction == nil)
    #expect(PrimeModalState(count: 7, favoritePrimes: [7]).isFavorite)
  }
}
