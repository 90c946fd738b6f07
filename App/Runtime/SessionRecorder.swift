import AppCore
import ComposableArchitecture
import Foundation
import RecordingFormat
import Synchronization

/// Records a session: wraps the clock and the identities so that their answers are noted, and
/// writes a line for every action the app's store runs, told of each after it ran.
///
/// Lines are encoded and written in order on a queue of their own, so that the session goes on
/// meanwhile; at most a few thousand wait at a time.
public final class SessionRecorder: Sendable {
  private let readings = Mutex(RecordedLine.Readings())
  private let write: @Sendable (String) -> Void
  private let queue = DispatchQueue(label: "primetime.recording")
  private let room = DispatchSemaphore(value: 4096)

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
    room.wait()
    queue.async { [write, room] in
      // Every value in a line encodes; a failure would be a bug in a Codable conformance.
      guard let text = try? line.encoded() else { preconditionFailure("unencodable \(line)") }
      write(text)
      room.signal()
    }
  }

  /// Waits until every line recorded so far is written.
  public func finish() {
    queue.sync {}
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
