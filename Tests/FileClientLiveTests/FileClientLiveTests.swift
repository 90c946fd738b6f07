import FileClient
import FileClientLive
import Foundation
import Testing

struct FileClientLiveTests {
  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appending(path: "file-client-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func saveThenLoad_roundTrips_andLeavesNoTemporaryFiles() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let client = FileClient.live(directory: directory)
    try await client.save("a.json", Data("one".utf8))
    try await client.save("a.json", Data("two".utf8))
    #expect(try await client.load("a.json") == Data("two".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.json"])
  }

  @Test func load_missingFile_isNil() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try await FileClient.live(directory: directory).load("nothing.json") == nil)
  }

  @Test func save_intoADirectoryThatDoesNotExist_createsNothing_andNamesTheDirectory()
    async throws
  {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appending(path: "no such/folder")
    let file = missing.appending(path: "x.json").path
    let error = await #expect(throws: FileError.self) {
      try await FileClient.live(directory: directory).save(file, Data([1]))
    }
    #expect(error?.description == "could not write \(file): there is no directory \(missing.path)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
  }

  @Test func save_whereTheParentIsAFile_saysWhy() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let blocker = directory.appending(path: "file")
    try Data().write(to: blocker)
    let client = FileClient.live(directory: blocker.appending(path: "data"))
    let error = await #expect(throws: FileError.self) {
      try await client.save("x", Data([1]))
    }
    #expect(
      error?.description
        == "could not write \(blocker.path)/data/x: \(String(cString: strerror(ENOTDIR)))")
  }

  @Test func path_isWhereANameIsWritten() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let client = FileClient.live(directory: directory)
    #expect(client.path("favs.json") == directory.appending(path: "favs.json").path)
    #expect(client.path("./favs.json") == directory.appending(path: "favs.json").path)
    #expect(client.path("/elsewhere/favs.json") == "/elsewhere/favs.json")
  }

  @Test func save_whereNoFileCanBeCreated_namesTheFile_notTheTemporaryOne() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let error = await #expect(throws: FileError.self) {
      try await FileClient.live(directory: directory).save("/proc/x.json", Data([1]))
    }
    #expect(
      error?.description == "could not write /proc/x.json: \(String(cString: strerror(ENOENT)))")
  }

  @Test func load_aDirectory_saysWhyInTheSystemsWords() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let error = await #expect(throws: FileError.self) {
      try await FileClient.live(directory: directory).load(directory.path)
    }
    #expect(
      error?.description == "could not read \(directory.path): \(String(cString: strerror(EISDIR)))"
    )
  }

  @Test func save_createsTheFileForItsOwnerOnly() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await FileClient.live(directory: directory).save("x.json", Data([1]))
    let attributes = try FileManager.default.attributesOfItem(
      atPath: directory.appending(path: "x.json").path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test func save_anAbsolutePath_writesThereNotInTheDirectory() async throws {
    let directory = try temporaryDirectory()
    let elsewhere = try temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: elsewhere)
    }
    let client = FileClient.live(directory: directory)
    let path = elsewhere.appending(path: "export.json").path
    try await client.save(path, Data([7]))
    #expect(try Data(contentsOf: URL(filePath: path)) == Data([7]))
    #expect(try await client.load(path) == Data([7]))
  }

  @Test func save_throughASymlink_writesTheFileItPointsTo() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appending(path: "target.json")
    try Data([1]).write(to: target)
    try FileManager.default.createSymbolicLink(
      at: directory.appending(path: "link.json"), withDestinationURL: target)
    try await FileClient.live(directory: directory).save("link.json", Data([2]))
    #expect(try Data(contentsOf: target) == Data([2]))
    let link = try FileManager.default.destinationOfSymbolicLink(
      atPath: directory.appending(path: "link.json").path)
    #expect(link == target.path)
  }
}
