import AppCore
import ComposableArchitecture
import Foundation
import Screens

/// What both front ends start from: a ``Session`` over the favorites stored in the data
/// directory, with its recording when `--record` asks for one.
@MainActor
final class SessionLaunch {
  let session: Session
  private let output: Output
  private let recorder: SessionRecorder?
  private let recordingFile: RecordingFile?

  private init(
    session: Session, output: Output, recorder: SessionRecorder?, recordingFile: RecordingFile?
  ) {
    self.session = session
    self.output = output
    self.recorder = recorder
    self.recordingFile = recordingFile
  }

  /// Opens the recording and the database and starts a session over what is stored.
  ///
  /// - Parameters:
  ///   - keepsGoingWithoutStorage: Whether a database that cannot be opened leaves the session
  ///     in memory, with a warning (a person), or ends it (a script).
  ///   - watchesStorage: Whether other sessions' writes are taken in as they are made (the full
  ///     screen) rather than before each command (the REPL).
  /// - Returns: The launch, or `nil` when it could not start; the reason is on `output.err`.
  static func start(
    dataDirectory: URL, recording: String?, environment: CLIEnvironment, output: Output,
    keepsGoingWithoutStorage: Bool, watchesStorage: Bool = false, interaction: Interaction?
  ) async -> SessionLaunch? {
    let recordingFile: RecordingFile?
    do {
      recordingFile = try recording.map(RecordingFile.init(path:))
    } catch {
      output.err("primetime: \(error)")
      return nil
    }
    let recorder = recordingFile.map { file in SessionRecorder(write: { file.write($0) }) }
    var storage: Storage? = Storage(database: environment.database(dataDirectory))
    var stored = StoredFavorites(favoritePrimes: [], activityFeed: [])
    do {
      if let opened = try await storage?.open() {
        stored = opened.stored
        for notice in opened.notices { output.err("primetime: \(notice)") }
      }
    } catch {
      // Without a database, a script's changes would be lost: it stops. A person is warned
      // once, and keeps working in memory.
      output.err(
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
      activityFeed: PersistentArray(stored.activityFeed))
    recorder?.record(.start(version: RecordedLine.version, state: initialState))
    let session = Session(
      initialState: initialState,
      environment: AppEnvironment(
        nthPrime: environment.nthPrime, fileClient: environment.fileClient(dataDirectory),
        now: recorder?.recording(environment.now) ?? environment.now,
        uuid: recorder?.recording(environment.uuid) ?? environment.uuid),
      output: output,
      storage: storage,
      watchedDirectory: watchesStorage ? dataDirectory : nil,
      interaction: interaction,
      progress: environment.progress,
      recorder: recorder
    )
    return SessionLaunch(
      session: session, output: output, recorder: recorder, recordingFile: recordingFile)
  }

  /// Writes out what is recorded so far.
  func flush() {
    recorder?.finish()
    recordingFile?.flush()
  }

  /// Ends the session: records its last state and the screen it ended on, and closes the
  /// recording.
  ///
  /// - Returns: Whether the recording, if any, was written whole; if not, why is on
  ///   `output.err`.
  func end(screen: Screen) -> Bool {
    recorder?.record(.end(state: session.state, screen: screen.rawValue))
    flush()
    defer { recordingFile?.close() }
    if let failure = recordingFile?.failure {
      output.err("primetime: \(failure)")
      return false
    }
    return true
  }
}
