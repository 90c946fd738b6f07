import Testing

/// A file of the rooms around the features, or of storage, holds one concern: none is over 400
/// lines, so that a file that grows past it is split along its seams rather than read whole.
struct FileSizeTests {
  static let folders = [
    "App", "Modules/FavoritesDatabase", "Modules/FavoritesDatabaseLive", "Modules/FavoritesLedger",
  ]

  @Test func noFileOfTheRoomsOrOfStorage_isOver400Lines() throws {
    let files = try Repository.files(in: Self.folders, ending: ".swift")
    #expect(files.count >= 100)
    for file in files {
      let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
      #expect(lines <= 400, "\(file.path) has \(lines) lines")
    }
  }
}
