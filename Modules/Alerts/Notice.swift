import FavoritePrimesFormat

/// What a feature's step did, for the person to read without answering, unlike an ``Alert``:
/// a save, a removal, a delete, an export or an import, a cancelled lookup. The state holds what
/// happened; each front end words it.
///
/// ```swift
/// state.notice = .saved(state.count)
/// ```
public enum Notice: Equatable, Sendable {
  /// The prime modal saved the prime to the favorites.
  case saved(Int)
  /// The prime modal removed the prime from the favorites.
  case removed(Int)
  /// Rows of the favorites were deleted: their primes, in the rows' order.
  case deleted([Int])
  /// The favorites were written to a file: how many, and where (`nil`: standard output).
  case exported(count: Int, file: String?)
  /// A favorites file was read: what it held, and how many of its primes became favorites.
  case imported(ImportedPrimes, added: Int)
  /// A running lookup was cancelled.
  case cancelled
}
