import Foundation

extension RecordedState {
  /// The front ends' own state: the page, the selection, the feed's scroll, the presented
  /// destination, the notice, where storing stands, the terminal's size and how the app ended.
  ///
  /// In the file, the page is its name (`"history"` with a `historyVisit` beside it), and
  /// where storing stands is one of three keys (`storageProblem`, `storageWait`,
  /// `storageReadOnly`).
  public struct Screens: Equatable, Sendable {
    public var page: Page
    public var selection: Selection
    public var activityEnd: Int?
    public var destination: Destination?
    public var notice: Notice?
    public var storage: Storage?
    public var size: Size
    public var ending: Ending?

    public init(
      page: Page = .counter, selection: Selection = Selection(), activityEnd: Int? = nil,
      destination: Destination? = nil, notice: Notice? = nil, storage: Storage? = nil,
      size: Size = Size(columns: 80, rows: 24), ending: Ending? = nil
    ) {
      self.page = page
      self.selection = selection
      self.activityEnd = activityEnd
      self.destination = destination
      self.notice = notice
      self.storage = storage
      self.size = size
      self.ending = ending
    }

    /// The page shown.
    public enum Page: Equatable, Sendable {
      case counter
      case favorites
      case activity
      case history(HistoryVisit)
    }

    /// An open history page: the step it opened at, and the page it returns to.
    public struct HistoryVisit: Codable, Equatable, Sendable {
      public var openedAt: Int
      public var returnPage: Tab

      public init(openedAt: Int, returnPage: Tab) {
        self.openedAt = openedAt
        self.returnPage = returnPage
      }
    }

    /// The selected row of the favorites, the first row shown, and the prime selected.
    public struct Selection: Codable, Equatable, Sendable {
      public var row: Int
      public var top: Int
      public var prime: Int?

      public init(row: Int = 0, top: Int = 0, prime: Int? = nil) {
        self.row = row
        self.top = top
        self.prime = prime
      }
    }

    /// What is presented over the page until a key closes it.
    public enum Destination: Codable, Equatable, Sendable {
      case help
      case launchWarning(String)
    }

    /// Where storing stands, when it is not simply done.
    public enum Storage: Equatable, Sendable {
      case waiting(String)
      case failed(String)
      case readOnly(String)
    }

    /// How the app ended.
    public enum Ending: Codable, Equatable, Sendable {
      case quit
      case signal(Int32)
    }
  }
}

extension RecordedState.Screens: Codable {
  private enum CodingKeys: String, CodingKey {
    case page, selection, activityEnd, notice, storageProblem, storageWait, storageReadOnly, size
    case ending
    case historyVisit
    case destination
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .page)
    let visit = try container.decodeIfPresent(HistoryVisit.self, forKey: .historyVisit)
    switch (name, visit) {
    case ("history", let visit?):
      page = .history(visit)
    case (let name, nil):
      guard let tab = RecordedState.Tab(rawValue: name) else {
        throw DecodingError.dataCorruptedError(
          forKey: .page, in: container,
          debugDescription: name == "history"
            ? "The history page has no historyVisit." : "Unknown page '\(name)'.")
      }
      page = Page(tab)
    case (_, _?):
      throw DecodingError.dataCorruptedError(
        forKey: .historyVisit, in: container,
        debugDescription: "A historyVisit without the history page.")
    }
    selection = try container.decode(Selection.self, forKey: .selection)
    activityEnd = try container.decodeIfPresent(Int.self, forKey: .activityEnd)
    destination = try container.decodeIfPresent(Destination.self, forKey: .destination)
    // Before format 15 the launch's warning was a notice; it is a destination now.
    switch try container.decodeIfPresent(NoticeBefore15.self, forKey: .notice) {
    case .notice(let notice)?: self.notice = notice
    case .launchWarning(let warning)?: destination = .launchWarning(warning)
    case nil: notice = nil
    }
    // One of the three at most: where storing stands is one value.
    let statuses = try [
      container.decodeIfPresent(String.self, forKey: .storageProblem).map(Storage.failed),
      container.decodeIfPresent(String.self, forKey: .storageWait).map(Storage.waiting),
      container.decodeIfPresent(String.self, forKey: .storageReadOnly).map(Storage.readOnly),
    ].compactMap { $0 }
    guard statuses.count <= 1 else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "More than one of storageProblem, storageWait and storageReadOnly."))
    }
    storage = statuses.first
    size = try container.decode(RecordedState.Size.self, forKey: .size)
    ending = try container.decodeIfPresent(Ending.self, forKey: .ending)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch page {
    case .counter: try container.encode("counter", forKey: .page)
    case .favorites: try container.encode("favorites", forKey: .page)
    case .activity: try container.encode("activity", forKey: .page)
    case .history: try container.encode("history", forKey: .page)
    }
    try container.encode(selection, forKey: .selection)
    try container.encodeIfPresent(activityEnd, forKey: .activityEnd)
    try container.encodeIfPresent(notice, forKey: .notice)
    switch storage {
    case nil: break
    case .failed(let problem): try container.encode(problem, forKey: .storageProblem)
    case .waiting(let wait): try container.encode(wait, forKey: .storageWait)
    case .readOnly(let reason): try container.encode(reason, forKey: .storageReadOnly)
    }
    try container.encode(size, forKey: .size)
    try container.encodeIfPresent(ending, forKey: .ending)
    if case .history(let visit) = page { try container.encode(visit, forKey: .historyVisit) }
    try container.encodeIfPresent(destination, forKey: .destination)
  }
}

extension RecordedState.Screens.Page {
  /// The page a tab names.
  init(_ tab: RecordedState.Tab) {
    switch tab {
    case .counter: self = .counter
    case .favorites: self = .favorites
    case .activity: self = .activity
    }
  }
}

/// A notice as formats before 15 held it: one of today's, or the launch's warning.
private enum NoticeBefore15: Decodable {
  case notice(RecordedState.Notice)
  case launchWarning(String)

  private enum CodingKeys: String, CodingKey {
    case launchWarning
  }

  private enum WarningKeys: String, CodingKey {
    case _0
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.launchWarning) {
      let warning = try container.nestedContainer(keyedBy: WarningKeys.self, forKey: .launchWarning)
      self = .launchWarning(try warning.decode(String.self, forKey: ._0))
    } else {
      self = .notice(try RecordedState.Notice(from: decoder))
    }
  }
}
