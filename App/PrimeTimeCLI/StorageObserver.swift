import AppCore
import ComposableArchitecture
import Foundation

/// Storage as one subscriber of the app's root store, the same for both front ends: after each
/// action that changed the favorites or the feed, it writes the change (one transaction), and
/// what other sessions stored comes in as ``AppAction/storageChanged(_:)``.
///
/// No command and no timer calls it. Watching the database's directory (the full screen), it
/// takes in others' changes as soon as their files change; the REPL asks before each command
/// instead, so that piped sessions go line by line, and waits with ``settle()`` for the
/// command's change to be stored. A failure
/// is an action too (``ScreensAction/storageFailed(_:)``): the change stays in memory, and the
/// next write includes it.
@MainActor
final class StorageObserver {
  private let storage: Storage
  private let store: Store<History<AppState>, HistoryAction<AppAction>>
  private var subscription: StoreSubscription?
  /// The write under way, which writes again while the feed keeps changing.
  private var writing: Task<Void, Never>?
  /// What failed since the last look, for the REPL to report with its command.
  private var problems: [String] = []
  /// The watch of the database's directory, and the source that reads its events on the main
  /// queue; `nil` when not watching.
  private var watch: (directory: DirectoryWatch, source: any DispatchSourceRead)?

  /// Subscribes to the store; with `directory`, also watches the database's files there.
  init(
    storage: Storage, store: Store<History<AppState>, HistoryAction<AppAction>>,
    watching directory: URL? = nil
  ) {
    self.storage = storage
    self.store = store
    subscription = store.subscribe(onChange: { [unowned self] in stateChanged() })
    if let directory, let files = DirectoryWatch(directory) {
      let source = DispatchSource.makeReadSource(fileDescriptor: files.descriptor, queue: .main)
      source.setEventHandler { [weak self] in
        MainActor.assumeIsolated {
          guard let self else { return }
          files.drain()
          Task { await self.takeInOthers() }
        }
      }
      source.resume()
      watch = (files, source)
    }
  }

  isolated deinit {
    watch?.source.cancel()
  }

  /// Called after every action; writes only when the feed is not the one last stored, which a
  /// look at its identity tells for almost every action.
  private func stateChanged() {
    guard writing == nil, !storage.isSynced(store.state.present.activityFeed) else { return }
    writing = Task { [unowned self] in
      await writeUntilStored()
      writing = nil
    }
  }

  private func writeUntilStored() async {
    while case let feed = store.state.present.activityFeed, !storage.isSynced(feed) {
      do {
        let stored = try await storage.sync(feed, readingOthers: false)
        succeeded(taking: stored)
      } catch {
        // Kept in memory; the next action that changes anything tries again.
        failed(error)
        return
      }
    }
  }

  /// Takes in what other sessions stored, if they stored anything since the last look.
  func takeInOthers() async {
    await settle()
    do {
      succeeded(taking: try await storage.sync(store.state.present.activityFeed))
    } catch {
      failed(error)
    }
  }

  /// Waits until every change so far is stored, or failed to be.
  func settle() async {
    while let writing { await writing.value }
  }

  /// What failed since the last call, each as one line.
  func takeProblems() -> [String] {
    defer { problems = [] }
    return problems
  }

  private func succeeded(taking stored: StoredFavorites?) {
    if let stored { store.send(.step(.storageChanged(stored))) }
    if store.state.present.screens.storageProblem != nil {
      store.send(.step(.screens(.storageRecovered)))
    }
  }

  private func failed(_ error: any Error) {
    let problem = "\(error); the changes are kept in memory"
    problems.append(problem)
    store.send(.step(.screens(.storageFailed(problem))))
  }
}
