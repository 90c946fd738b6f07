import Foundation

/// The app's state as a recording holds it: in a start line, in an end line, and in part in
/// every line's summary.
public struct RecordedState: Codable, Equatable, Sendable {
  public var count: Int
  public var favoritePrimes: [Int]
  public var counterDestination: CounterDestination?
  public var counterLookup: Lookup?
  public var favoritesDestination: FavoritesDestination?
  public var favoritesLookup: Lookup?
  public var activityFeed: [Activity]
  public var screens: Screens

  public init(
    count: Int = 0, favoritePrimes: [Int] = [], counterDestination: CounterDestination? = nil,
    counterLookup: Lookup? = nil, favoritesDestination: FavoritesDestination? = nil,
    favoritesLookup: Lookup? = nil, activityFeed: [Activity] = [], screens: Screens = Screens()
  ) {
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.counterDestination = counterDestination
    self.counterLookup = counterLookup
    self.favoritesDestination = favoritesDestination
    self.favoritesLookup = favoritesLookup
    self.activityFeed = activityFeed
    self.screens = screens
  }

  /// An entry of the activity feed: a prime added to the favorites or removed, and when.
  public struct Activity: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
      case added
      case removed
    }

    public var id: UUID
    public var kind: Kind
    public var prime: Int
    public var timestamp: Date

    public init(id: UUID, kind: Kind, prime: Int, timestamp: Date) {
      self.id = id
      self.kind = kind
      self.prime = prime
      self.timestamp = timestamp
    }

    private enum CodingKeys: String, CodingKey {
      case id
      case kind = "type"
      case prime
      case timestamp
    }
  }

  /// A message to read over a screen.
  public enum Alert: Codable, Equatable, Sendable {
    case nthPrime(n: Int, prime: Int)
    case failure(String)
  }

  /// What is presented over the counter.
  public enum CounterDestination: Codable, Equatable, Sendable {
    case alert(Alert)
    case primeModal(alert: Alert?)
  }

  /// What is presented over the favorites list.
  public enum FavoritesDestination: Codable, Equatable, Sendable {
    case alert(Alert)
  }

  /// A running nth-prime lookup.
  public struct Lookup: Codable, Equatable, Sendable {
    public var n: Int

    public init(n: Int) {
      self.n = n
    }
  }

  /// The favorites and the feed as stored, read anew.
  public struct Stored: Codable, Equatable, Sendable {
    public var favoritePrimes: [Int]
    public var activityFeed: [Activity]

    public init(favoritePrimes: [Int], activityFeed: [Activity]) {
      self.favoritePrimes = favoritePrimes
      self.activityFeed = activityFeed
    }
  }

  /// Entries of the feed that other sessions took back (by identity) or appended.
  public struct StoredUpdate: Codable, Equatable, Sendable {
    public var takenBack: [UUID]
    public var appended: [Activity]

    public init(takenBack: [UUID], appended: [Activity]) {
      self.takenBack = takenBack
      self.appended = appended
    }
  }

  /// What a load of a favorites file found: `unusable` is written only where there are some.
  public struct ImportedPrimes: Codable, Equatable, Sendable {
    public var primes: [Int]
    public var notPrime: [Int]
    public var repeated: [Int]
    public var unusable: [Unusable]

    /// An element of the file that is no whole number, as the file wrote it, and why.
    public struct Unusable: Codable, Equatable, Sendable {
      public enum Reason: String, Codable, Sendable {
        case notANumber = "not a number"
        case notAWholeNumber = "not a whole number"
        case outOfRange = "out of range"
      }

      public var shown: String
      public var reason: Reason

      public init(shown: String, reason: Reason) {
        self.shown = shown
        self.reason = reason
      }
    }

    public init(primes: [Int], notPrime: [Int], repeated: [Int], unusable: [Unusable]) {
      self.primes = primes
      self.notPrime = notPrime
      self.repeated = repeated
      self.unusable = unusable
    }

    private enum CodingKeys: String, CodingKey {
      case primes, notPrime, repeated, unusable
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        primes: try container.decode([Int].self, forKey: .primes),
        notPrime: try container.decode([Int].self, forKey: .notPrime),
        repeated: try container.decode([Int].self, forKey: .repeated),
        unusable: try container.decodeIfPresent([Unusable].self, forKey: .unusable) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(primes, forKey: .primes)
      try container.encode(notPrime, forKey: .notPrime)
      try container.encode(repeated, forKey: .repeated)
      if !unusable.isEmpty { try container.encode(unusable, forKey: .unusable) }
    }
  }

  /// A page that opens by its name.
  public enum Tab: String, Codable, Sendable {
    case counter
    case favorites
    case activity
  }

  /// A screen of the REPL, which a refusal names.
  public enum Screen: String, Codable, Sendable {
    case counter
    case favorites
  }

  /// The size of the terminal.
  public struct Size: Codable, Equatable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
      self.columns = columns
      self.rows = rows
    }
  }

  /// What the last step did or why it was refused, on the last rows: from format 16, what
  /// happened; before it, the words the app said (``said(_:)``).
  public enum Notice: Codable, Equatable, Sendable {
    /// Formats 6 to 15: the notice in the words the app said it in.
    case said(String)
    case refused(needs: Screen)
    case refusedReadOnly(String)
    case saved(Int)
    case removed(Int)
    case deleted([Int])
    case exported(count: Int, file: String?)
    case imported(found: Int, added: Int, skipped: [Skipped])
    case cancelled
    case nothingToUndo
    case nothingToRedo
    case travelled(Travel)
  }

  /// An element of a favorites file that an import left out, and why.
  public struct Skipped: Codable, Equatable, Sendable {
    public var shown: String
    public var reason: Reason

    public init(shown: String, reason: Reason) {
      self.shown = shown
      self.reason = reason
    }

    public enum Reason: String, Codable, Sendable {
      case notPrime, listedTwice, outOfRange, notAWholeNumber, notANumber
    }
  }

  /// What an undo, a redo or a travel did, and what it left.
  public struct Travel: Codable, Equatable, Sendable {
    public var isBack: Bool
    public var steps: Int
    public var requested: Int
    public var step: StepChange?
    public var alreadyDone: [AlreadyDone]
    public var count: Int
    public var favoriteCount: Int
    public var lastFavorites: [Int]

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

    /// A prime whose change another session had already made.
    public struct AlreadyDone: Codable, Equatable, Sendable {
      public var prime: Int
      public var saved: Bool

      public init(prime: Int, saved: Bool) {
        self.prime = prime
        self.saved = saved
      }
    }
  }

  /// What one step changed: the count, or the primes saved and removed, by how many.
  public enum StepChange: Codable, Equatable, Sendable {
    case count(from: Int, to: Int)
    case favorites(saved: Primes, removed: Primes)

    public enum Primes: Codable, Equatable, Sendable {
      case none
      case one(Int)
      case many(Int)
    }
  }
}
