import AppCore
import ComposableArchitecture
import ComposableArchitectureDebug
import CustomDump
import FileClientLive
import Foundation
import Synchronization

/// A file that a session is recorded to, line by line. Lines are written in batches: when
/// enough have gathered, when the session waits for input, and at the end. The first write that
/// fails stops the recording; ``failure`` says why.
final class RecordingFile: Sendable {
  private let handle: FileHandle
  private let path: String
  private struct Pending {
    var data = Data()
    var lines = 0
    var written = 0
    var failure: String?
  }
  private let pending = Mutex(Pending())

  /// Opens the file for writing and empties it, creating it if need be. A symbolic link, a
  /// named pipe or a device is written through, not replaced.
  init(path: String) throws {
    // Readable by its owner only, as the database is: a recording holds the favorites and feed.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw RecordingError(
        description: "cannot record to '\(path)': \(String(cString: strerror(errno)))")
    }
    self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    self.path = path
  }

  /// Adds a line.
  func write(_ line: String) {
    let isFull = pending.withLock { pending in
      pending.data.append(contentsOf: line.utf8)
      pending.data.append(UInt8(ascii: "\n"))
      pending.lines += 1
      return pending.data.count >= 1 << 16
    }
    if isFull { flush() }
  }

  /// Writes the lines gathered so far.
  func flush() {
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
  var failure: String? { pending.withLock { $0.failure } }

  /// Writes what is left and closes the file.
  func close() {
    flush()
    try? handle.close()
  }
}

/// What a decoding error says of where a line goes wrong, e.g. ": at step.action.counter._0, no
/// case 'incrTaped'"; empty when it says nothing useful.
private func reason(_ error: any Error) -> String {
  let context: DecodingError.Context
  switch error as? DecodingError {
  case .keyNotFound(let key, let found):
    return ": \(path(found.codingPath)) lacks '\(key.stringValue)'"
  case .dataCorrupted(let found) where found.codingPath.isEmpty:
    return ": the line is not JSON"
  case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found):
    context = found
  default:
    return ""
  }
  // Foundation's sentence, in the app's style: lower case first, no full stop.
  var detail = PrimeTimeCLI.lowercasingTheFirstWord(context.debugDescription)
  if detail.hasSuffix(".") { detail.removeLast() }
  return ": \(path(context.codingPath)) \(detail)"
}

private func path(_ keys: [any CodingKey]) -> String {
  keys.isEmpty ? "the line" : "at " + keys.map(\.stringValue).joined(separator: ".") + ","
}

struct RecordingError: Error, CustomStringConvertible {
  let description: String
}

/// `primetime replay`: runs a recording again and says whether it ends the same.
enum Replaying {
  /// Replays the recording at `file`.
  ///
  /// - Parameters:
  ///   - file: The recording's path.
  ///   - showingSteps: Whether to print each action and the change it makes.
  /// - Returns: The exit status: 0 when the recording reproduces, 1 otherwise.
  static func run(file: String, showingSteps: Bool) -> Int32 {
    let fail = { (message: String) -> Int32 in
      FileHandle.standardError.write(Data("primetime: \(message)\n".utf8))
      return 1
    }
    let data: Data
    do {
      guard let contents = try FileError.read(file) else {
        return fail("cannot read '\(file)': \(String(cString: strerror(ENOENT)))")
      }
      data = contents
    } catch let error as FileError {
      return fail("cannot read '\(file)': \(error.reason)")
    } catch {
      return fail("cannot read '\(file)': \(error)")
    }
    var texts = String(decoding: data, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false)
    if texts.last == "" { texts.removeLast() }
    var lines: [RecordedLine] = []
    for (index, text) in texts.enumerated() {
      do {
        lines.append(try RecordedLine.decode(text))
      } catch {
        return fail("\(file) line \(index + 1) is not a recording line\(reason(error))")
      }
    }
    let outcome: Replay.Outcome
    do {
      outcome = try Replay.run(lines) { line, action, before, after in
        guard showingSteps else { return }
        print("line \(line): " + debugReport(action: action, before: before, after: after))
      }
    } catch {
      return fail("\(file) \(error)")
    }
    switch outcome {
    case .reproduced(let state):
      guard case .end(_, let name)? = lines.last, let screen = Screen(rawValue: name) else {
        return fail("\(file) line \(lines.count): the end line names no screen of the REPL")
      }
      print(Rendering.json(state, screen: screen))
      return 0
    case .diverged(let line, let action, let recorded, let replayed):
      return fail(
        "\(file) line \(line) does not reproduce: after "
          + "\(String(customDumping: action).joinedLines), the state differs from the recorded "
          + "one (-: recorded, +: replayed):\n" + (diff(recorded, replayed) ?? ""))
    case .endDiffers(let line, let recorded, let replayed):
      return fail(
        "\(file) line \(line), the end, does not reproduce: the session ends in another state "
          + "than the recorded one (-: recorded, +: replayed):\n" + (diff(recorded, replayed) ?? "")
      )
    }
  }
}
