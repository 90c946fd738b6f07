import Alerts
import AppCore
import Counter
import PrimeModal
import Screens

/// The counter screen: the count between − and +, the questions to ask about it, and the key
/// hints. It draws a `CounterState`, its destination included; ``AppView`` reads its keys from
/// the table of what is on top.
public enum CounterView {
  /// The counter's keys, with nothing over it: the first row of the counter page's hints.
  static let keys: [KeyBinding<CounterState, CounterAction>] = [
    KeyBinding(.character("+"), .character("="), hint: .withNext, sends: .incrTapped),
    KeyBinding(.character("-"), hint: .words("count"), sends: .decrTapped),
    KeyBinding(.character("p"), hint: .words("prime?"), sends: .isPrimeTapped),
    KeyBinding(.character("n"), hint: .words("nth prime"), sends: .nthPrimeTapped),
  ]

  /// The screen. While a lookup runs, the count and its questions are dimmed and a progress bar
  /// shows, `progress` from 0 to 1; the destination (an alert, or the prime modal and
  /// its own alert) is drawn in a box over it. The nth prime is offered for a count of 1 or
  /// more; below that, a dimmed row says why not. It is drawn in the terminal's `charset`.
  ///
  /// ```swift
  /// CounterView.draw(state, progress: progress, size: size, charset: charset)
  /// ```
  public static func draw(
    _ state: CounterState, progress: Double, size: Size, charset: Charset
  ) -> Drawing {
    guard size.isLargeEnough else { return tooSmall(size, charset: charset) }
    let frozen = state.nthPrimeLookup != nil
    let buttons: Style = frozen ? .disabled : .plain
    var top = [
      Line("PrimeTime", .title),
      Line(""),
      Line("[-]  \(state.count)  [+]".centered(in: size.columns, charset), buttons),
      Line(""),
      Line("  [p] Is this prime?", buttons),
      // There is no 0th prime, nor any before it: the question is asked of a count of 1 or more.
      state.count >= 1
        ? Line("  [n] What is the \(ordinal(state.count)) prime?", buttons)
        : Line("  No nth prime for a count below 1", .disabled),
      Line("  [f] Favorite primes"),
    ]
    if frozen {
      top += [
        Line(""),
        progressLine(progress, size: size, charset: charset),
        Line("  Looking up the \(ordinal(state.count)) prime; Esc cancels", .hint),
      ]
    }
    // The hints name the keys of what is on top: a lookup's while it runs.
    let hints = AppView.counterKeys(state).hints(size: size)
    let drawing = screen(top: top, bottom: hints, size: size, charset: charset)
    switch state.presented {
    case .alert(let alert):
      return overlay(AlertView.lines(alert), on: drawing, size: size, charset: charset)
    case .primeModal(let modal):
      // The modal's own alert is drawn in its place, until it is dismissed.
      let lines = modal.alert.map(AlertView.lines) ?? PrimeModalView.lines(modal)
      return overlay(lines, on: drawing, size: size, charset: charset)
    case nil:
      return drawing
    }
  }
}

/// The prime modal, over the counter: whether the count is prime, and the one thing to do
/// about it.
public enum PrimeModalView {
  /// The modal's lines: its title, the `s` offer when there is one, and how to close it.
  public static func lines(_ state: PrimeModalState) -> [Line] {
    var lines = [Line(state.title, .title), Line("")]
    switch state.offeredAction {
    case .saveFavoritePrimeTapped: lines.append(Line("[s] Save to favorite primes"))
    case .removeFavoritePrimeTapped: lines.append(Line("[s] Remove from favorite primes"))
    case .alertDismissed, nil: break
    }
    return lines + [Line("Esc closes", .hint)]
  }
}

/// A message in a box: the nth prime's answer, or why something was refused.
public enum AlertView {
  /// The alert's lines: its message, emphasised when it is a failure, and how to dismiss it.
  public static func lines(_ alert: Alert) -> [Line] {
    [Line(alert.message, alert.isFailure ? .title : .plain), Line(""), Line("Enter OK", .hint)]
  }
}
