import Foundation

/// One REPL command, parsed and validated, before it touches the store.
public enum Command: Equatable, Sendable {
  case incr(Int)
  case decr(Int)
  case set(Int)
  case prime
  case save
  case remove
  case nth(row: Int?)
  case favorites
  case delete(rows: [Int])
  case counter
  case saveFavorites(file: String?)
  case loadFavorites(file: String?)
  case activity
  case undo
  case redo
  case history
  case state(json: Bool)
  case trace(Bool)
  case help(String?)
  case quit
}

/// What a person can type: names, aliases, usage and a one-line summary, for parsing, `help`
/// and tab completion alike.
public struct CommandSpec: Sendable {
  public let name: String
  public let aliases: [String]
  public let usage: String
  public let summary: String
  /// A line that uses the command, for `help <command>`.
  public let example: String

  public var names: [String] { [name] + aliases }

  /// Every command, in the order `help` lists them.
  public static let all: [CommandSpec] = [
    CommandSpec(
      name: "incr", aliases: ["+"], usage: "incr [k]", summary: "count up by k (1)",
      example: "incr 5"),
    CommandSpec(
      name: "decr", aliases: ["-"], usage: "decr [k]", summary: "count down by k (1)",
      example: "decr"),
    CommandSpec(
      name: "set", aliases: [], usage: "set <n>", summary: "set the count to n", example: "set 7"),
    CommandSpec(
      name: "prime", aliases: ["isprime"], usage: "prime",
      summary: "is the count prime? then 'save' or 'remove' it", example: "prime"),
    CommandSpec(
      name: "save", aliases: [], usage: "save", summary: "save the count as a favorite prime",
      example: "set 7; prime; save"),
    CommandSpec(
      name: "remove", aliases: [], usage: "remove",
      summary: "remove the count from the favorite primes", example: "remove"),
    CommandSpec(
      name: "nth", aliases: [], usage: "nth [row]",
      summary: "the count-th prime; on the favorites screen, the nth prime of row's prime",
      example: "set 10; nth"),
    CommandSpec(
      name: "favorites", aliases: ["fav"], usage: "favorites",
      summary: "go to the favorites screen and list them", example: "favorites"),
    CommandSpec(
      name: "delete", aliases: ["del"], usage: "delete <row> [row...]",
      summary: "delete favorites by row number (favorites screen)", example: "delete 1 3"),
    CommandSpec(
      name: "counter", aliases: ["back"], usage: "counter", summary: "go back to the counter",
      example: "counter"),
    CommandSpec(
      name: "save-favorites", aliases: [], usage: "save-favorites [file]",
      summary: "export the favorites to a JSON file (default: favorite-primes.json)",
      example: "save-favorites backup.json"),
    CommandSpec(
      name: "load-favorites", aliases: [], usage: "load-favorites [file]",
      summary: "add the primes a JSON file lists (default: favorite-primes.json)",
      example: "load-favorites backup.json"),
    CommandSpec(
      name: "activity", aliases: [], usage: "activity",
      summary: "favorites added and removed, newest first", example: "activity"),
    CommandSpec(
      name: "undo", aliases: [], usage: "undo", summary: "undo the last step", example: "undo"),
    CommandSpec(
      name: "redo", aliases: [], usage: "redo", summary: "redo the last undone step",
      example: "redo"),
    CommandSpec(
      name: "history", aliases: [], usage: "history",
      summary: "how many steps undo and redo can take", example: "history"),
    CommandSpec(
      name: "state", aliases: [], usage: "state [--json]",
      summary: "the app state, readable or as one line of JSON", example: "state --json"),
    CommandSpec(
      name: "trace", aliases: [], usage: "trace on|off",
      summary: "print each action and the state diff it made", example: "trace on"),
    CommandSpec(
      name: "help", aliases: ["?"], usage: "help [command]", summary: "this list",
      example: "help nth"),
    CommandSpec(
      name: "quit", aliases: ["exit"], usage: "quit", summary: "leave (or Ctrl-D)", example: "quit"),
  ]

