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
public struct NthPrimeLookupState: Equatable, Sendable {
  /// Which prime is looked for, counted from 1.
  public var n: Int

  /// Creates the state of a lookup for the `n`th prime.
  public init(n: Int) {
    self.n = n
  }
}

/// What happens to an nth-prime lookup.
public enum NthPrimeLookupAction: Equatable, Sendable {
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

/// The state of a screen that presents the lookup: the running lookup, the screen's notice, and
/// an alert over it. A lookup starts and ends alike on every such screen, by these rules, so
/// that the counter and the favorites cannot drift apart.
///
/// ```swift
/// return state.startLookup(n: state.count).map { .send(.nthPrimeLookup($0)) } ?? .none
/// ```
public protocol NthPrimeLookupPresenting {
  /// The running lookup, while it runs.
  var nthPrimeLookup: NthPrimeLookupState? { get set }
  /// The screen's notice, which says a lookup was cancelled.
  var notice: Notice? { get set }
  /// Presents an alert on the screen: the lookup's answer, or why `n` cannot be looked up.
  mutating func showAlert(_ alert: Alert)
}

extension NthPrimeLookupPresenting {
  /// Starts looking up the nth prime, or shows why `n` cannot be looked up. While a lookup
  /// runs, nothing happens.
  ///
  /// - Returns: The action that sets the lookup to work, for the screen to send; `nil` when
  ///   none started.
  public mutating func startLookup(n: Int) -> PresentationAction<NthPrimeLookupAction>? {
    guard nthPrimeLookup == nil else { return nil }
    if let invalid = Alert(invalidN: n) {
      showAlert(invalid)
      return nil
    }
    nthPrimeLookup = NthPrimeLookupState(n: n)
    return .presented(.started)
  }

  /// What the lookup's actions do to the screen: an answer ends the lookup and shows what it
  /// found; a dismissal while it runs says `cancelled` (the presentation then clears it and
  /// cancels its work).
  public mutating func lookupActed(_ action: PresentationAction<NthPrimeLookupAction>) {
    switch action {
    case .presented(.answered(let n, let result)):
      nthPrimeLookup = nil
      showAlert(Alert(n: n, lookup: result))
    case .dismiss:
      if nthPrimeLookup != nil { notice = .cancelled }
    case .presented(.started):
      break
    }
  }
}
