import Testing

@testable import REPL
@testable import Runtime

struct CommandParserTests {
  /// The command a line names and the value its arguments read as.
  private func parsed(_ line: String) throws -> (name: String, value: String)? {
    try CommandParser.parse(line).map { ($0.command.name, String(describing: $0.value)) }
  }

  @Test(
    arguments: [
      ("incr", "incr", "1"), ("+", "incr", "1"), ("incr 5", "incr", "5"),
      ("  incr\t2 ", "incr", "2"), ("decr", "decr", "1"), ("-", "decr", "1"),
      ("- 3", "decr", "3"), ("set 7", "set", "7"), ("set -12", "set", "-12"),
      ("set 1_000", "set", "1000"), ("set 9223372036854775807", "set", "9223372036854775807"),
      ("prime", "prime", "()"), ("isprime", "prime", "()"), ("save", "save", "()"),
      ("remove", "remove", "()"), ("nth", "nth", "nil"), ("nth 2", "nth", "Optional(2)"),
      ("favorites", "favorites", "false"), ("fav", "favorites", "false"),
      ("favorites --json", "favorites", "true"), ("activity --json", "activity", "true"),
      ("delete 1 3", "delete", "[1, 3]"), ("del 2", "delete", "[2]"),
      ("counter", "counter", "()"), ("save-favorites", "save-favorites", "nil"),
      ("load-favorites", "load-favorites", "nil"),
      ("load-favorites old.json", "load-favorites", #"Optional("old.json")"#),
      ("activity", "activity", "false"), ("undo", "undo", "1"), ("redo", "redo", "1"),
      ("undo 3", "undo", "3"),
      ("history", "history", "()"), ("state", "state", "false"),
      ("state --json", "state", "true"), ("trace on", "trace", "true"),
      ("trace off", "trace", "false"), ("help", "help", "nil"),
      ("help fav", "help", "Optional(favorites)"), ("quit", "quit", "()"),
      ("exit", "quit", "()"), ("incr\r", "incr", "1"),
    ])
  func parse_validLines(line: String, name: String, value: String) throws {
    let command = try #require(try parsed(line))
    #expect(command.name == name)
    #expect(command.value == value)
  }

  @Test func parse_readsTheNameAndTheArguments() throws {
    #expect(try CommandParser.parse("incr 3")?.command.name == "incr")
    #expect(try CommandParser.parse("incr 3")?.value as? Int == 3)
    #expect(try CommandParser.parse("set 2^31-1")?.value as? Int == 2_147_483_647)
    #expect(try CommandParser.parse("nth 1e3")?.value as? Int == 1000)
    #expect(try CommandParser.parse("incr 1e1")?.value as? Int == 10)
    #expect(try CommandParser.parse("decr 2^2")?.value as? Int == 4)
    #expect(try CommandParser.parse("delete 1e0 2^1")?.value as? [Int] == [1, 2])
  }

  @Test func theDocumentedExample_ofACommandOfTheShell() {
    #expect(
      CommandParser.unknownCommand("nth-prime", arguments: ["5"])
        == "'nth-prime' is a command of the shell (primetime nth-prime); here: 'counter',"
        + " 'set 5', then 'nth'")
  }

  @Test(arguments: ["", "   ", "\t"])
  func parse_blankLines_areNothing(line: String) throws {
    #expect(try CommandParser.parse(line) == nil)
  }

