import Foundation

/// A failed file operation: which step, on which path, and the system's reason.
public struct FileError: Error, CustomStringConvertible, Sendable {
  /// The step that failed, worded to follow "could not": `read`, `write`,
  /// `create the directory`.
  public var step: String
  /// The path it failed on, unresolved: for a write through a symbolic link, the link.
  public var path: String
  /// The system's reason, in `strerror`'s words.
  public var reason: String

  /// Creates the error from its parts, as a live client reports a failed step.
  ///
  /// ```swift
  /// FileError(step: "read", path: path, reason: FileError.reason(of: error))
  /// ```
  public init(step: String, path: String, reason: String) {
    self.step = step
    self.path = path
    self.reason = reason
  }

  /// The failure of the system call just made: `errno` is read before `path` is worked out,
  /// which could change it.
  public static func system(_ step: String, _ path: @autoclosure () -> String) -> FileError {
    let code = errno
    return FileError(step: step, path: path(), reason: String(cString: strerror(code)))
  }

  public var description: String { "could not \(step) \(path): \(reason)" }

  /// The system's reason for an error that Foundation reported, in `strerror`'s words
  /// (`No space left on device`) rather than Foundation's.
  ///
  /// ```swift
  /// FileError.reason(of: error)
  /// ```
  public static func reason(of error: any Error) -> String {
    code(of: error).map { String(cString: strerror($0)) } ?? error.localizedDescription
  }

  /// The `errno` behind an error that Foundation reported, when there is one.
  public static func code(of error: any Error) -> Int32? {
    var current: NSError? = error as NSError
    while let error = current {
      if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
      current = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
    }
    let codes: [CocoaError.Code: Int32] = [
      .fileNoSuchFile: ENOENT, .fileReadNoSuchFile: ENOENT, .fileReadNoPermission: EACCES,
      .fileWriteNoPermission: EACCES, .fileWriteOutOfSpace: ENOSPC,
      .fileWriteVolumeReadOnly: EROFS, .fileWriteFileExists: EEXIST,
    ]
    return (error as? CocoaError).flatMap { codes[$0.code] }
  }
}
