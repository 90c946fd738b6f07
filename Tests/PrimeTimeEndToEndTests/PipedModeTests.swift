import FavoritePrimesFormat
import Foundation
import Testing

struct PipedModeTests {
  @Test func everyCommandSucceeding_exitsZero_andPrintsNoPromptOrEscapes() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(
      [], input: Data("incr\nincr\nnth\n".utf8), home: home, environment: ["TERM": "xterm"])
    #expect(result.status == 0)
    #expect(result.stdout == "count: 1\ncount: 2\nthe 2nd prime is 3\n")
    #expect(result.stderr == "")
    #expect(!result.stdout.contains("\u{1B}"))
  }

  @Test func aFailingLine_exitsOne_namingTheLine() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run([], input: Data("incr\nfrobnicate\nincr\n".utf8), home: home)
    #expect(result.status == 1)
    #expect(result.stdout == "count: 1\ncount: 2\n")
    #expect(result.stderr == "primetime: line 2: unknown command 'frobnicate' (try 'help')\n")
  }

  @Test func aCommandOfTheShell_inTheREPL_saysHowToRunIt_andWhatDoesTheSameHere() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run([], input: Data("nth-prime 5\nset 5\nnth\n".utf8), home: home)
    #expect(result.status == 1)
    #expect(result.stdout == "count: 5\nthe 5th prime is 11\n")
    #expect(
      result.stderr
        == "primetime: line 1: 'nth-prime' is a command of the shell (primetime nth-prime); here:"
        + " 'counter', 'set 5', then 'nth'\n")
  }

  /// The REPL commands it names answer from the favorites screen too.
  @Test func theREPLsWayToACommandOfTheShell_worksFromTheFavoritesScreen() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(
      [], input: Data("favorites\nnth-prime 5\ncounter\nset 5\nnth\n".utf8), home: home)
    #expect(result.stderr.hasSuffix("here: 'counter', 'set 5', then 'nth'\n"))
    #expect(result.stdout.hasSuffix("count: 5\nthe 5th prime is 11\n"))
  }

  @Test func semicolons_separateCommands_onAPipedLine() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(
      [], input: Data("incr;incr\nincr; bogus; incr\n".utf8), home: home)
    #expect(result.status == 1)
    #expect(result.stdout == "count: 1\ncount: 2\ncount: 3\ncount: 4\n")
    #expect(result.stderr == "primetime: line 2: unknown command 'bogus' (try 'help')\n")
  }

  @Test func commandString_runsLikePipedInput() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(["-c", "incr; incr; nth"], home: home)
    #expect(result.status == 0)
    #expect(result.stdout == "count: 1\ncount: 2\nthe 2nd prime is 3\n")
  }

  @Test func favorites_surviveARestart() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let first = try PrimeTime.run([], input: Data("set 7\nsave\nset 11\nsave\n".utf8), home: home)
    #expect(first.status == 0)
    let second = try PrimeTime.run([], input: Data("favorites\nactivity\n".utf8), home: home)
    #expect(second.status == 0)
    let lines = second.stdout.split(separator: "\n")
    #expect(lines.prefix(2) == ["1  7", "2  11"])
    #expect(lines.count == 4)
    #expect(lines[2].hasSuffix("added   11"))
    #expect(lines[3].hasSuffix("added   7"))
    #expect(FileManager.default.fileExists(atPath: home.appending(path: "primetime.sqlite").path))
  }

  @Test func dataDirOption_winsOverTheEnvironment() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let other = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: other) }
    defer {
      try? FileManager.default.removeItem(at: home)
      try? FileManager.default.removeItem(at: other)
    }
    _ = try PrimeTime.run(
      ["--data-dir", other.path], input: Data("set 3\nsave\n".utf8), home: home)
    #expect(FileManager.default.fileExists(atPath: other.appending(path: "primetime.sqlite").path))
    #expect(!FileManager.default.fileExists(atPath: home.appending(path: "primetime.sqlite").path))
  }

  @Test func corruptFavoritesFile_isMovedAside_andTheAppStartsEmpty() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appending(path: FavoritePrimesFile.name)
    try Data("{ not json".utf8).write(to: file)
    let result = try PrimeTime.run([], input: Data("favorites\n".utf8), home: home)
    #expect(result.status == 1)
    #expect(result.stderr.contains("favorite-primes.json could not be read"))
    #expect(result.stderr.contains("moved it to"))
    let contents = try FileManager.default.contentsOfDirectory(atPath: home.path)
    let aside = try #require(contents.first { $0.hasPrefix("favorite-primes.json.unreadable-") })
    // The database is moved aside under the same style (ReliabilityTests).
    #expect(aside.wholeMatch(of: /favorite-primes\.json\.unreadable-\d{8}T\d{6}Z-\d+/) != nil)
    #expect(try Data(contentsOf: home.appending(path: aside)) == Data("{ not json".utf8))
  }

  @Test(arguments: ["[2, 4, 7, 2]", #"{"version":1,"favoritePrimes":[2,4,7,2]}"#])
  func oldFavoritesFile_withANonPrimeAndARepeat_keepsItsPrimes_andSaysWhatItSkipped(
    contents: String
  ) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try Data(contents.utf8).write(to: home.appending(path: FavoritePrimesFile.name))
    let result = try PrimeTime.run([], input: Data("favorites\n".utf8), home: home)
    #expect(result.status == 0)
    #expect(result.stdout == "1  2\n2  7\n")
    #expect(
      result.stderr.contains(
        "favorite-primes.json: skipped 4 (not prime), 2 (listed twice)"), "\(result.stderr)")
    #expect(
      try Data(contentsOf: home.appending(path: FavoritePrimesFile.name + ".migrated"))
        == Data(contents.utf8))
  }

  @Test func garbageBytes_getOneLineEach_andChangeNothing() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    var input = Data([0xFF, 0xFE, 0x00, 0x41, 0x0A])
    input += Data("set 99999999999999999999999\n\u{07}\u{1B}[A\nincr\n".utf8)
    let result = try PrimeTime.run([], input: input, home: home)
    #expect(result.status == 1)
    #expect(result.stdout == "count: 1\n")
    #expect(result.stderr.split(separator: "\n").count == 3)
  }

  @Test func saveFavorites_whereNoFileCanBe_namesTheFileTheUserNamed() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(
      [], input: Data("save-favorites /proc/x.json\n".utf8), home: home)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "primetime: line 1: could not save the favorite primes: could not write /proc/x.json: "
        + "No such file or directory\n")
  }

  @Test func saveFavorites_intoAFolderThatDoesNotExist_createsNoFolder_andNamesIt() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    // A relative path starts from the current directory, here the data directory, whose path
    // holds a space.
    let missing = home.appending(path: "missing/folder")
    let file = missing.appending(path: "x.json").path
    let result = try PrimeTime.run(
      ["-c", "set 7; save; save-favorites missing/folder/x.json"], home: home, directory: home)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "primetime: command 3: could not save the favorite primes: could not write \(file): "
        + "there is no directory \(missing.path)\n")
    #expect(!FileManager.default.fileExists(atPath: home.appending(path: "missing").path))
  }

  @Test func saveFavorites_namesTheFileItWrote_fromWhereYouStand_orInTheDataDirectory() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let work = home.appending(path: "work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
    let result = try PrimeTime.run(
      ["-c", "set 7; save; set 3; save; save-favorites ./favs.json; save-favorites"], home: home,
      directory: work)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").suffix(2)
    #expect(
      Array(lines) == [
        "saved 2 favorite primes to \(work.appending(path: "favs.json").path)",
        "saved 2 favorite primes to \(home.appending(path: "favorite-primes.json").path)",
      ])
    #expect(FileManager.default.fileExists(atPath: work.appending(path: "favs.json").path))
  }
}

