import FileClient
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension FileClient {
  /// Files in a directory on disk, written atomically, and the standard streams.
  ///
  /// A name is a file in `directory`, an absolute path a file anywhere, and `-` standard input
  /// for a load and standard output for a save. A save writes a temporary file (readable by
  /// its owner only) in the same directory, flushes it to disk, renames it over the old file
  /// and flushes the directory, so that a crash at any moment leaves either the whole old file
  /// or the whole new one. No directory is created: a save into one that does not exist fails
  /// and says so.
  ///
  /// ```swift
  /// let client = FileClient.live(directory: directory)
  /// ```
  ///
  /// - Parameters:
  ///   - directory: Where names are resolved; absolute paths ignore it.
  ///   - streams: What `-` reads and writes; the process's own unless given.
  public static func live(
    directory: URL, streams: StandardStreams = .process
  ) -> FileClient {
    @Sendable func url(_ name: String) -> URL {
      name.hasPrefix("/") ? URL(filePath: name) : directory.appending(path: name)
    }
    return FileClient(
      load: { name in
        name == FileClient.standardStreams ? try streams.read() : try FileError.read(url(name).path)
      },
      save: { name, data in
        if name == FileClient.standardStreams {
          try streams.write(data)
        } else {
          try AtomicFile.write(data, to: url(name))
        }
      },
      path: { name in
        name == FileClient.standardStreams ? "standard output" : url(name).standardizedFileURL.path
      }
    )
  }
}

/// What the file name `-` reads and writes: standard input and standard output.
public struct StandardStreams: Sendable {
  /// Reads standard input to its end.
  public var read: @Sendable () throws -> Data
  /// Writes to standard output, after what the process printed before.
  public var write: @Sendable (Data) throws -> Void

  public init(
    read: @escaping @Sendable () throws -> Data,
    write: @escaping @Sendable (Data) throws -> Void
  ) {
    self.read = read
    self.write = write
  }

  /// The process's own: what `print` wrote before is written first, as one stream.
  public static let process = StandardStreams(
    read: { try readAll(from: STDIN_FILENO, naming: "standard input") },
    write: { data in
      // What `print` buffered goes out first.
      fflush(nil)
      try writeAll(data, to: STDOUT_FILENO, naming: "standard output")
    })
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
  ///   - link: The file to replace, or a symbolic link to it.
  /// - Throws: ``FileError`` naming `link` and why, with the directory it would be in when
  ///   that does not exist: no directory is created. The temporary file is never named: nobody
  ///   asked for it.
  public static func write(_ data: Data, to link: URL) throws {
    // A symbolic link is written through: the file it points to is replaced, the link stays.
    let url = link.resolvingSymlinksInPath()
    let directory = url.deletingLastPathComponent()
    var status = stat()
    if stat(directory.path, &status) != 0, errno == ENOENT {
      throw FileError(
        step: "write", path: link.path,
        reason: "there is no directory \(link.deletingLastPathComponent().path)")
    }
    let temporary = directory.appending(
      path: ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
    let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw FileError.system("write", link.path) }
    var removeTemporary = true
    defer {
      if removeTemporary { unlink(temporary.path) }
    }
    do {
      defer { close(fd) }
      try writeAll(data, to: fd, naming: link.path)
      guard fsync(fd) == 0 else { throw FileError.system("write", link.path) }
    }
    guard rename(temporary.path, url.path) == 0 else {
      throw FileError.system("write", link.path)
    }
    removeTemporary = false
    let directoryFD = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryFD >= 0 {
      fsync(directoryFD)
      close(directoryFD)
    }
  }

  /// Creates a directory and the parents it lacks, as `mkdir -p` does.
  ///
  /// ```swift
  /// try AtomicFile.createDirectory(directory.path, permissions: 0o700)
  /// ```
  ///
  /// - Parameters:
  ///   - path: The directory.
  ///   - permissions: The permissions of each directory it creates; existing ones keep theirs.
  /// - Throws: ``FileError`` naming the first path that could not be a directory, and why.
  public static func createDirectory(_ path: String, permissions: mode_t = 0o755) throws {
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        errno = ENOTDIR
        throw FileError.system("create the directory", path)
      }
      return
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path {
      try createDirectory(parent, permissions: permissions)
    }
    guard mkdir(path, permissions) == 0 || errno == EEXIST else {
      throw FileError.system("create the directory", path)
    }
  }
}

/// Writes all of `data` to a file descriptor, however many calls that takes.
/// Everything up to the end of `fd`; a failure (a directory, a closed stream) throws
/// ``FileError`` naming `path` and the system's reason, where `FileHandle` would stop the process.
private func readAll(from fd: Int32, naming path: String) throws -> Data {
  var data = Data()
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    if count == 0 { return data }
    if count < 0 {
      if errno == EINTR { continue }
      throw FileError.system("read", path)
    }
    data.append(contentsOf: buffer[..<count])
  }
}

extension StandardStreams {
  /// Puts `/dev/null` in the place of each standard stream that the process was started without,
  /// opened the other way round (standard input for writing, the outputs for reading): so that
  /// no file the program opens later takes descriptor 0, 1 or 2, which a read or a write meant
  /// for the stream would reach, and the stream still fails as a closed one does ("Bad file
  /// descriptor"). Called first thing, before anything opens a file.
  public static func holdClosedStreams() {
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 {
      let held = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY)
      if held >= 0, held != fd { close(held) }
    }
  }
}

private func writeAll(_ data: Data, to fd: Int32, naming path: String) throws {
  try data.withUnsafeBytes { buffer in
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let written = Glibc.write(fd, base + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw FileError.system("write", path)
      }
      offset += written
    }
  }
}

extension FileError {
  /// The whole file at `path`, or `nil` when there is none.
  ///
  /// ```swift
  /// try FileError.read(url(name).path)
  /// ```
  static func read(_ path: String) throws -> Data? {
    do {
      return try Data(contentsOf: URL(filePath: path))
    } catch  where FileError.code(of: error) == ENOENT {
      return nil
    } catch {
      throw FileError(step: "read", path: path, reason: FileError.reason(of: error))
    }
  }
}
