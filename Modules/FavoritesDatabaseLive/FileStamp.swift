import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file as it is now: which file, its size, and when it or its inode last changed. Another
/// stamp of the same path says whether it changed, as far as the file system's clock can tell.
struct FileStamp: Equatable {
  var identity: FileIdentity
  var size: Int64
  var modified: timespec
  var changed: timespec

  /// The stamp of the file at `path`, or `nil` when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    identity = FileIdentity(info)
    size = Int64(info.st_size)
    modified = info.st_mtim
    changed = info.st_ctim
  }

  /// Whether the file last changed two seconds or more before `now`: a write after the stamp
  /// then gives it another time, however seldom the file system's clock ticks.
  func isSettled(at now: Date) -> Bool {
    let last = max(modified.tv_sec, changed.tv_sec)
    return Double(last) + 2 <= now.timeIntervalSince1970
  }

  static func == (a: FileStamp, b: FileStamp) -> Bool {
    a.identity == b.identity && a.size == b.size && a.modified.tv_sec == b.modified.tv_sec
      && a.modified.tv_nsec == b.modified.tv_nsec && a.changed.tv_sec == b.changed.tv_sec
      && a.changed.tv_nsec == b.changed.tv_nsec
  }
}

extension LiveConnection {
  /// The stamps of the database at `path` and of its log.
  static func fileStamps(_ path: String) -> [FileStamp?] {
    [FileStamp(path: path), FileStamp(path: path + "-wal")]
  }
}

/// Which file a path names: its device and inode.
struct FileIdentity: Equatable {
  var device: UInt64
  var inode: UInt64

  /// The identity of the file at `path`, or `nil` when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// The identity of the file that `info` describes.
  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}
