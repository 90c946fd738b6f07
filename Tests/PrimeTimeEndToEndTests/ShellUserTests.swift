import FavoritePrimesFormat
import Foundation
import Testing

/// The command line as a shell user expects it: quoted words, paths from where one stands, `-`
/// for the standard streams, and `-c` given more than once.
struct ShellUserTests {
  @Test func aQuotedOrEscapedFileName_mayHoldASpace_inACommandString_andInPipedInput() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let string = try PrimeTime.run(
      ["-c", #"set 7; save; save-favorites "a b.json"; save-favorites 'c d.json'"#], home: home)
    #expect(string.status == 0, "\(string.stderr)")
    let piped = try PrimeTime.run(
      [], input: Data(#"save-favorites e\ f.json; load-favorites "a b.json""#.utf8), home: home)
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stdout.hasSuffix("1 was a favorite already\n"))
    for name in ["a b.json", "c d.json", "e f.json"] {
      let data = try Data(contentsOf: home.appending(path: name))
      #expect(try FavoritePrimesFile.decode(data).primes == [7], "\(name)")
    }
  }

  @Test func aQuoteLeftOpen_inACommandString_runsNothing_andIsAUsageError() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(
      ["-c", "set 7; save", "-c", #"save-favorites "a b.json"#], home: home)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr == "primetime: -c: the \" quote is never closed\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
  }

  @Test func aQuoteLeftOpen_onAPipedLine_failsThatLineAlone() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(
      [], input: Data("incr\nincr; set 'x\nincr\n".utf8), home: home)
    #expect(result.status == 1)
    #expect(result.stdout == "count: 1\ncount: 2\n")
    #expect(result.stderr == "primetime: line 2: the ' quote is never closed\n")
  }

  @Test func aTrailingBackslash_joinsLinesInACommandString_butNotInPipedInput() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let string = try PrimeTime.run(["-c", "incr \\\n5"], home: home)
    #expect(string.stdout == "count: 5\n")
    let piped = try PrimeTime.run([], input: Data("incr \\\n5\n".utf8), home: home)
    #expect(piped.status == 1)
    #expect(piped.stdout == "")
    #expect(
      piped.stderr
        == "primetime: line 1: incr: k must be a whole number, not '\\' (usage: incr [k])\n"
        + "primetime: line 2: unknown command '5' (try 'help')\n")
  }

