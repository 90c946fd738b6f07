import Foundation

/// Watches a directory's files for writes, so that another session's change to the database
/// becomes known as it is made: a descriptor that becomes readable when a file in the directory
/// is written, created, moved in or touched (as a session touches the database after each
/// write). It says only that something may have changed; the database
/// is then asked (`PRAGMA data_version`) whether another connection wrote.
///
/// On Linux it is inotify; where there is none, it is `nil` and other sessions' changes show
/// at the next command.
final class DirectoryWatch: Sendable {
  /// The descriptor to wait on.
  let descriptor: Int32

  init?(_ directory: URL) {
    #if os(Linux)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      // IN_ATTRIB: a session touches the database once its write can be read.
      let events = UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB)
      guard inotify_add_watch(descriptor, directory.path, events) >= 0 else {
        close(descriptor)
        return nil
      }
      self.descriptor = descriptor
    #else
      return nil
    #endif
  }

  /// Reads the events that are waiting, so that the descriptor waits for the next.
  func drain() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while read(descriptor, &buffer, buffer.count) > 0 {}
  }

  /// Each change of the directory's files, as it is made, until the stream's reader stops
  /// reading; changes that come faster than it reads are told once.
  func changes() -> AsyncStream<Void> {
    AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let source = DispatchSource.makeReadSource(
        fileDescriptor: descriptor, queue: DispatchQueue(label: "primetime.watch"))
      source.setEventHandler { [self] in
        drain()
        continuation.yield()
      }
      let watching = Watching(source)
      continuation.onTermination = { _ in watching.source.cancel() }
      source.resume()
    }
  }

  /// The dispatch source that reads the descriptor, which the stream cancels as it ends, from
  /// whichever thread ends it: a dispatch source may be cancelled from any thread.
  private final class Watching: @unchecked Sendable {
    let source: any DispatchSourceRead
    init(_ source: any DispatchSourceRead) { self.source = source }
  }

  deinit {
    close(descriptor)
  }
}
