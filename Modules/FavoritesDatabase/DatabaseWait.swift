import Synchronization

/// A write's wait for another program that holds the database, as a session follows it.
///
/// The live database says when a wait has gone on long enough to be told, and when it ends; the
/// front end says what it does then, and how a person gives the wait up (Ctrl-C at the REPL's
/// prompt). A wait given up fails the write as a database that stayed locked does: the change
/// stays in memory, and nothing stored is touched.
public final class DatabaseWait: Sendable {
  private struct Observer {
    var said: @Sendable (String?) -> Void = { _ in }
    var interrupted: @Sendable () -> Bool = { false }
  }
  private let observer = Mutex(Observer())
  /// Whether the wait under way has been told.
  private let isTold = Mutex(false)

  public init() {}

  /// Sets what the front end does with a wait.
  ///
  /// - Parameters:
  ///   - said: Called, on the database's thread, with what a wait is for once it has gone on
  ///     long enough to be told, and with `nil` when a wait that was told ends.
  ///   - interrupted: Whether the person gave the wait up since the last call; asked as the
  ///     wait goes on, and once as it starts, to drop an interrupt that came before it.
  public func observe(
    said: @escaping @Sendable (String?) -> Void, interrupted: @escaping @Sendable () -> Bool
  ) {
    observer.withLock { $0 = Observer(said: said, interrupted: interrupted) }
  }

  /// A wait starts: an interrupt from before it does not give it up.
  public func start() {
    _ = observer.withLock { $0.interrupted }()
  }

  /// Whether the wait under way is to be given up now.
  public func isGivenUp() -> Bool {
    observer.withLock { $0.interrupted }()
  }

  /// Tells the front end what the wait under way is for; once per wait.
  public func tell(_ text: String) {
    let wasTold = isTold.withLock { isTold in
      defer { isTold = true }
      return isTold
    }
    guard !wasTold else { return }
    observer.withLock { $0.said }(text)
  }

  /// The wait is over: the database was taken, or the wait was given up.
  public func end() {
    let wasTold = isTold.withLock { isTold in
      defer { isTold = false }
      return isTold
    }
    guard wasTold else { return }
    observer.withLock { $0.said }(nil)
  }
}
