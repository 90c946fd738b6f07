import FavoritesDatabase
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The lock on the data directory that serializes sessions' opens.
extension LiveConnection {
  /// Takes an exclusive lock on the data directory (no file of its own is needed), waiting for
  /// another session's open to end as for a database held. Returns the descriptor that holds
  /// it, or -1 where the directory cannot be opened or locked (a file system without locks):
  /// the open then goes on unserialized.
  func lockDirectory() throws -> Int32 {
    let fd = Glibc.open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return -1 }
    do {
      try busy.during {
        var tries = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
          guard errno == EWOULDBLOCK else { throw Unlockable() }
          // Given up: the wait's end says why.
          guard busy.shouldRetry(tries: tries) else { throw CancellationError() }
          tries += 1
        }
      }
    } catch is Unlockable {
      close(fd)
      return -1
    } catch {
      close(fd)
      throw FavoritesDatabaseError("could not open \(path): \(Self.describe(error))")
    }
    return fd
  }

  /// A directory that cannot be locked.
  private struct Unlockable: Error {}

  func unlockDirectory(_ fd: Int32) {
    guard fd >= 0 else { return }
    _ = flock(fd, LOCK_UN)
    close(fd)
  }
}
