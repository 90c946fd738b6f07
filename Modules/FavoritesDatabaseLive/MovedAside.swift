import Foundation

/// Where a file that could not be read is moved, so that nothing in it is lost: beside it, named
/// `<name>.unreadable-<UTC time>-<process>`, with `-2`, `-3`… where that name is taken. The
/// database and the version-1 files are moved aside under this one style.
enum MovedAside {
  /// The first free name for `path` moved aside at `date` by this process.
  ///
  /// ```swift
  /// MovedAside.path(for: "/data/primetime.sqlite", at: Date(timeIntervalSince1970: 0), process: 7)
  /// // "/data/primetime.sqlite.unreadable-19700101T000000Z-7"
  /// ```
  static func path(
    for path: String, at date: Date, process: Int32 = getpid(),
    isTaken: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) -> String {
    let stamp = date.formatted(
      .iso8601.year().month().day().time(includingFractionalSeconds: false)
        .timeZone(separator: .omitted).timeSeparator(.omitted).dateSeparator(.omitted))
    let base = "\(path).unreadable-\(stamp)-\(process)"
    var aside = base
    var suffix = 1
    while isTaken(aside) {
      suffix += 1
      aside = "\(base)-\(suffix)"
    }
    return aside
  }
}
