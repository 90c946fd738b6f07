import Foundation
import ProcessorFeatures
import Testing

@testable import Primes

struct ProcessorCountTests {
  /// The threads a count takes when none are asked for: as many as Foundation's count of the
  /// processors this process may run on, read from the C library instead.
  @Test func theDefaultThreads_areFoundationsCountOfTheProcessors() {
    #expect(Int(processor_count()) == ProcessInfo.processInfo.activeProcessorCount)
    #expect(usableThreads(nil) == ProcessInfo.processInfo.activeProcessorCount)
    #expect(usableThreads(0) == 1 && usableThreads(5_000) == maximumThreads)
  }
}
