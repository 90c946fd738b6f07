import CustomDump
import FavoritesLedger
import Foundation
import RecordingFormat

extension Activity: CustomDumpReflectable {
  /// Dumps and diffs show an entry's time as CustomDump shows a date, to the millisecond in
  /// GMT, but written by Foundation's own ISO 8601 style, which needs no ICU: CustomDump's
  /// `Date` goes through `DateFormatter`, which release builds cannot run without ICU's data
  /// (`App/ICUDataOmitted`), and `state`, `trace on` and `replay --step` dump the feed.
  public var customDumpMirror: Mirror {
    Mirror(entry: self, id: id, kind: kind, prime: prime, timestamp: timestamp)
  }
}

extension RecordedState.Activity: CustomDumpReflectable {
  /// The same for an entry as a recording holds it, which a replay's difference shows.
  public var customDumpMirror: Mirror {
    Mirror(entry: self, id: id, kind: kind, prime: prime, timestamp: timestamp)
  }
}

extension Mirror {
  /// An entry of the feed, its time written by ``DumpedDate``.
  fileprivate init<Entry>(entry: Entry, id: UUID, kind: Any, prime: Int, timestamp: Date) {
    self.init(
      entry,
      children: [
        "id": id, "kind": kind, "prime": prime, "timestamp": DumpedDate(date: timestamp),
      ],
      displayStyle: .struct)
  }
}

/// A date as a dump shows it, to the nearest millisecond, a half rounded up as CoreFoundation
/// rounds it: `Date(2026-11-22T07:43:15.042Z)`.
public struct DumpedDate: CustomDumpStringConvertible, Equatable {
  /// The date.
  public let date: Date

  /// The date, to be dumped.
  public init(date: Date) { self.date = date }

  public var customDumpDescription: String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down))
    return "Date(\(StateJSON.timestamp(milliseconds: milliseconds)))"
  }
}