struct PrimeCommandTests {
  @Test func nthPrime_printsTheAnswerAlone() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(["nth-prime", "1000"], home: home)
    #expect(result.stdout == "7919\n")
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  @Test func primeCountAndIsPrime_printTheirAnswers() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    #expect(try PrimeTime.run(["prime-count", "100"], home: home).stdout == "25\n")
    #expect(try PrimeTime.run(["is-prime", "2147483647"], home: home).stdout == "true\n")
    #expect(try PrimeTime.run(["is-prime", "561"], home: home).stdout == "false\n")
  }

  @Test func primecountsWords_piAndDashT_areUnderstood() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    #expect(try PrimeTime.run(["pi", "100"], home: home).stdout == "25\n")
    #expect(try PrimeTime.run(["pi", "1e6", "-t", "1"], home: home).stdout == "78498\n")
    let timed = try PrimeTime.run(["nth-prime", "-t", "2", "1000", "--time"], home: home)
    #expect(timed.stdout == "7919\n")
    #expect(timed.stderr.hasPrefix("Seconds: "))
    let help = try PrimeTime.run(["help", "pi"], home: home)
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: primetime prime-count <x>"))
  }

  @Test(
    arguments: [
      (["nth-prime", "0"], "n must be between 1 and 216289611853439384, not 0"),
      (["pi", "2^63"], "x must be between 0 and 9223372036854775807, not 2^63"),
      (
        ["is-prime", "2^63"],
        "n must be between -9223372036854775808 and 9223372036854775807, not 2^63"
      ),
    ])
  func theCommandsForScripts_sayARangeErrorAlike(arguments: [String], message: String) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(arguments, home: home)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr == "primetime: \(message)\n")
  }

  @Test(arguments: [
    (["-t", "2", "-c", "incr"], "-t"), (["-c", "incr", "--threads", "2"], "--threads"),
    (["-t2", "-c", "incr"], "-t"), (["is-prime", "7", "-t", "2"], "-t"),
  ])
  func aThreadCount_outsideThePrimeCommands_saysWhereItGoes(arguments: [String], option: String)
    throws
  {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(arguments, home: home)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "primetime: \(option) goes with 'prime-count' and 'nth-prime'\n")
  }

  @Test func theCommandsForScripts_readNumbersAsPrimecountDoes() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    #expect(try PrimeTime.run(["nth-prime", "1e3"], home: home).stdout == "7919\n")
    #expect(
      try PrimeTime.run(["prime-count", "10^6", "--threads", "1"], home: home).stdout == "78498\n")
    // primecount's -t with its count joined, on the plain path and behind another option.
    #expect(try PrimeTime.run(["pi", "1e8", "-t1"], home: home).stdout == "5761455\n")
    #expect(try PrimeTime.run(["-t2", "pi", "--", "1e8"], home: home).stdout == "5761455\n")
    let zero = try PrimeTime.run(["pi", "1e8", "-t0"], home: home)
    #expect(zero.status == 64)
    #expect(zero.stderr == "primetime: --threads must be between 1 and 1024\n")
    // Only a number is taken as joined: a misspelt option is still named as one, and a -t
    // alone still lacks its count.
    let misspelt = try PrimeTime.run(["pi", "100", "-time"], home: home)
    #expect(misspelt.stderr == "primetime: unknown option '-time'. Did you mean '--time'?\n")
    for arguments in [["pi", "100", "-tc"], ["pi", "-tc", "100"], ["-tc", "pi", "100"]] {
      let joined = try PrimeTime.run(arguments, home: home)
      #expect(joined.stderr == "primetime: unknown option '-tc'\n", "\(arguments)")
    }
    let alone = try PrimeTime.run(["pi", "100", "-t"], home: home)
    #expect(alone.stderr == "primetime: missing value for '-t <count>'\n")
    #expect(try PrimeTime.run(["is-prime", "2^31-1"], home: home).stdout == "true\n")
    let huge = try PrimeTime.run(["nth-prime", "2^63"], home: home)
    #expect(huge.status == 64)
    #expect(huge.stderr == "primetime: n must be between 1 and 216289611853439384, not 2^63\n")
    let tiny = try PrimeTime.run(["prime-count", "--", "-10^40"], home: home)
    #expect(tiny.status == 64)
    #expect(tiny.stderr == "primetime: x must be between 0 and 9223372036854775807, not -10^40\n")
  }

  @Test func time_printsTheSecondsOnStandardError_afterTheAnswer() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    for arguments in [["nth-prime", "1000", "--time"], ["is-prime", "--time", "7"]] {
      let result = try PrimeTime.run(arguments, home: home)
      #expect(result.status == 0)
      #expect(result.stdout == (arguments[0] == "is-prime" ? "true\n" : "7919\n"))
      #expect(
        result.stderr.wholeMatch(of: /Seconds: [0-9]+\.[0-9]{3}\n/) != nil, "\(result.stderr)")
    }
    let refused = try PrimeTime.run(["nth-prime", "0", "--time"], home: home)
    #expect(refused.status == 64)
    #expect(!refused.stderr.contains("Seconds"))
  }

  @Test func time_comesAfterTheAnswer_whenBothStreamsShareAPipe() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let process = Process()
    process.executableURL = PrimeTime.binary
    process.arguments = ["nth-prime", "1000", "--time"]
    process.environment = PrimeTime.instrumentation.merging(["PRIMETIME_HOME": home.path]) { $1 }
    let both = Pipe()
    process.standardOutput = both
    process.standardError = both
    try process.run()
    let output = String(decoding: both.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(output.wholeMatch(of: /7919\nSeconds: [0-9]+\.[0-9]{3}\n/) != nil, "\(output)")
  }

  @Test func aStepBeyond128Bits_isNamed_notTheValue() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let step = "10^40, in 10^40-10^40, is beyond 128 bits"
    let direct = try PrimeTime.run(["is-prime", "10^40-10^40"], home: home)
    #expect(direct.status == 64)
    #expect(direct.stderr == "primetime: n cannot be worked out: \(step)\n")
    let repl = try PrimeTime.run([], input: Data("set 10^40-10^40\n".utf8), home: home)
    #expect(repl.status == 1)
    #expect(
      repl.stderr == "primetime: line 1: set: n cannot be worked out: \(step) (usage: set <n>)\n")
  }

  @Test func theCommandsForScripts_neverTouchTheDataDirectory() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let missing = home.appending(path: "missing")
    for arguments in [
      ["nth-prime", "10"], ["prime-count", "10", "--threads=1"], ["is-prime", "--", "-7"],
    ] {
      let result = try PrimeTime.run(
        arguments, home: home, environment: ["PRIMETIME_HOME": missing.path])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      let empty = try PrimeTime.run(arguments, home: home, environment: ["PRIMETIME_HOME": ""])
      #expect(empty.status == 0, "\(arguments): \(empty.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: missing.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
  }

  @Test func aNegativeNumber_isAValue_notAnOption() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let isPrime = try PrimeTime.run(["is-prime", "-7"], home: home)
    #expect(isPrime.status == 0)
    #expect(isPrime.stdout == "false\n")
    let nth = try PrimeTime.run(["nth-prime", "-1"], home: home)
    #expect(nth.status == 64)
    #expect(nth.stderr.contains("between 1 and"), "\(nth.stderr)")
    let count = try PrimeTime.run(["prime-count", "-5", "--threads", "1"], home: home)
    #expect(count.status == 64)
    #expect(count.stderr.contains("between 0 and"), "\(count.stderr)")
    let huge = try PrimeTime.run(["is-prime", "99999999999999999999"], home: home)
    #expect(huge.status == 64)
    #expect(
      huge.stderr
        == "primetime: n must be between -9223372036854775808 and 9223372036854775807, not "
        + "99999999999999999999\n")
    let threads = try PrimeTime.run(["nth-prime", "5", "--threads", "-1"], home: home)
    #expect(threads.status == 64)
    #expect(threads.stderr == "primetime: --threads must be between 1 and 1024\n")
  }

  @Test(
    arguments: [
      ["nth-prime", "0"], ["nth-prime", "-5"], ["nth-prime", "abc"],
      ["nth-prime", "216289611853439385"], ["nth-prime", "99999999999999999999999"], ["nth-prime"],
      ["prime-count", "9223372036854775808"],
      ["prime-count", "-1"], ["is-prime", "x"], ["is-prime", "1", "2"], ["nth-prime", ""],
    ])
  func badArguments_exit64_withOneLine(arguments: [String]) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(arguments, home: home)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.hasPrefix("primetime: "))
  }

  @Test(
    arguments: [
      (["nth-prime-x", "5"], "unknown command 'nth-prime-x'; did you mean 'nth-prime'?"),
      (
        ["primecount", "--time", "10"], "unknown command 'primecount'; did you mean 'prime-count'?"
      ),
      (["foo"], "unknown command 'foo' (try 'primetime --help')"),
      (["ip", "7"], "unknown command 'ip'; did you mean 'pi'?"),
      (
        ["incr", "3"],
        "'incr' is a REPL command: type it in the REPL (primetime), or run it with primetime -c"
      ),
      (["prime", "7"], "'prime' is a REPL command; did you mean 'is-prime'?"),
    ])
  func anUnknownCommand_isAUsageError_sayingWhatWasMeant(arguments: [String], message: String)
    throws
  {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(arguments, home: home)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr == "primetime: \(message)\n")
  }

  @Test func extraArgumentsAfterACommand_keepTheParsersMessage() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(["nth-prime", "5", "6"], home: home)
    #expect(result.status == 64)
    #expect(result.stderr == "primetime: unexpected argument '6'\n")
  }

  @Test func onePastTheRange_isRefused_withTheRange() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let n = try PrimeTime.run(["nth-prime", "216289611853439385"], home: home)
    #expect(
      n.stderr == "primetime: n must be between 1 and 216289611853439384, not 216289611853439385\n")
    let x = try PrimeTime.run(["prime-count", "9223372036854775808"], home: home)
    #expect(
      x.stderr
        == "primetime: x must be between 0 and 9223372036854775807, not 9223372036854775808\n")
  }

  @Test func helpAndVersion_behaveAsAnyCLIs() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let help = try PrimeTime.run(["--help"], home: home)
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: primetime [--data-dir <dir>]"))
    #expect(help.stdout.contains("primetime <subcommand>"))
    #expect(help.stdout.contains("nth-prime"))
    let version = try PrimeTime.run(["--version"], home: home)
    #expect(version.status == 0)
    #expect(version.stdout == "0.1.0\n")
  }
}

