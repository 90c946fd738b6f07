import ArgumentParser

/// An option of the command line, named once: the parser's declarations take its names from
/// here, and so do the fast path for scripts and the entry point's checks of where an option
/// goes.
enum OptionName: String {
  case dataDirectory = "data-dir"
  case command
  case file
  case record
  case noRecord = "no-record"
  case force
  case threads
  case time

  /// The one-letter name, for the options that have one: `-c`, and primecount's `-t`.
  var short: Character? {
    switch self {
    case .command: "c"
    case .file: "f"
    case .threads: "t"
    case .dataDirectory, .record, .noRecord, .force, .time: nil
    }
  }

  /// The names, as the parser's declaration gives them.
  var declared: NameSpecification {
    guard let short else { return .customLong(rawValue) }
    return [.customShort(short), .customLong(rawValue)]
  }

  /// The whole number joined to the one-letter name in `argument`, as primecount writes a
  /// thread count: "4" in `-t4`, "-1" in `-t-1`; `nil` for any other argument, `-time` among
  /// them, and for the options whose values are not numbers.
  func joinedNumber(in argument: String) -> Substring? {
    guard self == .threads, let short, argument.hasPrefix("-\(short)") else { return nil }
    let value = argument.dropFirst(2)
    let digits = value.first == "+" || value.first == "-" ? value.dropFirst() : value
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return value
  }

  /// The long name as a command line spells it: `--data-dir`.
  var long: String { "--" + rawValue }

  /// Every spelling of the option on a command line: `--command` and `-c`.
  var spellings: [String] { [long] + (short.map { ["-\($0)"] } ?? []) }

  /// The name of the option's value, in the help; `nil` for a flag.
  var valueName: String? {
    switch self {
    case .dataDirectory: "dir"
    case .command: "commands"
    case .file: "file"
    case .record: "file"
    case .threads: "count"
    case .noRecord, .force, .time: nil
    }
  }

  /// What the completion scripts offer for the option's value: files for a recording or a
  /// script, directories for the data; `nil` for a flag, or a value that names no file.
  var completion: CompletionKind? {
    switch self {
    case .dataDirectory: .directory
    case .record, .file: .file()
    case .command, .noRecord, .force, .threads, .time: nil
    }
  }

  /// The option in a usage line: `[-c <commands>]`, by its shortest name.
  var usage: String { "[" + spelled + "]" }

  /// The option and its value, by its shortest name: `-c <commands>`.
  private var spelled: String {
    (short.map { "-\($0)" } ?? long) + (valueName.map { " <\($0)>" } ?? "")
  }

  /// The REPL's usage line after `primetime`: its options, the two that do not go together as
  /// one choice, `[-c <commands> | -f <file>]`.
  static var replUsage: String {
    (repl + replFlags).map { option in
      switch option {
      case .command: "[\(OptionName.command.spelled) | \(OptionName.file.spelled)]"
      case .file: nil
      default: option.usage
      }
    }.compactMap { $0 }.joined(separator: " ")
  }

  /// The options of a session, which the REPL and the full screen both take.
  static let session: [OptionName] = [.dataDirectory, .record, .noRecord, .force]

  /// The options that go with the REPL alone, not with a command for scripts; each takes a
  /// value.
  static let repl: [OptionName] = [.dataDirectory, .command, .file, .record]

  /// The flags that go with the REPL alone.
  static let replFlags: [OptionName] = [.noRecord, .force]
}
