import ArgumentParser
import NumberSyntax
import Runtime
import Testing

@testable import PrimeTimeCLI

struct DirectCommandTests {
  @Test(
    arguments: [
      ["nth-prime", "7"], ["prime-count", "1e9", "--threads", "2"],
      ["is-prime", "2^31-1", "--time"], ["nth-prime", "--time", "10", "--threads", "1"],
      ["prime-count", "--threads", "+2", "5"], ["nth-prime", "10^15+37", "--threads", "-1"],
      ["is-prime", "0"], ["nth-prime", "abc"], ["pi", "100"], ["pi", "-t", "1", "1e9"],
      ["nth-prime", "5", "-t", "2", "--time"],
      // primecount's joined form.
      ["nth-prime", "-t2", "5"], ["pi", "1e9", "-t1", "--time"], ["prime-count", "7", "-t+2"],
      ["prime-count", "-t-1", "7"],
    ])
  func plainForms_readAsTheFullParserReadsThem(arguments: [String]) throws {
    let full = PrimeTimeCLI.directCommand(
      try PrimeTimeCommand.parseAsRoot(PrimeTimeCLI.parserArguments(arguments)))
    #expect(full != nil)
    #expect(DirectCommand(plainArguments: arguments) == full)
  }

  @Test func plainForm_readsEachPart() {
    #expect(
      DirectCommand(plainArguments: ["prime-count", "--time", "10^12", "--threads", "2"])
        == DirectCommand(question: .primeCount, number: "10^12", threads: 2, reportsTime: true))
  }

  @Test(
    arguments: [
      [], ["help"], ["replay", "x"], ["nth-prime"], ["nth-prime", "--help"], ["nth-prime", "-5"],
      ["nth-prime", "5", "6"], ["is-prime", "7", "--threads", "2"],
      ["nth-prime", "5", "--threads"],
      ["nth-prime", "5", "--threads", "x"], ["nth-prime", "5", "--time", "--time"],
      ["nth-prime", "5", "--threads=2"], ["nth-prime", "5", "--threads", "1", "--threads", "2"],
      ["nth-prime", "5", "--data-dir", "x"], ["nth-prime", "--", "5"],
      ["nth-prime", "5", "-t"], ["nth-prime", "5", "-tx"], ["nth-prime", "5", "-t2", "-t", "2"],
      ["is-prime", "7", "-t2"], ["nth-prime", "5", "-time"], ["nth-prime", "5", "-t2x"],
    ])
  func everyOtherForm_isLeftToTheFullParser(arguments: [String]) {
    #expect(DirectCommand(plainArguments: arguments) == nil)
  }

  /// A number outside a command's range is refused in one wording, whichever command it is
  /// and whichever side of the range it falls on, also beyond 64 bits.
  @Test(
    arguments: [
      (DirectCommand.Question.nthPrime, "0", "n must be between 1 and 216289611853439384, not 0"),
      (.nthPrime, "2^63", "n must be between 1 and 216289611853439384, not 2^63"),
      (.primeCount, "-1", "x must be between 0 and 9223372036854775807, not -1"),
      (.primeCount, "2^64", "x must be between 0 and 9223372036854775807, not 2^64"),
      (
        .isPrime, "2^63",
        "n must be between -9223372036854775808 and 9223372036854775807, not 2^63"
      ),
      (
        .isPrime, "-2^63-1",
        "n must be between -9223372036854775808 and 9223372036854775807, not -2^63-1"
      ),
      (
        .isPrime, "1e99",
        "n must be between -9223372036854775808 and 9223372036854775807, not 1e99"
      ),
    ])
  func aNumberOutOfRange_isRefusedAlike_byEveryCommand(
    question: DirectCommand.Question, number: String, message: String
  ) {
    #expect(throws: DirectCommandError(message)) {
      try DirectCommand(question: question, number: number, threads: 1)
        .answer(progress: LookupProgress())
    }
  }

  @Test func answer_readsTheNumberSyntax_andChecksTheThreads() throws {
    let progress = LookupProgress()
    #expect(
      try DirectCommand(question: .nthPrime, number: "1e3", threads: 1).answer(progress: progress)
        == "7919")
    #expect(
      try DirectCommand(question: .primeCount, number: "10^6").answer(progress: progress)
        == "78498")
    #expect(
      try DirectCommand(question: .isPrime, number: "2^31-1").answer(progress: progress) == "true")
    #expect(throws: DirectCommandError("--threads must be between 1 and 1024")) {
      try DirectCommand(question: .nthPrime, number: "5", threads: 0).answer(progress: progress)
    }
    #expect(throws: DirectCommandError("x must be a whole number, not '1.5'")) {
      try DirectCommand(question: .primeCount, number: "1.5").answer(progress: progress)
    }
    #expect(
      throws: DirectCommandError(
        "x cannot be worked out: 10^40, in 10^40-10^40, is beyond 128 bits")
    ) {
      try DirectCommand(question: .primeCount, number: "10^40-10^40").answer(progress: progress)
    }
  }
}

@Suite struct ComputeOptionsHelpTests {
  /// The help says how many threads the commands take, as their refusal of more does.
  @Test func theHelp_givesTheRangeOfThreads() {
    for command: any ParsableCommand.Type in [PrimeCountCommand.self, NthPrimeCommand.self] {
      let help = PrimeTimeCommand.helpMessage(for: command, columns: 200)
      #expect(
        help.contains("How many threads to use, 1 to 1024 (default: one per core)."), "\(help)")
    }
  }

  /// The help of each command that takes a number shows how it may be written, and every
  /// example it gives reads as the number it stands for.
  @Test func theHelp_showsTheNumberNotation_withExamplesThatRead() throws {
    for command: any ParsableCommand.Type in [
      PrimeCountCommand.self, NthPrimeCommand.self, IsPrimeCommand.self,
    ] {
      let help = PrimeTimeCommand.helpMessage(for: command, columns: 200)
      #expect(help.contains("in digits or as 1e9, 10^12, 2^31-1 or 3*10^9."), "\(help)")
    }
    // The two that count say the range of their number, as their refusals do.
    #expect(
      PrimeTimeCommand.helpMessage(for: NthPrimeCommand.self, columns: 200)
        .contains("Which prime, from 1 to 216289611853439384:"))
    #expect(
      PrimeTimeCommand.helpMessage(for: PrimeCountCommand.self, columns: 200)
        .contains("The bound, from 0 to 2^63 - 1 (9223372036854775807)"))
    let examples = ["1e9": 1_000_000_000, "10^12": 1_000_000_000_000, "2^31-1": 2_147_483_647]
    for (text, value) in examples {
      #expect(numberNotation.contains(text))
      #expect(try WholeNumber.parse(text, name: "n") == value)
    }
    #expect(try WholeNumber.parse("3*10^9", name: "n") == 3_000_000_000)
  }
}
