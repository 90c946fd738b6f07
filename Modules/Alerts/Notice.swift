/// What a feature's step did, for the person to read without answering, unlike an ``Alert``:
/// a save, a removal, a delete, an export or an import, a cancelled lookup. The state holds what
/// happened; each front end words it.
///
/// ```swift
/// state.notice = .saved(state.count)
/// ```
public indirect enum Notice: Equatable, Sendable {
  /// The prime modal saved the prime to the favorites.
  case saved(Int)
  /// The prime modal removed the prime from the favorites.
  case removed(Int)
  /// Rows of the favorites were deleted: their primes, in the rows' order.
  case deleted([Int])
  /// The favorites were written: how many, and to which file (`nil`: standard output).
  case exported(count: Int, file: String?)
  /// A favorites file was read: how many distinct primes it held, how many of them became
  /// favorites, and what it left out, in the file's order.
  case imported(found: Int, added: Int, skipped: [Skipped])
  /// A running lookup was cancelled.
  case cancelled

  /// An element of a favorites file that an import left out, and why.
  public struct Skipped: Equatable, Sendable {
    /// The element as the file writes it: `4`, `"13"`, `2.5`.
    public var shown: String
    public var reason: Reason

    public init(_ shown: String, _ reason: Reason) {
      self.shown = shown
      self.reason = reason
    }

    /// Why an element was left out.
    public enum Reason: Equatable, Sendable, CaseIterable {
      case notPrime
      case listedTwice
      case outOfRange
      case notAWholeNumber
      case notANumber
    }
  }
}
