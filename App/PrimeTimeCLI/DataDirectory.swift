import Foundation
import REPL
import Runtime

extension RuntimeEnvironment {
  /// The data directory: `--data-dir`, else `$PRIMETIME_HOME`, else
  /// `$XDG_DATA_HOME/primetime` when that is an absolute path (the XDG specification says to
  /// ignore a relative one), else `~/.local/share/primetime`.
  ///
  /// - Throws: ``EmptyDataDirectory`` when `--data-dir` or `$PRIMETIME_HOME` is given but empty.
  public func dataDirectory(option: String?) throws(EmptyDataDirectory) -> URL {
    if let option {
      guard !option.isEmpty else {
        throw EmptyDataDirectory(source: OptionName.dataDirectory.long)
      }
      return URL(filePath: path(option), directoryHint: .isDirectory)
    }
    if let home = variables["PRIMETIME_HOME"] {
      guard !home.isEmpty else { throw EmptyDataDirectory(source: "PRIMETIME_HOME") }
      return URL(filePath: path(home), directoryHint: .isDirectory)
    }
    if let xdg = variables["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(filePath: xdg, directoryHint: .isDirectory).appending(path: "primetime")
    }
    return URL(filePath: home, directoryHint: .isDirectory)
      .appending(path: ".local/share/primetime")
  }

  /// A path given on the command line or in the environment, read by one rule with the REPL's
  /// file words (``FileWords/expandingTilde(_:home:)``): `~` and `~/…` are ``home``, `~name/…`
  /// that user's, and a `~` that names no home is the name of a file.
  func path(_ word: String) -> String {
    let path = FileWords.expandingTilde(word, home: home)
    // Foundation's URLs would read a `~` left as it is as the password file's home.
    return path.hasPrefix("~") ? "./" + path : path
  }

  /// `--data-dir` or `$PRIMETIME_HOME` names no directory at all.
  public struct EmptyDataDirectory: Error, Equatable, CustomStringConvertible {
    /// Which of the two is empty.
    public var source: String

    public var description: String {
      source == OptionName.dataDirectory.long
        ? "\(source) is empty; name a directory, or leave the option out"
        : "\(source) is empty; name a directory, or unset it"
    }
  }
}
