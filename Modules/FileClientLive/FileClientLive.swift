import FileClient
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension FileClient {
  /// Files in a directory on disk, written atomically.
  ///
  /// A name is a file in `directory`, an absolute path a file anywhere. A save writes a
  /// temporary file (readable by its owner only) in the same directory, flushes it to disk,
  /// renames it over the old file and flushes the directory, so that a crash at any moment
  /// leaves either the whole old file or the whole new one. The directory is created when
  /// missing.
  ///
  /// ```swift
  /// let client = FileClient.live(directory: directory)
  /// ```
  ///
  /// - Parameter directory: The data directory.
  /// - Returns: The client.
  public static func live(directory: URL) -> FileClient {
    @Sendable func url(_ name: String) -> URL {
      name.hasPrefix("/") ? URL(filePath: name) : directory.appending(path: name)
    }
    return FileClient(
      load: { name in
        let url = url(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
      },
      save: { name, data in
        try AtomicFile.write(data, to: url(name))
      }
    )
  }
}

/// Atomic replacement of a file's contents.
public enum AtomicFile {
  /// Writes `data` to `url` all at once or not at all: temporary file, fsync, rename, fsync of
  /// the directory. When `url` is a symbolic link, the file it points to is written.
  ///
  /// ```swift
  /// try AtomicFile.write(data, to: url(name))
  /// ```
  ///
  /// - Parameters:
  ///   - data: The new contents.
  ///   - link: The file to replace.
  /// - Throws: ``AtomicFileError`` saying which step failed and why.
  public static func write(_ data: Data, to link: URL) throws {
    // A symbolic link is written through: the file it points to is replaced, the link stays.
    let url = link.resolvingSymlinksInPath()
    let directory = url.deletingLastPathComponent()
    try createDirectory(directory)
    let temporary = directory.appending(
      path: ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
    let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw AtomicFileError(step: "create", path: temporary.path) }
    var removeTemporary = true
    defer {
      if removeTemporary { unlink(temporary.path) }
    }
    do {
      defer { close(fd) }
      try data.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
          let written = Glibc.write(fd, base + offset, buffer.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            throw AtomicFileError(step: "write", path: temporary.path)
          }
          offset += written
        }
      }
      guard fsync(fd) == 0 else { throw AtomicFileError(step: "flush", path: temporary.path) }
    }
    guard rename(temporary.path, url.path) == 0 else {
      throw AtomicFileError(step: "replace", path: url.path)
    }
    removeTemporary = false
    let directoryFD = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryFD >= 0 {
      fsync(directoryFD)
      close(directoryFD)
    }
  }

  private static func createDirectory(_ directory: URL) throws {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw AtomicFileError(
        step: "create the directory", path: directory.path, reason: error.localizedDescription)
    }
  }
}

/// A failed atomic write: which step, on which path, and the system's reason.
public struct AtomicFileError: Error, CustomStringConvertible, Sendable {
  /// The step that failed.
  public var step: String
  /// The path it failed on.
  public var path: String
  /// The system's reason.
  public var reason: String

  init(step: String, path: String, reason: String? = nil) {
    self.step = step
    self.path = path
    self.reason = reason ?? String(cString: strerror(errno))
  }

  public var description: String { "could not \(step) \(path): \(reason)" }
}
