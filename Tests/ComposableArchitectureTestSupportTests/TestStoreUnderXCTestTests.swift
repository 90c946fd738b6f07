import Foundation
import Testing

/// TestStore under XCTest, run by XCTest's own runner in a process of its own
/// (`Tests/Support/TestStoreXCTestRunner`), so that `swift test`'s XCTest pass holds no test.
struct TestStoreUnderXCTestTests {
  /// Runs `executable` with `arguments`; returns its exit status and what it printed.
  private func run(_ executable: URL, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  /// Beside this test binary.
  private var runner: URL {
    URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appending(path: "TestStoreXCTestRunner")
  }

  /// `swift test` runs its XCTest pass before Swift Testing's; with a test in it, its summary,
  /// `Executed 1 test`, printed for each of its three suites, read as the whole run's.
  @Test func swiftTestsXCTestPass_holdsNoTest() throws {
    let (_, output) = try run(
      URL(filePath: CommandLine.arguments[0]), ["--testing-library", "xctest"])
    #expect(output.contains("Executed 0 tests"), "\(output)")
    #expect(!output.contains("Executed 1 test"), "\(output)")
  }

  @Test func sendAndReceive_passUnderXCTest() throws {
    let (status, output) = try run(
      runner,
      ["--testing-library", "xctest", "TestStoreXCTestRunner.TestStoreXCTests/testSendAndReceive"])
    #expect(status == 0, "\(output)")
    #expect(output.contains("Executed 1 test, with 0 failures"), "\(output)")
  }

  @Test func anUnassertedChange_failsTheXCTest() throws {
    let (status, output) = try run(
      runner,
      [
        "--testing-library", "xctest",
        "TestStoreXCTestRunner.TestStoreXCTests/testUnassertedChange",
      ])
    #expect(status != 0, "\(output)")
    #expect(output.contains("Executed 1 test, with 1 failure"), "\(output)")
    #expect(output.contains("State was not expected to change"), "\(output)")
  }
}
