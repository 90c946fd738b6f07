import Testing

@testable import ComposableArchitecture

#if canImport(Glibc)
  import Glibc
#endif

/// `StoreStorage` holds the store's state and observers past Swift's runtime checks, on four
/// assumptions that a debug build checks. Each test breaks one and sees the program stop, in a
/// process of its own; what each assumption allows (an observer that sends, subscribes or
/// unsubscribes while it is notified) is held by `StoreTests`. Release builds make no check.
struct StoreStorageTests {
  #if DEBUG
    @Test func aReductionInsideAReduction_stopsTheProgram() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        await MainActor.run {
          let storage = StoreStorage(0)
          storage.reduce { count in
            count += 1
            storage.reduce { $0 += 1 }
          }
        }
      }
      #expect(Self.said("an action was reduced while reducing", in: result))
    }

    @Test func readingTheStateWhileItIsReduced_stopsTheProgram() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        await MainActor.run {
          let storage = StoreStorage(0)
          storage.reduce { count in count = storage.state + 1 }
        }
      }
      #expect(Self.said("the store's state was read while an action was reduced", in: result))
    }

    @Test func notifyingWhileAnActionIsReduced_stopsTheProgram() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        await MainActor.run {
          let storage = StoreStorage(0)
          storage.reduce { _ in storage.notify() }
        }
      }
      #expect(Self.said("observers were told while reducing", in: result))
    }

    @Test func reducingWhileObserversAreTold_stopsTheProgram() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        await MainActor.run {
          let storage = StoreStorage(0)
          let subscription = storage.subscribe { _ in storage.reduce { $0 += 1 } }
          storage.notify()
          withExtendedLifetime(subscription) {}
        }
      }
      #expect(Self.said("an action was reduced while notifying", in: result))
    }

    @Test func anObserverCalledOffTheMainActor_stopsTheProgram() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        nonisolated(unsafe) let observer = Observer<Int> { _ in }
        await Task.detached { observer.callIfActive(with: 1) }.value
      }
      // The runtime stops the program itself on the wrong executor (SIGILL), and what it
      // leaves on standard error is not the precondition's text: the status says it stopped.
      #expect(result?.exitStatus == .signal(SIGILL))
    }
  #endif

  /// Whether the stopped program's standard error holds `message`: the precondition, not some
  /// other failure, stopped it.
  static func said(_ message: String, in result: ExitTest.Result?) -> Bool {
    guard let result else { return false }
    return String(decoding: result.standardErrorContent, as: UTF8.self).contains(message)
  }

  @MainActor @Test func theChecks_passForWhatTheStoreDoes() {
    let storage = StoreStorage(0)
    var seen: [Int] = []
    var subscription: StoreSubscription? = storage.subscribe { seen.append($0) }
    storage.reduce { $0 += 1 }
    storage.notify()
    // Unsubscribing from inside a notification is allowed: the walk is over a copy.
    let ending = storage.subscribe { _ in subscription = nil }
    storage.reduce { $0 += 1 }
    storage.notify()
    storage.reduce { $0 += 1 }
    storage.notify()
    #expect(seen == [1, 2])
    #expect(storage.state == 3)
    #expect(subscription == nil)
    #expect(storage.observerCount == 1)
    withExtendedLifetime(ending) {}
  }
}
