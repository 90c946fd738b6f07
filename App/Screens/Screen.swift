/// The screens whose controls act only while they are shown: the counter, whose page the
/// history page is opened over, and the favorites, with the activity feed that belongs to them.
/// The REPL shows one of them at a time.
public enum Screen: String, Equatable, Sendable {
  case counter
  case favorites

  /// The screen a page belongs to: the activity feed to the favorites, and the history page to
  /// the counter.
  public init(_ page: ScreensState.Page) {
    switch page {
    case .counter, .history: self = .counter
    case .favorites, .activity: self = .favorites
    }
  }
}
