import Foundation
import NumberSyntax
import Primes
import REPL
import Runtime
import Synchronization
import TerminalProgress

/// One of the commands for scripts, `nth-prime`, `prime-count` or `is-prime`, as it runs: the
/// question, its number as typed, and how to answer.
public struct DirectCommand: Equatable, Sendable {
  /// What the command asks.
  public enum Question: String, CaseIterable, Sendable {
    case nthPrime = "nth-prime"
    case primeCount = "prime-count"
    case isPrime = "is-prime"

    /// The number's name, in the usage and in messages.
    var argument: String { self == .primeCount ? "x" : "n" }

    /// Its other names: primecount's own word for π(x).
    var aliases: [String] { self == .primeCount ? ["pi"] : [] }

    /// The question a command's name or alias asks.
    init?(name: String) {
      guard
        let question = Self.allCases.first(where: { ([$0.rawValue] + $0.aliases).contains(name) })
      else { return nil }
      self = question
    }
  }

  public var question: Question
  /// The number as typed, in the syntax of ``WholeNumber``.
  public var number: String
  /// The threads asked for with `--threads`; one per core when `nil`.
  public var threads: Int?
  /// Whether `--time` asks for the seconds the answer took, on standard error.
  public var reportsTime: Bool

  public init(question: Question, number: String, threads: Int? = nil, reportsTime: Bool = false) {
    self.question = question
    self.number = number
    self.threads = threads
    self.reportsTime = reportsTime
  }
}

extension DirectCommand {
  /// The command that `arguments` spell in the forms scripts write: the command's name, then
  /// the number, `--threads <count>` (or `-t <count>`, `-t<count>`) and `--time` in any order.
  ///
  /// The full command-line parser reads these forms too, and a test holds the two to the same
  /// reading; this one answers without the parser's reflection, which costs more than a small
  /// answer does. Anything else is `nil`, for the full parser to read or to refuse: help, an
  /// option given twice or with `=`, a number that starts with `-`, a missing number.
  ///
  /// ```swift
  /// DirectCommand(plainArguments: ["prime-count", "--time", "10^12", "--threads", "2"])
  /// ```
  public init?(plainArguments arguments: [String]) {
    guard let name = arguments.first, let question = Question(name: name) else { return nil }
    var number: String?
    var threads: Int?
    var reportsTime = false
    // `-t4` reads as `-t 4`, as the full parser is given it.
    var words = PrimeTimeCLI.joinedNumbersApart(arguments).dropFirst()
    while let word = words.popFirst() {
      switch word {
      case OptionName.time.long where !reportsTime:
        reportsTime = true
      case _
      where OptionName.threads.spellings.contains(word) && question != .isPrime
        && threads == nil:
        guard let count = words.popFirst().flatMap({ Int($0) }) else { return nil }
        threads = count
      default:
        guard number == nil, !word.hasPrefix("-") else { return nil }
        number = word
      }
    }
    guard let number else { return nil }
    self.init(question: question, number: number, threads: threads, reportsTime: reportsTime)
  }

  /// Answers on standard output, or refuses with one line on standard error.
  ///
  /// - Parameters:
  ///   - progress: Where the engine reports how far it is.
  ///   - terminal: Whether standard input and error are terminals: the progress is drawn on a
  ///     terminal only, and only then does the answer run beside the drawing.
  /// - Returns: The exit status: 0; 64 when the number or the thread count is refused; 70 when
  ///   the engine fails otherwise.
  @MainActor
  public func run(progress: LookupProgress, terminal: (input: Bool, error: Bool)) async -> Int32 {
    let start = ContinuousClock.now
    let answer: Result<String, DirectCommandError>
    if terminal.error {
      answer = await Self.answerShowingProgress(of: self, progress: progress, terminal: terminal)
    } else {
      answer = Result { () throws(DirectCommandError) in try self.answer(progress: progress) }
    }
    switch answer {
    case .success(let text):
      print(text)
      if reportsTime {
        REPL.flushOutput()  // the answer first, also where both streams go to one pipe
        let seconds = Double((ContinuousClock.now - start) / .milliseconds(1)) / 1000
        StandardError.line("Seconds: \(String(format: "%.3f", seconds))")
      }
      return 0
    case .failure(let error):
      StandardError.say(error.message)
      return error.status
    }
  }

  /// The answer, computed on the calling thread.
  func answer(progress: LookupProgress) throws(DirectCommandError) -> String {
    let value: Int
    do {
      switch question {
      case .nthPrime:
        value = try WholeNumber.parse(number, name: question.argument, in: 1...Primes.maximumN)
      case .primeCount:
        value = try WholeNumber.parse(number, name: question.argument, in: 0...Primes.maximumX)
      case .isPrime:
        value = try WholeNumber.parse(number, name: question.argument, in: Int.min...Int.max)
      }
    } catch {
      throw DirectCommandError(error.description)
    }
    if question == .isPrime { return String(Primes.isPrime(value)) }
    // The count asked for is checked; without one, the engine takes one per core, and looks
    // them up only for work large enough to share.
    if let threads, !(1...Primes.maximumThreads).contains(threads) {
      throw DirectCommandError(
        "\(OptionName.threads.long) must be between 1 and \(Primes.maximumThreads)")
    }
    let report: ProgressHandler = { progress.report($0) }
    do {
      let answer =
        question == .nthPrime
        ? try Primes.nthPrime(value, threads: threads, progress: report)
        : try Primes.primeCount(value, threads: threads, progress: report)
      return String(answer)
    } catch let error as PrimesError {
      throw DirectCommandError(error.description)
    } catch {
      throw DirectCommandError("\(error)", status: DirectCommandError.softwareStatus)
    }
  }

  /// The answer, computed off the main actor while the progress is drawn on standard error
  /// after a moment.
  @MainActor
  private static func answerShowingProgress(
    of command: DirectCommand, progress: LookupProgress, terminal: (input: Bool, error: Bool)
  ) async -> Result<String, DirectCommandError> {
    let isDone = Mutex(false)
    let task = Task.detached(priority: .userInitiated) {
      defer { isDone.withLock { $0 = true } }
      return Result { () throws(DirectCommandError) in try command.answer(progress: progress) }
    }
    let display = ProgressDisplay.onStandardError(progress, terminal: terminal, hint: nil)
    _ = await display.watch(while: { !isDone.withLock { $0 } })
    return await task.value
  }
}

/// Why a command for scripts gives no answer: one line, without the program's name.
struct DirectCommandError: Error, Equatable {
  let message: String
  /// The exit status: 64 (EX_USAGE) for refused arguments, unless said otherwise.
  let status: Int32

  /// Exit status for a failure that is not the arguments' (EX_SOFTWARE).
  static let softwareStatus: Int32 = 70

  init(_ message: String, status: Int32 = PrimeTimeCLI.usageStatus) {
    self.message = message
    self.status = status
  }
}
