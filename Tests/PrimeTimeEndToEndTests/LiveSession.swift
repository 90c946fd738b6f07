import Foundation

/// A `primetime` process driven line by line: each command is followed by `state --json`, whose
/// one line marks the end of the command's output, and gives the state it left.
final class LiveSession {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var buffer = Data()
  /// The lines the last command printed before its state.
  private(set) var lastOutput: [String] = []

  /// Starts the binary on `home`, through `launcher` where it is given, with the variables of
  /// `extra` besides its own, as
  /// ``PrimeTime/run(_:input:home:unsetting:environment:directory:launcher:)`` does.
  init(home: URL, launcher: [String] = [], environment extra: [String: String] = [:]) throws {
    signal(SIGPIPE, SIG_IGN)
    process.executableURL = launcher.first.map { URL(filePath: $0) } ?? PrimeTime.binary
    if !launcher.isEmpty { process.arguments = launcher.dropFirst() + [PrimeTime.binary.path] }
    process.environment = PrimeTime.instrumentation.merging([
      "PRIMETIME_HOME": home.path, "HOME": home.path, "TZ": "UTC",
    ]) { $1 }.merging(extra) { $1 }
    process.currentDirectoryURL = home
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// Runs one command and returns the state after it.
  @discardableResult
  func run(_ command: String) throws -> SessionState {
    try input.fileHandleForWriting.write(contentsOf: Data("\(command)\nstate --json\n".utf8))
    lastOutput = []
    while true {
      if let line = nextLine() {
        if line.hasPrefix("{\"activityFeed\"") { return try SessionState(json: line) }
        lastOutput.append(line)
        continue
      }
      let data = output.fileHandleForReading.availableData
      guard !data.isEmpty else { throw SessionEnded() }
      buffer.append(data)
    }
  }

  private func nextLine() -> String? {
    guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
    buffer.removeSubrange(buffer.startIndex...newline)
    return line
  }

  /// Ends the session, and waits for it.
  /// Sends a line of commands, and reads nothing back.
  func send(_ line: String) throws {
    try input.fileHandleForWriting.write(contentsOf: Data("\(line)\n".utf8))
  }

  func quit() throws {
    try input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
    try input.fileHandleForWriting.close()
    _ = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
  }

  struct SessionEnded: Error {}
}

/// The part of `state --json` that is stored.
struct SessionState: Equatable, Decodable, CustomStringConvertible {
  struct Entry: Equatable, Decodable {
    var id: String
    var type: String
    var prime: Int
    var timestamp: String
  }
  var favoritePrimes: [Int]
  var activityFeed: [Entry]

  init(json: String) throws {
    self = try JSONDecoder().decode(SessionState.self, from: Data(json.utf8))
  }

  /// Whether the feed, replayed from nothing, gives exactly the favorites.
  var feedReplaysToFavorites: Bool {
    var replayed = Set<Int>()
    for entry in activityFeed {
      let follows =
        entry.type == "added"
        ? replayed.insert(entry.prime).inserted : replayed.remove(entry.prime) != nil
      if !follows { return false }
    }
    return replayed == Set(favoritePrimes) && favoritePrimes.count == replayed.count
  }

  var description: String {
    "favorites \(favoritePrimes), feed \(activityFeed.map { "\($0.type) \($0.prime)" })"
  }
}
