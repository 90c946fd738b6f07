import AppCore
import Foundation
import Testing

struct ActivityFeedFileTests {
  @Test func roundTrip_keepsEveryEntry() throws {
    let feed = [
      Activity(kind: .added, prime: 7, timestamp: Date(timeIntervalSince1970: 1_000_000)),
      Activity(kind: .removed, prime: 7, timestamp: Date(timeIntervalSince1970: 1_000_060)),
    ]
    #expect(try ActivityFeedFile.decode(ActivityFeedFile.encode(feed)) == feed)
  }

  @Test func encode_usesTheDocumentedFormat() throws {
    let feed = [Activity(kind: .added, prime: 7, timestamp: Date(timeIntervalSince1970: 0))]
    #expect(
      String(decoding: try ActivityFeedFile.encode(feed), as: UTF8.self)
        == #"{"activityFeed":[{"prime":7,"timestamp":"1970-01-01T00:00:00Z","type":"added"}],"#
        + #""version":1}"#)
  }

  @Test(
    arguments: [
      ("[]", ActivityFeedFileError.unreadable),
      (#"{"version":1,"activityFeed":[{"type":"grew","prime":7,"timestamp":"x"}]}"#, .unreadable),
      (#"{"version":3,"activityFeed":[]}"#, .unsupportedVersion(3)),
    ])
  func decode_refusesWhatItCannotUse(text: String, error: ActivityFeedFileError) {
    #expect(throws: error) { try ActivityFeedFile.decode(Data(text.utf8)) }
    #expect(!error.description.isEmpty)
  }
}