  @Test func commandStrings_runInOrder_andAnyFailureMakesTheStatusOne() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let both = try PrimeTime.run(["-c", "incr 5", "-c", "incr 2"], home: home)
    #expect(both.status == 0)
    #expect(both.stdout == "count: 5\ncount: 7\n")
    let failing = try PrimeTime.run(["-c", "incr; bogus", "-c", "incr", "-c", "set x"], home: home)
    #expect(failing.status == 1)
    #expect(failing.stdout == "count: 1\ncount: 2\n")
    #expect(
      failing.stderr
        == "primetime: command 2: unknown command 'bogus' (try 'help')\n"
        + "primetime: command 4: set: n must be a whole number, not 'x' (usage: set <n>)\n")
  }

  @Test func relativePaths_startFromTheCurrentDirectory_andTildeIsHome() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let work = home.appending(path: "work")
    let user = home.appending(path: "user")
    for directory in [work, user] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    }
    let result = try PrimeTime.run(
      ["-c", "set 7; save; save-favorites x.json; save-favorites ~/y.json; save-favorites"],
      home: home, environment: ["HOME": user.path], directory: work)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: work.appending(path: "x.json").path))
    #expect(FileManager.default.fileExists(atPath: user.appending(path: "y.json").path))
    #expect(
      FileManager.default.fileExists(atPath: home.appending(path: "favorite-primes.json").path))
    let missing = try PrimeTime.run(
      ["-c", "load-favorites nothing.json"], home: home, directory: work)
    #expect(
      missing.stderr
        == "primetime: command 1: could not load the favorite primes: there is no file "
        + "\(work.appending(path: "nothing.json").path)\n")
  }

  @Test func aFileThatIsNoFavoritesFile_isNotWrittenOver() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let notes = home.appending(path: "notes.txt")
    try Data("my notes\n".utf8).write(to: notes)
    let result = try PrimeTime.run(["-c", "set 7; save; save-favorites notes.txt"], home: home)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "primetime: command 3: could not save the favorite primes: \(notes.path) holds "
        + "something else than favorite primes; it is left as it is (save to another file, or "
        + "remove it first)\n")
    #expect(try Data(contentsOf: notes) == Data("my notes\n".utf8))
  }

  @Test func dash_printsTheFileAlone_andReadsOneFromStandardInput() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let saved = try PrimeTime.run(["-c", "set 7; save; set 11; save"], home: home)
    #expect(saved.status == 0)
    let printed = try PrimeTime.run(["-c", "save-favorites -"], home: home)
    #expect(printed.status == 0)
    #expect(printed.stdout == #"{"version":1,"favoritePrimes":[7,11]}"# + "\n")
    #expect(printed.stderr == "saved 2 favorite primes to standard output\n")

    let other = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: other) }
    let loaded = try PrimeTime.run(
      ["-c", "load-favorites -; favorites"], input: Data(printed.stdout.utf8), home: other)
    #expect(loaded.status == 0, "\(loaded.stderr)")
    #expect(loaded.stdout == "added 2 favorite primes\n1  7\n2  11\n")
    #expect(FileManager.default.fileExists(atPath: other.appending(path: "-").path) == false)
  }

  @Test func dash_inPipedInput_isRefused_forTheInputHoldsTheCommands() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run([], input: Data("load-favorites -\nincr\n".utf8), home: home)
    #expect(result.status == 1)
    #expect(result.stdout == "count: 1\n")
    #expect(
      result.stderr
        == "primetime: line 1: '-' is standard input, which holds the commands here; "
        + "give a file, or use -c\n")
  }

  @Test(arguments: ["--help", "-h"])
  func aCommandFollowedByHelp_givesItsUsage(flag: String) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(["-c", "incr \(flag)"], home: home)
    let help = try PrimeTime.run(["-c", "help incr"], home: home)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("usage: incr [k]\n"))
    #expect(result.stdout == help.stdout)
  }
}

/// `primetime favorites` and `primetime activity`: what the REPL shows, for scripts.
struct ListingCommandTests {
  @Test func favoritesAndActivity_printWhatTheREPLShows_orJSON() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    #expect(try PrimeTime.run(["favorites", "--json"], home: home).stdout == "[]\n")
    #expect(try PrimeTime.run(["activity", "--json"], home: home).stdout == "[]\n")
    let saved = try PrimeTime.run(["-c", "set 7; save; set 11; save; set 7; remove"], home: home)
    #expect(saved.status == 0)

    let favorites = try PrimeTime.run(["favorites"], home: home)
    #expect(favorites.status == 0)
    #expect(favorites.stdout == "1  11\n")
    #expect(try PrimeTime.run(["favorites", "--json"], home: home).stdout == "[11]\n")

