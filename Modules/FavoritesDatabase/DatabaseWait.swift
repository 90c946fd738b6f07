import Synchronization

/// A session's wait for another program that holds its database, as the front end follows it.
///
/// The live database says when a wait has gone on long enough to be told, with the database it
/// waits for, and when it ends; the front end says what it shows then, and whether the person
/// gave the wait up. A wait given up fails what waited as a database that stayed held does: a
/// change stays in memory, and nothing stored is touched.
///
/// ```swift
/// let wait = DatabaseWait()
/// wait.observe(said: { path in told.withLock { $0.append(path) } }, interrupted: { false })
/// ```
public final class DatabaseWait: Sendable {
  private struct Observer {
    var said: @Sendable (String?) -> Void = { _ in }
    var interrupted: @Sendable () -> Bool = { false }
  }
  private let observer = Mutex(Observer())
  private let givesUpAtOnce = Atomic(false)

  public init() {}

  /// Sets what the front end does with a wait, until ``stopObserving()``.
  ///
  /// - Parameters:
  ///   - said: Called, on the thread of the work that waits, with the path of the database a
  ///     wait is for once the wait has gone on long enough to be told, and with `nil` when that
  ///     wait ends.
  ///   - interrupted: Whether the person gives the told wait up; asked as it goes on, and once
  ///     as a wait starts, to drop an interrupt that came before it.
  public func observe(
    said: @escaping @Sendable (String?) -> Void, interrupted: @escaping @Sendable () -> Bool
  ) {
    observer.withLock { $0 = Observer(said: said, interrupted: interrupted) }
  }

  /// Lets go of what ``observe(said:interrupted:)`` set: a session that ends keeps nothing of
  /// its front end alive here.
  public func stopObserving() {
    observer.withLock { $0 = Observer() }
  }

  /// From now on, until ``resumeWaiting()``, a wait for the database gives up after a moment
  /// (the length of another session's own write): a script that gave up waiting once does not
  /// wait again for the same program, and each later write fails at once, or goes through if
  /// the program let go meanwhile.
  public func stopWaiting() {
    givesUpAtOnce.store(true, ordering: .relaxed)
  }

  /// Waits go on as long as they did before ``stopWaiting()``: what was held is stored.
  public func resumeWaiting() {
    givesUpAtOnce.store(false, ordering: .relaxed)
  }

  /// Whether waits give up after a moment, since ``stopWaiting()``.
  package var isStopped: Bool { givesUpAtOnce.load(ordering: .relaxed) }

  /// What a front end says of a wait for the database at `path`.
  public static func message(path: String) -> String {
    "waiting for another program that holds \(path)"
  }

  /// Tells the front end of a wait for the database at `path`, or, with `nil`, of its end.
  package func say(_ path: String?) {
    observer.withLock { $0.said }(path)
  }

  /// Whether the person gave the wait up since the last question.
  package func isInterrupted() -> Bool {
    observer.withLock { $0.interrupted }()
  }
}
