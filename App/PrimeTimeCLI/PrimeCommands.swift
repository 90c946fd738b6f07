import ArgumentParser
import Primes
import Runtime

struct NthPrimeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: DirectCommand.Question.nthPrime.rawValue,
    abstract: "Print the nth prime, for any n whose prime is below 2^63.",
    discussion: "Example: primetime nth-prime 1000000000 prints 22801763489."
  )

  @Argument(
    help: ArgumentHelp(
      "Which prime, from 1 to \(Primes.maximumN): 1 is 2, 2 is 3, and so on; \(numberNotation).",
      valueName: DirectCommand.Question.nthPrime.argument
    ))
  var n: String

  @OptionGroup var options: ComputeOptions
}

/// How a number may be written, for the help of the commands that take one.
let numberNotation = "in digits or as 1e9, 10^12, 2^31-1 or 3*10^9"

struct ComputeOptions: ParsableArguments {
  @Option(
    name: OptionName.threads.declared, parsing: .unconditional,
    help: ArgumentHelp(
      "How many threads to use, 1 to \(Primes.maximumThreads) (default: one per core).",
      valueName: OptionName.threads.valueName))
  var requestedThreads: Int?

  @OptionGroup var timing: TimingOptions
}

struct TimingOptions: ParsableArguments {
  @Flag(
    name: OptionName.time.declared,
    help: "After the answer, print the seconds it took on stderr.")
  var reportsTime = false
}

struct PrimeCountCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: DirectCommand.Question.primeCount.rawValue,
    abstract: "Print the number of primes up to x, pi(x).",
    discussion: "Example: primetime prime-count 100 prints 25; pi is the same command.",
    aliases: DirectCommand.Question.primeCount.aliases
  )

  @Argument(
    help: ArgumentHelp(
      "The bound, from 0 to 2^63 - 1 (9223372036854775807); \(numberNotation).",
      valueName: DirectCommand.Question.primeCount.argument))
  var x: String

  @OptionGroup var options: ComputeOptions
}

struct IsPrimeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: DirectCommand.Question.isPrime.rawValue,
    abstract: "Print true if n is prime, false otherwise.",
    discussion: "Example: primetime is-prime 2147483647 prints true."
  )

  @Argument(
    help: ArgumentHelp(
      "Any integer that fits in 64 bits; \(numberNotation).",
      valueName: DirectCommand.Question.isPrime.argument))
  var n: String

  @OptionGroup var timing: TimingOptions
}
