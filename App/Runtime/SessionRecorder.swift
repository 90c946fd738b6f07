import AppCore
import ComposableArchitecture
import Foundation
import RecordingFormat
import Synchronization

/// Records a session: wraps the clock and the identities so that their answers are noted, and
/// writes a line for every action the app's store runs, told of each after it ran.
///
/// Lines are encoded and written in order on a queue of their own, so that the session goes on
/// meanwhile. They are handed over in batches, so that a busy session does not wake the queue
/// once a line: the queue is woken when a batch is full, and by ``finish()``, which the front
/// ends call whenever the session waits for a person or a program (before a prompt, after a
/// key, when piped input has no more lines ready) and which returns once every line is written.
/// At most a few thousand lines wait at a time.
public final class SessionRecorder: Sendable {
  private let readings = Mutex(RecordedLine.Readings())
  private let write: @Sendable (String) -> Void
  private let queue = DispatchQueue(label: "primetime.recording")
  /// The lines recorded and not yet taken by the queue, and whether the queue is to take them.
  private let waiting = Mutex(Waiting())

  private struct Waiting {
    var lines: [RecordedLine] = []
    var isTaking = false

    /// Whether the queue is to be woken: it is not taking lines, and at least `count` wait.
    /// From then on it is taking them.
    mutating func takes(atLeast count: Int) -> Bool {
      guard !isTaking, lines.count >= count else { return false }
      isTaking = true
      return true
    }
  }

  /// How many lines make a batch, which wakes the queue.
  private static let batch = 64

  /// How many lines may wait before a session waits for them to be written.
  private static let room = 4096

  /// Creates a recorder that hands each line, without its newline, to `write`, in order.
  public init(write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// The clock, with every reading noted.
  public func recording(_ now: @escaping @Sendable () -> Date) -> @Sendable () -> Date {
    { [self] in
      let date = now()
      readings.withLock { $0.now.append(date) }
      return date
    }
  }

  /// The identities, with every one noted.
  public func recording(_ uuid: @escaping @Sendable () -> UUID) -> @Sendable () -> UUID {
    { [self] in
      let id = uuid()
      readings.withLock { $0.uuid.append(id) }
      return id
    }
  }

  /// Writes a line, after the ones before it.
  public func record(_ line: RecordedLine) {
    let (wakes, isFull) = waiting.withLock { waiting in
      waiting.lines.append(line)
      return (waiting.takes(atLeast: Self.batch), waiting.lines.count >= Self.room)
    }
    if wakes { queue.async { [self] in writeWaitingLines() } }
    if isFull { finish() }
  }

  /// Writes the lines waiting, and those that arrive meanwhile, until none waits.
  private func writeWaitingLines() {
    while true {
      let lines = waiting.withLock { waiting in
        defer { waiting.lines = [] }
        if waiting.lines.isEmpty { waiting.isTaking = false }
        return waiting.lines
      }
      guard !lines.isEmpty else { return }
      for line in lines {
        // Every value in a line is written; a failure would be a bug in the writer.
        guard let text = try? line.encoded() else { preconditionFailure("unwritable \(line)") }
        write(text)
      }
    }
  }

  /// Waits until every line recorded so far is written.
  public func finish() {
    let (wakes, isWriting) = waiting.withLock { waiting in
      (waiting.takes(atLeast: 1), waiting.isTaking)
    }
    if wakes { queue.async { [self] in writeWaitingLines() } }
    if isWriting { queue.sync {} }
  }

  /// Writes the line for an action, with the readings taken since the last one: what a store
  /// calls after each action (`Store(initialState:reducer:environment:afterEachAction:)`), so
  /// that recording is no part of any reducer.
  public func record(_ action: AppHistoryAction, after history: History<AppState>) {
    let taken = readings.withLock { readings in
      defer { readings = RecordedLine.Readings() }
      return readings
    }
    record(RecordedLine(action, readings: taken, after: history))
  }
}
