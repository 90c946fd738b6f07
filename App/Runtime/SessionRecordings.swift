import Foundation

/// The recordings a data directory keeps of its sessions, one file each, in its `sessions`
/// directory: how a recording is named, how a name is read back, and how the oldest are removed
/// to keep them within a bound.
///
/// A file is named `<started>-<frontEnd>-<pid>.jsonl`: the UTC second the session began
/// (`20261206T124144Z`), the front end that ran it (``FrontEnd``), and its process's id; a name
/// taken already gets `-2`, `-3` and on before `.jsonl`. Names sort in the order their sessions
/// began, to the second (``Name``'s order). A file without an end line is a session cut short.
///
/// ```swift
/// SessionRecordings.fileName(
///   started: Date(timeIntervalSince1970: 1_796_560_904), frontEnd: .repl, processID: 4242)
/// // "20261206T124144Z-repl-4242.jsonl"
/// ```
public struct SessionRecordings: Sendable {
  /// The `sessions` directory.
  public let directory: URL

  /// The recordings in `directory`.
  public init(directory: URL) {
    self.directory = directory
  }

  /// The recordings in the directory at `path`.
  public init(path: String) {
    self.init(directory: URL(filePath: path, directoryHint: .isDirectory))
  }

  /// The recordings of the sessions over a data directory: its `sessions` directory.
  public init(dataDirectory: URL) {
    self.init(
      directory: dataDirectory.appending(path: Self.directoryName, directoryHint: .isDirectory))
  }

  /// The name of the directory, in the data directory, that holds the recordings.
  public static let directoryName = "sessions"

  /// Which front end ran a session.
  public enum FrontEnd: String, CaseIterable, Sendable {
    /// A person at the REPL's prompt.
    case repl
    /// Commands from `-c`, `-f` or piped input.
    case script
    /// `primetime ui`.
    case ui
  }

  /// What a recording's file name says of its session.
  public struct Name: Comparable, Hashable, Sendable {
    /// When the session began, to the second.
    public var started: Date
    public var frontEnd: FrontEnd
    public var processID: Int32
    /// 1 for the first file of the name; 2, 3 and on for a name that was taken (`-2.jsonl`).
    public var sequence: Int

    public init(started: Date, frontEnd: FrontEnd, processID: Int32, sequence: Int = 1) {
      self.started = started
      self.frontEnd = frontEnd
      self.processID = processID
      self.sequence = sequence
    }

    /// Reads a file name; `nil` for a name that is not a recording's.
    ///
    /// ```swift
    /// SessionRecordings.Name(fileName: "20261206T124144Z-ui-17-2.jsonl")?.sequence  // 2
    /// ```
    public init?(fileName: String) {
      guard fileName.hasSuffix(Self.suffix) else { return nil }
      let parts = fileName.dropLast(Self.suffix.count).split(
        separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 3 || parts.count == 4,
        let started = Self.date(parts[0]),
        let frontEnd = FrontEnd(rawValue: String(parts[1])),
        let processID = Self.decimal(parts[2]).flatMap(Int32.init(exactly:)),
        let sequence = parts.count == 4 ? Self.decimal(parts[3]) : 1,
        sequence >= 1, parts.count == 3 || sequence >= 2
      else { return nil }
      self.init(started: started, frontEnd: frontEnd, processID: processID, sequence: sequence)
    }

    /// The file name: `20261206T124144Z-repl-4242.jsonl`, or `…-4242-2.jsonl`.
    public var fileName: String {
      let base = "\(Self.timestamp(started))-\(frontEnd.rawValue)-\(processID)"
      return base + (sequence > 1 ? "-\(sequence)" : "") + Self.suffix
    }

    /// The order the sessions began in, to the second; within a second, by front end, process
    /// and sequence, so that the order is the same on every look.
    public static func < (lhs: Name, rhs: Name) -> Bool {
      let left = (Self.timestamp(lhs.started), lhs.frontEnd.rawValue, lhs.processID, lhs.sequence)
      let right = (Self.timestamp(rhs.started), rhs.frontEnd.rawValue, rhs.processID, rhs.sequence)
      return left < right
    }

    private static let suffix = ".jsonl"

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC: `20261206T124144Z`.
    static func timestamp(_ date: Date) -> String {
      let seconds = Int(date.timeIntervalSince1970.rounded(.down))
      var time = tm()
      var clock = time_t(seconds)
      gmtime_r(&clock, &time)
      func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
      return "\(time.tm_year + 1900)\(two(time.tm_mon + 1))\(two(time.tm_mday))T"
        + "\(two(time.tm_hour))\(two(time.tm_min))\(two(time.tm_sec))Z"
    }

    /// The date of a timestamp as ``timestamp(_:)`` writes it; `nil` for anything else.
    static func date(_ text: Substring) -> Date? {
      let characters = Array(text.utf8)
      guard characters.count == 16, characters[8] == UInt8(ascii: "T"),
        characters[15] == UInt8(ascii: "Z")
      else { return nil }
      func number(_ range: Range<Int>) -> Int32? {
        decimal(characters[range]).flatMap(Int32.init(exactly:))
      }
      guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
        let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15)
      else { return nil }
      var time = tm()
      time.tm_year = year - 1900
      time.tm_mon = month - 1
      time.tm_mday = day
      time.tm_hour = hour
      time.tm_min = minute
      time.tm_sec = second
      let date = Date(timeIntervalSince1970: TimeInterval(timegm(&time)))
      // A day that the month does not have (20260231) is not a timestamp this code writes.
      return timestamp(date) == String(text) ? date : nil
    }

