import Alerts
import ComposableArchitecture
import ComposableArchitectureTestSupport
import NthPrimeClient
import NthPrimeLookup
import Testing

private struct LookupFailed: Error, CustomStringConvertible {
  var description: String { "the engine is out of order" }
}

/// An nth-prime lookup the test answers when it chooses.
private final class ControlledLookup: Sendable {
  private let stream: AsyncStream<Result<Int, LookupFailed>>
  private let continuation: AsyncStream<Result<Int, LookupFailed>>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream()
  }

  func answer(_ result: Result<Int, LookupFailed>) {
    continuation.yield(result)
  }

  func lookup(_ n: Int) async throws -> Int {
    for await result in stream { return try result.get() }
    throw CancellationError()
  }
}

@MainActor
struct NthPrimeLookupTests {
  private func makeStore(
    _ state: NthPrimeLookupState = NthPrimeLookupState(),
    nthPrime: @escaping @Sendable (Int) async throws -> Int = { _ in
      Issue.record("nthPrime should not be called")
      return 0
    }
  ) -> TestStore<NthPrimeLookupState, NthPrimeLookupAction, NthPrimeClient> {
    TestStore(
      initialState: state, reducer: NthPrimeLookupReducer(),
      environment: NthPrimeClient(nthPrime: nthPrime))
  }

  @Test func asked_looksUpThatPrime_andShowsTheAnswer() async {
    let store = makeStore { n in
      #expect(n == 7)
      return 17
    }
    await store.send(.asked(n: 7)) { $0.isInFlight = true }
    await store.receive(.answered(n: 7, .success(17))) {
      $0.isInFlight = false
      $0.alert = .nthPrime(n: 7, prime: 17)
    }
    #expect(store.state.alert?.message == "the 7th prime is 17")
  }

  @Test func answered_replacesTheAlertThatWasShown() async {
    let store = makeStore(NthPrimeLookupState(alert: .notice("saved 7")))
    await store.send(.answered(n: 1, .success(2))) { $0.alert = .nthPrime(n: 1, prime: 2) }
  }

  @Test func asked_failedLookup_endsTheLookupWithAMessage() async {
    let store = makeStore { _ in throw LookupFailed() }
    await store.send(.asked(n: 7)) { $0.isInFlight = true }
    await store.receive(.answered(n: 7, .failure(ErrorMessage("the engine is out of order")))) {
      $0.isInFlight = false
      $0.alert = .failure("could not find the 7th prime: the engine is out of order")
    }
  }

  @Test(arguments: [0, -1, Int.min])
  func asked_withNBelowOne_failsAtOnceWithoutALookup(n: Int) async {
    let store = makeStore()
    await store.send(.asked(n: n)) {
      $0.alert = .failure("there is no \(ordinal(n)) prime: n must be at least 1")
    }
  }

  @Test func asked_whileALookupRuns_isIgnored_andTheFirstAnswerArrives() async {
    let lookup = ControlledLookup()
    let store = makeStore { try await lookup.lookup($0) }
    await store.send(.asked(n: 7)) { $0.isInFlight = true }
    await store.send(.asked(n: 100))
    await store.send(.asked(n: 0))
    lookup.answer(.success(17))
    await store.receive(.answered(n: 7, .success(17))) {
      $0.isInFlight = false
      $0.alert = .nthPrime(n: 7, prime: 17)
    }
  }

  @Test func cancelled_stopsTheLookup_andNoAnswerArrives() async {
    let lookup = ControlledLookup()
    let store = makeStore { try await lookup.lookup($0) }
    let request = await store.send(.asked(n: 7)) { $0.isInFlight = true }
    await store.send(.cancelled) { $0.isInFlight = false }
    lookup.answer(.success(17))
    await request.finish()
    await store.finish()
  }

  @Test func cancelled_withNothingInFlight_changesNothing() async {
    let store = makeStore(NthPrimeLookupState(alert: .nthPrime(n: 7, prime: 17)))
    await store.send(.cancelled)
  }

  @Test func askedAgain_afterCancelling_startsAFreshLookup() async {
    let lookup = ControlledLookup()
    let store = makeStore { n in n == 7 ? try await lookup.lookup(n) : 19 }
    await store.send(.asked(n: 7)) { $0.isInFlight = true }
    await store.send(.cancelled) { $0.isInFlight = false }
    await store.send(.asked(n: 8)) { $0.isInFlight = true }
    await store.receive(.answered(n: 8, .success(19))) {
      $0.isInFlight = false
      $0.alert = .nthPrime(n: 8, prime: 19)
    }
  }
}

/// The lookup embedded twice in one parent, each optional: the effect identities are scoped by
/// where each is presented, so cancelling one leaves the other running.
private struct TwoLookups: Equatable {
  var first: NthPrimeLookupState?
  var second: NthPrimeLookupState?
}

private enum TwoLookupsAction: Equatable, Sendable {
  case first(NthPrimeLookupAction)
  case second(NthPrimeLookupAction)
}

extension CasePath<TwoLookupsAction, NthPrimeLookupAction> {
  fileprivate static var first: Self {
    Self(TwoLookupsAction.first) { if case .first(let a) = $0 { a } else { nil } }
  }
  fileprivate static var second: Self {
    Self(TwoLookupsAction.second) { if case .second(let a) = $0 { a } else { nil } }
  }
}

@MainActor
struct NthPrimeLookupTwiceTests {
  @Test func twoEmbeddings_runAtOnce_andCancellingOneLeavesTheOther() async {
    let first = ControlledLookup()
    let second = ControlledLookup()
    let client = NthPrimeClient { n in
      try await (n == 7 ? first : second).lookup(n)
    }
    let store = TestStore(
      initialState: TwoLookups(first: NthPrimeLookupState(), second: NthPrimeLookupState()),
      reducer: Reduce<TwoLookups, TwoLookupsAction, NthPrimeClient>.empty
        .ifLet(\.first, action: .first, environment: { $0 }) { NthPrimeLookupReducer() }
        .ifLet(\.second, action: .second, environment: { $0 }) { NthPrimeLookupReducer() },
      environment: client)
    await store.send(.first(.asked(n: 7))) { $0.first?.isInFlight = true }
    await store.send(.second(.asked(n: 8))) { $0.second?.isInFlight = true }
    await store.send(.first(.cancelled)) { $0.first?.isInFlight = false }
    first.answer(.success(17))
    second.answer(.success(19))
    await store.receive(.second(.answered(n: 8, .success(19)))) {
      $0.second?.isInFlight = false
      $0.second?.alert = .nthPrime(n: 8, prime: 19)
    }
    await store.finish()
  }
}
