import Foundation
import Testing

/// The README as a test: every example it runs (a code block of `$ primetime …` or
/// `$ swift run primetime …` lines) is run against the binary, in a new data directory, and
/// must print what the README shows under each command. A README promise is a test: when the
/// app and its README part, this fails until one of them is put right.
struct ReadmeTests {
  /// One command of an example, and what the README shows under it.
  struct Command: Sendable {
    /// Its line in README.md.
    var line: Int
    /// The command line after `$ `, as the README writes it.
    var text: String
    /// The binary's arguments, split as a shell splits the command line.
    var arguments: [String]
    /// The lines under it, up to the next command or the end of the block: its output, and,
    /// for an interactive session, the prompts with what was typed at them.
    var shown: [String]
  }

  /// A code block of commands; each runs after the ones before it, in one data directory.
  struct Example: Sendable, CustomTestStringConvertible {
    var line: Int
    var commands: [Command]
    var testDescription: String { "README.md line \(line): $ \(commands[0].text)" }
  }

  static let readme = URL(filePath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appending(path: "README.md")

  static let examples: [Example] = {
    guard let text = try? String(contentsOf: readme, encoding: .utf8) else { return [] }
    return examples(in: text)
  }()

  /// The README's examples: each fenced code block whose lines start with a command.
  static func examples(in text: String) -> [Example] {
    var examples: [Example] = []
    var block: [(number: Int, text: String)]?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if line.hasPrefix("```") {
        if let lines = block, let example = example(lines) { examples.append(example) }
        block = block == nil ? [] : nil
      } else if block != nil {
        block?.append((index + 1, String(line)))
      }
    }
    return examples
  }

  private static func example(_ lines: [(number: Int, text: String)]) -> Example? {
    guard let first = lines.first, isCommand(first.text) else { return nil }
    var commands: [Command] = []
    for (number, text) in lines {
      if isCommand(text) {
        let line = String(text.dropFirst(2))
        let words = words(line)
        let binary = words.starts(with: ["swift", "run", "primetime"]) ? 3 : 1
        commands.append(
          Command(line: number, text: line, arguments: Array(words.dropFirst(binary)), shown: []))
      } else {
        commands[commands.count - 1].shown.append(text)
      }
    }
    return Example(line: first.number - 1, commands: commands)
  }

  private static func isCommand(_ line: String) -> Bool {
    line.hasPrefix("$ primetime ") || line == "$ swift run primetime"
      || line.hasPrefix("$ swift run primetime ")
  }

