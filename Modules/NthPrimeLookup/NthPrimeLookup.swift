import Alerts
import ComposableArchitecture
import NthPrimeClient

/// A running nth-prime lookup: which prime it looks for.
///
/// The lookup runs exactly while this state is there. A screen that offers it holds it as an
/// optional, presents it when asked, and ends it when the answer comes or the person stops
/// waiting (a dismissal, which cancels the lookup):
///
/// ```swift
/// public var nthPrimeLookup: NthPrimeLookupState?
/// ```
public struct NthPrimeLookupState: Codable, Equatable, Sendable {
  /// Which prime is looked for, counted from 1.
  public var n: Int

  /// Creates the state of a lookup for the `n`th prime.
  public init(n: Int) {
    self.n = n
  }
}

/// What happens to an nth-prime lookup.
public enum NthPrimeLookupAction: Codable, Equatable, Sendable {
  /// The lookup was presented: it starts looking.
  case started
  /// The lookup for the `n`th prime ended, with the prime or what went wrong; whoever presented
  /// it shows the answer and ends it.
  case answered(n: Int, Result<Int, ErrorMessage>)
}

/// Looks up the nth prime that its state names.
///
/// Its one effect is cancellable: presented with ``ComposableArchitecture/Reducer/ifLet(_:action:environment:then:fileID:line:)-(_,CasePath<Self.Action,PresentationAction<Child.Action>>,_,_,_,_)``,
/// the lookup is cancelled when it is dismissed, and no answer arrives after. Its identity is
/// scoped by where it is presented, so the same lookup embedded in two places never cancels the
/// other.
///
/// ```swift
/// .ifLet(\.nthPrimeLookup, action: .nthPrimeLookup, environment: { $0.nthPrime }) {
///   NthPrimeLookupReducer()
/// }
/// ```
public struct NthPrimeLookupReducer: Reducer {
  public init() {}

  public func reduce(
    into state: inout NthPrimeLookupState, action: NthPrimeLookupAction,
    environment nthPrime: NthPrimeClient
  ) -> Effect<NthPrimeLookupAction> {
    switch action {
    case .started:
      let n = state.n
      return .run { send in
        await send(.answered(n: n, await Result { try await nthPrime.nthPrime(n) }))
      }
      .cancellable(id: LookupID(), cancelInFlight: true)

    case .answered:
      return .none
    }
  }
}

/// Identifies the running lookup, within the place it is presented.
private struct LookupID: Hashable, Sendable {}
