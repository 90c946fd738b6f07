import AppCore
import ComposableArchitecture
import FileClient
import Foundation
import RecordingFormat
import Screens

/// What every front end starts from: the app's runtime over the favorites stored in the data
/// directory, with its recording: to `--record`'s file, or kept in the data directory.
@MainActor
public final class Launch {
  /// The app, running.
  public let runtime: AppRuntime
  private let warn: @Sendable (String) -> Void
  private let recorder: SessionRecorder?
  private let recordingFile: RecordingFile?
  /// Whether a recording that cannot be written fails the session (`--record`'s file) or is
  /// only said (one kept in the data directory).
  private let recordingIsAsked: Bool
  /// Whether the recording's failure has been said.
  private var isFailureSaid = false
  /// Whether opening moved a damaged database aside and started a new one: the session changed
  /// what is on disk, which its exit status says, whatever it ran.
  public let movedAside: Bool

  private init(
    runtime: AppRuntime, warn: @escaping @Sendable (String) -> Void, recorder: SessionRecorder?,
    recordingFile: RecordingFile?, recordingIsAsked: Bool, movedAside: Bool
  ) {
    self.runtime = runtime
    self.movedAside = movedAside
    self.warn = warn
    self.recorder = recorder
    self.recordingFile = recordingFile
    self.recordingIsAsked = recordingIsAsked
  }

  /// Opens the recording and the database and starts the app over what is stored.
  ///
  /// - Parameters:
  ///   - recording: Where the session is recorded. A file of `--record` that cannot be opened
  ///     stops the launch; a kept recording that cannot be made is said, and the session runs
  ///     unrecorded.
  ///   - frontEnd: What runs the session, as a kept recording's name says.
  ///   - warn: Where each line the user should know of goes, in the front end's own way: a
  ///     database kept in memory only, files moved aside, a recording that cannot be written.
  ///   - keepsGoingWithoutStorage: Whether a database that cannot be opened leaves the session
  ///     in memory, with a warning (a person), or ends it (a script). A script also stops
  ///     waiting for a database that another program held past a wait: each later change
  ///     fails at once.
  ///   - watchesStorage: Whether other sessions' writes are applied as they are made (the full
  ///     screen) rather than when the front end asks (the REPL, before each command).
  ///   - afterEachAction: What the front end does after each action, outside any reducer.
  /// - Returns: The launch, or `nil` when it could not start; the reason went to `warn`.
  public static func start(
    dataDirectory: URL, recording: SessionRecording, frontEnd: SessionRecordings.FrontEnd,
    environment: RuntimeEnvironment, warn: @escaping @Sendable (String) -> Void,
    keepsGoingWithoutStorage: Bool,
    watchesStorage: Bool = false,
    afterEachAction: @escaping @MainActor (AppHistoryAction, History<AppState>) -> Void = { _, _ in
    }
  ) async -> Launch? {
    // The session begins as it launches, by the clock it runs on.
    let started = environment.now()
    var recordingFile: RecordingFile?
    if case .file(let target) = recording {
      do {
        recordingFile = try RecordingFile(target)
      } catch {
        warn("primetime: \(error)")
        return nil
      }
    }
    var storage: Storage? = Storage(database: environment.database(dataDirectory))
    var stored = StoredFavorites(favoritePrimes: [], activityFeed: [])
    var storageStatus: ScreensState.StorageStatus?
    var movedAside = false
    // What is said of the storage, once the recording is made or not.
    var storageMessage: String?
    do {
      if let storage {
        let opened = try await storage.open()
        stored = opened.stored
        movedAside = opened.movedAside
        for notice in opened.notices { warn("primetime: \(notice)") }
        if let reason = storage.readOnly {
          storageStatus = .readOnly(reason)
          storageMessage = Words.readOnly(reason)
        }
      }
    } catch {
      // Without a database, a script's changes would be lost: it stops. A person is warned
      // once, and keeps working in memory.
      guard keepsGoingWithoutStorage else {
        warn("primetime: \(error)")
        recordingFile?.close()
        return nil
      }
      storageMessage = "\(error); favorites and activity are kept in memory only"
      storage = nil
    }
    var unrecorded: RecordingError?
    if case .kept(let bound) = recording {
      switch keptRecording(
        SessionRecordings(dataDirectory: dataDirectory), bound: bound, started: started,
        frontEnd: frontEnd, warn: warn)
      {
      case .success(let file): recordingFile = file
      case .failure(let error): unrecorded = error
      }
    }
    // A directory that cannot be written is said once, for the favorites and the recording.
    let notRecorded = "this session is not recorded"
    if let storageMessage {
      warn("primetime: \(storageMessage)" + (unrecorded == nil ? "" : "; \(notRecorded)"))
    } else if let unrecorded {
      warn("primetime: \(notRecorded): \(unrecorded)")
    }
    let recorder = recordingFile.map { file in SessionRecorder(write: { file.write(line: $0) }) }
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
      recordingIsAsked: { if case .file = recording { true } else { false } }(),
      movedAside: movedAside)
  }

  /// Makes the file of a session's kept recording and removes the oldest recordings beyond the
  /// bound, saying on `warn` where they cannot be removed; or why the file cannot be made.
  private static func keptRecording(
    _ recordings: SessionRecordings, bound: SessionRecordings.Bound, started: Date,
    frontEnd: SessionRecordings.FrontEnd, warn: @Sendable (String) -> Void
  ) -> Result<RecordingFile, RecordingError> {
    let created: (fileName: String, descriptor: Int32)
    do {
      created = try recordings.create(
        started: started, frontEnd: frontEnd, processID: getpid())
    } catch {
      return .failure(error)
    }
    do {
      try recordings.prune(
        keepingLast: bound.count, maxBytes: bound.maxBytes, sparing: created.fileName)
    } catch {
      warn(
        "primetime: cannot remove old recordings from '\(recordings.directory.path)': "
          + FileError.reason(of: error))
    }
    // As it grows, older recordings make room for it, and it stops where it alone would take
    // more than the bound.
    let makeRoom: @Sendable () -> Void = {
      try? recordings.prune(
        keepingLast: bound.count, maxBytes: bound.maxBytes, sparing: created.fileName)
    }
    return .success(
      RecordingFile(
        descriptor: created.descriptor,
        path: recordings.directory.appending(path: created.fileName).path,
        bound: RecordingFile.Bound(
          maxBytes: bound.maxBytes, step: max(bound.maxBytes / 20, 4096), makeRoom: makeRoom)))
  }

  /// Says on `warn`, once, that the recording stopped, where a write failed: before the session
  /// waits for its next input, and as it ends.
  public func sayWhereTheRecordingStopped() {
    if !isFailureSaid, let failure = recordingFile?.failure {
      isFailureSaid = true
      warn("primetime: \(failure)" + (recordingIsAsked ? "" : "; the session goes on unrecorded"))
    }
  }

  /// Ends the session: records its last state and the screen it ended on, and closes the
  /// recording.
  ///
  /// - Returns: Whether the recording `--record` asked for, if any, was written whole; if not,
  ///   why went to `warn`. A kept recording that stopped is said, and fails nothing.
  public func end(screen: Screen) -> Bool {
    recorder?.record(.end(runtime.state, screen: screen))
    sayWhereTheRecordingStopped()
    recordingFile?.close()
    return !recordingIsAsked || recordingFile?.failure == nil
  }
}
