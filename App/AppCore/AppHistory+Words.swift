import ComposableArchitecture

extension AppState {
  /// What an undo or a redo of `steps` of the `requested` steps left, said when it is done:
  /// `undone; count: 7; favorites: 7, 11` for one step, `undone 3 steps; count: 4; no favorites`
  /// for more, with `, all there were` when the history ended first.
  ///
  /// Where other sessions had already done part of it, the words of the step and what they
  /// had done come first: `undone: saved 17 (17 had already been removed in another session);
  /// count: 17; no favorites`.
  public func travelled(
    steps: Int, of requested: Int, back: Bool, step words: String? = nil, notes: [String] = []
  ) -> String {
    var done = back ? "undone" : "redone"
    if requested != 1 {
      done += steps == 1 ? " 1 step" : " \(steps) steps"
      if steps < requested { done += ", all there were" }
    }
    if !notes.isEmpty {
      if let words { done += ": \(words)" }
      done += " (\(notes.joined(separator: "; ")))"
    }
    return "\(done); \(summary)"
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
