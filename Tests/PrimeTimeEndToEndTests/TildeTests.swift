import Foundation
import Testing

/// `~` on the command line and in `PRIMETIME_HOME` is `$HOME`, by the rule `save-favorites ~/x`
/// follows: a literal `~` the shell left alone means what the shell would have made of it.
struct TildeTests {
  /// A name of the test's own under the home, and the directory of the same name under the
  /// account's home in the password file, which nothing may write.
  func names() -> (name: String, elsewhere: URL) {
    let name = "primetime-tilde-\(UUID().uuidString)"
    return (name, URL(filePath: NSHomeDirectory()).appending(path: name))
  }

  @Test func primetimeHome_andTheDataDirectoryOption_takeTildeAsHome() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    for variable in [true, false] {
      let (name, elsewhere) = names()
      defer { try? FileManager.default.removeItem(at: elsewhere) }
      let result =
        variable
        ? try PrimeTime.run(
          ["-c", "set 3; save"], home: home, environment: ["PRIMETIME_HOME": "~/\(name)"])
        : try PrimeTime.run(["--data-dir", "~/\(name)", "-c", "set 3; save"], home: home)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        FileManager.default.fileExists(
          atPath: home.appending(path: "\(name)/primetime.sqlite").path))
      #expect(!FileManager.default.fileExists(atPath: elsewhere.path))
    }
  }

  @Test func aRecording_andItsReplay_takeTildeAsHome() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let (name, elsewhere) = names()
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let recorded = try PrimeTime.run(["--record", "~/\(name).jsonl", "-c", "incr"], home: home)
    #expect(recorded.status == 0, "\(recorded.stderr)")
    #expect(FileManager.default.fileExists(atPath: home.appending(path: "\(name).jsonl").path))
    let replayed = try PrimeTime.run(["replay", "~/\(name).jsonl"], home: home)
    #expect(replayed.status == 0, "\(replayed.stderr)")
  }

  @Test(arguments: [true, false])
  func withHOMEEmptyOrUnset_tildeIsThePasswordFilesHome_forFileWordsToo(isUnset: Bool) throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let account = try #require(getpwuid(getuid())?.pointee.pw_dir.map { String(cString: $0) })
    let name = "primetime-tilde-\(UUID().uuidString).json"
    let written = URL(filePath: account).appending(path: name)
    defer { try? FileManager.default.removeItem(at: written) }
    let result = try PrimeTime.run(
      ["-c", "set 7; save; save-favorites ~/\(name)"], home: home,
      unsetting: isUnset ? ["HOME"] : [], environment: isUnset ? [:] : ["HOME": ""])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: written.path))
  }
}
