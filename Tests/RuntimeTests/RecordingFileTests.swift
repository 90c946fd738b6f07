import Foundation
import Runtime
import Synchronization
import Testing

/// A recording's file: each line on disk as it is written, and a write that fails said once.
struct RecordingFileTests {
  @Test func aLine_isInTheFile_asSoonAsItIsWritten() throws {
    let path = FileManager.default.temporaryDirectory
      .appending(path: "primetime recording-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try RecordingFile(.init(path: path))
    file.write(#"{"start":{}}"#)
    // Nothing closes or flushes the file: a session killed here leaves the line.
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"start\":{}}\n")
    file.write("second")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"start\":{}}\nsecond\n")
    file.close()
    #expect(file.failure == nil)
  }

  @Test func aFullDevice_stopsTheRecording_withOneReason() throws {
    let file = try RecordingFile(.init(path: "/dev/full"))
    for line in ["one", "two", "three"] { file.write(line) }
    #expect(
      file.failure
        == "the recording to '/dev/full' stopped after 0 lines: No space left on device")
    file.close()
  }

  @Test func aBoundRecording_makesRoomAsItGrows_andStopsAtTheBound() throws {
    let path = FileManager.default.temporaryDirectory
      .appending(path: "primetime recording-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    let grown = Mutex(0)
    let file = RecordingFile(
      descriptor: descriptor, path: path,
      bound: .init(maxBytes: 2_000_000, step: 100, makeRoom: { grown.withLock { $0 += 1 } }))
    // Lines of 60 bytes with their newline: the fourth reaches 240.
    let line = String(repeating: "x", count: 59)
    for _ in 1...4 { file.write(line) }
    #expect(grown.withLock { $0 } == 2)
    #expect(file.failure == nil)
    file.close()
    // As it closes, its end line may have taken the recordings past the bound.
    #expect(grown.withLock { $0 } == 3)

    let small = open(path + ".small", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    defer { try? FileManager.default.removeItem(atPath: path + ".small") }
    let madeRoom = Mutex(0)
    let bounded = RecordingFile(
      descriptor: small, path: path + ".small",
      bound: .init(
        maxBytes: 1_000_000, step: 100_000, makeRoom: { madeRoom.withLock { $0 += 1 } }))
    let long = String(repeating: "y", count: 99_999)
    for _ in 1...12 { bounded.write(long) }
    // Each of ten lines grew it by a step; where it stopped, room is made once more.
    #expect(madeRoom.withLock { $0 } == 11)
    #expect(
      bounded.failure
        == "the recording to '\(path).small' stopped after 10 lines: it reached 1 MB, the most "
        + "that recordings may take (PRIMETIME_SESSIONS_MAX_MB)")
    bounded.close()
    let size = try FileManager.default.attributesOfItem(atPath: path + ".small")[.size] as? Int
    #expect(size == 1_000_000)
  }

  /// A program that another thread starts while a recording is open shares its descriptor
  /// until it runs its own code (close-on-exec), and with it the lock: closing the recording
  /// lets go of the lock itself, not only of this process's descriptor.
  @Test func aClosedRecording_isFree_whileAnotherCopyOfItsDescriptorLives() throws {
    let path = FileManager.default.temporaryDirectory
      .appending(path: "primetime recording-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    let running = RecordingFile(descriptor: descriptor, path: path)
    running.write("the ended session's line")
    // The copy that a starting program would hold.
    let copy = dup(descriptor)
    defer { Glibc.close(copy) }
    running.close()
    let after = try RecordingFile(.init(path: path, overwrites: true))
    after.close()
  }

  @Test func aRecordingBeingWritten_isNeverWrittenOver_forceOrNot() throws {
    let path = FileManager.default.temporaryDirectory
      .appending(path: "primetime recording-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let running = try RecordingFile(.init(path: path))
    running.write("the running session's line")
    let refusal = #expect(throws: RecordingError.self) {
      try RecordingFile(.init(path: path, overwrites: true))
    }
    #expect(refusal?.description == "'\(path)' is being written by a running session")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == "the running session's line\n")
    running.close()
    let after = try RecordingFile(.init(path: path, overwrites: true))
    after.close()
  }
}