    /// Digits only, no sign; leading zeros are read (`04` is 4).
    private static func decimal(_ text: some Collection<UInt8>) -> Int? {
      guard !text.isEmpty, text.count <= 18,
        text.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
      else { return nil }
      return text.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// A process id or sequence: digits, without a leading zero (but `0` itself), so that one
    /// number has one name.
    private static func decimal(_ text: Substring) -> Int? {
      guard text.first != "0" || text.count == 1 else { return nil }
      return decimal(text.utf8)
    }
  }
  /// The file name of a session's recording, before any `-2` a taken name gets.
  ///
  /// - Parameters:
  ///   - started: When the session began; only the second counts, in UTC.
  ///   - frontEnd: The front end that runs it.
  ///   - processID: The process's id.
  /// - Returns: `20261206T124144Z-repl-4242.jsonl`.
  public static func fileName(started: Date, frontEnd: FrontEnd, processID: Int32) -> String {
    Name(started: started, frontEnd: frontEnd, processID: processID).fileName
  }

  /// How many recordings are kept, and how many bytes they may take in all.
  public struct Bound: Equatable, Sendable {
    /// The most recordings kept, the one being written included.
    public var count: Int
    /// The most bytes the recordings may take in all; the one being written is never removed.
    public var maxBytes: Int

    public init(count: Int = 50, maxBytes: Int = 20 * Self.megabyte) {
      self.count = count
      self.maxBytes = maxBytes
    }

    /// A megabyte, as `PRIMETIME_SESSIONS_MAX_MB` counts them.
    public static let megabyte = 1_000_000

    /// The bound the environment sets: `PRIMETIME_SESSIONS_KEEP` recordings,
    /// `PRIMETIME_SESSIONS_MAX_MB` megabytes, each a whole number from 1, else the default.
    ///
    /// - Throws: ``Refusal``, that says which variable is wrong, for a value that is not one.
    public init(variables: [String: String]) throws(Refusal) {
      self.init()
      if let keep = variables["PRIMETIME_SESSIONS_KEEP"] {
        guard let value = Int(keep), value >= 1 else {
          throw Refusal(variable: "PRIMETIME_SESSIONS_KEEP", unit: "number of recordings to keep")
        }
        count = value
      }
      if let megabytes = variables["PRIMETIME_SESSIONS_MAX_MB"] {
        guard let value = Int(megabytes), value >= 1, value <= Int.max / Self.megabyte else {
          throw Refusal(
            variable: "PRIMETIME_SESSIONS_MAX_MB", unit: "megabytes they may take",
            most: Int.max / Self.megabyte)
        }
        maxBytes = value * Self.megabyte
      }
    }

    /// A variable of the bound whose value is not a whole number from 1.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
      public var variable: String
      /// What the variable gives, in words.
      public var unit: String
      /// The largest value it takes, where one is.
      public var most: Int? = nil

      public var description: String {
        "\(variable) is not a whole number from 1\(most.map { " to \($0)" } ?? ""); give the "
          + "\(unit), or unset it"
      }
    }
  }

  /// A recording in the directory.
  public struct Recording: Equatable, Sendable {
    public var name: Name
    public var fileName: String { name.fileName }
    /// Its size on disk.
    public var bytes: Int
  }

