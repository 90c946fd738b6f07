#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value that several threads share, guarded by a POSIX mutex: what the engine's threads hand
/// their pieces' results to.
///
/// Not `Synchronization.Mutex`: on Linux, a contended one hands the lock over in the kernel
/// (a priority-inheriting futex), which ThreadSanitizer does not see, so each access it guards
/// is reported as a race whenever two pieces finish at once, and a sanitized run cannot tell a
/// real race from its lock. The sanitizers intercept a POSIX mutex and order what it guards.
final class Locked<Value>: @unchecked Sendable {
  // Allocated, so that the mutex never moves: POSIX forbids using a copy of one.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` on the value while holding the mutex; `body` must not take it again.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