  /// The spec a name or alias refers to.
  public static func named(_ name: String) -> CommandSpec? {
    all.first { $0.names.contains(name) }
  }

  /// The command name a mistyped word is closest to: one typo away (a letter added, dropped,
  /// changed, or two swapped), or two for words longer than four letters.
  static func nearest(to word: String) -> String? {
    let allowed = word.count > 4 ? 2 : 1
    return all.flatMap(\.names).filter { $0.count > 2 }
      .map { (name: $0, distance: editDistance(word, $0)) }
      .filter { $0.distance <= allowed }
      .min { $0.distance < $1.distance }?.name
  }

  /// How many letters must be added, dropped, changed or swapped to turn one word into another.
  private static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var distance = (0...a.count).map { i in (0...b.count).map { j in i == 0 ? j : (j == 0 ? i : 0) }
    }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        distance[i][j] = min(
          distance[i - 1][j] + 1, distance[i][j - 1] + 1, distance[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          distance[i][j] = min(distance[i][j], distance[i - 2][j - 2] + 1)
        }
      }
    }
    return distance[a.count][b.count]
  }
}

/// Why a line is not a command; the message is the one line the person reads.
public struct CommandError: Error, Equatable, CustomStringConvertible, Sendable {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}

/// Turns lines into commands.
public enum CommandParser {
  /// The longest line the REPL reads as a command.
  public static let maximumLineLength = 4096

  /// Parses one command. An empty or blank line is `nil`.
  ///
  /// ```swift
  /// try CommandParser.parse("incr 3")  // .incr(3)
  /// ```
  public static func parse(_ line: String) throws(CommandError) -> Command? {
    guard line.utf8.count <= maximumLineLength else {
      throw CommandError(
        "line too long (\(line.utf8.count) bytes; the limit is \(maximumLineLength))")
    }
    let words: [String] = line.split(whereSeparator: { (character: Character) in
      character == " " || character == "\t" || character == "\r"
    }).map(String.init)
    guard let first = words.first else { return nil }
    let arguments = Array(words.dropFirst())
    guard let spec = CommandSpec.named(first) else {
      if let near = CommandSpec.nearest(to: first) {
        throw CommandError("unknown command '\(printable(first))'; did you mean '\(near)'?")
      }
      throw CommandError("unknown command '\(printable(first))' (try 'help')")
    }
    func noArguments(_ command: Command) throws(CommandError) -> Command {
      guard arguments.isEmpty else {
        throw CommandError("'\(spec.name)' takes no arguments (usage: \(spec.usage))")
      }
      return command
    }
    func optionalFile() throws(CommandError) -> String? {
      guard arguments.count <= 1 else {
        throw CommandError("too many arguments (usage: \(spec.usage))")
      }
      return arguments.first
    }
    func optionalNumber(_ label: String) throws(CommandError) -> Int? {
      switch arguments.count {
      case 0: return nil
      case 1: return try number(arguments[0], label: label, spec: spec)
      default: throw CommandError("too many arguments (usage: \(spec.usage))")
      }
    }

    switch spec.name {
    case "incr", "decr":
      let k = try optionalNumber("k") ?? 1
      guard k >= 1 else { throw CommandError("k must be at least 1 (usage: \(spec.usage))") }
      return spec.name == "incr" ? .incr(k) : .decr(k)
    case "set":
      guard arguments.count == 1 else {
        throw CommandError(
          arguments.isEmpty
            ? "'set' needs a number (usage: \(spec.usage))"
            : "too many arguments (usage: \(spec.usage))")
      }
      return .set(try number(arguments[0], label: "n", spec: spec))
    case "prime": return try noArguments(.prime)
    case "save": return try noArguments(.save)
    case "remove": return try noArguments(.remove)
    case "nth":
      return .nth(row: try optionalNumber("row"))
    case "favorites": return try noArguments(.favorites)
    case "delete":
      guard !arguments.isEmpty else {
        throw CommandError("'delete' needs at least one row (usage: \(spec.usage))")
      }
      var rows: [Int] = []
      for argument in arguments {
        rows.append(try number(argument, label: "row", spec: spec))
      }
      return .delete(rows: rows)
    case "counter": return try noArguments(.counter)
    case "save-favorites": return .saveFavorites(file: try optionalFile())
    case "load-favorites": return .loadFavorites(file: try optionalFile())
    case "activity": return try noArguments(.activity)
    case "undo": return try noArguments(.undo)
    case "redo": return try noArguments(.redo)
    case "history": return try noArguments(.history)
    case "state":
      switch arguments {
      case []: return .state(json: false)
      case ["--json"]: return .state(json: true)
      default: throw CommandError("usage: \(spec.usage)")
      }
    case "trace":
      switch arguments {
      case ["on"]: return .trace(true)
      case ["off"]: return .trace(false)
      default: throw CommandError("usage: \(spec.usage)")
      }
    case "help":
      switch arguments.count {
      case 0: return .help(nil)
      case 1:
        guard let topic = CommandSpec.named(arguments[0]) else {
          throw CommandError("no command named '\(printable(arguments[0]))' (try 'help')")
        }
        return .help(topic.name)
      default: throw CommandError("usage: \(spec.usage)")
      }
    default:
      return try noArguments(.quit)
    }
  }

