#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock on a POSIX mutex, for state that several threads share.
///
/// Not `Synchronization.Mutex`: on Linux that waits on a futex of its own, which
/// ThreadSanitizer does not see, so every access it guards is reported as a race and a
/// sanitized run cannot tell a real race from its lock. The sanitizers intercept a POSIX mutex
/// and order what it guards.
final class Lock: @unchecked Sendable {
  // Allocated, so that the mutex never moves: POSIX forbids using a copy of one.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
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

  /// Runs `body` while holding the lock; `body` must not take it again.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
