import Alerts
import ComposableArchitecture
import ComposableArchitectureTestSupport
import FavoritePrimes
import FavoritePrimesFormat
import FileClient
import Foundation
import NthPrimeClient
import NthPrimeLookup
import Testing

@MainActor
struct FavoritePrimesTests {
  private func makeStore(
    _ favorites: PersistentArray<Int> = [],
    fileClient: FileClient = .failing,
    nthPrime: @escaping @Sendable (Int) async throws -> Int = { _ in
      Issue.record("nthPrime should not be called")
      return 0
    }
  ) -> TestStore<FavoritePrimesState, FavoritePrimesAction, FavoritePrimesEnvironment> {
    TestStore(
      initialState: FavoritePrimesState(favoritePrimes: favorites),
      reducer: FavoritePrimesReducer(),
      environment: FavoritePrimesEnvironment(
        fileClient: fileClient, nthPrime: NthPrimeClient(nthPrime: nthPrime))
    )
  }

  @Test func whatCoversTheList_andASavesAnswer_areHeldInBoxes() {
    // Every action the app routes is copied at each level: a save's and a load's answers, the
    // largest, are boxed, so no action is larger than the lookup's (Benchmarks/README.md).
    #expect(MemoryLayout<FavoritePrimesState.Destination?>.size == MemoryLayout<AnyObject>.size)
    #expect(
      MemoryLayout<FavoritePrimesAction>.size
        <= MemoryLayout<PresentationAction<NthPrimeLookupAction>>.size + 1)
  }

  @Test func delete_oneRow_removesIt_andSaysWhich() async {
    let store = makeStore([2, 3, 5, 7])
    await store.send(.deleteFavoritePrimes([0])) {
      $0.favoritePrimes = [3, 5, 7]
      $0.notice = .deleted([2])
    }
  }

  @Test func delete_multipleIndices_removesExactlyThoseRows() async {
    let store = makeStore([2, 3, 5, 7])
    await store.send(.deleteFavoritePrimes([1, 3])) {
      $0.favoritePrimes = [2, 5]
      $0.notice = .deleted([3, 7])
    }
  }

  @Test func delete_rowsPastTheEnd_isRefused_howeverManyTheyAre() async {
    let store = makeStore([2, 3, 5, 7])
    // Rows 1 to 4·10^18: walking them one by one would not end.
    await store.send(.deleteFavoritePrimes(IndexSet(integersIn: 1..<4_000_000_000_000_000_000))) {
      $0.destination = .alert(.failure("there is no 5th favorite prime: there are 4"))
    }
  }

  @Test func reduce_deletesTheRowsInPlace() {
    let environment = FavoritePrimesEnvironment(fileClient: .failing, nthPrime: .answering([7: 17]))
    var state = FavoritePrimesState(favoritePrimes: [2, 3, 5, 7])
    _ = FavoritePrimesReducer().reduce(
      into: &state, action: .deleteFavoritePrimes([1, 3]), environment: environment)
    #expect(state.favoritePrimes == [2, 5])
  }

  @Test func delete_unorderedIndices_removesExactlyThoseRows() async {
    let store = makeStore([2, 3, 5, 7, 11, 13])
    await store.send(.deleteFavoritePrimes(IndexSet([5, 0, 2]))) {
      $0.favoritePrimes = [3, 7, 11]
      $0.notice = .deleted([2, 5, 13])
    }
  }

  @Test func delete_everyRow_leavesNone() async {
    let store = makeStore([2, 3, 5])
    await store.send(.deleteFavoritePrimes(IndexSet(0..<3))) {
      $0.favoritePrimes = []
      $0.notice = .deleted([2, 3, 5])
    }
  }

  @Test func delete_withARowPastTheEnd_deletesNothing_andSaysWhichRow() async {
    let store = makeStore([2, 3])
    await store.send(.deleteFavoritePrimes([1, 9])) {
      $0.destination = .alert(.failure("there is no 10th favorite prime: there are 2"))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.deleteFavoritePrimes([2])) {
      $0.destination = .alert(.failure("there is no 3rd favorite prime: there are 2"))
    }
  }

  @Test func delete_withNoFavorites_saysThereAreNone() async {
    let store = makeStore([])
    await store.send(.deleteFavoritePrimes([0])) {
      $0.destination = .alert(.failure("there is no 1st favorite prime: there are none"))
    }
    let one = makeStore([7])
    await one.send(.deleteFavoritePrimes([1])) {
      $0.destination = .alert(.failure("there is no 2nd favorite prime: there is 1"))
    }
  }

  @Test func save_success_writesTheFileAndSaysSo() async throws {
    let files = InMemoryFiles()
    let store = makeStore([2, 3, 7], fileClient: .inMemory(files))
    await store.send(.saveButtonTapped(file: nil))
    await store.receive(.saveResponse(.success(3), file: FavoritePrimesFile.name)) {
      $0.notice = .exported(count: 3, file: FavoritePrimesFile.name)
    }
    let data = try #require(files[FavoritePrimesFile.name])
    #expect(try FavoritePrimesFile.decode(data) == ImportedPrimes(primes: [2, 3, 7]))
  }

  @Test func save_overAFileThatIsNoFavoritesFile_leavesItAsItIs_andSaysWhy() async throws {
    let files = InMemoryFiles(["notes.txt": Data("my notes\n".utf8)])
    let store = makeStore([2], fileClient: .inMemory(files))
    await store.send(.saveButtonTapped(file: "notes.txt"))
    let reason =
      "notes.txt holds something else than favorite primes; it is left as it is (save to "
      + "another file, or remove it first)"
    await store.receive(.saveResponse(.failure(ErrorMessage(reason)), file: "notes.txt")) {
      $0.destination = .alert(.failure("could not save the favorite primes: \(reason)"))
    }
    #expect(files["notes.txt"] == Data("my notes\n".utf8))
    // A favorites file, in either shape, is written over.
    files["old.json"] = Data("[5]".utf8)
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.saveButtonTapped(file: "old.json"))
    await store.receive(.saveResponse(.success(1), file: "old.json")) {
      $0.notice = .exported(count: 1, file: "old.json")
    }
    #expect(try FavoritePrimesFile.decode(try #require(files["old.json"])).primes == [2])
  }

  @Test func save_failure_isReportedAsAnAlert() async {
    let store = makeStore([2], fileClient: .failing)
    await store.send(.saveButtonTapped(file: nil))
    await store.receive(
      .saveResponse(
        .failure(ErrorMessage("could not write favorite-primes.json")),
        file: FavoritePrimesFile.name)
    ) {
      $0.destination = .alert(
        .failure(
          "could not save the favorite primes: could not write favorite-primes.json"))
    }
  }

  @Test func load_success_addsThePrimesNotYetFavorites_inTheFilesOrder() async throws {
    let files = InMemoryFiles([FavoritePrimesFile.name: try FavoritePrimesFile.encode([5, 7, 2])])
    let store = makeStore([7], fileClient: .inMemory(files))
    await store.send(.loadButtonTapped(file: nil))
    await store.receive(.loadResponse(.success(ImportedPrimes(primes: [5, 7, 2])))) {
      $0.favoritePrimes = [7, 5, 2]
      $0.notice = .imported(found: 3, added: 2, skipped: [])
    }
  }

  @Test func saveAndLoad_aNamedFile_useThatFile() async throws {
    let files = InMemoryFiles()
    let store = makeStore([3], fileClient: .inMemory(files))
    await store.send(.saveButtonTapped(file: "backup.json"))
    await store.receive(.saveResponse(.success(1), file: "backup.json")) {
      $0.notice = .exported(count: 1, file: "backup.json")
    }
    #expect(files[FavoritePrimesFile.name] == nil)
    files["other.json"] = Data("[2, 3]".utf8)
    await store.send(.loadButtonTapped(file: "other.json"))
    await store.receive(.loadResponse(.success(ImportedPrimes(primes: [2, 3])))) {
      $0.favoritePrimes = [3, 2]
      $0.notice = .imported(found: 2, added: 1, skipped: [])
    }
  }

  @Test func load_failure_keepsTheFavorites() async {
    let store = makeStore([7], fileClient: .failing)
    await store.send(.loadButtonTapped(file: nil))
    await store.receive(
      .loadResponse(.failure(ErrorMessage("could not read favorite-primes.json")))
    ) {
      $0.destination = .alert(
        .failure(
          "could not load the favorite primes: could not read favorite-primes.json"))
    }
  }

  @Test func load_withNoSavedFile_keepsTheFavorites() async {
    let store = makeStore([7], fileClient: .noop)
    await store.send(.loadButtonTapped(file: nil))
    await store.receive(
      .loadResponse(.failure(ErrorMessage("there is no file favorite-primes.json")))
    ) {
      $0.destination = .alert(
        .failure(
          "could not load the favorite primes: there is no file favorite-primes.json"))
    }
  }

  @Test func load_invalidFile_keepsTheFavorites() async {
    let files = InMemoryFiles([
      FavoritePrimesFile.name: Data(#"{"version":2,"favoritePrimes":[7]}"#.utf8)
    ])
    let store = makeStore([7], fileClient: .inMemory(files))
    await store.send(.loadButtonTapped(file: nil))
    await store.receive(
      .loadResponse(
        .failure(
          ErrorMessage(
            "favorite-primes.json has format version 2; this PrimeTime reads version 1 and "
              + "earlier")))
    ) {
      $0.destination = .alert(
        .failure(
          "could not load the favorite primes: favorite-primes.json has format version 2; this "
            + "PrimeTime reads version 1 and earlier"))
    }
  }

  @Test func load_fileThatIsNoFavoritesFile_saysWhichFile() async {
    let files = InMemoryFiles(["notes.json": Data("not json".utf8)])
    let store = makeStore([7], fileClient: .inMemory(files))
    await store.send(.loadButtonTapped(file: "notes.json"))
    await store.receive(
      .loadResponse(
        .failure(ErrorMessage("notes.json is not JSON: it goes wrong at line 1, column 2")))
    ) {
      $0.destination = .alert(
        .failure(
          "could not load the favorite primes: notes.json is not JSON: it goes wrong at line 1, "
            + "column 2"))
    }
  }

  /// A load names the file where it is, as a save does: the full screen's `i` reads the data
  /// directory's file, which its name alone would not say.
  @Test func load_failure_namesTheFileByItsPath() async {
    let files = InMemoryFiles(["notes.json": Data("not json".utf8)])
    let inMemory = FileClient.inMemory(files)
    let client = FileClient(
      load: inMemory.load, save: inMemory.save, path: { "/data/\($0)" })
    let store = makeStore([7], fileClient: client)
    await store.send(.loadButtonTapped(file: nil))
    await store.receive(
      .loadResponse(.failure(ErrorMessage("there is no file /data/favorite-primes.json")))
    ) {
      $0.destination = .alert(
        .failure("could not load the favorite primes: there is no file /data/favorite-primes.json"))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.loadButtonTapped(file: "notes.json"))
    await store.receive(
      .loadResponse(
        .failure(ErrorMessage("/data/notes.json is not JSON: it goes wrong at line 1, column 2")))
    ) {
      $0.destination = .alert(
        .failure(
          "could not load the favorite primes: /data/notes.json is not JSON: it goes wrong at "
            + "line 1, column 2"))
    }
  }

  @Test func primeTapped_asksForTheNthPrimeOfThatRowsPrime() async {
    let store = makeStore([2, 7]) { n in
      #expect(n == 7)
      return 17
    }
    await store.send(.primeTapped(at: 1)) { $0.nthPrimeLookup = NthPrimeLookupState(n: 7) }
    await store.receive(.nthPrimeLookup(.presented(.started)))
    await store.receive(.nthPrimeLookup(.presented(.answered(n: 7, .success(17))))) {
      $0.nthPrimeLookup = nil
      $0.destination = .alert(.nthPrime(n: 7, prime: 17))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func primeTapped_pastTheEnd_isRefused_withoutALookup() async {
    let store = makeStore([2, 7])
    await store.send(.primeTapped(at: 2)) {
      $0.destination = .alert(.failure("there is no 3rd favorite prime: there are 2"))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.primeTapped(at: -1)) {
      $0.destination = .alert(.failure("there is no 0th favorite prime: there are 2"))
    }
  }

  @Test func primeTapped_failedLookup_saysWhy() async {
    let store = makeStore([7]) { _ in throw ErrorMessage("too far") }
    await store.send(.primeTapped(at: 0)) { $0.nthPrimeLookup = NthPrimeLookupState(n: 7) }
    await store.receive(.nthPrimeLookup(.presented(.started)))
    await store.receive(
      .nthPrimeLookup(.presented(.answered(n: 7, .failure(ErrorMessage("too far")))))
    ) {
      $0.nthPrimeLookup = nil
      $0.destination = .alert(.failure("could not find the 7th prime: too far"))
    }
  }

  @Test func primeTapped_whileALookupRuns_isIgnored_andDismissingCancelsIt() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: [7, 11]),
      reducer: FavoritePrimesReducer(),
      environment: FavoritePrimesEnvironment(
        fileClient: .failing,
        nthPrime: NthPrimeClient { _ in
          let (stream, continuation) = AsyncStream<Int>.makeStream()
          for await value in stream { return value }
          continuation.finish()
          throw CancellationError()
        })
    )
    await store.send(.primeTapped(at: 0)) { $0.nthPrimeLookup = NthPrimeLookupState(n: 7) }
    await store.receive(.nthPrimeLookup(.presented(.started)))
    await store.send(.primeTapped(at: 1))
    await store.send(.nthPrimeLookup(.dismiss)) {
      $0.nthPrimeLookup = nil
      $0.notice = .cancelled
    }
    // With nothing to cancel, a dismissal is reported and changes nothing.
    let reports = await issuesReported { await store.send(.nthPrimeLookup(.dismiss)) }
    #expect(reports.count == 1)
    #expect(reports.first?.contains("while nothing is presented") == true)
    await store.finish()
  }

  @Test func primeTapped_onAFavoriteBelowOne_failsAtOnce() async {
    // Only a hand-edited store could hold such a favorite.
    let store = makeStore([0])
    await store.send(.primeTapped(at: 0)) {
      $0.destination = .alert(.failure("there is no 0th prime: n must be at least 1"))
    }
  }
}
