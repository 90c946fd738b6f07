import AppCore
import ComposableArchitecture
import ComposableArchitectureDebug
import Counter
import FavoritePrimes
import Foundation
import PrimeAlert
import PrimeModal

/// Where the REPL's text goes.
public struct Output: Sendable {
  /// Ordinary output.
  public var out: @Sendable (String) -> Void
  /// Diagnostics: errors, warnings, progress.
  public var err: @Sendable (String) -> Void

  public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void)
  {
    self.out = out
    self.err = err
  }
}

/// Lets a person interrupt a long command (Ctrl-C) and watch its progress.
public struct Interaction: Sendable {
  /// Returns `true` once for each interrupt since the last call.
  public var takeInterrupt: @Sendable () -> Bool
  /// The current lookup's progress, from 0 to 1.
  public var progress: @Sendable () -> Double
  /// Draws a progress line (or clears it, with `nil`).
  public var drawProgress: @Sendable (String?) -> Void

  public init(
    takeInterrupt: @escaping @Sendable () -> Bool,
    progress: @escaping @Sendable () -> Double,
    drawProgress: @escaping @Sendable (String?) -> Void
  ) {
    self.takeInterrupt = takeInterrupt
    self.progress = progress
    self.drawProgress = drawProgress
  }
}

/// Runs REPL commands against the app's store. It holds only what a screen holds (which screen
/// is shown, whether tracing is on); all app state is in the store.
@MainActor
public final class Session {
  public let store: Store<History<AppState>, HistoryAction<AppAction>>
  public private(set) var screen: Screen = .counter
  public private(set) var isQuitRequested = false
  private let trace: TraceSwitch
  private let output: Output
  private let storage: Storage?
  private let interaction: Interaction?
  private let timeZone: TimeZone
  /// Set by a command that stored its change itself, before saying what it left: why that
  /// failed, if it did.
  private var syncedByCommand: String??

  /// The outcome of one command.
  public enum Outcome: Equatable, Sendable {
    case success
    /// The command failed or was refused; the message is the one line to show.
    case failure(String)
  }

  public init(
    initialState: AppState,
    environment: AppEnvironment,
    output: Output,
    storage: Storage? = nil,
    interaction: Interaction? = nil,
    recorder: SessionRecorder? = nil,
    timeZone: TimeZone = .current
  ) {
    let trace = TraceSwitch()
    self.trace = trace
    let app = recorder.map { AppHistoryReducer().recording(to: $0) } ?? Reduce(AppHistoryReducer())
    self.store = Store(
      initialState: History(initialState),
      reducer: app.debug(
        isEnabled: { trace.isOn },
        state: \.present,
        report: { output.out($0) }
      ),
      environment: environment
    )
    self.output = output
    self.storage = storage
    self.interaction = interaction
    self.timeZone = timeZone
  }

  /// The app's current state.
  public var state: AppState { store.state.present }

  /// Parses and runs one line.
  public func run(line: String) async -> Outcome {
    let command: Command?
    do {
      command = try CommandParser.parse(line)
    } catch {
      return .failure(error.description)
    }
    guard let command else { return .success }
    return await run(command)
  }

  /// Runs one command: first takes in other sessions' changes, then runs it, waits for its
  /// effects, shows its alert and stores what changed.
  public func run(_ command: Command) async -> Outcome {
    let before = await sync()
    syncedByCommand = nil
    var outcome = await perform(command)
    if let alert = state.alert {
      if alert.isFailure {
        if outcome == .success { outcome = .failure(alert.message) }
      } else {
        output.out(alert.message)
      }
      store.send(.step(.counter(.alertDismissed)))
    }
    let after: String?
    if let synced = syncedByCommand {
      after = synced
    } else {
      after = await sync(readingOthers: false)
    }
    for error in [before, after].compactMap({ $0 }) {
      if outcome == .success { outcome = .failure(error) } else { output.err(error) }
    }
    return outcome
  }

