import Counter
import PrimeAlert
import PrimeModal

/// The counter screen: the count between − and +, the questions to ask about it, and the key
/// hints. It draws a `CounterState`, and its keys become `CounterAction`s; it knows nothing of
/// the rest of the app.
public enum CounterView {
  /// The key hints on the last row.
  static let hints = [
    Line("+ - count   p prime?   n nth prime", .hint),
    Line("f favorites   u undo   r redo   q quit", .hint),
  ]

  /// The screen, for the counter's state and the terminal's size. `progress` is how far a
  /// running lookup is, from 0 to 1.
  ///
  /// ```swift
  /// let drawing = CounterView.draw(CounterState(), progress: 0, size: size)
  /// ```
  public static func draw(_ state: CounterState, progress: Double, size: Size) -> Drawing {
    guard size.isLargeEnough else { return tooSmall(size) }
    let frozen = state.isNthPrimeRequestInFlight
    let buttons: Style = frozen ? .disabled : .plain
    var top = [
      Line("PrimeTime", .title),
      Line(""),
      Line("[-]  \(state.count)  [+]".centered(in: size.columns), buttons),
      Line(""),
      Line("  [p] Is this prime?", buttons),
      Line("  [n] What is the \(ordinal(state.count)) prime?", buttons),
      Line("  [f] Favorite primes"),
    ]
    if frozen {
      top += [
        Line(""),
        progressLine(progress, size: size),
        Line("  Looking up the \(ordinal(state.count)) prime; Esc cancels", .hint),
      ]
    }
    var drawing = screen(top: top, bottom: hints, size: size)
    // An alert stands in for the modal while it is up.
    if let alert = state.primeModal.alert ?? state.alert {
      drawing = overlay(AlertView.lines(alert), on: drawing, size: size)
    } else if state.isPrimeModalShown {
      drawing = overlay(PrimeModalView.lines(state.primeModal), on: drawing, size: size)
    }
    return drawing
  }

  /// The counter's action for a key, if the key has one now. While the prime modal is shown,
  /// only Esc, which closes it, is the counter's.
  ///
  /// ```swift
  /// CounterView.action(for: .character("+"), in: store.state)  // .incrTapped, without an overlay
  /// ```
  public static func action(for key: Key, in state: CounterState) -> CounterAction? {
    if state.alert != nil {
      return AlertView.dismisses(key) ? .alertDismissed : nil
    }
    if state.isNthPrimeRequestInFlight {
      return key == .escape || key == .interrupt ? .nthPrimeCancelTapped : nil
    }
    if state.isPrimeModalShown {
      // The modal's own keys go to the modal's store (`PrimeModalView.action`); closing it is
      // the counter's.
      return key == .escape ? .primeModalDismissed : nil
    }
    switch key {
    case .character("+"), .character("="): return .incrTapped
    case .character("-"): return .decrTapped
    case .character("p"): return .isPrimeTapped
    case .character("n"): return .nthPrimeTapped
    default: return nil
    }
  }
}

extension CounterView {
  /// Where a key on the counter screen goes.
  public enum Target: Equatable, Sendable {
    /// To the counter's store.
    case counter(CounterAction)
    /// To the prime modal's store, scoped from the counter's.
    case primeModal(PrimeModalAction)
    /// To the app: undo, redo, quitting, the other screens.
    case app
  }

  /// Where a key goes, for the counter's state: to what is on top. An alert is above the
  /// modal, and the modal above the counter.
  ///
  /// ```swift
  /// CounterView.target(of: .character("s"), in: state)
  /// ```
  public static func target(of key: Key, in state: CounterState) -> Target {
    if state.alert == nil, state.isPrimeModalShown,
      let action = PrimeModalView.action(for: key, in: state.primeModal)
    {
      return .primeModal(action)
    }
    return action(for: key, in: state).map(Target.counter) ?? .app
  }

  /// Whether something covers the counter (a modal, an alert) or freezes it (a lookup), so
  /// that only its own keys and quitting act.
  public static func isCovered(_ state: CounterState) -> Bool {
    state.isPrimeModalShown || state.alert != nil || state.primeModal.alert != nil
      || state.isNthPrimeRequestInFlight
  }
}

/// The prime modal, over the counter: whether the count is prime, and the one thing to do
/// about it.
public enum PrimeModalView {
  /// The modal's lines, for its state.
  public static func lines(_ state: PrimeModalState) -> [Line] {
    var lines = [Line(state.title, .title), Line("")]
    switch state.offeredAction {
    case .saveFavoritePrimeTapped: lines.append(Line("[s] Save to favorite primes"))
    case .removeFavoritePrimeTapped: lines.append(Line("[s] Remove from favorite primes"))
    case .alertDismissed, nil: break
    }
    return lines + [Line("Esc closes", .hint)]
  }

  /// The modal's action for a key, if the key has one now: `s` saves or removes the count, and
  /// Enter or Esc dismisses the modal's alert.
  ///
  /// ```swift
  /// PrimeModalView.action(for: .character("s"), in: PrimeModalState(count: 6))  // nil: 6 is not prime
  /// ```
  public static func action(for key: Key, in state: PrimeModalState) -> PrimeModalAction? {
    if state.alert != nil { return AlertView.dismisses(key) ? .alertDismissed : nil }
    return key == .character("s") ? state.offeredAction : nil
  }
}

/// A message in a box: the nth prime's answer, or why something was refused.
public enum AlertView {
  /// The alert's lines.
  public static func lines(_ alert: PrimeAlert) -> [Line] {
    [Line(alert.message, alert.isFailure ? .title : .plain), Line(""), Line("Enter OK", .hint)]
  }

  /// Whether a key dismisses an alert: Enter or Esc.
  public static func dismisses(_ key: Key) -> Bool {
    key == .enter || key == .escape
  }
}
