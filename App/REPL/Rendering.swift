import Alerts
import AppCore
import ComposableArchitecture
import CustomDump
import FavoritesLedger
import Foundation
import PrimeModal
import Runtime
import Screens

/// Turns state into the text the REPL prints. Pure: the same state gives the same text.
public enum Rendering {
  /// The prompt: the screen, and on the counter the count, on the favorites how many there
  /// are, e.g. `counter 7> ` or `favorites (3)> `.
  public static func prompt(screen: Screen, state: AppState, style: ANSIStyle) -> String {
    switch screen {
    case .counter:
      return style.promptLabel("counter") + " " + style.bold("\(state.count)") + "> "
    case .favorites:
      return style.promptLabel("favorites") + " " + style.bold("(\(state.favoritePrimes.count))")
        + "> "
    }
  }

  /// The count, e.g. `count: 7`.
  static func count(_ state: AppState) -> String {
    "count: \(state.count)"
  }

  /// The alerts shown on either screen, the counter's first: the REPL says them all after each
  /// command.
  static func alerts(_ state: AppState) -> [Alert] {
    [state.counterDestination?.alert, state.favoritesDestination?.alert].compactMap { $0 }
  }

  /// The prime modal: whether the count is prime, and what `save` or `remove` would do.
  static func primeModal(_ modal: PrimeModalState) -> String {
    switch modal.offeredAction {
    case .saveFavoritePrimeTapped?:
      "\(modal.title)  ('save' adds it to your favorite primes)"
    case .removeFavoritePrimeTapped?:
      "\(modal.title)  ('remove' takes it out of your favorite primes)"
    default:
      modal.title
    }
  }

  /// The session's steps in words, numbered from the start (row 0), with a `>` on where the
  /// app is and the undone steps marked; then how far undo and redo reach, e.g.
  /// `1 step to undo, 0 steps to redo`.
  static func history(_ history: History<AppState>) -> String {
    func steps(_ n: Int) -> String { n == 1 ? "1 step" : "\(n) steps" }
    let width = String(history.row(history.stepCount).number).count
    let rows = (0...history.stepCount).map { place in
      let (number, words) = history.row(place)
      let padded = String(repeating: " ", count: width - String(number).count) + String(number)
      let marker = place == history.undoCount ? ">" : " "
      return "\(marker) \(padded)  \(words)" + (place > history.undoCount ? " (undone)" : "")
    }
    return (rows + ["\(steps(history.undoCount)) to undo, \(steps(history.redoCount)) to redo"])
      .joined(separator: "\n")
  }

  /// The favorites with 1-based row numbers, or a line saying there are none.
  public static func favorites(_ primes: some Collection<Int>) -> String {
    guard !primes.isEmpty else {
      return "no favorite primes yet; on the counter, 'prime' then 'save' adds one"
    }
    let width = String(primes.count).count
    return primes.enumerated().map { index, prime in
      let row = String(index + 1)
      return String(repeating: " ", count: width - row.count) + row + "  " + String(prime)
    }
    .joined(separator: "\n")
  }

  /// The activity feed, newest first, with times in the given time zone; a line saying there
  /// is none when it is empty.
  public static func activity(
    _ feed: some BidirectionalCollection<Activity>, localTime: LocalTime
  ) -> String {
    guard !feed.isEmpty else { return "no activity yet" }
    return feed.reversed().map { $0.line(localTime: localTime) }
      .joined(separator: "\n")
  }

  /// The screen shown and the state, as a readable dump; what the session knows of the
  /// database is storage's, not the app's, and is left out.
  public static func dump(_ state: AppState, screen: Screen) -> String {
    "screen: \(screen.rawValue)\n" + String(customDumping: state.withoutSync)
  }

  /// `help`: every command with its summary, or one command's usage, summary and example.
  static func help(_ topic: Command?) -> String {
    if let topic {
      let aliases =
        topic.aliases.isEmpty ? "" : "\naliases: " + topic.aliases.joined(separator: ", ")
      let screen = topic.screen.map { "\nworks on the \($0.rawValue) screen" } ?? ""
      let details = topic.details.map { "\n" + $0 } ?? ""
      return "usage: \(topic.usage)\n\(topic.summary)\(details)\(screen)\nexample: \(topic.example)"
        + aliases
    }
    let width = Command.all.map(\.usage.count).max() ?? 0
    let lines = Command.all.map { command in
      let aliases =
        command.aliases.isEmpty
        ? "" : " (also " + command.aliases.map { "'\($0)'" }.joined(separator: ", ") + ")"
      return command.usage + String(repeating: " ", count: width - command.usage.count + 2)
        + command.summary + aliases
    }
    return (["commands:"] + lines.map { "  " + $0 }).joined(separator: "\n")
  }
}

/// Colour and emphasis for a terminal, or none at all.
public struct ANSIStyle: Sendable {
  /// Whether to emit escape codes.
  public var isColored: Bool
  /// Whether the text goes to readline's prompt, where escape codes must be marked as invisible.
  public var isPrompt: Bool

  public static let plain = ANSIStyle(isColored: false, isPrompt: false)

  public init(isColored: Bool, isPrompt: Bool = false) {
    self.isColored = isColored
    self.isPrompt = isPrompt
  }

  func bold(_ text: String) -> String { wrap(text, "1") }
  func promptLabel(_ text: String) -> String { wrap(text, "36") }
  func error(_ text: String) -> String { wrap(text, "31") }

  private func wrap(_ text: String, _ code: String) -> String {
    guard isColored else { return text }
    let (open, close) = isPrompt ? ("\u{01}", "\u{02}") : ("", "")
    return "\(open)\u{1B}[\(code)m\(close)\(text)\(open)\u{1B}[0m\(close)"
  }
}
