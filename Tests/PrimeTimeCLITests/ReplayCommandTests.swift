import ArgumentParser
import Testing

@testable import PrimeTimeCLI

struct ReplayCommandTests {
  @Test(
    arguments: [
      ["replay", "--step", "--ui", "session.jsonl"], ["replay", "session.jsonl", "--ui", "--step"],
    ])
  func stepWithUI_isRefused(arguments: [String]) {
    #expect {
      try PrimeTimeCommand.parseAsRoot(arguments)
    } throws: { error in
      PrimeTimeCommand.exitCode(for: error) == .validationFailure
        && PrimeTimeCommand.message(for: error).contains("--step and --ui do not go together")
    }
  }

  @Test(arguments: [["replay", "--step", "x"], ["replay", "--ui", "x"], ["replay", "x"]])
  func stepOrUIAlone_isRead(arguments: [String]) throws {
    let replay = try #require(try PrimeTimeCommand.parseAsRoot(arguments) as? ReplayCommand)
    #expect(replay.step == arguments.contains("--step"))
    #expect(replay.ui == arguments.contains("--ui"))
  }
}