struct NewUserFlowTests {
  /// The README's first session: count to 7, see it is prime, save it, ask for the 7th prime,
  /// undo and redo, quit; a new session finds the favorite, and a removal in a third session is
  /// what a fourth one sees.
  @Test func countSaveAskUndoQuit_restartFindsWhatWasLeft() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let first = try PrimeTime.run(
      [], input: Data("incr\nincr 6\nprime\nsave\nnth\nundo\nredo\nquit\n".utf8), home: home)
    #expect(first.status == 0)
    #expect(
      first.stdout == """
        count: 1
        count: 7
        7 is prime 🎉  ('save' adds it to your favorite primes)
        saved 7 to your favorite primes
        the 7th prime is 17
        undone; count: 7; no favorites
        redone; count: 7; favorites: 7

        """)
    let second = try PrimeTime.run([], input: Data("favorites\nundo\n".utf8), home: home)
    // A new session starts a new history: there is nothing to undo yet, which is news, not a
    // failure.
    #expect(second.stdout == "1  7\nnothing to undo\n")
    #expect(second.stderr == "")
    #expect(second.status == 0)
    let third = try PrimeTime.run(
      [], input: Data("set 7\nremove\nquit\n".utf8), home: home)
    #expect(third.status == 0)
    let fourth = try PrimeTime.run([], input: Data("favorites\n".utf8), home: home)
    #expect(fourth.stdout.hasPrefix("no favorite primes yet;"))
  }
}