  @Test(
    arguments: [
      ("foo", "unknown command 'foo' (try 'help')"),
      ("icnr", "unknown command 'icnr'; did you mean 'incr'?"),
      ("favorits", "unknown command 'favorits'; did you mean 'favorites'?"),
      ("undoo 2", "unknown command 'undoo'; did you mean 'undo'?"),
      ("INCR", "unknown command 'INCR'; did you mean 'incr'?"),
      ("hist", "unknown command 'hist'; did you mean 'history'?"),
      ("sav", "unknown command 'sav'; did you mean 'save'?"),
      ("lo", "unknown command 'lo' (try 'help')"),
      (
        "nth-prime 5",
        "'nth-prime' is a command of the shell (primetime nth-prime); here: 'counter', 'set"
          + " 5', then 'nth'"
      ),
      (
        "is-prime 2^31-1",
        "'is-prime' is a command of the shell (primetime is-prime); here: 'counter', 'set"
          + " 2^31-1', then 'prime'"
      ),
      (
        "nth-prime",
        "'nth-prime' is a command of the shell (primetime nth-prime); here: 'counter', 'set"
          + " <n>', then 'nth'"
      ),
      (
        "nth-prime --help",
        "'nth-prime' is a command of the shell (primetime nth-prime); here: 'counter', 'set"
          + " <n>', then 'nth'"
      ),
      ("pi 10^12", "'pi' is a command of the shell (primetime pi)"),
      ("prime-count 100 -t 2", "'prime-count' is a command of the shell (primetime prime-count)"),
      ("ui", "'ui' is a command of the shell (primetime ui)"),
      ("incr x", "incr: k must be a whole number, not 'x' (usage: incr [k])"),
      ("incr 0", "incr: k must be at least 1 (usage: incr [k])"),
      ("incr -3", "incr: k must be at least 1 (usage: incr [k])"),
      ("incr 1 2", "incr: too many arguments (usage: incr [k])"),
      ("set", "set: needs n, a whole number (usage: set <n>)"),
      ("set 1 2", "set: too many arguments (usage: set <n>)"),
      (
        "set 99999999999999999999",
        "set: n is too large: 99999999999999999999 is more than 9223372036854775807 "
          + "(usage: set <n>)"
      ),
      (
        "set -99999999999999999999",
        "set: n is too small: -99999999999999999999 is less than -9223372036854775808 "
          + "(usage: set <n>)"
      ),
      (
        "incr 99999999999999999999",
        "incr: k is too large: 99999999999999999999 is more than 9223372036854775807 "
          + "(usage: incr [k])"
      ),
      ("incr -99999999999999999999", "incr: k must be at least 1 (usage: incr [k])"),
      (
        "set 10^40-10^40",
        "set: n cannot be worked out: 10^40, in 10^40-10^40, is beyond 128 bits (usage: set <n>)"
      ),
      ("set 1.5", "set: n must be a whole number, not '1.5' (usage: set <n>)"),
      (
        "set ^",
        "set: n must be a whole number, not '^'; a number must come before '^' (usage: set <n>)"
      ),
      (
        "set ()",
        "set: n must be a whole number, not '()'; the parentheses are empty (usage: set <n>)"
      ),
      ("prime 3", "prime: takes no arguments (usage: prime)"),
      ("nth 0", "nth: row must be at least 1 (usage: nth [row])"),
      ("delete", "delete: needs at least one row (usage: delete <row> [row...])"),
      ("delete 1 x", "delete: row must be a whole number, not 'x' (usage: delete <row> [row...])"),
      ("delete 0", "delete: row must be at least 1 (usage: delete <row> [row...])"),
      ("state --yaml", "state: the only option is --json (usage: state [--json])"),
      ("trace", "trace: needs 'on' or 'off' (usage: trace on|off)"),
      ("help nope", "help: no command named 'nope' (usage: help [command])"),
      ("help on", "help: no command named 'on' (usage: help [command])"),
      ("help icnr", "help: no command named 'icnr'; did you mean 'incr'? (usage: help [command])"),
      (
        "help nth-prime",
        "help: 'nth-prime' is a command of the shell (primetime nth-prime); here: 'counter',"
          + " 'set <n>', then 'nth' (usage: help [command])"
      ),
      ("\u{1B}[A", "unknown command '\\u{1B}[A' (try 'help')"),
    ])
  func parse_badLines_sayWhatIsWrong(line: String, message: String) {
    #expect(throws: CommandError(message)) { try CommandParser.parse(line) }
  }

