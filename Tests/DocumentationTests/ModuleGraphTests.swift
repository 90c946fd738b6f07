import Foundation
import Testing

/// The README's module graph puts the dependency clients below the features: no file of a
/// client, interface or live value, imports a feature module, so that a client is built, tested
/// and reused without any feature. What both need, such as the favorites file's format, sits in
/// a module below both.
struct ModuleGraphTests {
  static let features: Set = [
    "Alerts", "Counter", "FavoritePrimes", "NthPrimeLookup", "PrimeModal",
  ]
  static let clients = ["FavoritesDatabase", "FileClient", "NthPrimeClient"]

  @Test func noClientImportsAFeature() throws {
    let modules = try FileManager.default.contentsOfDirectory(
      atPath: Repository.root.appending(path: "Modules").path)
    let clients = modules.filter { module in Self.clients.contains { module.hasPrefix($0) } }
    #expect(clients.count >= 6, "\(clients)")
    for file in try Repository.files(in: clients.map { "Modules/\($0)" }, ending: ".swift") {
      for module in Self.importedModules(file.text) where Self.features.contains(module) {
        Issue.record("\(file.path) imports the feature \(module)")
      }
    }
  }

  @Test func importedModules_readsEveryFormOfImport() {
    let source = """
      import Foundation
      @testable import FavoritePrimes
      import struct Counter.CounterState
      import FavoritePrimesFormat
      let text = "import PrimeModal"
      """
    #expect(
      Self.importedModules(source) == [
        "Foundation", "FavoritePrimes", "Counter", "FavoritePrimesFormat",
      ])
  }

  /// The modules a Swift file imports, in order.
  static func importedModules(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
        words[..<index].allSatisfy({ $0.hasPrefix("@") })
      else { return nil }
      return words.last?.split(separator: ".").first.map(String.init)
    }
  }
}
