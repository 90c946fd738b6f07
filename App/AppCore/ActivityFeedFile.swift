import Foundation

/// The file that holds the activity feed: `activity-feed.json` in the data directory.
///
/// ```json
/// {"version":1,"activityFeed":[{"type":"added","prime":7,"timestamp":"2026-11-22T07:30:00Z"}]}
/// ```
///
/// `version` is 1; a later version, or anything else that does not decode, is refused whole.
public enum ActivityFeedFile {
  /// The file's name in the data directory.
  public static let name = "activity-feed.json"
  /// The format version this code writes, and the latest it reads.
  public static let version = 1

  private struct Document: Codable {
    var version: Int
    var activityFeed: [Activity]
  }

  /// Encodes the feed as the file's contents.
  ///
  /// ```swift
  /// let data = try ActivityFeedFile.encode(state.activityFeed)
  /// ```
  public static func encode(_ feed: [Activity]) throws -> Data {
    try encoder.encode(Document(version: version, activityFeed: feed))
  }

  /// Decodes the feed from the file's contents.
  ///
  /// ```swift
  /// let feed = try ActivityFeedFile.decode(data)
  /// ```
  ///
  /// - Throws: ``ActivityFeedFileError`` naming what is wrong.
  public static func decode(_ data: Data) throws -> [Activity] {
    struct Versioned: Decodable { var version: Int }
    guard let fileVersion = try? JSONDecoder().decode(Versioned.self, from: data).version else {
      throw ActivityFeedFileError.unreadable
    }
    guard fileVersion <= version else {
      throw ActivityFeedFileError.unsupportedVersion(fileVersion)
    }
    guard let document = try? decoder.decode(Document.self, from: data) else {
      throw ActivityFeedFileError.unreadable
    }
    return document.activityFeed
  }

  /// The JSON encoder for activity: ISO-8601 timestamps, sorted keys.
  public static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  private static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}

/// Why an activity-feed file was refused.
public enum ActivityFeedFileError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The file is not JSON of the expected shape.
  case unreadable
  /// The file was written by a later version of PrimeTime.
  case unsupportedVersion(Int)

  public var description: String {
    switch self {
    case .unreadable:
      return "the file is not an activity-feed file"
    case .unsupportedVersion(let version):
      return
        "the file has format version \(version); this PrimeTime reads version "
        + "\(ActivityFeedFile.version) and earlier"
    }
  }
}