  /// Writes this session's change, or reads other sessions' (unless `readingOthers` is
  /// `false`), and takes in what is stored when it differs from memory. Returns why it failed,
  /// if it did.
  private func sync(readingOthers: Bool = true) async -> String? {
    guard let storage else { return nil }
    do {
      if let stored = try await storage.sync(state.activityFeed, readingOthers: readingOthers) {
        store.send(.step(.storageChanged(stored)))
      }
      return nil
    } catch {
      return "\(error); the changes are kept in memory"
    }
  }

  // MARK: - Commands

  private func perform(_ command: Command) async -> Outcome {
    switch command {
    case .incr(let k), .decr(let k):
      if let refusal = requireScreen(.counter, for: command) { return refusal }
      let isIncr = if case .incr = command { true } else { false }
      if k == 1 {
        await send(.counter(isIncr ? .incrTapped : .decrTapped))
      } else {
        let (target, overflow) =
          isIncr
          ? state.count.addingReportingOverflow(k) : state.count.subtractingReportingOverflow(k)
        guard !overflow else {
          return .failure(
            "the count would go \(isIncr ? "above \(Int.max)" : "below \(Int.min)"); it stays \(state.count)"
          )
        }
        await send(.counter(.countEntered(target)))
      }
      if state.alert == nil { output.out("count: \(state.count)") }
      return .success

    case .set(let n):
      if let refusal = requireScreen(.counter, for: command) { return refusal }
      await send(.counter(.countEntered(n)))
      output.out("count: \(state.count)")
      return .success

    case .prime:
      if let refusal = requireScreen(.counter, for: command) { return refusal }
      await send(.counter(.isPrimeTapped))
      let modal = state.counter.primeModal
      switch modal.offeredAction {
      case .saveFavoritePrimeTapped:
        output.out("\(modal.title)  ('save' adds it to your favorite primes)")
      case .removeFavoritePrimeTapped:
        output.out("\(modal.title)  ('remove' takes it out of your favorite primes)")
      case nil:
        output.out(modal.title)
      }
      return .success

    case .save:
      if let refusal = requireScreen(.counter, for: command) { return refusal }
      let modal = state.counter.primeModal
      guard modal.isCountPrime else {
        return .failure("\(modal.count) is not prime, so it cannot be a favorite")
      }
      guard !modal.isFavorite else { return .failure("\(modal.count) is already a favorite prime") }
      await send(.counter(.primeModal(.saveFavoritePrimeTapped)))
      output.out("Saved \(modal.count) to your favorite primes.")
      return .success

    case .remove:
      if let refusal = requireScreen(.counter, for: command) { return refusal }
      let modal = state.counter.primeModal
      guard modal.isFavorite else { return .failure("\(modal.count) is not a favorite prime") }
      await send(.counter(.primeModal(.removeFavoritePrimeTapped)))
      output.out("Removed \(modal.count) from your favorite primes.")
      return .success

    case .nth(let row):
      switch (screen, row) {
      case (.counter, nil):
        await send(.counter(.nthPrimeTapped), cancel: .counter(.nthPrimeCancelTapped))
      case (.counter, .some):
        return .failure(
          "on the counter, 'nth' takes no row: it asks for the count-th prime "
            + "(set the count with 'set <n>')")
      case (.favorites, nil):
        return .failure("on the favorites screen, 'nth' needs a row (usage: nth <row>)")
      case (.favorites, .some(let row)):
        guard let prime = favorite(atRow: row) else { return noSuchRow(row) }
        await send(
          .favoritePrimes(.primeTapped(prime)), cancel: .favoritePrimes(.nthPrimeCancelTapped))
      }
      return .success

    case .favorites:
      screen = .favorites
      output.out(Rendering.favorites(state.favoritePrimes))
      return .success

    case .delete(let rows):
      if let refusal = requireScreen(.favorites, for: command) { return refusal }
      for row in rows where favorite(atRow: row) == nil { return noSuchRow(row) }
      let indices = IndexSet(rows.map { $0 - 1 })
      let deleted = indices.map { state.favoritePrimes[$0] }
      await send(.favoritePrimes(.deleteFavoritePrimes(indices)))
      output.out("Deleted \(deleted.map(String.init).joined(separator: ", ")).")
      return .success

    case .counter:
      screen = .counter
      output.out("count: \(state.count)")
      return .success

    case .saveFavorites(let file):
      await send(.favoritePrimes(.saveButtonTapped(file: file)))
      return .success

    case .loadFavorites(let file):
      await send(.favoritePrimes(.loadButtonTapped(file: file)))
      return .success

    case .activity:
      output.out(Rendering.activity(state.activityFeed, timeZone: timeZone))
      return .success

    case .undo:
      guard store.state.canUndo else { return .failure("nothing to undo") }
      store.send(.undo)
      // What is stored decides what the undo leaves (another session's changes stay): say it
      // once that is taken in.
      syncedByCommand = await sync()
      output.out("Undone. \(summary)")
      return .success

    case .redo:
      guard store.state.canRedo else { return .failure("nothing to redo") }
      store.send(.redo)
      syncedByCommand = await sync()
      output.out("Redone. \(summary)")
      return .success

    case .history:
      let history = store.state
      output.out(
        "\(steps(history.undoCount)) to undo, \(steps(history.redoCount)) to redo")
      return .success

    case .state(let json):
      output.out(
        json ? Rendering.json(state, screen: screen) : Rendering.dump(state, screen: screen))
      return .success

    case .trace(let isOn):
      trace.isOn = isOn
      output.out("trace \(isOn ? "on" : "off")")
      return .success

    case .help(let topic):
      output.out(Rendering.help(topic))
      return .success

    case .quit:
      isQuitRequested = true
      return .success
    }
  }