    let activity = try PrimeTime.run(["activity"], home: home)
    let repl = try PrimeTime.run(["-c", "activity"], home: home)
    #expect(activity.status == 0)
    #expect(activity.stdout == repl.stdout)
    #expect(activity.stdout.split(separator: "\n").count == 3)
    let json = try PrimeTime.run(["activity", "--json"], home: home)
    let entries = try JSONDecoder().decode(
      [Entry].self, from: Data(json.stdout.utf8))
    #expect(entries.map(\.prime) == [7, 11, 7])
    #expect(entries.map(\.type) == ["removed", "added", "added"])
    #expect(entries.allSatisfy { $0.timestamp.hasSuffix("Z") && !$0.id.isEmpty })
  }

  private struct Entry: Decodable {
    var id: String
    var prime: Int
    var timestamp: String
    var type: String
  }

  @Test(arguments: [
    ["--data-dir", "DIR", "favorites", "--json"], ["favorites", "--data-dir", "DIR", "--json"],
  ])
  func theDataDirectory_isGivenBeforeOrAfterTheCommand(arguments: [String]) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let other = home.appending(path: "other")
    let saved = try PrimeTime.run(["--data-dir", other.path, "-c", "set 5; save"], home: home)
    #expect(saved.status == 0)
    let result = try PrimeTime.run(arguments.map { $0 == "DIR" ? other.path : $0 }, home: home)
    #expect(result.stdout == "[5]\n")
  }

  @Test func comments_andBlankLines_inAScript_orACommandString_doNothing() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let script = "# count to two\n\nincr   # one\n  # nothing; incr\nincr\n\n"
    let piped = try PrimeTime.run([], input: Data(script.utf8), home: home)
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stderr == "")
    #expect(piped.stdout == "count: 1\ncount: 2\n")
    let string = try PrimeTime.run(["-c", "incr # once; incr", "-c", "# nothing"], home: home)
    #expect(string.status == 0, "\(string.stderr)")
    #expect(string.stdout == "count: 1\n")
  }

  @Test func aScriptFile_runsItsLines_andAFailureNamesTheFileAndLine() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try Data("# a script\nset 7\nsave\nicnr\nfavorites\ncounter\n".utf8).write(
      to: home.appending(path: "script.pt"))
    try Data("incr; incr\n".utf8).write(to: home.appending(path: "two.pt"))
    let result = try PrimeTime.run(["-f", "script.pt", "--file", "two.pt"], home: home)
    #expect(result.status == 1)
    #expect(result.stdout.hasSuffix("1  7\ncount: 7\ncount: 8\ncount: 9\n"), "\(result.stdout)")
    #expect(
      result.stderr
        == "primetime: script.pt, line 4: unknown command 'icnr'; did you mean 'incr'?\n"
    )
    // Standard input is free for a load while the commands come from a file.
    let load = try PrimeTime.run(
      ["-f", "two.pt", "-f", "-"], input: Data("favorites\n".utf8), home: home)
    #expect(load.stdout == "count: 1\ncount: 2\n1  7\n", "\(load.stderr)")
  }

  @Test(arguments: [
    (["-f", "missing.pt"], 1, "primetime: cannot read 'missing.pt': No such file or directory"),
    (["-f", "."], 1, "primetime: cannot read '.': it is a directory"),
    (
      ["-f", "x", "-c", "incr"], 64,
      "primetime: --command and --file do not go together; put the commands in the file"
    ),
    (["favorites", "-f", "x"], 64, "primetime: -f goes with the REPL, not with 'favorites'"),
  ])
  func aScriptFile_thatCannotRun_runsNothing(arguments: [String], status: Int32, message: String)
    throws
  {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try Data("set 3; save\n".utf8).write(to: home.appending(path: "x"))
    let result = try PrimeTime.run(arguments, home: home)
    #expect(result.status == status)
    #expect(result.stderr == message + "\n")
    #expect(!FileManager.default.fileExists(atPath: home.appending(path: "primetime.sqlite").path))
  }

  @Test func aDataDirectoryThatCannotBeMade_saysWhichPathStoppedIt() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appending(path: "a file")
    try Data().write(to: file)
    let missing = try PrimeTime.run(["--data-dir", "/proc/nonexist/x", "-c", "incr"], home: home)
    #expect(missing.status == 1)
    #expect(
      missing.stderr
        == "primetime: could not create the data directory /proc/nonexist/x: "
        + "could not create /proc/nonexist: No such file or directory\n")
    let blocked = try PrimeTime.run(["--data-dir", file.path + "/x", "-c", "incr"], home: home)
    #expect(blocked.status == 1)
    #expect(
      blocked.stderr
        == "primetime: could not create the data directory \(file.path)/x: "
        + "\(file.path) is in the way: it is not a directory\n")
  }

  @Test func aScriptFileThatFailsToBeRead_failsTheRun_sayingWhy() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    // The process's own memory opens, and its first page fails to be read.
    let result = try PrimeTime.run(["-f", "/proc/self/mem"], home: home)
    #expect(result.status == 1)
    #expect(result.stderr == "primetime: cannot read '/proc/self/mem': Input/output error\n")
  }

  @Test(arguments: [
    ["favorites"], ["-c", "favorites"], ["nth-prime", "5"], ["pi", "1e6", "-t", "1"],
  ])
  func outputThatCannotBeWritten_failsTheRun_sayingWhy(arguments: [String]) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(
      arguments, home: home, launcher: ["/bin/sh", "-c", #"exec "$0" "$@" > /dev/full"#])
    #expect(result.status == 1)
    #expect(result.stderr == "primetime: cannot write standard output: No space left on device\n")
    // With standard error gone too, as on a terminal that hung up, nothing is said, and the
    // process still ends with its status, not a crash.
    let silent = try PrimeTime.run(
      arguments, home: home, launcher: ["/bin/sh", "-c", #"exec "$0" "$@" > /dev/full 2>&1"#])
    #expect(silent.status == 1)
  }

  /// A refusal or a failure said where standard error cannot be written (a full disk, a
  /// terminal that hung up) ends with its status, said nowhere, and no crash.
  @Test(arguments: [
    (["nth-prime", "abc"], 64), (["--bogus"], 64), (["replay", "/nonexistent"], 1),
    (["-c", "frobnicate"], 1), (["-f", "/nonexistent"], 1), (["-c", "'"], 64),
    (["nth-prime", "5", "--time"], 0),
  ])
  func standardErrorThatCannotBeWritten_leavesTheStatus(arguments: [String], status: Int)
    throws
  {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(
      arguments, home: home, launcher: ["/bin/sh", "-c", #"exec "$0" "$@" 2> /dev/full"#])
    #expect(result.status == Int32(status), "\(arguments)")
  }

  /// Help is help wherever it is asked for: beside the data directory or a recording too, as an
  /// alias that adds `--data-dir` gives it.
  @Test(arguments: [
    ["--data-dir", "D", "--help"], ["ui", "--data-dir", "D", "--help"],
    ["favorites", "--data-dir", "D", "--help"], ["--record", "D/r.jsonl", "--help"],
  ])
  func help_isShown_besideTheSessionsOptions(arguments: [String]) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(
      arguments.map { $0.replacingOccurrences(of: "D", with: home.path) }, home: home)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    #expect(result.stdout.contains("USAGE:"), "\(arguments)")
  }

  @Test func anOptionOfTheREPL_isRefused_withTheListings() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try PrimeTime.run(["favorites", "-c", "incr"], home: home)
    #expect(result.status == 64)
    #expect(result.stderr == "primetime: -c goes with the REPL, not with 'favorites'\n")
  }
}

/// A favorites file that cannot be read whole says what is wrong and where; one whose elements
/// are read has each left-out element named.
struct FavoritesFileMessageTests {
  @Test(
    arguments: [
      ("[2, 3,\n5", "is cut short: its JSON ends unfinished at line 2"),
      ("[2,\n  x]", "is not JSON: it goes wrong at line 2, column 3"),
      (#""13""#, "holds a string, not a list of primes"),
      ("", "is empty"),
    ])
  func aFileThatIsNoList_isRefused_sayingWhatAndWhere(contents: String, message: String) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appending(path: "bad.json")
    try Data(contents.utf8).write(to: file)
    let result = try PrimeTime.run(["-c", "load-favorites bad.json"], home: home)
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "primetime: command 1: could not load the favorite primes: \(file.path) \(message)"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func everyElement_isReadByOneRule_andEachLeftOutIsNamed() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try Data(#"[-3, 1e30, 17, 18446744073709551557, 2.5, "13", 17]"#.utf8).write(
      to: home.appending(path: "mixed.json"))
    let result = try PrimeTime.run(["-c", "load-favorites mixed.json; favorites"], home: home)
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "added 1 favorite prime; skipped -3 (not prime), 17 (listed twice), "
        + #"1e+30, 18446744073709551557 (out of range), 2.5 (not a whole number), "#
        + #""13" (not a number)"# + "\n1  17\n")
  }
}
