import Testing

@testable import PrimeTimeCLI
@testable import REPL

/// A first argument that names no subcommand gets the REPL's answer to a mistyped command.
struct UnknownCommandTests {
  /// Where a REPL command runs, for one typed in the shell.
  static let elsewhere = "type it in the REPL (primetime), or run it with primetime -c"

  @Test(
    arguments: [
      (["nth-prime-x", "5"], "unknown command 'nth-prime-x'; did you mean 'nth-prime'?"),
      (["nthprime", "5"], "unknown command 'nthprime'; did you mean 'nth-prime'?"),
      (["primecount", "10"], "unknown command 'primecount'; did you mean 'prime-count'?"),
      (["is-prim", "7"], "unknown command 'is-prim'; did you mean 'is-prime'?"),
      (["IS-PRIME", "7"], "unknown command 'IS-PRIME'; did you mean 'is-prime'?"),
      (["replya", "x.jsonl"], "unknown command 'replya'; did you mean 'replay'?"),
      (["hlep"], "unknown command 'hlep'; did you mean 'help'?"),
      (["iu"], "unknown command 'iu'; did you mean 'ui'?"),
      (["help", "foo"], "unknown command 'foo' (try 'primetime --help')"),
      (["help", "replya"], "unknown command 'replya'; did you mean 'replay'?"),
      (["foo"], "unknown command 'foo' (try 'primetime --help')"),
      (["incr", "3"], "'incr' is a REPL command: \(Self.elsewhere)"),
      (["help", "incr"], "'incr' is a REPL command: \(Self.elsewhere)"),
      (["delete", "1", "--data-dir", "d"], "'delete' is a REPL command: \(Self.elsewhere)"),
      (["?"], "'?' is a REPL command: \(Self.elsewhere)"),
      (["save-favorites", "it's.json"], "'save-favorites' is a REPL command: \(Self.elsewhere)"),
      (["nth", "5"], "'nth' is a REPL command; did you mean 'nth-prime'?"),
      (["prime", "7"], "'prime' is a REPL command; did you mean 'is-prime'?"),
      (["isprime"], "'isprime' is a REPL command; did you mean 'is-prime'?"),
      (["fav"], "'fav' is a REPL command; did you mean 'favorites'?"),
      (["help", "fav"], "'fav' is a REPL command; did you mean 'favorites'?"),
      (["INCR"], "unknown command 'INCR' (try 'primetime --help')"),
      (["\u{1B}[A"], "unknown command '\\u{1B}[A' (try 'primetime --help')"),
    ])
  func aWordThatNamesNoSubcommand_isAnUnknownCommand(arguments: [String], message: String) {
    #expect(PrimeTimeCLI.unknownCommand(in: arguments) == message)
  }

  /// The REPL names the subcommands it has no command for, and only those, to say how to run
  /// them from the shell.
  @Test func theREPLKnowsTheShellsCommands() {
    let subcommands = PrimeTimeCommand.configuration.subcommands.flatMap { subcommand in
      [subcommand.configuration.commandName].compactMap { $0 } + subcommand.configuration.aliases
    }
    let replNames = Set(Command.all.flatMap(\.names))
    #expect(
      Set(CommandParser.commandsOfTheShell.map(\.name))
        == Set(subcommands.filter { !replNames.contains($0) }))
    for shell in CommandParser.commandsOfTheShell {
      if let here = shell.here { #expect(CommandParser.commandName(here) == here) }
    }
  }

  @Test func commandName_takesTheREPLsNamesAndAliases_spelledExactly() {
    #expect(CommandParser.commandName("fav") == "favorites")
    #expect(CommandParser.commandName("incr") == "incr")
    #expect(CommandParser.commandName("+") == "incr")
    #expect(CommandParser.commandName("INCR") == nil)
    #expect(CommandParser.commandName("nth-prime") == nil)
  }

  @Test func theDocumentedExample() {
    #expect(
      PrimeTimeCLI.unknownCommand(in: ["nth-prime-x", "5"])
        == "unknown command 'nth-prime-x'; did you mean 'nth-prime'?")
  }

  @Test(
    arguments: [
      [], ["nth-prime", "5", "6"], ["ui", "x"], ["help"], ["help", "ui"],
      ["--data-dir", "x", "foo"],
      ["-c", "incr", "foo"], ["-7"], ["--", "foo"],
    ])
  func anythingElse_isLeftToTheParsersMessage(arguments: [String]) {
    #expect(PrimeTimeCLI.unknownCommand(in: arguments) == nil)
  }

  @Test func optionsBeforeASubcommandsName_thatAreNotTheApps_moveAfterIt() {
    #expect(
      PrimeTimeCLI.subcommandOptionsAfterItsName(["-t", "2", "nth-prime", "5"])
        == ["nth-prime", "-t", "2", "5"])
    #expect(
      PrimeTimeCLI.subcommandOptionsAfterItsName(["--data-dir", "d", "--json", "favorites"])
        == ["--data-dir", "d", "favorites", "--json"])
    #expect(
      PrimeTimeCLI.subcommandOptionsAfterItsName(["-c", "favorites", "--json"])
        == ["-c", "favorites", "--json"])
    #expect(PrimeTimeCLI.subcommandOptionsAfterItsName(["--json"]) == ["--json"])
  }
}
