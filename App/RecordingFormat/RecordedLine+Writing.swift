import Foundation

// Each type of the format writes itself as its `Codable` conformance encodes it: the names
// here are the file's, and `WritingTests` holds every case to the conformance's bytes.

extension RecordedLine: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .start(let version, let state):
      writer.enumCase("start") {
        $0.key("version")
        $0.int(version)
        $0.key("state")
        $0.value(state)
      }
    case .step(let action, let readings, let after):
      writer.enumCase("step") {
        $0.key("action")
        $0.value(action)
        Self.write(readings, after, to: &$0)
      }
    case .feedback(let action, let step, let readings, let after):
      writer.enumCase("feedback") {
        $0.key("action")
        $0.value(action)
        $0.key("step")
        $0.int(step)
        Self.write(readings, after, to: &$0)
      }
    case .undo(let readings, let after):
      writer.enumCase("undo") { Self.write(readings, after, to: &$0) }
    case .redo(let readings, let after):
      writer.enumCase("redo") { Self.write(readings, after, to: &$0) }
    case .travel(let steps, let readings, let after):
      writer.enumCase("travel") {
        $0.key("by")
        $0.int(steps)
        Self.write(readings, after, to: &$0)
      }
    case .historyPage(let move, let readings, let after):
      writer.enumCase("historyPage") {
        $0.key("move")
        $0.value(move)
        Self.write(readings, after, to: &$0)
      }
    case .restoringTravel(let steps, let readings, let after):
      writer.enumCase("restoringTravel") {
        $0.key("by")
        $0.int(steps)
        Self.write(readings, after, to: &$0)
      }
    case .quietHistoryPage(let move, let restoring, let readings, let after):
      writer.enumCase("quietHistoryPage") {
        $0.key("move")
        $0.value(move)
        $0.key("restoring")
        $0.bool(restoring)
        Self.write(readings, after, to: &$0)
      }
    case .end(let state, let screen):
      writer.enumCase("end") {
        $0.key("state")
        $0.value(state)
        $0.key("screen")
        $0.string(screen)
      }
    }
  }

  private static func write(
    _ readings: Readings?, _ after: Summary, to writer: inout JSONLineWriter
  ) {
    writer.field("readings", readings)
    writer.key("after")
    writer.value(after)
  }
}

extension RecordedLine.Readings: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    writer.object {
      $0.key("now")
      $0.array(now) { date, writer in writer.date(date) }
      $0.key("uuid")
      $0.array(uuid) { id, writer in writer.uuid(id) }
    }
  }
}

extension RecordedLine.Summary: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    writer.object {
      $0.key("count")
      $0.int(count)
      $0.key("favoriteCount")
      $0.int(favoriteCount)
      $0.field("lastFavorite", lastFavorite)
      $0.key("activityCount")
      $0.int(activityCount)
      $0.field("lastActivity", lastActivity)
      $0.field("counterDestination", counterDestination)
      $0.field("favoritesDestination", favoritesDestination)
      $0.field("counterLookup", counterLookup)
      $0.field("favoritesLookup", favoritesLookup)
      $0.field("notice", notice)
      $0.key("undoCount")
      $0.int(undoCount)
      $0.key("redoCount")
      $0.int(redoCount)
    }
  }
}
