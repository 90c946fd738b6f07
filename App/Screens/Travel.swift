/// What an undo, a redo or a travel through the history did, and what it left, as the notice
/// says it once it is done.
///
/// ```swift
/// Travel(isBack: true, steps: 1, requested: 1, count: 7, favorites: [7])
/// ```
public struct Travel: Equatable, Sendable {
  /// Whether it went back (undo) or forward (redo).
  public var isBack: Bool
  /// How many steps it went.
  public var steps: Int
  /// How many were asked for; more than ``steps`` where the history ended first.
  public var requested: Int
  /// What the one step travelled changed, said where other sessions had already done part of
  /// it.
  public var step: StepChange?
  /// What other sessions had already done of the steps' changes, each prime left as it was.
  public var alreadyDone: [AlreadyDone]
  /// The count it left.
  public var count: Int
  /// How many favorites it left.
  public var favoriteCount: Int
  /// The last of the favorites it left, ten at most, in their order.
  public var lastFavorites: [Int]

  /// How many of the favorites a travel keeps to say: enough to list ten whole.
  public static let favoritesKept = 10

  /// Creates what a travel did; `favorites` are those it left, of which it keeps the last ten.
  public init(
    isBack: Bool, steps: Int, requested: Int, step: StepChange? = nil,
    alreadyDone: [AlreadyDone] = [], count: Int, favorites: some Collection<Int>
  ) {
    self.init(
      isBack: isBack, steps: steps, requested: requested, step: step, alreadyDone: alreadyDone,
      count: count, favoriteCount: favorites.count,
      lastFavorites: Array(favorites.suffix(Self.favoritesKept)))
  }

  /// Creates what a travel did from what it keeps of the favorites, as a recording holds it.
  public init(
    isBack: Bool, steps: Int, requested: Int, step: StepChange?, alreadyDone: [AlreadyDone],
    count: Int, favoriteCount: Int, lastFavorites: [Int]
  ) {
    self.isBack = isBack
    self.steps = steps
    self.requested = requested
    self.step = step
    self.alreadyDone = alreadyDone
    self.count = count
    self.favoriteCount = favoriteCount
    self.lastFavorites = lastFavorites
  }

  /// A prime whose change another session had already made, which a travel left as it was.
  public struct AlreadyDone: Equatable, Sendable {
    public var prime: Int
    /// Whether the other session had saved it (else removed it).
    public var saved: Bool

    public init(prime: Int, saved: Bool) {
      self.prime = prime
      self.saved = saved
    }
  }
}

/// What one step of the history changed: the count, or the favorites (the primes it saved and
/// those it removed, by how many).
public enum StepChange: Equatable, Sendable {
  /// The count went from one number to another.
  case count(from: Int, to: Int)
  /// Favorites were saved or removed, or neither.
  case favorites(saved: Primes, removed: Primes)

  /// No change: the count as it was, no favorite saved or removed.
  public static let unchanged = StepChange.favorites(saved: .none, removed: .none)

  /// Some primes, as a step's words count them: none, one named, or how many.
  public enum Primes: Equatable, Sendable {
    case none
    case one(Int)
    case many(Int)

    /// The primes of `list`, counted.
    public init(_ list: some Collection<Int>) {
      switch (list.count, list.first) {
      case (1, let prime?): self = .one(prime)
      case (0, _): self = .none
      case (let count, _): self = .many(count)
      }
    }
  }
}