struct DataDirectoryTests {
  @Test(
    arguments: [
      (["--data-dir", ""], [:], "--data-dir is empty; name a directory, or leave the option out"),
      ([], ["PRIMETIME_HOME": ""], "PRIMETIME_HOME is empty; name a directory, or unset it"),
    ] as [([String], [String: String], String)])
  func anEmptyDataDirectory_isAUsageError_inOneClearLine(
    arguments: [String], variables: [String: String], message: String
  ) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(
      arguments + ["-c", "set 7; save"], home: home, environment: variables)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr == "primetime: \(message)\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
  }

  @Test func helpForAnUnknownCommand_isAnUnknownCommand_withTheSuggestion() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(["help", "nth-prim"], home: home)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr == "primetime: unknown command 'nth-prim'; did you mean 'nth-prime'?\n")
    let known = try PrimeTime.run(["help", "nth-prime"], home: home)
    #expect(known.status == 0)
    #expect(known.stdout.contains("USAGE: primetime nth-prime"))
  }

  @Test func aRelativeXDGDataHome_isIgnored() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(
      ["-c", "set 7; save"], home: home, unsetting: ["PRIMETIME_HOME"],
      environment: ["XDG_DATA_HOME": "relative/data"], directory: home)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: home.appending(path: ".local/share/primetime/primetime.sqlite").path))
    #expect(!FileManager.default.fileExists(atPath: home.appending(path: "relative").path))
  }
}

