import FileClient
import Foundation

/// What a file's word on a command line names, as a shell user means it: a relative path is
/// read from the directory the session started in, `~` and `~/…` are the home directory, and
/// `~name/…` that user's. `-` is standard output for a save and standard input for a load. The
/// default file, given no word, is the data directory's, which the app's file client resolves.
public struct FileWords: Sendable, Equatable {
  /// The directory relative paths start from; `nil` when it is gone (deleted since), and then
  /// a relative path names nothing.
  public var workingDirectory: String?
  /// The home directory `~` names, if there is one.
  public var home: String?
  /// Whether standard input holds the commands, as in piped input: then `-` cannot be read.
  public var inputHoldsCommands: Bool

  public init(workingDirectory: String?, home: String?, inputHoldsCommands: Bool) {
    self.workingDirectory = workingDirectory
    self.home = home
    self.inputHoldsCommands = inputHoldsCommands
  }

  /// The absolute path a word names, or `-` for a standard stream; `nil` for a relative path
  /// when the current directory is gone.
  ///
  /// ```swift
  /// FileWords(workingDirectory: "/work", home: "/home/ada", inputHoldsCommands: false)
  ///   .path("~/backup.json")  // "/home/ada/backup.json"
  /// ```
  public func path(_ word: String) -> String? {
    if word == FileClient.standardStreams || word.hasPrefix("/") { return word }
    let expanded = Self.expandingTilde(word, home: home)
    if expanded != word { return expanded }
    guard let workingDirectory else { return nil }
    return workingDirectory.hasSuffix("/") ? workingDirectory + word : workingDirectory + "/" + word
  }

  /// `word` with a leading `~` or `~/…` read as `home`, and `~name` or `~name/…` as that
  /// user's home, as a shell reads them; any other word, or a home that cannot be found, is left
  /// as it is.
  ///
  /// ```swift
  /// FileWords.expandingTilde("~/pt", home: "/home/ada")  // "/home/ada/pt"
  /// ```
  public static func expandingTilde(_ word: String, home: String?) -> String {
    guard word.hasPrefix("~") else { return word }
    let slash = word.firstIndex(of: "/") ?? word.endIndex
    let user = word[word.index(after: word.startIndex)..<slash]
    guard let directory = user.isEmpty ? home : Self.home(ofUser: String(user)) else { return word }
    return directory + word[slash...]
  }

  /// The current directory, as the system gives it; `nil` when it has been deleted.
  public static var currentDirectory: String? {
    guard let path = getcwd(nil, 0) else { return nil }
    defer { free(path) }
    return String(cString: path)
  }

  /// The home directory of the user with this name, if there is one.
  private static func home(ofUser name: String) -> String? {
    guard let entry = getpwnam(name), let directory = entry.pointee.pw_dir else { return nil }
    return String(cString: directory)
  }
}