  /// Splits a command string on `;` and newlines, as `primetime -c` reads it.
  ///
  /// ```swift
  /// CommandParser.split("incr; incr;nth\nstate")  // ["incr", " incr", "nth", "state"]
  /// ```
  public static func split(_ script: String) -> [String] {
    script.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ";" || $0 == "\n" })
      .map(String.init)
  }

  private static func number(
    _ text: String, label: String, spec: CommandSpec
  ) throws(CommandError) -> Int {
    do {
      return try WholeNumber.parse(text, name: label)
    } catch .notANumber {
      throw CommandError(
        "\(label) must be a whole number, not '\(printable(text))' (usage: \(spec.usage))")
    } catch .tooSmall where spec.name == "incr" || spec.name == "decr" {
      throw CommandError("\(label) must be at least 1 (usage: \(spec.usage))")
    } catch {
      throw CommandError(error.description)
    }
  }

  /// The text, with control characters escaped and cut short, safe to echo in one line.
  static func printable(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if result.unicodeScalars.count >= 40 {
        result += "…"
        break
      }
      if scalar.properties.generalCategory == .control || scalar == "\u{FFFD}" {
        result += scalar.escaped(asASCII: true)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

/// Whole numbers as the command line reads them, in the REPL and in the commands for scripts:
/// digits with an optional sign, `_` allowed between them (`1_000_000`).
enum WholeNumber {
  /// Why a text is no whole number the command line can take.
  enum Failure: Error, Equatable, CustomStringConvertible {
    /// Not a number at all.
    case notANumber(name: String, text: String)
    /// A number beyond the largest 64-bit integer.
    case tooLarge(name: String, text: String)
    /// A number below the smallest 64-bit integer.
    case tooSmall(name: String, text: String)

    var description: String {
      switch self {
      case .notANumber(let name, let text):
        "\(name) must be a whole number, not '\(CommandParser.printable(text))'"
      case .tooLarge(let name, let text):
        "\(name) is too large: \(CommandParser.printable(text)) is more than \(Int.max)"
      case .tooSmall(let name, let text):
        "\(name) is too small: \(CommandParser.printable(text)) is less than \(Int.min)"
      }
    }
  }

  /// The number `text` spells.
  ///
  /// - Parameters:
  ///   - text: What was typed.
  ///   - name: The argument's name, for the message.
  /// - Returns: The number.
  static func parse(_ text: String, name: String) throws(Failure) -> Int {
    let digits = text.filter { $0 != "_" }
    if let value = Int(digits) { return value }
    let unsigned = digits.first == "-" || digits.first == "+" ? digits.dropFirst() : digits[...]
    guard !unsigned.isEmpty, unsigned.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw .notANumber(name: name, text: text)
    }
    throw digits.first == "-"
      ? .tooSmall(name: name, text: text) : .tooLarge(name: name, text: text)
  }
}
