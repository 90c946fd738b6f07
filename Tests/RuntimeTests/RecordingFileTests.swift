import Foundation
import Runtime
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
}
