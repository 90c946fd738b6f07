import Testing

@testable import PrimeTimeCLI

struct CommandParserTests {
  @Test(
    arguments: [
      ("incr", Command.incr(1)), ("+", .incr(1)), ("incr 5", .incr(5)), ("  incr\t2 ", .incr(2)),
      ("decr", .decr(1)), ("-", .decr(1)), ("- 3", .decr(3)), ("set 7", .set(7)),
      ("set -12", .set(-12)), ("set 1_000", .set(1000)),
      ("set 9223372036854775807", .set(.max)), ("prime", .prime), ("isprime", .prime),
      ("save", .save), ("remove", .remove), ("nth", .nth(row: nil)), ("nth 2", .nth(row: 2)),
      ("favorites", .favorites), ("fav", .favorites), ("delete 1 3", .delete(rows: [1, 3])),
      ("del 2", .delete(rows: [2])), ("counter", .counter),
      ("save-favorites", .saveFavorites(file: nil)),
      ("load-favorites", .loadFavorites(file: nil)),
      ("load-favorites old.json", .loadFavorites(file: "old.json")), ("activity", .activity),
      ("undo", .undo),
      ("redo", .redo), ("history", .history), ("state", .state(json: false)),
      ("state --json", .state(json: true)), ("trace on", .trace(true)),
      ("trace off", .trace(false)), ("help", .help(nil)), ("help fav", .help("favorites")),
      ("quit", .quit), ("exit", .quit), ("incr\r", .incr(1)),
    ])
  func parse_validLines(line: String, expected: Command) throws {
    #expect(try CommandParser.parse(line) == expected)
  }

  @Test func parse_incrementByThree() throws {
    #expect(try CommandParser.parse("incr 3") == .incr(3))
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
      ("incr x", "k must be a whole number, not 'x' (usage: incr [k])"),
      ("incr 0", "k must be at least 1 (usage: incr [k])"),
      ("incr -3", "k must be at least 1 (usage: incr [k])"),
      ("incr 1 2", "too many arguments (usage: incr [k])"),
      ("set", "'set' needs a number (usage: set <n>)"),
      ("set 1 2", "too many arguments (usage: set <n>)"),
      (
        "set 99999999999999999999",
        "n is too large: 99999999999999999999 is more than 9223372036854775807"
      ),
      (
        "set -99999999999999999999",
        "n is too small: -99999999999999999999 is less than -9223372036854775808"
      ),
      (
        "incr 99999999999999999999",
        "k is too large: 99999999999999999999 is more than 9223372036854775807"
      ),
      ("incr -99999999999999999999", "k must be at least 1 (usage: incr [k])"),
      ("set 1.5", "n must be a whole number, not '1.5' (usage: set <n>)"),
      ("prime 3", "'prime' takes no arguments (usage: prime)"),
      ("delete", "'delete' needs at least one row (usage: delete <row> [row...])"),
      ("delete 1 x", "row must be a whole number, not 'x' (usage: delete <row> [row...])"),
      ("state --yaml", "usage: state [--json]"),
      ("trace", "usage: trace on|off"),
      ("help nope", "no command named 'nope' (try 'help')"),
      ("\u{1B}[A", "unknown command '\\u{1B}[A' (try 'help')"),
    ])
  func parse_badLines_sayWhatIsWrong(line: String, message: String) {
    #expect(throws: CommandError(message)) { try CommandParser.parse(line) }
  }

  @Test func parse_veryLongLine_isRefused() {
    let line = String(repeating: "9", count: 1_000_000)
    #expect(throws: CommandError("line too long (1000000 bytes; the limit is 4096)")) {
      try CommandParser.parse(line)
    }
  }

  @Test func printable_escapesControlCharacters_andCutsLongText() {
    #expect(CommandParser.printable("a\u{07}b") == "a\\u{07}b")
    #expect(CommandParser.printable(String(repeating: "x", count: 100)).count == 41)
  }

  @Test func split_separatesOnSemicolonsAndNewlines() {
    #expect(CommandParser.split("incr; incr;nth\nstate") == ["incr", " incr", "nth", "state"])
  }

  @Test func everyCommandHasHelp() {
    for spec in CommandSpec.all {
      #expect(Rendering.help(spec.name).contains(spec.usage))
      #expect(Rendering.help(spec.name).contains("example: \(spec.example)"))
      // Every example is a line the parser takes.
      for command in CommandParser.split(spec.example) {
        #expect(throws: Never.self, "\(spec.example)") { try CommandParser.parse(command) }
      }
      #expect(Rendering.help(nil).contains(spec.summary))
      for alias in spec.aliases {
        #expect(Rendering.help(nil).contains("'\(alias)'"), "\(alias)")
      }
    }
    #expect(!Rendering.help(nil).contains("modal"))
  }
}
