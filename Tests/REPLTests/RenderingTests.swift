import AppCore
import ComposableArchitecture
import FavoritesLedger
import Foundation
import NthPrimeLookup
import Testing

@testable import REPL
@testable import Runtime

struct RenderingTests {
  @Test func prompt_showsScreenAndCount() {
    let state = AppState(count: 7, favoritePrimes: [2, 3])
    #expect(Rendering.prompt(screen: .counter, state: state, style: .plain) == "counter 7> ")
    #expect(Rendering.prompt(screen: .favorites, state: state, style: .plain) == "favorites (2)> ")
  }

  @Test func prompt_inColour_marksEscapesInvisibleForReadline() {
    let prompt = Rendering.prompt(
      screen: .counter, state: AppState(count: 1), style: ANSIStyle(isColored: true, isPrompt: true)
    )
    #expect(prompt.contains("\u{01}\u{1B}[36m\u{02}counter"))
    #expect(prompt.hasSuffix("> "))
  }

  @Test func favorites_areNumberedFromOne_rightAligned() {
    let primes = Array([2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31])
    let lines = Rendering.favorites(primes).split(separator: "\n")
    #expect(lines.first == " 1  2")
    #expect(lines.last == "11  31")
    #expect(Rendering.favorites([]).hasPrefix("no favorite primes yet;"))
  }

  @Test func activity_isNewestFirst_inTheGivenTimeZone() throws {
    let feed = [
      Activity(id: UUID(1), kind: .added, prime: 7, timestamp: Date(timeIntervalSince1970: 0)),
      Activity(id: UUID(2), kind: .removed, prime: 7, timestamp: Date(timeIntervalSince1970: 90)),
    ]
    let zone = LocalTime(try #require(TimeZone(secondsFromGMT: 3600)))
    #expect(
      Rendering.activity(feed, localTime: zone)
        == "1970-01-01 01:01:30  removed 7\n1970-01-01 01:00:00  added   7")
    #expect(Rendering.activity([], localTime: zone) == "no activity yet")
  }

  @Test func favoritesAndActivity_asJSON_areArrays_theFeedNewestFirst() {
    #expect(StateJSON.favorites([7, 11]) == "[7,11]")
    #expect(StateJSON.favorites([]) == "[]")
    let feed = [
      Activity(id: UUID(1), kind: .added, prime: 7, timestamp: Date(timeIntervalSince1970: 0)),
      Activity(id: UUID(2), kind: .removed, prime: 7, timestamp: Date(timeIntervalSince1970: 1)),
    ]
    #expect(
      StateJSON.activity(feed)
        == #"[{"id":"00000000-0000-0000-0000-000000000002","prime":7,"#
        + #""timestamp":"1970-01-01T00:00:01.000Z","type":"removed"},"#
        + #"{"id":"00000000-0000-0000-0000-000000000001","prime":7,"#
        + #""timestamp":"1970-01-01T00:00:00.000Z","type":"added"}]"#)
  }

  @Test func json_isOneLineWithTheDocumentedKeys() throws {
    let state = AppState(
      count: 7, favoritePrimes: [7],
      activityFeed: [
        Activity(id: UUID(3), kind: .added, prime: 7, timestamp: Date(timeIntervalSince1970: 0))
      ])
    let json = StateJSON.line(state, screen: .counter)
    #expect(!json.contains("\n"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["count"] as? Int == 7)
    #expect(object["favoritePrimes"] as? [Int] == [7])
    let feed = try #require(object["activityFeed"] as? [[String: Any]])
    #expect(feed.first?["type"] as? String == "added")
    #expect(feed.first?["prime"] as? Int == 7)
    #expect(feed.first?["timestamp"] as? String == "1970-01-01T00:00:00.000Z")
    #expect(feed.first?["id"] as? String == UUID(3).uuidString)
    #expect(
      Set(object.keys) == [
        "count", "favoritePrimes", "activityFeed", "isPrimeModalOpen", "isLookingUp", "screen",
      ])
    #expect(object["isPrimeModalOpen"] as? Bool == false)
    #expect(object["isLookingUp"] as? Bool == false)
    let covered = try #require(
      try JSONSerialization.jsonObject(
        with: Data(
          StateJSON.line(
            AppState(
              count: 7, counterDestination: .primeModal(alert: nil),
              counterLookup: NthPrimeLookupState(n: 7)),
            screen: .counter
          ).utf8)) as? [String: Any])
    #expect(covered["isPrimeModalOpen"] as? Bool == true)
    #expect(covered["isLookingUp"] as? Bool == true)
  }

  @Test func json_timestamps_areExactToTheMillisecond() throws {
    let milliseconds: [Int64] = [1_700_000_000_001, 1_700_000_000_999, 1_700_000_000_123, -1]
    let state = AppState(
      activityFeed: PersistentArray(
        milliseconds.enumerated().map { index, milliseconds in
          Activity(
            id: UUID(UInt64(index)), kind: .added, prime: 7,
            timestamp: Date(milliseconds: milliseconds))
        }))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(StateJSON.line(state, screen: .counter).utf8))
        as? [String: Any])
    let feed = try #require(object["activityFeed"] as? [[String: Any]])
    #expect(
      feed.map { $0["timestamp"] as? String } == [
        "2023-11-14T22:13:20.001Z", "2023-11-14T22:13:20.999Z", "2023-11-14T22:13:20.123Z",
        "1969-12-31T23:59:59.999Z",
      ])
  }

  @Test func timestamp_isUTCToTheMillisecond() {
    #expect(
      StateJSON.timestamp(Date(milliseconds: 1_700_000_000_001)) == "2023-11-14T22:13:20.001Z")
  }

  @Test func history_pastItsDepth_startsAtTheOldestStepKept() {
    var history = History(AppState(), maximumDepth: 2)
    for count in 1...3 {
      history.record(before: history.present)
      history.present.count = count
    }
    #expect(
      Rendering.history(history) == """
          1  oldest kept
          2  count 1 → 2
        > 3  count 2 → 3
        2 steps to undo, 0 steps to redo
        """)
  }

  @Test func dump_isReadable() {
    let dump = Rendering.dump(AppState(count: 3), screen: .favorites)
    #expect(dump.contains("count: 3"))
    #expect(dump.hasPrefix("screen: favorites\nAppState("))
    // The screens' state is named as the code names it, whatever holds it.
    #expect(dump.contains("\n  screens: ScreensState("))
    #expect(!dump.contains("_screens"))
  }

  /// Every stored property of the app's, but what the session knows of the database, which is
  /// storage's: a test's dump of a state that has it shows it.
  @Test func dump_showsEveryStoredProperty_ofTheApps() {
    var state = AppState()
    state.sync = StorageSync(stored: [])
    let dump = Rendering.dump(state, screen: .counter)
    let stored = Mirror(reflecting: AppState()).children.compactMap(\.label)
    #expect(stored.count >= 9)
    for label in stored {
      let name = label.hasPrefix("_") ? label.dropFirst() : label[...]
      #expect(dump.contains("\n  \(name): ") == (name != "sync"), "\(name)")
    }
    #expect(state.customDumpMirror.children.contains { $0.label == "sync" })
    #expect(!AppState().customDumpMirror.children.contains { $0.label == "sync" })
  }
}
