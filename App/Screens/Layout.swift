/// How the pages use the terminal's rows, which decides how far the lists scroll.
public enum Layout {
  /// The rows a list has, the favorites or the history's steps: all but the title, a blank row
  /// and two rows of hints; at least one.
  public static func listRows(in size: Size) -> Int {
    size.rows > 5 ? size.rows - 4 : 1
  }

  /// The rows the activity feed has: all but the title, a blank row and the row of hints.
  public static func activityRows(in size: Size) -> Int {
    size.rows > 4 ? size.rows - 3 : 1
  }

  /// How far the feed can scroll: the number of newest entries that can be passed over.
  public static func maximumActivityScroll(count: Int, size: Size) -> Int {
    max(count - activityRows(in: size), 0)
  }
}

/// The size of a terminal, in columns and rows.
public struct Size: Equatable, Sendable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// The smallest terminal the screens fit in.
  public static let minimum = Size(columns: 40, rows: 12)

  /// Whether a screen of this size holds the smallest one.
  public var isLargeEnough: Bool {
    columns >= Self.minimum.columns && rows >= Self.minimum.rows
  }
}