struct HelpTests {
  @Test func primetimeHelp_showsTheREPLsOptions() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let help = try PrimeTime.run(["--help"], home: home)
    #expect(help.status == 0)
    for option in ["--data-dir <dir>", "-c, --command <commands>", "--record <file>"] {
      #expect(help.stdout.contains(option), "\(option)")
    }
    #expect(!help.stdout.contains("(the default)"))
  }

  @Test(arguments: [
    ["--record", "x.jsonl", "nth-prime", "5"], ["-c", "incr", "is-prime", "7"],
    ["--data-dir=/tmp", "prime-count", "10"],
  ])
  func theREPLsOptions_withACommandForScripts_areAUsageError(arguments: [String]) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(arguments, home: home, directory: home)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    let command = try #require(arguments.first { $0.contains("-") && !$0.hasPrefix("-") })
    #expect(result.stderr.hasSuffix("goes with the REPL, not with '\(command)'\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
  }

  @Test func theREPLsOptions_afterACommandForScripts_areAUsageError() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let recording = home.appending(path: "x.jsonl").path
    let result = try PrimeTime.run(
      ["replay", "--record", recording, "missing.jsonl"], home: home, directory: home)
    #expect(result.status == 64)
    #expect(result.stderr == "primetime: --record goes with the REPL, not with 'replay'\n")
    #expect(!FileManager.default.fileExists(atPath: recording))
  }

  @Test(arguments: ["nth-prime", "prime-count"])
  func aDirectCommandsHelp_saysEachDefaultOnce(command: String) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let help = try PrimeTime.run([command, "--help"], home: home)
    #expect(help.status == 0)
    #expect(help.stdout.components(separatedBy: "(default").count == 2, "\(help.stdout)")
  }
}

