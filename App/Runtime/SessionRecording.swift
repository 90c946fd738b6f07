/// Where a session is recorded.
public enum SessionRecording: Sendable {
  /// Nowhere.
  case off
  /// To the file `--record` names.
  case file(RecordingFile.Target)
  /// Into the data directory's recordings (``SessionRecordings``), which are kept within the
  /// bound, the oldest removed as the session starts. A recording that cannot be made or
  /// written is said once, and the session runs on.
  case kept(SessionRecordings.Bound)
}
