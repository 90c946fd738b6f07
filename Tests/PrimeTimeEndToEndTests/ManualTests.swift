import FavoritePrimesFormat
import FavoritesDatabase
import FavoritesDatabaseLive
import Foundation
import Testing

/// The man page (`Documentation/primetime.1`, written by `Scripts/generate-manual` from the same
/// declarations as `--help`) and the completion scripts say what the command line does.
struct ManualTests {
  static let manual = URL(filePath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Documentation/primetime.1")

  /// A command as `--experimental-dump-help` describes it.
  struct Command: Decodable {
    var commandName: String
    var aliases: [String]?
    var abstract: String?
    var discussion: String?
    var arguments: [Argument]?
    var subcommands: [Command]?
  }

  struct Argument: Decodable {
    struct Name: Decodable {
      var kind: String
      var name: String
    }
    var names: [Name]?
    var abstract: String?
    var discussion: String?
    var shouldDisplay: Bool
  }

  struct Dump: Decodable {
    var command: Command
  }

  @Test func theManPage_saysWhatTheHelpSays_forEveryCommandAndOption() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let dump = try PrimeTime.run(["--experimental-dump-help"], home: home)
    #expect(dump.status == 0)
    let root = try JSONDecoder().decode(Dump.self, from: Data(dump.stdout.utf8)).command
    let page = try String(contentsOf: Self.manual, encoding: .utf8)
    let lines = page.split(separator: "\n")
    let stale = "is stale: run Scripts/generate-manual"
    // The commands the page lists, each by its name (`"prime-count, pi"` names one with its
    // aliases), less `help`.
    let listed = lines.compactMap { line -> String? in
      guard line.hasPrefix(".It Em ") else { return nil }
      let names = line.dropFirst(7).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      return names.split(separator: ",").first.map(String.init)
    }.filter { $0 != "help" }

    func check(_ command: Command, isRoot: Bool) {
      if !isRoot {
        let names = ([command.commandName] + (command.aliases ?? [])).joined(separator: ", ")
        #expect(
          lines.contains(".It Em \(names)") || lines.contains(".It Em \"\(names)\""),
          "\(names) \(stale)")
      }
      for text in [command.abstract, command.discussion].compactMap({ $0 }) where !text.isEmpty {
        #expect(page.contains(text), "\(command.commandName)'s help \(stale)")
      }
      for argument in command.arguments ?? [] where argument.shouldDisplay {
        for text in [argument.abstract, argument.discussion].compactMap({ $0 }) where !text.isEmpty
        {
          #expect(page.contains(text), "\(command.commandName): '\(text)' \(stale)")
        }
        for name in argument.names ?? [] {
          // `.It Fl t , -threads`: a short name after `Fl`, a long one after its dash.
          let spelled = name.kind == "long" ? " -\(name.name)" : "Fl \(name.name)"
          #expect(
            lines.contains { $0.hasPrefix(".It Fl") && $0.contains(spelled) },
            "\(command.commandName): \(name.name) \(stale)")
        }
      }
      for subcommand in command.subcommands ?? [] where subcommand.commandName != "help" {
        check(subcommand, isRoot: false)
      }
    }
    check(root, isRoot: true)
    // And it lists no command the program does not have.
    #expect(Set(listed) == Set((root.subcommands ?? []).map(\.commandName)).subtracting(["help"]))
  }

  /// The lines of the page's section `title`, up to the next section.
  static func section(_ title: String) throws -> [Substring] {
    let lines = try String(contentsOf: manual, encoding: .utf8).split(separator: "\n")
    guard let start = lines.firstIndex(where: { $0 == ".Sh \(title)" || $0 == ".Sh \"\(title)\"" })
    else { return [] }
    return Array(lines[(start + 1)...].prefix { !$0.hasPrefix(".Sh ") })
  }

  /// The items of a section's list (`.It Ev HOME`, `.It 64`), each with the text under it.
  static func items(_ lines: [Substring], macro: String) -> [String: String] {
    var items: [String: String] = [:]
    var current: String?
    for line in lines {
      if line.hasPrefix(".It " + macro) {
        current = String(line.dropFirst(4 + macro.count)).trimmingCharacters(in: .whitespaces)
        items[current ?? ""] = ""
      } else if line == ".El" {
        current = nil
      } else if let name = current {
        items[name, default: ""] += line + "\n"
      }
    }
    return items
  }

  /// With no subcommand, primetime opens its REPL: the synopsis shows the subcommand optional.
  @Test func theSynopsis_showsTheSubcommandAsOptional() throws {
    let synopsis = try Self.section("SYNOPSIS")
    #expect(synopsis.contains(".Op Ar subcommand"))
    #expect(!synopsis.contains(".Ar subcommand"))
  }

  /// Every variable the program's sources read is described, and so are the pager's.
  @Test func theEnvironmentSection_describesEveryVariableTheProgramReads() throws {
    let described = Self.items(try Self.section("ENVIRONMENT"), macro: "Ev ")
    let root = Self.manual.deletingLastPathComponent().deletingLastPathComponent()
    var read: Set<String> = []
    for folder in ["App", "Modules"] {
      let files = FileManager.default.enumerator(
        at: root.appending(path: folder), includingPropertiesForKeys: nil)
      while let file = files?.nextObject() as? URL {
        guard ["swift", "c"].contains(file.pathExtension) else { continue }
        let text = try String(contentsOf: file, encoding: .utf8)
        for match in text.matches(
          of: /(?:variables|environment)\["([A-Z_][A-Z0-9_]*)"\]|getenv\("([A-Z_][A-Z0-9_]*)"\)/)
        {
          if let name = match.1 ?? match.2 { read.insert(String(name)) }
        }
      }
    }
    #expect(read.isSuperset(of: ["PRIMETIME_HOME", "XDG_DATA_HOME", "HOME", "NO_COLOR", "TERM"]))
    let expected = read.union(["PAGER", "PRIMETIME_PAGER"])
    #expect(
      expected.subtracting(described.keys).isEmpty,
      "not described: \(expected.subtracting(described.keys))")
    for (name, text) in described {
      #expect(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(name)")
    }
  }

  @Test func theFilesSection_namesTheDataDirectorysFiles() throws {
    let files = Self.items(try Self.section("FILES"), macro: "Pa ")
    #expect(
      Set(files.keys) == [
        FavoritesDatabase.fileName, "repl-history", FavoritePrimesFile.name, "sessions",
      ])
  }

  /// Each status the program exits with, and a signal's as a shell reports it, for the signals
  /// that end it at a person's or the system's request.
  @Test func theExitStatusSection_namesEveryStatus() throws {
    let section = try Self.section("EXIT STATUS")
    let statuses = Self.items(section, macro: "")
    #expect(Set(statuses.keys) == ["0", "1", "3", "64", "70", "129", "130", "143"])
    #expect(!section.contains(".Ex -std"))
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func theCompletionScript_namesEveryCommandAndOption(shell: String) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let script = try PrimeTime.run(["--generate-completion-script", shell], home: home)
    #expect(script.status == 0)
    // Fish names an option in its parser's spec (`'data-dir='`), the others as typed.
    let options = [
      "data-dir", "record", "no-record", "force", "command", "threads", "json", "time", "step",
      "keep", "clear", "output",
    ]
    let words =
      [
        "favorites", "activity", "nth-prime", "prime-count", "is-prime", "replay", "sessions",
        "report",
      ]
      + options.map { shell == "fish" ? "'\($0)" : "--\($0)" }
    for word in words {
      #expect(script.stdout.contains(word), "\(shell): \(word)")
    }
  }
}
