import Foundation
import ProcessorFeatures
import Testing

@testable import Primes

struct ThreadTests {
  /// The engine's threads block every signal, so that the process takes a signal on a thread of
  /// its own: where Ctrl-C's handler erased the progress line on an engine thread, the main
  /// thread could draw it again before the process ended. The test's thread lets SIGINT and
  /// SIGTERM through while it runs, as a program's main thread does.
  @Test(.enabled(if: processor_count() > 1, "onThreads starts no thread on one processor"))
  func theEnginesThreads_blockEverySignal_andTheCallerKeepsItsMask() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    var before = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &signals, &before)
    defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
    let blocked = Locked<[Bool]>([])
    onThreads(2) {
      var mask = sigset_t()
      pthread_sigmask(SIG_BLOCK, nil, &mask)
      let blocks = sigismember(&mask, SIGINT) == 1 && sigismember(&mask, SIGTERM) == 1
      blocked.withLock { $0.append(blocks) }
    }
    // Two threads ran: this one, which lets the signals through still, and one that blocks them.
    #expect(blocked.withLock { $0 }.sorted { !$0 && $1 } == [false, true])
  }
}
