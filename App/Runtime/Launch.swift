import AppCore
import ComposableArchitecture
import Foundation
import RecordingFormat
import Screens

/// What every front end starts from: the app's runtime over the favorites stored in the data
/// directory, with its recording when `--record` asks for one.
@MainActor
public final class Launch {
  /// The app, running.
  public let runtime: AppRuntime
  private let warn: @Sendable (String) -> Void
  private let recorder: SessionRecorder?
  private let recordingFile: RecordingFile?
  /// Whether opening moved a damaged database aside and started a new one: the session changed
  /// what is on disk, which its exit status says, whatever it ran.
  public let movedAside: Bool

  private init(
    runtime: AppRuntime, warn: @escaping @Sendable (String) -> Void, recorder: SessionRecorder?,
    recordingFile: RecordingFile?, movedAside: Bool
  ) {
    self.runtime = runtime
    self.movedAside = movedAside
    self.warn = warn
    self.recorder = recorder
    self.recordingFile = recordingFile
  }

  /// Opens the recording and the database and starts the app over what is stored.
  ///
  /// - Parameters:
  ///   - warn: Where each line the user should know of goes, in the front end's own way: a
  ///     database kept in memory only, files moved aside, a recording that cannot be written.
  ///   - keepsGoingWithoutStorage: Whether a database that cannot be opened leaves the session
  ///     in memory, with a warning (a person), or ends it (a script). A script also stops
  ///     waiting for a database that another program held past a wait: each later change
  ///     fails at once.
  ///   - watchesStorage: Whether other sessions' writes are taken in as they are made (the full
  ///     screen) rather than when the front end asks (the REPL, before each command).
  ///   - afterEachAction: What the front end does after each action, outside any reducer.
  /// - Returns: The launch, or `nil` when it could not start; the reason went to `warn`.
  public static func start(
    dataDirectory: URL, recording: RecordingFile.Target?, environment: RuntimeEnvironment,
    warn: @escaping @Sendable (String) -> Void, keepsGoingWithoutStorage: Bool,
    watchesStorage: Bool = false,
    afterEachAction: @escaping @MainActor (AppHistoryAction, History<AppState>) -> Void = { _, _ in
    }
  ) async -> Launch? {
    let recordingFile: RecordingFile?
    do {
      recordingFile = try recording.map(RecordingFile.init)
    } catch {
      warn("primetime: \(error)")
      return nil
    }
    let recorder = recordingFile.map { file in SessionRecorder(write: { file.write($0) }) }
    var storage: Storage? = Storage(database: environment.database(dataDirectory))
    var stored = StoredFavorites(favoritePrimes: [], activityFeed: [])
    var storageStatus: ScreensState.StorageStatus?
    var movedAside = false
    do {
      if let storage {
        let opened = try await storage.open()
        stored = opened.stored
        movedAside = opened.movedAside
        for notice in opened.notices { warn("primetime: \(notice)") }
        if let reason = storage.readOnly {
          storageStatus = .readOnly(reason)
          warn("primetime: \(ScreensState.StorageStatus.readOnlyMessage(reason))")
        }
      }
    } catch {
      // Without a database, a script's changes would be lost: it stops. A person is warned
      // once, and keeps working in memory.
      warn(
        "primetime: \(error)"
          + (keepsGoingWithoutStorage ? "; favorites and activity are kept in memory only" : ""))
      guard keepsGoingWithoutStorage else {
        recordingFile?.close()
        return nil
      }
      storage = nil
    }
    let initialState = AppState(
      favoritePrimes: PersistentArray(stored.favoritePrimes),
      activityFeed: PersistentArray(stored.activityFeed),
      screens: ScreensState(storageStatus: storageStatus))
    recorder?.record(.start(initialState))
    let runtime = AppRuntime(
      initialState: initialState,
      environment: AppEnvironment(
        nthPrime: environment.nthPrime, fileClient: environment.fileClient(dataDirectory),
        now: recorder?.recording(environment.now) ?? environment.now,
        uuid: recorder?.recording(environment.uuid) ?? environment.uuid),
      storage: storage,
      watchedDirectory: watchesStorage ? dataDirectory : nil,
      progress: environment.progress,
      recorder: recorder,
      scriptWait: keepsGoingWithoutStorage ? nil : environment.databaseWait,
      afterEachAction: afterEachAction
    )
    return Launch(
      runtime: runtime, warn: warn, recorder: recorder, recordingFile: recordingFile,
      movedAside: movedAside)
  }

  /// Writes out what is recorded so far.
  public func flush() {
    recorder?.finish()
    recordingFile?.flush()
  }

  /// Ends the session: records its last state and the screen it ended on, and closes the
  /// recording.
  ///
  /// - Returns: Whether the recording, if any, was written whole; if not, why went to `warn`.
  public func end(screen: Screen) -> Bool {
    recorder?.record(.end(runtime.state, screen: screen))
    flush()
    defer { recordingFile?.close() }
    if let failure = recordingFile?.failure {
      warn("primetime: \(failure)")
      return false
    }
    return true
  }
}
