import Foundation
import Testing

/// An option means the same, or is refused the same, whether it comes before a subcommand's
/// name or after it.
struct OptionOrderTests {
  static let commands: [[String]] = [
    ["favorites"], ["activity"], ["ui"], ["nth-prime", "5"], ["pi", "100"], ["is-prime", "7"],
    ["replay", "RECORDING"], ["replay", "last"], ["sessions"], ["report"],
  ]

  static let options: [[String]] = [
    ["--data-dir", "DIR"], ["-c", "incr"], ["--command=incr"], ["--record", "RECORDING"],
    ["--force"], ["--json"], ["-t", "2"], ["-t2"], ["--threads=2"], ["--time"], ["--step"],
    ["--ui"],
    ["-h"], ["--help"], ["-f", "DIR"], ["--file=-"],
  ]

  @Test(arguments: options)
  func anOption_beforeOrAfterEachCommand_meansTheSame(option: [String]) throws {
    for command in Self.commands {
      let before = try run(option + command)
      let after = try run(command + option)
      #expect(before.status == after.status, "\(option) \(command)")
      #expect(before.stdout == after.stdout, "\(option) \(command)")
      #expect(before.stderr == after.stderr, "\(option) \(command)")
      #expect(before.files == after.files, "\(option) \(command)")
    }
  }

  @Test(arguments: [
    ["--data-dir", "DIR", "-c", "set 3; save", "favorites"],
    ["-c", "set 3; save", "--data-dir", "DIR", "favorites"],
    ["favorites", "--data-dir", "DIR", "-c", "set 3; save"],
    ["--record", "RECORDING", "-c", "incr", "favorites"],
    ["--data-dir", "DIR", "-c", "incr", "ui"],
  ])
  func aCommandString_withASubcommand_isRefused_whereverItStands(arguments: [String]) throws {
    let result = try run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("primetime: -c goes with the REPL, not with '"))
    #expect(result.stdout == "")
    #expect(result.files == [])
  }

  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The files the run left in its data directory and as its recording.
    var files: [String]
  }

  /// Runs `arguments` in a fresh home, with `DIR` a data directory there and `RECORDING` a
  /// recording there; times and the home's path are left out of what it printed.
  func run(_ arguments: [String]) throws -> Outcome {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let directory = home.appending(path: "data")
    let recording = home.appending(path: "session.jsonl")
    let result = try PrimeTime.run(
      arguments.map {
        $0 == "DIR" ? directory.path : $0 == "RECORDING" ? recording.path : $0
      }, home: home)
    let files = (try? FileManager.default.subpathsOfDirectory(atPath: home.path)) ?? []
    func plain(_ text: String) -> String {
      text.replacingOccurrences(of: home.path, with: "HOME")
        .replacing(/[0-9]+\.[0-9]+/, with: "T")
    }
    return Outcome(
      status: result.status, stdout: plain(result.stdout), stderr: plain(result.stderr),
      files: files.sorted())
  }
}