/// Every message the app prints, on stdout or stderr, in the REPL or from a command for
/// scripts, follows one convention: it begins in lower case (numbers and quoted words aside)
/// and ends without a full stop.
struct MessageStyleTests {
  private func violations(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { line in
      var message = line[...]
      for prefix in ["primetime: ", "line ", "command "] where message.hasPrefix(prefix) {
        message = message.dropFirst(prefix.count)
        if prefix != "primetime: " { message = message.drop { $0 != ":" }.dropFirst(2) }
      }
      let startsInCapitals = message.first.map { $0.isUppercase } ?? false
      return startsInCapitals || message.hasSuffix(".")
    }
  }

  @Test func everyREPLMessage_beginsInLowerCase_andEndsWithoutAFullStop() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let script = """
      help; help nth; incr; incr 5; decr 2; set 7; prime; save; save; remove; remove
      set 6; prime; save; nth; set 0; nth; incr 9223372036854775807; decr 9223372036854775807
      favorites; delete 9; nth 9; delete 0; nth; counter; set 7; prime; save; favorites; nth 1
      delete 1; undo; redo; undo; undo; history; save-favorites; load-favorites
      load-favorites missing.json; load-favorites /; save-favorites /; activity; icnr; bogus
      set x; set; incr 0; state --yaml; trace; help on; counter; undo; undo; undo; redo; quit
      """
    let result = try PrimeTime.run([], input: Data(script.utf8), home: home)
    #expect(result.status == 1)
    #expect(result.stderr.split(separator: "\n").count >= 15)
    #expect(violations(result.stdout) == [])
    #expect(violations(result.stderr) == [])
  }

  @Test(
    arguments: [
      ["is-prime", "abc"], ["nth-prime", "0"], ["nth-prime"], ["prime-count", "1.5"],
      ["nth-prime", "5", "--threads", "0"], ["frob"], ["replay", "/nonexistent"],
      ["--data-dir", ""], ["--record", "/nonexistent/x", "-c", "incr"], ["nth-prime", "5", "6"],
      ["help", "foo"], ["iu"],
    ])
  func everyCommandLineError_beginsInLowerCase_andEndsWithoutAFullStop(arguments: [String])
    throws
  {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(arguments, home: home)
    #expect(result.status != 0)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(violations(result.stderr) == [])
  }
}
