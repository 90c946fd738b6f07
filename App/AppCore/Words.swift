import Alerts
import Screens

/// The words of what the app says without asking for an answer: the notices, and the steps of
/// the history. The REPL and the full screen both say them from here.
///
/// ```swift
/// Words.notice(.nothingToUndo)  // "nothing to undo"
/// ```
public enum Words {
  /// The notice in words. A refusal for want of a screen says the screen, and how to get there;
  /// the REPL names its command before it.
  public static func notice(_ notice: ScreensState.Notice) -> String {
    switch notice {
    case .feature(let notice): feature(notice)
    case .nothingToUndo: "nothing to undo"
    case .nothingToRedo: "nothing to redo"
    case .travelled(let travel): self.travel(travel)
    case .refused(let screen):
      "works on the \(screen.rawValue) screen; type '\(screen.rawValue)' to go there"
    case .refusedReadOnly(let reason): readOnly(reason)
    }
  }

  /// Where storing stands, on the last rows: the wait or the failure as storage says it, or
  /// why the favorites are read-only.
  public static func storage(_ status: ScreensState.StorageStatus) -> String {
    switch status {
    case .waiting(let text), .failed(let text): text
    case .readOnly(let reason): readOnly(reason)
    }
  }

  /// What is said of favorites that are read-only for `reason`: `favorites are read-only: …`.
  public static func readOnly(_ reason: String) -> String {
    "favorites are read-only: \(reason)"
  }

  /// What a feature's step did: `saved 7 to your favorite primes`, `deleted 2, 3`,
  /// `saved 2 favorite primes to favs.json`, `added 1 favorite prime; skipped 4 (not prime)`,
  /// `cancelled`.
  public static func feature(_ notice: Alerts.Notice) -> String {
    switch notice {
    case .saved(let prime): "saved \(prime) to your favorite primes"
    case .removed(let prime): "removed \(prime) from your favorite primes"
    case .deleted(let primes): "deleted " + primes.map(String.init).joined(separator: ", ")
    case .exported(let count, let file):
      "saved \(count) favorite \(count == 1 ? "prime" : "primes") to "
        + (file ?? "standard output")
    case .imported(let found, let added, let skipped): imported(found, added, skipped)
    case .cancelled: "cancelled"
    }
  }

  /// What an import did: `added 1 favorite prime; 1 was a favorite already; skipped 4 (not
  /// prime), 3 (listed twice)`.
  static func imported(_ found: Int, _ added: Int, _ skipped: [Alerts.Notice.Skipped]) -> String {
    var text = "added \(added) favorite \(added == 1 ? "prime" : "primes")"
    let already = found - added
    if already > 0 {
      text += "; \(already) \(already == 1 ? "was a favorite" : "were favorites") already"
    }
    let groups = Alerts.Notice.Skipped.Reason.allCases.compactMap { reason in
      let shown = skipped.filter { $0.reason == reason }.map(\.shown)
      return shown.isEmpty ? nil : shown.joined(separator: ", ") + " (\(words(reason)))"
    }
    if !groups.isEmpty { text += "; skipped " + groups.joined(separator: ", ") }
    return text
  }

  /// Why an import left an element out: `not prime`, `listed twice`, `out of range`, `not a
  /// whole number`, `not a number`.
  static func words(_ reason: Alerts.Notice.Skipped.Reason) -> String {
    switch reason {
    case .notPrime: "not prime"
    case .listedTwice: "listed twice"
    case .outOfRange: "out of range"
    case .notAWholeNumber: "not a whole number"
    case .notANumber: "not a number"
    }
  }

  /// What an undo or a redo of some of the steps asked for left: `undone; count: 7; favorites:
  /// 7, 11` for one step, `undone 3 steps; count: 4; no favorites` for more, with `, all there
  /// were` when the history ended first.
  ///
  /// Where other sessions had already done part of it, what the step changed and what they had
  /// done come first: `undone: saved 17 (17 had already been removed in another session);
  /// count: 17; no favorites`.
  public static func travel(_ travel: Travel) -> String {
    var done = travel.isBack ? "undone" : "redone"
    if travel.requested != 1 {
      done += travel.steps == 1 ? " 1 step" : " \(travel.steps) steps"
      if travel.steps < travel.requested { done += ", all there were" }
    }
    if !travel.alreadyDone.isEmpty {
      if let step = travel.step { done += ": \(self.step(step))" }
      done += " (\(travel.alreadyDone.map(alreadyDone).joined(separator: "; ")))"
    }
    return "\(done); \(left(travel))"
  }

  /// The count and the favorites a travel left, in one line: `count: 7; favorites: 7, 11`;
  /// past ten favorites, how many and the last five.
  static func left(_ travel: Travel) -> String {
    let primes = travel.lastFavorites
    let favorites =
      switch travel.favoriteCount {
      case 0: "no favorites"
      case 1...Travel.favoritesKept: "favorites: " + primes.map(String.init).joined(separator: ", ")
      default:
        "\(travel.favoriteCount) favorites: …, "
          + primes.suffix(5).map(String.init).joined(separator: ", ")
      }
    return "count: \(travel.count); \(favorites)"
  }

  /// What another session had already done: `17 had already been saved in another session`.
  static func alreadyDone(_ done: Travel.AlreadyDone) -> String {
    "\(done.prime) had already been \(done.saved ? "saved" : "removed") in another session"
  }

  /// A step of the history: `count 4 → 5`, `saved 3`, `removed 3`, `deleted 2 primes`,
  /// `loaded 3 primes`, `saved 11, removed 3`; `no change` when it changed none of these.
  public static func step(_ change: StepChange) -> String {
    switch change {
    case .count(let from, let to): "count \(from) → \(to)"
    case .favorites(saved: .none, removed: .none): "no change"
    case .favorites(saved: .one(let prime), removed: .none): "saved \(prime)"
    case .favorites(saved: .none, removed: .one(let prime)): "removed \(prime)"
    case .favorites(saved: .none, removed: .many(let count)): "deleted \(count) primes"
    case .favorites(saved: .many(let count), removed: .none): "loaded \(count) primes"
    case .favorites(let saved, let removed):
      "\(primes("saved", saved)), \(primes("removed", removed))"
    }
  }

  /// A step of the history, marked where another session took back what it did: `saved 17
  /// (taken back in another session)`.
  public static func step(_ change: StepChange, isTakenBackElsewhere: Bool) -> String {
    step(change) + (isTakenBackElsewhere ? " (taken back in another session)" : "")
  }

  /// Where the history's rows start: `start`, or `oldest kept` once older steps are forgotten.
  public static func start(isWhole: Bool) -> String {
    isWhole ? "start" : "oldest kept"
  }

  /// `saved 11`, `saved 3 primes`.
  private static func primes(_ verb: String, _ primes: StepChange.Primes) -> String {
    switch primes {
    case .none: verb
    case .one(let prime): "\(verb) \(prime)"
    case .many(let count): "\(verb) \(count) primes"
    }
  }
}
