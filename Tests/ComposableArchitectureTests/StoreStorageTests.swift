import Testing

@testable import ComposableArchitecture

/// `StoreStorage` holds the store's state and observers past Swift's runtime checks, on four
/// assumptions that a debug build checks. Each test breaks one and sees the program stop, in a
/// process of its own; what each assumption allows (an observer that sends, subscribes or
/// unsubscribes while it is notified) is held by `StoreTests`. Release builds make no check.
struct StoreStorageTests {
  #if DEBUG
    @Test func aReductionInsideAReduction_stopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        await MainActor.run {
          let storage = StoreStorage(0)
          storage.reduce { count in
            count += 1
            storage.reduce { $0 += 1 }
          }
        }
      }
    }

    @Test func readingTheStateWhileItIsReduced_stopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        await MainActor.run {
          let storage = StoreStorage(0)
          storage.reduce { count in count = storage.state + 1 }
        }
      }
    }

    @Test func notifyingWhileAnActionIsReduced_stopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        await MainActor.run {
          let storage = StoreStorage(0)
          storage.reduce { _ in storage.notify() }
        }
      }
    }

    @Test func reducingWhileObserversAreTold_stopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        await MainActor.run {
          let storage = StoreStorage(0)
          let subscription = storage.subscribe { _ in storage.reduce { $0 += 1 } }
          storage.notify()
          withExtendedLifetime(subscription) {}
        }
      }
    }

    @Test func anObserverCalledOffTheMainActor_stopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        nonisolated(unsafe) let observer = Observer<Int> { _ in }
        await Task.detached { observer.callIfActive(with: 1) }.value
      }
    }
  #endif

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