  @Test func parse_veryLongLine_isRefused() {
    let line = String(repeating: "9", count: 1_000_000)
    #expect(throws: CommandError("command too long (1000000 bytes; the limit is 4096)")) {
      try CommandParser.parse(line)
    }
  }

  @Test(arguments: ["--help", "-h"])
  func aCommandFollowedByHelp_isHelpForIt(flag: String) throws {
    let parsed = try #require(try CommandParser.parse("incr \(flag)"))
    #expect(parsed.command.name == "help")
    #expect((parsed.value as? Command)?.name == "incr")
    // Anywhere else, it is an argument like any other.
    #expect(throws: CommandError.self) { try CommandParser.parse("incr 2 \(flag)") }
  }

  @Test func aLineOfTwoCommands_isNotOneCommand() {
    #expect(throws: CommandError("one command at a time: this line holds 2")) {
      try CommandParser.parse("incr; incr")
    }
  }

  @Test func nthsHelp_saysItNeedsACountOfOneOrMore() throws {
    let nth = try #require(Command.named("nth"))
    #expect(
      Rendering.help(nth).split(separator: "\n").contains(
        "on the counter, the count must be 1 or more: there is no 0th prime"))
  }

  @Test func everyCommandsHelp_comesFromTheTable() {
    for command in Command.all {
      let help = Rendering.help(command)
      #expect(help.contains("usage: \(command.usage)"))
      #expect(help.contains(command.summary))
      #expect(help.contains("example: \(command.example)"))
      #expect(Rendering.help(nil).contains(command.usage + " "), "\(command.name)")
      #expect(Rendering.help(nil).contains(command.summary))
      for alias in command.aliases {
        #expect(help.contains(alias))
        #expect(Rendering.help(nil).contains("'\(alias)'"), "\(alias)")
      }
    }
    #expect(!Rendering.help(nil).contains("modal"))
  }

  /// The command line's `favorites` and `activity` run the REPL's commands of those names.
  @Test func everyListing_isACommandThatTakesJSON() throws {
    for listing in REPL.Listing.allCases {
      let parsed = try #require(try CommandParser.parse(words: [listing.rawValue, "--json"]))
      #expect(parsed.command.name == listing.rawValue)
      #expect(parsed.value as? Bool == true)
    }
  }

  @Test func everyNameAndAlias_parsesAsItsCommand_andNoneIsTakenTwice() throws {
    let names = Command.all.flatMap(\.names)
    #expect(Set(names).count == names.count)
    for command in Command.all {
      // The example's own use of the command, with the arguments it gives.
      let use = try #require(
        try ShellWords.commands(in: command.example).first { $0.first == command.name })
      for name in command.names {
        let words = [name] + use.dropFirst()
        #expect(try CommandParser.parse(words: words)?.command.name == command.name, "\(words)")
      }
    }
  }

  @Test func completion_offersCommandNames_thenEachCommandsArguments() {
    guard case .words(let names) = Command.completions(line: "", start: 0) else {
      Issue.record("no command names")
      return
    }
    #expect(names.contains("incr") && names.contains("favorites") && names.contains("fav"))
    #expect(!names.contains("+"))
    #expect(Command.completions(line: "trace ", start: 6) == .words(["on", "off"]))
    #expect(Command.completions(line: "state ", start: 6) == .words(["--json"]))
    #expect(Command.completions(line: "help ", start: 5) == .words(Command.all.map(\.name)))
    #expect(Command.completions(line: "? ", start: 2) == .words(Command.all.map(\.name)))
    #expect(Command.completions(line: "incr ", start: 5) == .words([]))
    #expect(Command.completions(line: "nope ", start: 5) == .words([]))
    // After a `;`, a new command begins; after a command's argument, nothing more is offered.
    #expect(Command.completions(line: "set 7; trace o", start: 13) == .words(["on", "off"]))
    #expect(Command.completions(line: "set 7;tr", start: 6) == .words(names))
    #expect(Command.completions(line: "trace on ", start: 9) == .words([]))
  }

  /// A command that takes a file completes the names of files, as a shell does, and only where
  /// its file goes.
  @Test func completion_ofAFileWord_offersFileNames() {
    let fileCommands = Command.all.filter { $0.usage.hasSuffix("[file]") }
    #expect(Set(fileCommands.map(\.name)) == ["save-favorites", "load-favorites"])
    for command in fileCommands {
      let line = command.name + " "
      #expect(Command.completions(line: line, start: line.utf8.count) == .fileNames)
      #expect(Command.completions(line: line + "my", start: line.utf8.count) == .fileNames)
      // The word after the file takes nothing.
      #expect(Command.completions(line: line + "a.json ", start: line.utf8.count + 7) == .words([]))
    }
    // A word begun with a quote starts after it; a quoted word before it is one word.
    #expect(Command.completions(line: #"load-favorites "my f"#, start: 16) == .fileNames)
    #expect(Command.completions(line: "incr; save-favorites 'a", start: 22) == .fileNames)
    #expect(Command.completions(line: #"save-favorites "a b" "#, start: 21) == .words([]))
  }
}
