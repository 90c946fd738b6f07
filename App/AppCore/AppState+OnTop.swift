import Alerts
import Counter
import FavoritePrimes
import Screens

/// What covers a page, so that only its keys act: the one answer to "what is on top", which
/// drawing, keys and the REPL all read.
///
/// The order is an alert over the prime modal over a running lookup. Only alerts that must be
/// read before going on (an answer, a refusal) are on top; a routine one (saved, deleted,
/// nothing to undo) is an ``AppState/notice`` on the last rows instead.
public enum OnTop: Equatable, Sendable {
  /// An alert to read, and the action that dismisses it.
  case alert(Alert, dismiss: AppAction)
  /// The prime modal, over the counter.
  case primeModal
  /// A running nth-prime lookup, and the action that cancels it.
  case lookup(cancel: AppAction)
}

extension AppState {
  /// The alerts in the state, each with the action that dismisses it: the prime modal's, then
  /// the counter's, which the favorites screen shares. The REPL says each of them and
  /// dismisses them after each command.
  public var alerts: [(alert: Alert, dismiss: AppAction)] {
    var alerts: [(alert: Alert, dismiss: AppAction)] = []
    if let alert = counter.primeModal.alert {
      alerts.append((alert, .counter(.primeModal(.alertDismissed))))
    }
    if let alert { alerts.append((alert, .counter(.alertDismissed))) }
    return alerts
  }

  /// What is on top of the page shown, if anything.
  public var onTop: OnTop? {
    // The activity feed shows no alert: none covers it.
    if screens.page != .activity,
      let (alert, dismiss) = alerts.first(where: { !$0.alert.isRoutine })
    {
      return .alert(alert, dismiss: dismiss)
    }
    if isPrimeModalShown, screens.page == .counter { return .primeModal }
    if isNthPrimeRequestInFlight {
      return .lookup(
        cancel: screens.page == .counter
          ? .counter(.nthPrimeLookup(.cancelled)) : .favoritePrimes(.nthPrimeLookup(.cancelled)))
    }
    return nil
  }

  /// The routine news for the last rows, if any: why storing failed, then what an undo or a
  /// redo left, then a confirmation (saved, deleted) or nothing to undo.
  public var notice: String? {
    if let problem = screens.storageProblem { return problem }
    if let travelled { return travelled }
    return alerts.first(where: { $0.alert.isRoutine })?.alert.message
  }

  /// What the last undo or redo left, if the last step was one that took a step:
  /// `undone; count: 7; favorites: 7, 11`.
  public var travelled: String? {
    screens.travelled.map { "\($0.rawValue); \(summary)" }
  }

  /// What undoing or redoing `steps` of the `requested` steps left, as the REPL says it:
  /// `undone 3 steps; count: 4; no favorites`, with `, all there were` when the history ended
  /// first; for one step asked, as ``travelled`` says it.
  public func travelled(steps: Int, of requested: Int) -> String? {
    guard let travel = screens.travelled else { return nil }
    guard requested != 1 else { return travelled }
    let count = steps == 1 ? "1 step" : "\(steps) steps"
    return "\(travel.rawValue) \(count)\(steps < requested ? ", all there were" : ""); \(summary)"
  }

  /// Takes away the routine alerts: a confirmation is news until the next step.
  public mutating func dismissRoutineAlerts() {
    if counter.primeModal.alert?.isRoutine == true { counter.primeModal.alert = nil }
    if alert?.isRoutine == true { alert = nil }
  }

  /// Dismisses every alert at once.
  public mutating func dismissAlerts() {
    counter.primeModal.alert = nil
    alert = nil
  }

  /// The count and the favorites in one line, as an undo or a redo says what it left:
  /// `count: 7; favorites: 7, 11`; past ten favorites, how many and the last five.
  public var summary: String {
    let primes = favoritePrimes
    let favorites =
      switch primes.count {
      case 0: "no favorites"
      case 1...10: "favorites: " + primes.map(String.init).joined(separator: ", ")
      default:
        "\(primes.count) favorites: …, " + primes.suffix(5).map(String.init).joined(separator: ", ")
      }
    return "count: \(count); \(favorites)"
  }
}
