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

  @Test func saveTapped_onAPrime_addsItToFavorites() async {
    let store = makeStore(count: 7, favorites: [2, 3])
    await store.send(.saveFavoritePrimeTapped) { $0.favoritePrimes = [2, 3, 7] }
  }

  @Test func saveTapped_onANonPrime_changesNothing() async {
    for count in [-7, 0, 1, 4, 6, 9, 91] {
      let store = makeStore(count: count)
      await store.send(.saveFavoritePrimeTapped)
    }
  }

  @Test func saveTapped_onAFavoriteAlready_changesNothing() async {
    let store = makeStore(count: 7, favorites: [7, 11])
    await store.send(.saveFavoritePrimeTapped)
  }

  @Test func removeTapped_onAFavorite_removesIt() async {
    let store = makeStore(count: 7, favorites: [2, 7, 11])
    await store.send(.removeFavoritePrimeTapped) { $0.favoritePrimes = [2, 11] }
  }

  @Test func removeTapped_onANonFavorite_changesNothing() async {
    let store = makeStore(count: 5, favorites: [2, 7])
    await store.send(.removeFavoritePrimeTapped)
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
