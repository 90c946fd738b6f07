import Synchronization
import Testing

/// The end-to-end tests' waits: a machine so busy that it keeps a test itself waiting past the
/// limit does not make the test give up on a program that has shown what was expected.
struct PollingTests {
  /// A clock that moves only when the polling sleeps, by what each pause takes on the machine.
  final class Machine: Sendable {
    let instant = Mutex(ContinuousClock.now)
    let pauses: Mutex<[Duration]>
    init(pauses: [Duration]) { self.pauses = Mutex(pauses) }

    var polling: Polling {
      Polling(
        now: { self.instant.withLock { $0 } },
        sleep: { _ in
          let pause = self.pauses.withLock { $0.isEmpty ? .milliseconds(20) : $0.removeFirst() }
          self.instant.withLock { $0 += pause }
        })
    }
  }

  @Test func aTestKeptWaitingPastTheLimit_looksAgainBeforeItGivesUp() async throws {
    // The program shows its screen on the second look, but the machine kept the test asleep
    // for five minutes after the first.
    let machine = Machine(pauses: [.seconds(300)])
    let looks = Mutex(0)
    let result = try await machine.polling.until({
      looks.withLock {
        $0 += 1; return $0
      }
    }) {
      $0 >= 2
    }
    #expect(try result.get() == 2)
  }

  @Test func aMachineThatKeepsTheTestWaiting_doesNotSpendTheLimit() async throws {
    // Every pause takes a minute: the test watched for a second of each at most.
    let machine = Machine(pauses: Array(repeating: .seconds(60), count: 100))
    let looks = Mutex(0)
    let result = try await machine.polling.until({
      looks.withLock {
        $0 += 1; return $0
      }
    }) {
      $0 >= 100
    }
    #expect(try result.get() == 100)
  }

  @Test func aProgramThatNeverShowsIt_isGivenUpOn_withTheLastLook() async throws {
    let machine = Machine(pauses: [])
    let looks = Mutex(0)
    let result = try await machine.polling.until({
      looks.withLock {
        $0 += 1; return $0
      }
    }) {
      _ in false
    }
    guard case .failure(let gaveUp) = result else {
      Issue.record("a program that never shows it was not given up on")
      return
    }
    // 120 s of 20 ms pauses, and the look before the first pause.
    #expect(gaveUp.last == 6_001)
  }
}
