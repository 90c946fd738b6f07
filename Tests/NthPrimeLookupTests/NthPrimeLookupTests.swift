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
    n: Int, nthPrime: @escaping @Sendable (Int) async throws -> Int
  ) -> TestStore<NthPrimeLookupState, NthPrimeLookupAction, NthPrimeClient> {
    TestStore(
      initialState: NthPrimeLookupState(n: n), reducer: NthPrimeLookupReducer(),
      environment: NthPrimeClient(nthPrime: nthPrime))
  }

  @Test func started_looksUpItsPrime_andAnswers() async {
    let store = makeStore(n: 7) { n in
      #expect(n == 7)
      return 17
    }
    await store.send(.started)
    await store.receive(.answered(n: 7, .success(17)))
  }

  @Test func aFailedLookup_answersWithWhatWentWrong() async {
    let store = makeStore(n: 3) { _ in throw LookupFailed() }
    await store.send(.started)
    await store.receive(.answered(n: 3, .failure(ErrorMessage("the engine is out of order"))))
  }

  @Test func anAnswer_changesNothingInTheLookup_whoeverPresentedItEndsIt() async {
    let store = makeStore(n: 3) { _ in
      Issue.record("nthPrime should not be called")
      return 0
    }
    await store.send(.answered(n: 3, .success(5)))
  }
}

/// The lookup presented twice in one parent: the effect identities are scoped by where each is
/// presented, so dismissing one cancels it and leaves the other running.
private struct TwoLookups: Equatable {
  var first: NthPrimeLookupState?
  var second: NthPrimeLookupState?
}

private enum TwoLookupsAction: Equatable, Sendable {
  case first(PresentationAction<NthPrimeLookupAction>)
  case second(PresentationAction<NthPrimeLookupAction>)
}

extension CasePath<TwoLookupsAction, PresentationAction<NthPrimeLookupAction>> {
  fileprivate static var first: Self {
    Self(TwoLookupsAction.first) { if case .first(let a) = $0 { a } else { nil } }
  }
  fileprivate static var second: Self {
    Self(TwoLookupsAction.second) { if case .second(let a) = $0 { a } else { nil } }
  }
}

/// Presents the lookup at `path` in `parent`: one composition written once and used for both
/// places, which the key paths tell apart.
private func presentingLookup(
  at path: WritableKeyPath<TwoLookups, NthPrimeLookupState?>,
  action: CasePath<TwoLookupsAction, PresentationAction<NthPrimeLookupAction>>,
  in parent: some Reducer<TwoLookups, TwoLookupsAction, NthPrimeClient>
) -> some Reducer<TwoLookups, TwoLookupsAction, NthPrimeClient> {
  parent.ifLet(path, action: action, environment: { $0 }) { NthPrimeLookupReducer() }
}

/// How the two lookups are composed: each `ifLet` written where it is used, or both through one
/// helper.
enum TwoLookupsComposition: CaseIterable, Sendable {
  case inPlace
  case throughAHelper
}

@MainActor
struct NthPrimeLookupTwiceTests {
  private func makeStore(
    first: ControlledLookup, second: ControlledLookup, composition: TwoLookupsComposition
  ) -> TestStore<TwoLookups, TwoLookupsAction, NthPrimeClient> {
    let none = Reduce<TwoLookups, TwoLookupsAction, NthPrimeClient>.empty
    let reducer: any Reducer<TwoLookups, TwoLookupsAction, NthPrimeClient> =
      switch composition {
      case .inPlace:
        none
          .ifLet(\.first, action: .first, environment: { $0 }) { NthPrimeLookupReducer() }
          .ifLet(\.second, action: .second, environment: { $0 }) { NthPrimeLookupReducer() }
      case .throughAHelper:
        presentingLookup(
          at: \.second, action: .second,
          in: presentingLookup(at: \.first, action: .first, in: none))
      }
    return TestStore(
      initialState: TwoLookups(
        first: NthPrimeLookupState(n: 7), second: NthPrimeLookupState(n: 8)),
      reducer: Reduce(reducer),
      environment: NthPrimeClient { n in try await (n == 7 ? first : second).lookup(n) })
  }

  @Test(arguments: TwoLookupsComposition.allCases)
  func twoEmbeddings_runAtOnce_andDismissingOneLeavesTheOther(
    composition: TwoLookupsComposition
  ) async {
    let first = ControlledLookup()
    let second = ControlledLookup()
    let store = makeStore(first: first, second: second, composition: composition)
    await store.send(.first(.presented(.started)))
    await store.send(.second(.presented(.started)))
    await store.send(.first(.dismiss)) { $0.first = nil }
    first.answer(.success(17))
    second.answer(.success(19))
    await store.receive(.second(.presented(.answered(n: 8, .success(19)))))
    await store.finish()
  }

  @Test(arguments: TwoLookupsComposition.allCases)
  func twoEmbeddings_startingOneLeavesTheOtherRunning(composition: TwoLookupsComposition) async {
    let first = ControlledLookup()
    let second = ControlledLookup()
    let store = makeStore(first: first, second: second, composition: composition)
    await store.send(.second(.presented(.started)))
    // Each cancels a lookup under way by the same identifier when it starts, within its own
    // place: starting the first does not cancel the second.
    await store.send(.first(.presented(.started)))
    second.answer(.success(19))
    await store.receive(.second(.presented(.answered(n: 8, .success(19)))))
    first.answer(.success(17))
    await store.receive(.first(.presented(.answered(n: 7, .success(17)))))
    await store.finish()
  }
}
