import AppCore
import FavoritePrimes
import Foundation
import Testing

/// What happens to the user's data when processes die mid-save or run side by side.
struct ReliabilityTests {
  /// Saves and removes favorites in a loop until the test kills the process.
  private static let churn: Data = {
    var script = ""
    for round in 0..<2000 {
      let prime = [2, 3, 5, 7, 11, 13][round % 6]
      script += "set \(prime)\nsave\nsave-favorites\nremove\n"
    }
    return Data(script.utf8)
  }()

  @Test func killedWhileSaving_leavesEachFileWholeOldOrWholeNew() throws {
    signal(SIGPIPE, SIG_IGN)
    var random = SystemRandomNumberGenerator()
    for attempt in 0..<30 {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let process = Process()
      process.executableURL = PrimeTime.binary
      process.environment = ["PRIMETIME_HOME": home.path, "HOME": home.path]
      let stdin = Pipe()
      let stdout = Pipe()
      process.standardInput = stdin
      process.standardOutput = stdout
      process.standardError = FileHandle.nullDevice
      try process.run()
      DispatchQueue.global().async {
        try? stdin.fileHandleForWriting.write(contentsOf: Self.churn)
        try? stdin.fileHandleForWriting.close()
      }
      // Let it run a random number of output lines, then kill it without warning.
      let target = Int.random(in: 1...400, using: &random)
      var seen = 0
      while seen < target {
        let data = stdout.fileHandleForReading.availableData
        if data.isEmpty { break }
        seen += data.filter { $0 == UInt8(ascii: "\n") }.count
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()

      let favorites = home.appending(path: FavoritePrimesFile.name)
      if let data = try? Data(contentsOf: favorites) {
        let primes = try FavoritePrimesFile.decode(data)
        #expect(primes.count <= 1, "attempt \(attempt): \(primes)")
      }
      let feed = home.appending(path: ActivityFeedFile.name)
      if let data = try? Data(contentsOf: feed) {
        #expect(throws: Never.self, "attempt \(attempt)") { try ActivityFeedFile.decode(data) }
      }
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path)
        .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
      #expect(Set(leftovers).isSubset(of: [FavoritePrimesFile.name, ActivityFeedFile.name]))
    }
  }

  @Test func twoSessionsAddingAtOnce_bothKeepTheirFavorites() throws {
    let first = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    let second = [31, 37, 41, 43, 47, 53, 59, 61, 67, 71]
    let scripts = [first, second].map { primes in
      Data(primes.map { "set \($0)\nsave\n" }.joined().utf8)
    }
    for round in 0..<10 {
      let home = try PrimeTime.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let group = DispatchGroup()
      let statuses = StatusBox()
      for script in scripts {
        DispatchQueue.global().async(group: group) {
          let result = try? PrimeTime.run([], input: script, home: home)
          statuses.append(result?.status ?? -1)
        }
      }
      group.wait()
      #expect(statuses.values == [0, 0], "round \(round)")
      let saved = try FavoritePrimesFile.decode(
        Data(contentsOf: home.appending(path: FavoritePrimesFile.name)))
      #expect(Set(saved) == Set(first + second), "round \(round): \(saved)")
      #expect(saved.count == first.count + second.count)
      let feed = try ActivityFeedFile.decode(
        Data(contentsOf: home.appending(path: ActivityFeedFile.name)))
      #expect(Set(feed.map(\.prime)) == Set(first + second), "round \(round)")
    }
  }

  @Test func unreadableFavoritesFile_aDirectory_isMovedAside() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try FileManager.default.createDirectory(
      at: home.appending(path: FavoritePrimesFile.name), withIntermediateDirectories: true)
    let result = try PrimeTime.run([], input: Data("set 7\nsave\n".utf8), home: home)
    #expect(result.status == 0)
    #expect(result.stderr.contains("favorite-primes.json could not be read"))
    let saved = try FavoritePrimesFile.decode(
      Data(contentsOf: home.appending(path: FavoritePrimesFile.name)))
    #expect(saved == [7])
  }

  @Test func dataDirectoryThatCannotBeCreated_saysSo_andKeepsTheStateInMemory() throws {
    let home = try PrimeTime.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let blocker = home.appending(path: "not-a-directory")
    try Data().write(to: blocker)
    let result = try PrimeTime.run(
      ["--data-dir", blocker.appending(path: "data").path],
      input: Data("set 7\nsave\nfavorites\n".utf8), home: home)
    #expect(result.status == 1)
    #expect(result.stderr.contains("could not save"))
    #expect(result.stderr.contains("the changes are kept in memory"))
    #expect(result.stdout.contains("1  7"))
  }
}

final class StatusBox: @unchecked Sendable {
  private var statuses: [Int32] = []
  private let lock = NSLock()
  func append(_ status: Int32) { lock.withLock { statuses.append(status) } }
  var values: [Int32] { lock.withLock { statuses } }
}
