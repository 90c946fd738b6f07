import Foundation
import Synchronization

/// Identities for tests: 1, 2, 3, … in the last bytes of each, so that every identity a test
/// makes is known: `00000000-0000-0000-0000-000000000001` first.
///
/// ```swift
/// let ids = IncrementingUUIDs()
/// ```
public final class IncrementingUUIDs: Sendable {
  private let last = Mutex<UInt64>(0)

  /// Creates the identities; the first is 1.
  public init() {}

  /// The next identity.
  public func next() -> UUID {
    let number = last.withLock { last in
      last += 1
      return last
    }
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 { bytes[15 - index] = UInt8(truncatingIfNeeded: number >> (8 * index)) }
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}

/// A clock for tests: fixed, or stepping on by the same interval at each reading, so that
/// every reading is known and, stepping, distinct.
///
/// ```swift
/// let clock = SteppingClock(from: Date(timeIntervalSince1970: 1000), by: 1)
/// ```
public final class SteppingClock: Sendable {
  private let next: Mutex<Date>
  private let step: TimeInterval

  /// Creates a clock whose first reading is `start`, and each later one `step` seconds on; a
  /// step of 0, the default, stands still.
  public init(from start: Date, by step: TimeInterval = 0) {
    next = Mutex(start)
    self.step = step
  }

  /// The time now, as the clock reads it.
  public func now() -> Date {
    next.withLock { next in
      defer { next += step }
      return next
    }
  }
}