  /// A command line's words as a shell reads them: blanks separate words; `'…'` keeps
  /// everything in it, `"…"` everything but a backslash before `"`, `\`, `$` or a backquote;
  /// a backslash outside quotes keeps the next character; a `#` that starts a word starts a
  /// comment, to the end of the line.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var word: String?
    var characters = line[...]
    while let character = characters.popFirst() {
      switch character {
      case " ", "\t":
        if let done = word { words.append(done) }
        word = nil
      case "#" where word == nil:
        characters = ""
      case "'":
        let quoted = characters.prefix { $0 != "'" }
        word = (word ?? "") + quoted
        characters = characters.dropFirst(quoted.count + 1)
      case "\"":
        word = word ?? ""
        while let next = characters.popFirst(), next != "\"" {
          if next == "\\", let escaped = characters.first, "\"\\$`".contains(escaped) {
            word?.append(escaped)
            characters = characters.dropFirst()
          } else {
            word?.append(next)
          }
        }
      case "\\":
        word = (word ?? "") + (characters.popFirst().map { String($0) } ?? "")
      default:
        word = (word ?? "") + String(character)
      }
    }
    if let done = word { words.append(done) }
    return words
  }

  /// A prompt of the REPL's with the line typed at it, as `counter 7> nth` or
  /// `favorites (1)> counter`: the screen and what it shows, then `> `.
  static func prompted(_ line: String) -> (prompt: String, typed: String)? {
    line.wholeMatch(of: /([a-z]+ [^ >]+)> (.*)/).map { (String($0.1) + "> ", String($0.2)) }
  }

  /// What varies from run to run where the README shows one run's value, with the shape it
  /// must have: an activity entry's local time, and the seconds that `--time` measured.
  static func varying() -> [Regex<Substring>] {
    [/[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}/, /Seconds: [0-9]+\.[0-9]{3}/]
  }

  /// Whether a line printed is the line the README shows: the same text, but where the README
  /// shows something that varies, text of the same shape.
  static func matches(_ printed: Substring, _ shown: Substring) -> Bool {
    let first = varying().compactMap { pattern in
      shown.firstMatch(of: pattern).map { (pattern, $0.range) }
    }.min { $0.1.lowerBound < $1.1.lowerBound }
    guard let (pattern, range) = first else { return printed == shown }
    let before = shown[..<range.lowerBound]
    guard printed.hasPrefix(before),
      let match = printed.dropFirst(before.count).prefixMatch(of: pattern)
    else { return false }
    return matches(printed[match.range.upperBound...], shown[range.upperBound...])
  }

  private static func lines(_ text: String) -> [Substring] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Checks that `printed` are the lines `shown`, naming each that differs, and the line of
  /// README.md it is on where the lines shown are all the lines under the command.
  private static func expect(
    _ printed: [Substring], toBe shown: [Substring], _ command: Command, _ startLine: Int?
  ) {
    for (offset, (line, expected)) in zip(printed, shown).enumerated()
    where !matches(line, expected) {
      let place = startLine.map { "README.md line \($0 + offset)" } ?? "output line \(offset + 1)"
      Issue.record(
        """
        \(place), under '$ \(command.text)': the README shows \(expected.debugDescription), \
        the binary prints \(line.debugDescription)
        """)
    }
    #expect(
      printed.count == shown.count,
      """
      '$ \(command.text)': the README shows \(shown.count) lines, \
      the binary prints \(printed.count): \(printed)
      """)
  }

  /// The README's fenced code blocks, each as its lines.
  static func codeBlocks(in text: String) -> [[String]] {
    var blocks: [[String]] = []
    var block: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let lines = block { blocks.append(lines) }
        block = block == nil ? [] : nil
      } else {
        block?.append(String(line))
      }
    }
    return blocks
  }

  /// The lines that install the completion scripts and the man page, followed as written in a
  /// new account's empty home, where none of the directories they write to exists yet: each
  /// file they name is there afterwards, and holds something.
  @Test func theInstallLines_workInAnEmptyHome() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let block = try #require(
      Self.codeBlocks(in: text).first {
        $0.contains { $0.contains("--generate-completion-script") }
      })
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    // From the clone, whose `Documentation/primetime.1` the man page's line installs.
    let clone = Self.readme.deletingLastPathComponent()
    let result = try Bash.run(
      "set -e -o pipefail\n" + block.joined(separator: "\n"), home: home, directory: clone)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    // Where each line writes: after `>`, or `install`'s last word.
    let files = block.compactMap { line -> String? in
      let words = Self.words(line)
      if let arrow = words.firstIndex(of: ">"), arrow + 1 < words.count { return words[arrow + 1] }
      return words.first == "install" ? words.last : nil
    }
    #expect(files.count == 4, "\(files)")
    for file in files {
      let path = file.hasPrefix("~/") ? home.appending(path: String(file.dropFirst(2))).path : file
      let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
      #expect((size ?? 0) > 0, "\(file)")
    }
  }

  @Test func theReadme_hasItsExamples() {
    #expect(Self.examples.count >= 5, "\(Self.readme.path)")
    // The first is the REPL session, whose prompts are read as typed lines.
    #expect(
      Self.examples.first?.commands.first?.shown.contains { Self.prompted($0) != nil } == true)
    #expect(Self.words(#"-c "favorites; activity"  # a comment"#) == ["-c", "favorites; activity"])
  }

  @Test(arguments: examples)
  func anExampleInTheReadme_printsWhatTheReadmeShows(example: Example) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    for command in example.commands {
      if command.arguments.contains("--ui") {
        // `replay --ui` opens the full screen, which needs a terminal: FullScreenTests drives
        // it in tmux (replayUI_showsTheRecordedSteps_quitsWith0_andLeavesTheDataDirectoryEmpty).
        continue
      }
      let session = command.shown.enumerated().filter { Self.prompted($0.element) != nil }
      if let first = session.first {
        try Self.expectSession(command, firstPrompt: first.offset, home: home)
        continue
      }
      // A relative name (a recording) is in the data directory, as for someone who works there.
      let result = try PrimeTime.run(command.arguments, home: home, directory: home)
      #expect(result.status < 128, "'$ \(command.text)': \(result.stderr)")
      guard !command.shown.isEmpty else {
        // The README gives no output: it runs, and nothing fails.
        #expect(result.status == 0, "'$ \(command.text)': \(result.stderr)")
        #expect(result.stderr == "", "'$ \(command.text)'")
        continue
      }
      let shown = command.shown.map { Substring($0) }
      let refuses = shown.contains { $0.hasPrefix("primetime: ") }
      #expect(
        (result.status != 0) == refuses,
        "'$ \(command.text)': status \(result.status): \(result.stderr)")
      // What is printed on stdout, then what on stderr, as a terminal shows them.
      let stdout = Self.lines(result.stdout)
      #expect(!stdout.contains { $0.hasPrefix("primetime: ") }, "'$ \(command.text)' on stdout")
      Self.expect(stdout + Self.lines(result.stderr), toBe: shown, command, command.line + 1)
    }
  }

  /// An interactive session the README shows with its prompts: piped in, where there is no
  /// prompt, what is typed at each prompt must print the lines under it; at a terminal, the
  /// greeting and every prompt must read as the README shows them.
  private static func expectSession(_ command: Command, firstPrompt: Int, home: URL) throws {
    let typed = command.shown.compactMap { prompted($0)?.typed }
    let piped = try PrimeTime.run(
      command.arguments, input: Data(typed.map { $0 + "\n" }.joined().utf8), home: home,
      directory: home)
    #expect(piped.status == 0, "'$ \(command.text)': \(piped.stderr)")
    #expect(piped.stderr == "", "'$ \(command.text)'")
    // Piped, the output is the same less the greeting and the prompts.
    let shown = command.shown.dropFirst(firstPrompt).filter { prompted($0) == nil }
    expect(lines(piped.stdout), toBe: shown.map { Substring($0) }, command, nil)

    // At a terminal, in a data directory of its own: the greeting, then each prompt in turn.
    // What the terminal shows is read up to each prompt's `> `, so that a prompt the README
    // shows wrong fails at once, with what the terminal showed instead.
    let terminalHome = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: terminalHome) }
    let terminal = try PseudoTerminal(
      running: PrimeTime.binary, arguments: command.arguments, home: terminalHome)
    var read = 0
    var printed: [String] = []
    for text in command.shown {
      guard let (prompt, typed) = prompted(text) else {
        printed.append(text)
        continue
      }
      try terminal.expect("> ")
      let shown = String(decoding: terminal.transcript.utf8.dropFirst(read), as: UTF8.self)
      read = terminal.transcript.utf8.count
      // Its lines as a person reads them, without the terminal's escape sequences and returns.
      // (By scalars: "\r\n" is one Character, which no "\n" splits.)
      let rows = shown.replacingOccurrences(of: "\r", with: "")
        .replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
        .split(separator: "\n", omittingEmptySubsequences: false)
      let missing = printed.filter { line in
        !rows.contains(Substring(line)) && !varying().contains { line.contains($0) }
      }
      let drawn = rows.last ?? ""
      guard missing.isEmpty, drawn.hasSuffix(prompt) else {
        Issue.record(
          """
          '$ \(command.text)' at a terminal: the README shows \(printed) then the prompt \
          \(prompt.debugDescription); the terminal shows \(shown.debugDescription)
          """)
        return
      }
      printed = []
      terminal.type(typed + "\r")
    }
    #expect(try terminal.waitForExit() == 0, "'$ \(command.text)' at a terminal")
    // What the README shows after the last prompt, printed as the session ends.
    let last = String(decoding: terminal.transcript.utf8.dropFirst(read), as: UTF8.self)
      .replacingOccurrences(of: "\r", with: "")
    for line in printed where !varying().contains(where: { line.contains($0) }) {
      #expect(last.contains(line), "'$ \(command.text)' at a terminal, at its end")
    }
  }
}