  /// The recordings in the directory, oldest first; files whose names are not a recording's are
  /// left out. No directory is no recordings.
  public func recordings() throws -> [Recording] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    } catch CocoaError.fileReadNoSuchFile {
      return []
    }
    return names.compactMap { fileName -> Recording? in
      guard let name = Name(fileName: fileName) else { return nil }
      var status = stat()
      let path = directory.appending(path: fileName).path
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
      return Recording(name: name, bytes: Int(status.st_size))
    }.sorted { $0.name < $1.name }
  }

  /// Removes the oldest recordings until at most `count` are left and they take at most
  /// `maxBytes` in all. The recording named `sparing`, the one being written, is never removed,
  /// and counts as one of those kept; nor is one that another session is writing still (it
  /// holds the file's lock), which a person may want once it ends.
  ///
  /// ```swift
  /// try SessionRecordings(dataDirectory: home)
  ///   .prune(
  ///     keepingLast: 50, maxBytes: 20_000_000, sparing: "20261206T124144Z-repl-2000000001.jsonl")
  /// ```
  ///
  /// - Throws: The first removal that fails, after trying the others.
  public func prune(keepingLast count: Int, maxBytes: Int, sparing: String?) throws {
    var kept = try recordings()
    var firstError: (any Error)?
    var index = 0
    func total() -> Int { kept.reduce(0) { $0 + $1.bytes } }
    var bytes = total()
    while index < kept.count, kept.count > count || bytes > maxBytes {
      let recording = kept[index]
      // Never the recording being written, nor one that another session is writing still.
      guard recording.fileName != sparing, !isBeingWritten(recording) else {
        index += 1
        continue
      }
      do {
        try FileManager.default.removeItem(at: directory.appending(path: recording.fileName))
      } catch {
        firstError = firstError ?? error
        index += 1
        continue
      }
      kept.remove(at: index)
      bytes -= recording.bytes
    }
    if let firstError { throw firstError }
  }

  /// Whether a recording's session is running still, writing it.
  private func isBeingWritten(_ recording: Recording) -> Bool {
    Self.isBeingWritten(path: directory.appending(path: recording.fileName).path)
  }

  /// Whether the recording at `path` is being written: its session holds the file's lock
  /// (``RecordingFile`` takes it as it opens the file, and the system lets it go as the
  /// process ends, however it ends). A lock, unlike a process's number, is not mistaken for
  /// another process's that took the number, nor missed in a process of another namespace.
  @Sendable public static func isBeingWritten(path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return isLocked(probing: descriptor)
  }

  /// Whether another open file holds the lock of `descriptor`'s file, asked by taking a shared
  /// lock on `descriptor`. Where it is free, the probe lets go of its lock itself: closing the
  /// descriptor would not while a program started meanwhile shares it until it execs, and a
  /// session starting then would be refused its lock.
  static func isLocked(probing descriptor: Int32) -> Bool {
    guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
    flock(descriptor, LOCK_UN)
    return false
  }

  /// Creates the directory, readable by its owner only, where it is not there.
  public func createDirectory() throws(RecordingError) {
    guard mkdir(directory.path, 0o700) == 0 || errno == EEXIST else {
      throw RecordingError(
        description: "cannot create '\(directory.path)': \(String(cString: strerror(errno)))")
    }
  }

  /// Creates the file for a new session's recording, readable and writable by its owner only,
  /// under the first name of the session's not taken already, creating the directory first.
  /// The file is locked before it has its name (``isBeingWritten(path:)``): made under a name
  /// no recording has, locked, then linked under its own, so that no listing or pruning ever
  /// sees it unlocked.
  ///
  /// - Returns: The file's name and its descriptor, open for writing, with the file's lock.
  public func create(started: Date, frontEnd: FrontEnd, processID: Int32)
    throws(RecordingError) -> (fileName: String, descriptor: Int32)
  {
    try createDirectory()
    let unnamed = directory.appending(path: ".new-\(processID)-\(UUID().uuidString)").path
    let descriptor = open(unnamed, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      throw RecordingError(
        description: "cannot record to '\(unnamed)': \(String(cString: strerror(errno)))")
    }
    defer { unlink(unnamed) }
    // Blocking: a listing holds the lock shared for as long as it looks.
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        let reason = String(cString: strerror(errno))
        close(descriptor)
        throw RecordingError(description: "cannot lock '\(unnamed)': \(reason)")
      }
    }
    var name = Name(started: started, frontEnd: frontEnd, processID: processID)
    while true {
      let path = directory.appending(path: name.fileName).path
      if link(unnamed, path) == 0 { return (name.fileName, descriptor) }
      guard errno == EEXIST, name.sequence < 1000 else {
        let reason = String(cString: strerror(errno))
        close(descriptor)
        throw RecordingError(description: "cannot record to '\(path)': \(reason)")
      }
      name.sequence += 1
    }
  }
}
