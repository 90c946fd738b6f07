import FileClient
import Foundation
import Synchronization

/// A file that a session is recorded to, line by line. Each line is written as it comes, in one
/// write, so that a session ended at any moment (killed, crashed) leaves every line written
/// before that whole, and the file replays up to there. The first write that fails stops the
/// recording, with the file cut back to its last whole line; ``failure`` says why.
public final class RecordingFile: Sendable {
  private let descriptor: Int32
  private let path: String
  private struct Written {
    var lines = 0
    /// The bytes of the whole lines written, where a write that fails cuts the file back to.
    var bytes: off_t = 0
    var failure: String?
    var isClosed = false
  }
  private let written = Mutex(Written())
  private let bound: Bound?

  /// How far a kept recording may grow: no further than the most that the recordings may take
  /// in all, and as it grows, older recordings make room for it.
  public struct Bound: Sendable {
    /// The most bytes the recording may take.
    public var maxBytes: Int
    /// What is called each time the recording has grown by `step` bytes more, where it stops at
    /// the bound, and as it closes: older recordings make room for it.
    public var step: Int
    public var makeRoom: @Sendable () -> Void

    public init(maxBytes: Int, step: Int = 1_000_000, makeRoom: @escaping @Sendable () -> Void) {
      self.maxBytes = maxBytes
      self.step = step
      self.makeRoom = makeRoom
    }
  }

  /// Where `--record` asks a session to be recorded, and whether it may write over a file that
  /// holds something.
  public struct Target: Sendable {
    public var path: String
    public var overwrites: Bool

    public init(path: String, overwrites: Bool = false) {
      self.path = path
      self.overwrites = overwrites
    }
  }

  /// The whole recording at `path`, to replay or report.
  ///
  /// ```swift
  /// try RecordingFile.contents(of: file)
  /// ```
  ///
  /// - Throws: ``RecordingError``: `cannot read '<path>': <the system's reason>`.
  public static func contents(of path: String) throws(RecordingError) -> Data {
    do {
      return try Data(contentsOf: URL(filePath: path))
    } catch {
      throw RecordingError(description: "cannot read '\(path)': \(FileError.reason(of: error))")
    }
  }

  /// Opens the file for writing, creating it if need be, readable by its owner only. A file
  /// that holds something is refused, and left as it is, unless the target overwrites; then it
  /// is emptied. A symbolic
  /// link, a named pipe or a device is written through, not replaced.
  public convenience init(_ target: Target) throws {
    let path = target.path
    // Readable by its owner only, as the database is: a recording holds the favorites and feed.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw RecordingError(
        description: "cannot record to '\(path)': \(String(cString: strerror(errno)))")
    }
    var status = stat()
    let isRegularFile = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    // A running session's recording is never written over, --force or not.
    if isRegularFile, flock(descriptor, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK {
      Glibc.close(descriptor)
      throw RecordingError(description: "'\(path)' is being written by a running session")
    }
    if isRegularFile, status.st_size > 0 {
      guard target.overwrites else {
        Glibc.close(descriptor)
        throw RecordingError(
          description: "'\(path)' holds something already; give --force to write over it")
      }
      guard ftruncate(descriptor, 0) == 0 else {
        let reason = String(cString: strerror(errno))
        Glibc.close(descriptor)
        throw RecordingError(description: "cannot record to '\(path)': \(reason)")
      }
    }
    // A file that was there already becomes readable by its owner only too.
    if isRegularFile { fchmod(descriptor, 0o600) }
    self.init(descriptor: descriptor, path: path)
  }

  /// Records to a file open for writing, which the recording closes.
  ///
  /// - Parameters:
  ///   - descriptor: The file, open for writing, empty.
  ///   - path: The file's path, as messages name it.
  ///   - bound: How far the recording may grow, if it is kept within a bound.
  public init(descriptor: Int32, path: String, bound: Bound? = nil) {
    self.descriptor = descriptor
    self.path = path
    self.bound = bound
    // Held while the session writes, and let go by the system as the process ends, however it
    // ends: how `primetime sessions` and the pruning tell a session running from one cut short
    // (``SessionRecordings/isBeingWritten(path:)``).
    _ = flock(descriptor, LOCK_EX | LOCK_NB)
  }

  deinit {
    close()
  }

  /// Writes a line, and its newline, in one write; once a write has failed, drops it.
  public func write(_ line: String) {
    write(line: Array((line + "\n").utf8))
  }

  /// Writes a line as the file holds it (UTF-8, ending in its newline) in one write; once a
  /// write has failed, drops it.
  public func write(line bytes: [UInt8]) {
    let needsRoom = written.withLock { written -> Bool in
      guard written.failure == nil, !written.isClosed else { return false }
      if let bound, written.bytes + off_t(bytes.count) > off_t(bound.maxBytes) {
        written.failure =
          "the recording to '\(path)' stopped after \(written.lines) lines: it reached "
          + "\(bound.maxBytes / SessionRecordings.Bound.megabyte) MB, the most that recordings "
          + "may take (PRIMETIME_SESSIONS_MAX_MB)"
        return true
      }
      let before = written.bytes
      let error = bytes.withUnsafeBufferPointer { bytes -> Int32? in
        guard let start = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
          let count = Glibc.write(descriptor, start + offset, bytes.count - offset)
          if count < 0 {
            if errno == EINTR { continue }
            return errno
          }
          offset += count
        }
        return nil
      }
      guard let error else {
        written.lines += 1
        written.bytes += off_t(bytes.count)
        guard let step = bound.map({ off_t($0.step) }) else { return false }
        return before / step != written.bytes / step
      }
      // Part of the line may be on disk: it goes, so that the file ends with a whole line.
      _ = ftruncate(descriptor, written.bytes)
      written.failure =
        "the recording to '\(path)' stopped after \(written.lines) lines: "
        + String(cString: strerror(error))
      return false
    }
    if needsRoom { bound?.makeRoom() }
  }

  /// Why writing failed, if it did.
  public var failure: String? { written.withLock { $0.failure } }

  /// Closes the file; later lines are dropped.
  public func close() {
    let closes = written.withLock { written -> Bool in
      guard !written.isClosed else { return false }
      written.isClosed = true
      // The lock goes first: a program that another thread starts shares this descriptor until
      // it runs its own code, and closing this copy alone would leave the lock held by that one.
      _ = flock(descriptor, LOCK_UN)
      Glibc.close(descriptor)
      return true
    }
    // Its end line may have taken the recordings past the bound.
    if closes { bound?.makeRoom() }
  }
}

/// Why a recording cannot be written or read: one line.
public struct RecordingError: Error, CustomStringConvertible {
  public let description: String

  public init(description: String) {
    self.description = description
  }
}
