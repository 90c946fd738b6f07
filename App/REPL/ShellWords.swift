/// Text read into commands and words as a POSIX shell reads a command line.
///
/// Blanks (spaces, tabs, carriage returns) separate words; `;` and newlines end a command. A `#`
/// that begins a word begins a comment, which runs to the end of the line.
/// Inside single quotes every character is itself. Inside double quotes a backslash escapes only
/// `"`, `\`, `$`, `` ` `` and a newline, and is itself before anything else. Outside quotes a
/// backslash makes the next character itself, and a backslash before a newline joins the lines;
/// a backslash at the very end is itself, as `sh -c` reads it. Quoted text next to unquoted
/// text is one word, and `""` is an empty word.
///
/// ```swift
/// try ShellWords.commands(in: #"save-favorites "a b.json"; incr"#)
/// // [["save-favorites", "a b.json"], ["incr"]]
/// ```
enum ShellWords {
  /// The longest command read, in UTF-8 bytes of the text that spells it.
  static let maximumCommandLength = 4096

  /// The commands of `text`, each as its words, in order; a blank command is an empty list.
  ///
  /// - Throws: ``CommandError`` for a quote that is never closed, or a command longer than
  ///   ``maximumCommandLength``; then no command of the text is read.
  static func commands(in text: String) throws(CommandError) -> [[String]] {
    var reader = Reader()
    for scalar in text.unicodeScalars {
      try reader.read(scalar)
    }
    return try reader.end()
  }

  private struct Reader {
    enum Quoting {
      case none, single, double
    }

    var commands: [[String]] = []
    var words: [String] = []
    var word = ""
    /// Whether a word has begun: a quoted empty word has, though `word` is empty.
    var isInWord = false
    var quoting = Quoting.none
    /// Whether the character before was a backslash that escapes this one.
    var isEscaped = false
    /// The UTF-8 length of the command read so far.
    var length = 0
    /// Whether a comment is being read: everything up to the next newline is left out.
    var isInComment = false

    mutating func read(_ scalar: Unicode.Scalar) throws(CommandError) {
      if isInComment {
        guard scalar == "\n" else { return }
        isInComment = false
        return try endCommand()
      }
      length += scalar.utf8.count
      if isEscaped {
        isEscaped = false
        switch (quoting, scalar) {
        // An escaped newline joins the lines, inside double quotes too.
        case (_, "\n"): return
        case (.double, "\""), (.double, "\\"), (.double, "$"), (.double, "`"):
          take(scalar)
        case (.double, _):
          take("\\")
          take(scalar)
        default:
          take(scalar)
        }
        return
      }
      switch (quoting, scalar) {
      case (.single, "'"): quoting = .none
      case (.single, _): take(scalar)
      case (.double, "\""): quoting = .none
      case (.double, "\\"): isEscaped = true
      case (.double, _): take(scalar)
      case (.none, "'"):
        quoting = .single
        isInWord = true
      case (.none, "\""):
        quoting = .double
        isInWord = true
      case (.none, "\\"): isEscaped = true
      case (.none, "#") where !isInWord:
        length -= 1
        isInComment = true
      case (.none, " "), (.none, "\t"), (.none, "\r"): endWord()
      case (.none, ";"), (.none, "\n"):
        // The separator is not part of the command.
        length -= 1
        try endCommand()
      case (.none, _): take(scalar)
      }
    }

    mutating func end() throws(CommandError) -> [[String]] {
      switch quoting {
      case .single: throw CommandError("the ' quote is never closed")
      case .double: throw CommandError("the \" quote is never closed")
      case .none: break
      }
      // A backslash at the very end has nothing to escape: it is itself.
      if isEscaped { take("\\") }
      try endCommand()
      return commands
    }

    private mutating func take(_ scalar: Unicode.Scalar) {
      word.unicodeScalars.append(scalar)
      isInWord = true
    }

    private mutating func endWord() {
      guard isInWord else { return }
      words.append(word)
      word = ""
      isInWord = false
    }

    private mutating func endCommand() throws(CommandError) {
      endWord()
      guard length <= ShellWords.maximumCommandLength else {
        throw CommandError(
          "command too long (\(length) bytes; the limit is "
            + "\(ShellWords.maximumCommandLength))")
      }
      commands.append(words)
      words = []
      length = 0
    }
  }
}
