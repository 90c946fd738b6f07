import FileClientLive
import Foundation
import Synchronization

/// A file that a session is recorded to, line by line. Lines are written in batches: when
/// enough have gathered, when the session waits for input, and at the end. The first write that
/// fails stops the recording; ``failure`` says why.
public final class RecordingFile: Sendable {
  private let handle: FileHandle
  private let path: String
  private struct Pending {
    var data = Data()
    var lines = 0
    var written = 0
    var failure: String?
  }
  private let pending = Mutex(Pending())

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

  /// Opens the file for writing, creating it if need be, readable by its owner only. A file
  /// that holds something is refused, and left as it is, unless the target overwrites; then it
  /// is emptied. A symbolic
  /// link, a named pipe or a device is written through, not replaced.
  public init(_ target: Target) throws {
    let path = target.path
    // Readable by its owner only, as the database is: a recording holds the favorites and feed.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw RecordingError(
        description: "cannot record to '\(path)': \(String(cString: strerror(errno)))")
    }
    var status = stat()
    let isRegularFile = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
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
    self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    self.path = path
  }

  /// Adds a line; the batch is written once it holds 64 KiB.
  public func write(_ line: String) {
    let isFull = pending.withLock { pending in
      pending.data.append(contentsOf: line.utf8)
      pending.data.append(UInt8(ascii: "\n"))
      pending.lines += 1
      return pending.data.count >= 1 << 16
    }
    if isFull { flush() }
  }

  /// Writes the lines gathered so far; once a write has failed, drops them.
  public func flush() {
    pending.withLock { pending in
      guard pending.failure == nil, !pending.data.isEmpty else { return }
      do {
        try handle.write(contentsOf: pending.data)
        pending.written = pending.lines
      } catch {
        pending.failure =
          "the recording to '\(path)' stopped after \(pending.written) lines: "
          + FileError.reason(of: error)
      }
      pending.data = Data()
    }
  }

  /// Why writing failed, if it did.
  public var failure: String? { pending.withLock { $0.failure } }

  /// Writes what is left and closes the file.
  public func close() {
    flush()
    try? handle.close()
  }
}

/// Why a recording cannot be written or read: one line.
public struct RecordingError: Error, CustomStringConvertible {
  public let description: String

  public init(description: String) {
    self.description = description
  }
}
