import Testing

@testable import PrimeTimeCLI

struct UICommandTests {
  @Test(
    arguments: [
      ["ui", "--data-dir", "/data", "--record", "ui.jsonl"],
      ["--data-dir", "/data", "--record", "ui.jsonl", "ui"],
      ["--data-dir", "/data", "ui", "--record", "ui.jsonl"],
    ])
  func sessionOptions_areReadBeforeOrAfterUI(arguments: [String]) throws {
    let ui = try #require(try PrimeTimeCommand.parseAsRoot(arguments) as? UICommand)
    #expect(ui.options.dataDirectory == "/data")
    #expect(ui.options.recording == "ui.jsonl")
  }

  @Test(arguments: [["--force", "ui", "--record", "x"], ["ui", "--record", "x", "--force"]])
  func force_isReadBeforeOrAfterUI(arguments: [String]) throws {
    let ui = try #require(try PrimeTimeCommand.parseAsRoot(arguments) as? UICommand)
    #expect(ui.options.overwritesRecording)
    #expect(ui.options.recording == "x")
  }

  @Test func optionsAfterUI_winOverThoseBefore() throws {
    let ui = try #require(
      try PrimeTimeCommand.parseAsRoot(["--data-dir", "/before", "ui", "--data-dir", "/after"])
        as? UICommand)
    #expect(ui.options.dataDirectory == "/after")
  }

  @Test func itsHelp_listsItsOptions() {
    let help = PrimeTimeCommand.helpMessage(for: UICommand.self)
    #expect(help.contains("--data-dir <dir>"))
    #expect(help.contains("--record <file>"))
    #expect(help.contains("--force"))
    #expect(!help.contains("--command"))
  }
}
