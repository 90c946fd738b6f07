import Foundation
import Testing

/// The completion scripts that `primetime --generate-completion-script` writes complete what a
/// shell user types: file names where a file goes, directories where a directory goes, and
/// every command, `pi` included. Bash runs its script here; zsh's and fish's are read.
struct CompletionScriptTests {
  /// What bash's completion offers for the last word of `words`, the word being typed, in
  /// `directory`, with the script `primetime` writes for bash loaded as a user loads it.
  static func bashCompletions(_ words: [String], in directory: URL) throws -> Set<String> {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let script = try PrimeTime.run(["--generate-completion-script", "bash"], home: home)
    #expect(script.status == 0, "\(script.stderr)")
    let scriptFile = home.appending(path: "primetime.bash")
    try Data(script.stdout.utf8).write(to: scriptFile)
    let line = words.joined(separator: " ")
    // The function that `complete -F` names for primetime, called as bash calls it: with the
    // command's name, the word being completed, and the word before it.
    let program = """
      source \(Bash.quoted(scriptFile.path)) || exit 1
      function=$(complete -p primetime | sed -E 's/.* -F ([^ ]+) .*/\\1/')
      COMP_WORDS=(\(words.map(Bash.quoted).joined(separator: " ")))
      COMP_CWORD=\(words.count - 1)
      COMP_LINE=\(Bash.quoted(line))
      COMP_POINT=\(line.utf8.count)
      COMPREPLY=()
      "$function" primetime \(Bash.quoted(words[words.count - 1])) \(Bash.quoted(words[words.count - 2]))
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let bash = try Bash.run(program, home: home, directory: directory)
    #expect(bash.status == 0, "\(bash.stderr)")
    return Set(bash.stdout.split(separator: "\n").map(String.init))
  }

  /// A directory with a recording in it, whose name has a space, and a directory.
  static func workingDirectory() throws -> URL {
    let directory = try PrimeTime.temporaryDirectory()
    try Data().write(to: directory.appending(path: "my session.jsonl"))
    try FileManager.default.createDirectory(
      at: directory.appending(path: "mydata"), withIntermediateDirectories: false)
    return directory
  }

  @Test(
    arguments: [
      ["primetime", "replay", "my"], ["primetime", "replay", "--step", "my"],
      ["primetime", "--record", "my"], ["primetime", "favorites", "--record", "my"],
      ["primetime", "ui", "--record", "my"], ["primetime", "-f", "my"],
      ["primetime", "report", "-o", "my"], ["primetime", "report", "--output", "my"],
    ])
  func bash_completesFileNames_whereAFileGoes(words: [String]) throws {
    let directory = try Self.workingDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try Self.bashCompletions(words, in: directory) == ["my session.jsonl", "mydata"])
  }

  @Test(
    arguments: [
      ["primetime", "--data-dir", "my"], ["primetime", "ui", "--data-dir", "my"],
      ["primetime", "activity", "--data-dir", "my"], ["primetime", "sessions", "--data-dir", "my"],
      ["primetime", "replay", "--data-dir", "my"], ["primetime", "report", "--data-dir", "my"],
    ])
  func bash_completesDirectories_afterDataDir(words: [String]) throws {
    let directory = try Self.workingDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try Self.bashCompletions(words, in: directory) == ["mydata"])
  }

  @Test func bash_offersTheRecordedSessionsCommands_andTheirOptions() throws {
    let directory = try Self.workingDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try Self.bashCompletions(["primetime", "se"], in: directory) == ["sessions"])
    #expect(try Self.bashCompletions(["primetime", "rep"], in: directory) == ["replay", "report"])
    #expect(
      try Self.bashCompletions(["primetime", "sessions", "--k"], in: directory) == ["--keep"])
    #expect(try Self.bashCompletions(["primetime", "report", "l"], in: directory) == ["last"])
  }

  @Test func bash_offersPi_andItsOptions() throws {
    let directory = try Self.workingDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try Self.bashCompletions(["primetime", "p"], in: directory) == ["pi", "prime-count"])
    #expect(
      try Self.bashCompletions(["primetime", "pi", "--t"], in: directory)
        == ["--threads", "--time"])
    // Where no file goes, none is offered.
    #expect(try Self.bashCompletions(["primetime", "pi", "my"], in: directory).isEmpty)
  }

  @Test func zsh_completesFilesAndDirectories_andOffersPi() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let script = try PrimeTime.run(["--generate-completion-script", "zsh"], home: home)
    #expect(script.status == 0)
    let lines = script.stdout.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let dataDirectory = lines.filter { $0.hasPrefix("'--data-dir[") }
    let record = lines.filter { $0.hasPrefix("'--record[") }
    #expect(
      dataDirectory.count == 7 && dataDirectory.allSatisfy { $0.hasSuffix(":dir:_files -/'") })
    #expect(record.count == 4 && record.allSatisfy { $0.hasSuffix(":file:_files'") })
    #expect(lines.contains("':file:_files'"), "replay's file")
    #expect(lines.contains { $0.hasPrefix("'pi:") })
  }

  @Test func fish_completesFilesAndDirectories_andOffersPi() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let script = try PrimeTime.run(["--generate-completion-script", "fish"], home: home)
    #expect(script.status == 0)
    let lines = script.stdout.split(separator: "\n")
    let dataDirectory = lines.filter { $0.contains(" -l 'data-dir' ") }
    let record = lines.filter { $0.contains(" -l 'record' ") }
    #expect(
      dataDirectory.count == 7 && dataDirectory.allSatisfy { $0.contains("complete_directories") })
    #expect(record.count == 4 && record.allSatisfy { $0.hasSuffix(" -rF") })
    #expect(
      lines.contains { $0.contains(#"primetime replay" -eq 1'"#) && $0.hasSuffix(" -F") },
      "replay's file")
    #expect(lines.contains { $0.contains(" -fa 'pi' ") })
    #expect(lines.contains { $0.contains(#""primetime pi" t threads"#) })
  }
}
