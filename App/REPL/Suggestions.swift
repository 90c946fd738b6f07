import NumberSyntax

/// "Did you mean 'incr'?": the command name nearest a mistyped word.
extension CommandParser {
  /// The line for a word that names no command: the name it is nearest to, if any, else
  /// where to look. The REPL and the command line both say it.
  ///
  /// - Parameters:
  ///   - word: What was typed where a command's name goes.
  ///   - names: The names there are; the REPL's commands and aliases unless given.
  ///   - hint: Where to look, when no name is near.
  /// - Returns: The message, e.g. `unknown command 'icnr'; did you mean 'incr'?`.
  public static func unknownCommand(
    _ word: String, among names: [String], hint: String
  ) -> String {
    guard let near = nearestName(to: word, among: names) else {
      return "unknown command '\(printable(word))' (\(hint))"
    }
    return "unknown command '\(printable(word))'; did you mean '\(near)'?"
  }

  /// The line for a word that names none of the REPL's commands and aliases: for one of the
  /// command line's own subcommands, that it is one, and the REPL's commands that answer the
  /// same question of the count, if there are; else the nearest name.
  ///
  /// ```swift
  /// CommandParser.unknownCommand("nth-prime", arguments: ["5"])
  /// // "'nth-prime' is a command of the shell (primetime nth-prime); here: 'counter', 'set 5',
  /// // then 'nth'"
  /// ```
  ///
  /// - Parameters:
  ///   - word: What was typed where a command's name goes.
  ///   - arguments: The words after it: the number for `set`, where there is one and it reads
  ///     as a number; else `<n>` stands for it.
  static func unknownCommand(_ word: String, arguments: [String] = []) -> String {
    guard let shell = commandOfTheShell(word) else {
      return unknownCommand(word, among: Command.all.flatMap(\.names), hint: "try 'help'")
    }
    let number =
      arguments.count == 1 && (try? WholeNumber.parse(arguments[0], name: "n")) != nil
      ? arguments[0] : "<n>"
    return "'\(printable(word))' is a command of the shell (primetime \(shell.name))"
      + (shell.here.map { "; here: 'counter', 'set \(number)', then '\($0)'" } ?? "")
  }

  /// The command of the shell that a word names, in any case.
  static func commandOfTheShell(_ word: String) -> (name: String, here: String?)? {
    commandsOfTheShell.first { $0.name == word.lowercased() }
  }

  /// The name of the REPL command a word names, by its name or an alias spelled exactly so;
  /// nil for any other word.
  ///
  /// ```swift
  /// CommandParser.commandName("fav")  // "favorites"
  /// ```
  public static func commandName(_ word: String) -> String? { Command.named(word)?.name }

  /// The command line's subcommands and aliases that the REPL has no command of the same name
  /// for, each with the REPL command that answers the same question of the count, if one does:
  /// `nth-prime` is `nth` here, `is-prime` is `prime`.
  public static let commandsOfTheShell: [(name: String, here: String?)] = [
    ("nth-prime", "nth"), ("is-prime", "prime"), ("prime-count", nil), ("pi", nil), ("ui", nil),
    ("replay", nil), ("sessions", nil), ("report", nil),
  ]

  /// The name a mistyped word is closest to, whatever its case: one typo away (a letter
  /// added, dropped, changed, or two swapped), or two for words longer than four letters; else
  /// the one name that the word, three letters or more, begins.
  ///
  /// - Parameters:
  ///   - word: What was typed.
  ///   - names: The names there are; the REPL's commands and aliases unless given. A name of
  ///     two letters or fewer is suggested only for its own letters swapped (`iu` for `ui`):
  ///     nearly every short word is one typo from it.
  static func nearestName(
    to word: String, among names: [String] = Command.all.flatMap(\.names)
  ) -> String? {
    let word = word.lowercased()
    if word.count == 2, let swapped = names.first(where: { $0 == String(word.reversed()) }) {
      return swapped
    }
    let names = names.filter { $0.count > 2 }
    let allowed = word.count > 4 ? 2 : 1
    let nearest = names.map { (name: $0, distance: editDistance(word, $0)) }
      .filter { $0.distance <= allowed }
      .min { $0.distance < $1.distance }
    if let nearest { return nearest.name }
    let beginning = names.filter { word.count >= 3 && $0.hasPrefix(word) }
    return beginning.count == 1 ? beginning[0] : nil
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
