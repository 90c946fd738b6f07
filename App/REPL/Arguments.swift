import NumberSyntax

/// What may follow a command's name: how it reads in the usage line, what Tab offers, and how
/// the words turn into the value the command runs with.
struct Arguments<Value: Sendable>: Sendable {
  /// The arguments as the usage line shows them, e.g. `[k]` or `<row> [row...]`.
  let usage: String
  /// What Tab offers after the command's name.
  let completions: @Sendable () -> Completion
  /// Reads the words after the command's name. A thrown message is completed with the usage.
  let parse: @Sendable ([String]) throws(CommandError) -> Value

  init(
    usage: String,
    completions: @escaping @Sendable () -> Completion = { .words([]) },
    parse: @escaping @Sendable ([String]) throws(CommandError) -> Value
  ) {
    self.usage = usage
    self.completions = completions
    self.parse = parse
  }
}

extension Arguments where Value == Void {
  /// No arguments: any word is refused.
  static var none: Self {
    Self(usage: "") { words throws(CommandError) in
      guard words.isEmpty else { throw CommandError("takes no arguments") }
    }
  }
}

extension Arguments where Value == Int {
  /// One whole number, e.g. `<n>`.
  static func number(_ name: String) -> Self {
    Self(usage: "<\(name)>") { words throws(CommandError) in
      guard !words.isEmpty else { throw CommandError("needs \(name), a whole number") }
      guard words.count == 1 else { throw CommandError("too many arguments") }
      return try wholeNumber(words[0], name: name)
    }
  }

  /// An optional whole number from 1, e.g. `[k]`; `defaultValue` when it is left out.
  static func positive(_ name: String, default defaultValue: Int) -> Self {
    let optional = Arguments<Int?>.optionalPositive(name)
    return Self(usage: optional.usage) { words throws(CommandError) in
      try optional.parse(words) ?? defaultValue
    }
  }
}

extension Arguments where Value == Int? {
  /// An optional whole number from 1, e.g. `[row]`.
  static func optionalPositive(_ name: String) -> Self {
    Self(usage: "[\(name)]") { words throws(CommandError) in
      guard words.count <= 1 else { throw CommandError("too many arguments") }
      return try words.first.map { word throws(CommandError) in
        try wholeNumber(word, name: name, atLeast: 1)
      }
    }
  }
}

extension Arguments where Value == [Int] {
  /// One or more whole numbers from 1, e.g. `<row> [row...]`.
  static func positives(_ name: String) -> Self {
    Self(usage: "<\(name)> [\(name)...]") { words throws(CommandError) in
      guard !words.isEmpty else { throw CommandError("needs at least one \(name)") }
      var values: [Int] = []
      for word in words { values.append(try wholeNumber(word, name: name, atLeast: 1)) }
      return values
    }
  }
}

extension Arguments where Value == String? {
  /// An optional file's name, e.g. `[file]`, which Tab completes from the files there are.
  static func optionalFile(_ name: String) -> Self {
    Self(usage: "[\(name)]", completions: { .fileNames }) { words throws(CommandError) in
      guard words.count <= 1 else { throw CommandError("too many arguments") }
      return words.first
    }
  }
}

extension Arguments where Value == Bool {
  /// An optional flag, e.g. `[--json]`: whether it is given.
  static func flag(_ flag: String) -> Self {
    Self(usage: "[\(flag)]", completions: { .words([flag]) }) { words throws(CommandError) in
      switch words {
      case []: return false
      case [flag]: return true
      default: throw CommandError("the only option is \(flag)")
      }
    }
  }

  /// Exactly one of two words, e.g. `on|off`: whether it is the first.
  static func either(_ yes: String, or no: String) -> Self {
    Self(usage: "\(yes)|\(no)", completions: { .words([yes, no]) }) { words throws(CommandError) in
      switch words {
      case [yes]: return true
      case [no]: return false
      default: throw CommandError("needs '\(yes)' or '\(no)'")
      }
    }
  }
}

extension CommandError {
  /// The parser's one line, as a command's error.
  init(_ error: WholeNumberError) {
    self.init(error.description)
  }
}

/// The whole number `text` spells, in the syntax of ``WholeNumber``.
private func wholeNumber(
  _ text: String, name: String, atLeast minimum: Int = .min
) throws(CommandError) -> Int {
  do {
    return try WholeNumber.parse(text, name: name, atLeast: minimum)
  } catch {
    throw CommandError(error)
  }
}