  private var summary: String {
    let favorites =
      state.favoritePrimes.isEmpty
      ? "no favorites"
      : "favorites: " + state.favoritePrimes.map(String.init).joined(separator: ", ")
    return "count: \(state.count); \(favorites)"
  }

  private func steps(_ n: Int) -> String { n == 1 ? "1 step" : "\(n) steps" }

  private func requireScreen(_ required: Screen, for command: Command) -> Outcome? {
    guard screen != required else { return nil }
    switch required {
    case .counter:
      return .failure("that works on the counter screen; type 'counter' to go there")
    case .favorites:
      return .failure("that works on the favorites screen; type 'favorites' to go there")
    }
  }

  private func favorite(atRow row: Int) -> Int? {
    guard row >= 1, row <= state.favoritePrimes.count else { return nil }
    return state.favoritePrimes[row - 1]
  }

  private func noSuchRow(_ row: Int) -> Outcome {
    let count = state.favoritePrimes.count
    return .failure(
      count == 0
        ? "there is no row \(row): there are no favorites"
        : "there is no row \(row): rows go from 1 to \(count)")
  }

  /// Sends a user step and waits for its effects. With a person at the terminal, shows progress
  /// after a moment and turns Ctrl-C into `cancel`.
  private func send(_ action: AppAction, cancel: AppAction? = nil) async {
    let task = store.send(.step(action))
    guard task.isInFlight else { return }
    guard let interaction, let cancel else {
      await task.finish()
      return
    }
    _ = interaction.takeInterrupt()
    let start = ContinuousClock.now
    var drew = false
    while task.isInFlight {
      if interaction.takeInterrupt() {
        // The lookup is cancelled and its answer will be dropped; the prompt comes back now.
        store.send(.step(cancel))
        interaction.drawProgress(nil)
        output.err("Cancelled.")
        drew = false
        break
      }
      if ContinuousClock.now - start > ProgressLine.delay {
        interaction.drawProgress(ProgressLine.text(interaction.progress(), hint: "Ctrl-C cancels"))
        drew = true
      }
      try? await Task.sleep(for: .milliseconds(50))
    }
    if drew { interaction.drawProgress(nil) }
  }
}

/// Whether `trace on` is in force; read by the tracing reducer on every action.
@MainActor
final class TraceSwitch {
  var isOn = false
}
