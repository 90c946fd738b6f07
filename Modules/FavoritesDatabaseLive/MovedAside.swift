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

extension LiveConnection {
  enum MoveAside {
    case moved(String)
    case gone
    case failed(String)
  }

  /// Moves the database (and its WAL and shared-memory files) to a name no other file has,
  /// if it is still the file that was checked: another session may have moved that one aside
  /// first and started a new database in its place, which is then left alone (`.gone`).
  func moveAside(reason: String, checked: FileIdentity?) -> MoveAside {
    hooks.beforeMovingAside()
    guard let checked, FileIdentity(path: path) == checked else { return .gone }
    let aside = MovedAside.path(for: path, at: Date())
    guard rename(path, aside) == 0 else {
      if errno == ENOENT { return .gone }
      return .failed(
        "\(path) cannot be used (\(reason)) nor moved aside: \(String(cString: strerror(errno)))")
    }
    for extra in ["-wal", "-shm"] { rename(path + extra, aside + extra) }
    return .moved("\(path) could not be used (\(reason)); moved it to \(aside) and started anew")
  }
}
