import Testing

@testable import REPL

/// Commands and words read as `sh -c` reads them; each expectation below is what bash and dash
/// print for the same text.
struct ShellWordsTests {
  @Test(
    arguments: [
      ("incr", [["incr"]]),
      ("  incr\t2 \r", [["incr", "2"]]),
      ("incr; incr;nth\nstate", [["incr"], ["incr"], ["nth"], ["state"]]),
      ("incr;", [["incr"], []]),
      ("", [[]]),
      (#"save-favorites "a b.json""#, [["save-favorites", "a b.json"]]),
      ("save-favorites 'a b.json'", [["save-favorites", "a b.json"]]),
      (#"save-favorites a\ b.json"#, [["save-favorites", "a b.json"]]),
      (#"x "a;b" 'c;d' e\;f"#, [["x", "a;b", "c;d", "e;f"]]),
      ("x \"a\nb\"", [["x", "a\nb"]]),
      ("x a\\\nb", [["x", "ab"]]),
      (#"x "" ''"#, [["x", "", ""]]),
      (#"x a"b c"'d e'f"#, [["x", "ab cd ef"]]),
      (#"x 'a\b' "a\b" "a\"b" "a\\b" "\$\`""#, [["x", #"a\b"#, #"a\b"#, #"a"b"#, #"a\b"#, "$`"]]),
      (#"x 'it'\''s'"#, [["x", "it's"]]),
      (#"x a\"#, [["x", #"a\"#]]),
      ("x ~/é.json", [["x", "~/é.json"]]),
      ("# a comment", [[]]),
      ("incr # one more; decr", [["incr"]]),
      ("incr#2 '#' \\# \"#\"", [["incr#2", "#", "#", "#"]]),
      ("# first\nincr\n  # last; decr\ndecr", [[], ["incr"], [], ["decr"]]),
      ("incr # it's", [["incr"]]),
    ])
  func commands_readAsAShellReadsThem(text: String, commands: [[String]]) throws {
    #expect(try ShellWords.commands(in: text) == commands)
  }

  @Test func theDocumentedExample() throws {
    let commands = try ShellWords.commands(in: #"save-favorites "a b.json"; incr"#)
    #expect(commands == [["save-favorites", "a b.json"], ["incr"]])
  }

  @Test(
    arguments: [
      (#"x "a b"#, #"the " quote is never closed"#),
      ("x 'a b", "the ' quote is never closed"),
      (#"x 'a"b' "c'd"#, #"the " quote is never closed"#),
      (#"incr; x "a; incr"#, #"the " quote is never closed"#),
    ])
  func anOpenQuote_isOneError_forTheWholeText(text: String, message: String) {
    #expect(throws: CommandError(message)) { try ShellWords.commands(in: text) }
  }

  @Test func aCommandLongerThanTheLimit_isRefused_butManyShortOnesAreNot() throws {
    let short = Array(repeating: "incr 1", count: 1_000).joined(separator: "; ")
    #expect(try ShellWords.commands(in: short).count == 1_000)
    let limit = ShellWords.maximumCommandLength
    let longest = "x " + String(repeating: "9", count: limit - 2)
    #expect(try ShellWords.commands(in: longest + ";incr").count == 2)
    #expect(throws: CommandError("command too long (\(limit + 1) bytes; the limit is \(limit))")) {
      try ShellWords.commands(in: longest + "9;incr")
    }
  }
}
