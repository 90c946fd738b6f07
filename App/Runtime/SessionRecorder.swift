import AppCore
import ComposableArchitecture
import Foundation
import RecordingFormat
import Synchronization

/// Records a session: wraps the clock and the identities so that their answers are noted, and
/// writes a line for every action the app's store runs, told of each after it ran.
///
/// Each line is written as the store runs its action, on the session's own thread, before the
/// next action runs: a session killed or crashed at any moment leaves every line up to its last
/// step whole in the file. A line is written by hand (``JSONLineWriter``), in one `write(2)`.
public final class SessionRecorder: Sendable {
  private let readings = Mutex(RecordedLine.Readings())
  private let write: @Sendable ([UInt8]) -> Void
  /// The room a line is written in, kept from line to line.
  private let line = Mutex<[UInt8]>([])

  /// Creates a recorder that hands each line, as the file holds it (UTF-8, with its newline),
  /// to `write`, in order.
  public init(write: @escaping @Sendable ([UInt8]) -> Void) {
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
    self.line.withLock { bytes in
      line.write(asFileLineInto: &bytes)
      write(bytes)
    }
  }

  /// Writes the line for an action, with the readings taken since the last one: what a store
  /// calls after each action (`Store(initialState:reducer:environment:afterEachAction:)`), so
  /// that recording is no part of any reducer.
  /// Storage's own actions are no line: what they find is sent on as actions that are.
  public func record(_ action: AppHistoryAction, after history: History<AppState>) {
    if case .storage = action { return }
    let taken = readings.withLock { readings in
      defer { readings = RecordedLine.Readings() }
      return readings
    }
    guard let line = RecordedLine(action, readings: taken, after: history) else { return }
    record(line)
  }
}
