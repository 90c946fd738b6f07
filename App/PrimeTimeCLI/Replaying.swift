import AppCore
import ComposableArchitecture
import ComposableArchitectureDebug
import CustomDump
import Foundation
import Synchronization

/// A file that a session is recorded to, line by line. Lines are written in batches: when
/// enough have gathered, when the REPL waits for a person, and at the end.
final class RecordingFile: Sendable {
  private let handle: FileHandle
  private let pending = Mutex(Data())

  /// Creates the file, or empties it.
  init(path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw RecordingError(description: "cannot record to '\(path)': the file cannot be created")
    }
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw RecordingError(description: "cannot record to '\(path)': the file cannot be opened")
    }
    self.handle = handle
  }

  /// Adds a line.
  func write(_ line: String) {
    let isFull = pending.withLock { pending in
      pending.append(contentsOf: line.utf8)
      pending.append(UInt8(ascii: "\n"))
      return pending.count >= 1 << 16
    }
    if isFull { flush() }
  }

  /// Writes the lines gathered so far.
  func flush() {
    pending.withLock { pending in
      if !pending.isEmpty { handle.write(pending) }
      pending = Data()
    }
  }

  /// Writes what is left and closes the file.
  func close() {
    flush()
    try? handle.close()
  }
}

/// A dump on one line: each line's indentation dropped.
private func oneLine(_ dump: String) -> String {
  dump.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
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
    guard let data = FileManager.default.contents(atPath: file) else {
      return fail("cannot read '\(file)'")
    }
    var lines: [RecordedLine] = []
    for (index, text) in String(decoding: data, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where !text.isEmpty {
      do {
        lines.append(try RecordedLine.decode(text))
      } catch {
        return fail("\(file) line \(index + 1) is not a recording line")
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
      guard case .end(_, let screen)? = lines.last else { return 1 }
      print(Rendering.json(state, screen: Screen(rawValue: screen) ?? .counter))
      return 0
    case .diverged(let line, let action, let recorded, let replayed):
      var dumped = ""
      customDump(action, to: &dumped)
      let difference = diff(recorded, replayed).map { "\n" + $0 } ?? ""
      return fail(
        "\(file) line \(line) does not reproduce: after \(oneLine(dumped)), "
          + "the state differs from the recorded one (−: recorded, +: replayed):\(difference)")
    case .endDiffers(let recorded, let replayed):
      let difference = diff(recorded, replayed).map { "\n" + $0 } ?? ""
      return fail(
        "\(file): the session ends in another state than the recorded one "
          + "(−: recorded, +: replayed):\(difference)")
    }
  }
}
