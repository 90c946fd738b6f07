import Foundation
import Testing

/// The README's module graph puts the dependency clients below the features: no file of a
/// client, interface or live value, imports a feature module, so that a client is built, tested
/// and reused without any feature. What both need, such as the favorites file's format, sits in
/// a module below both. And the graph is the one Package.swift declares: every target, tests
/// included, declares each module it imports.
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

  /// The recording format is the file's, not the app's: it imports no feature and no room, so
  /// a change of the app cannot change a recording's bytes but through the one mapping in
  /// AppCore.
  @Test func theRecordingFormat_importsNoFeatureAndNoRoom() throws {
    let files = try Repository.files(in: ["App/RecordingFormat"], ending: ".swift")
    #expect(files.count >= 5)
    let app = Set(Self.rooms.map { String($0.split(separator: "/").last!) })
    for file in files {
      for module in Self.importedModules(file.text)
      where Self.features.contains(module) || app.contains(module)
        || Self.clients.contains(where: module.hasPrefix) || module == "ComposableArchitecture"
      {
        Issue.record("\(file.path) imports \(module)")
      }
    }
  }

  /// The rooms around the features: the front ends, each over the runtime, and the rooms below
  /// them. No front end imports another, no room imports a front end or a live value, and the
  /// runtime knows no terminal: only the command line, which starts one of them, imports the
  /// front ends, and only the executable the live values.
  static let frontEnds: Set = ["REPL", "FullScreen", "Replay"]
  static let rooms = [
    "App/AppCore", "App/Screens", "App/PrimeTimeUI", "App/Runtime", "App/TerminalScreen",
    "App/TerminalProgress", "App/REPL", "App/FullScreen", "App/Replay",
  ]

  @Test func noFrontEndImportsAnother_andNoRoomImportsAFrontEnd() throws {
    let terminal: Set = ["CNcurses", "CReadline", "LineEditing", "PrimeTimeUI", "TerminalScreen"]
    for room in Self.rooms {
      let name = String(room.split(separator: "/").last!)
      let files = try Repository.files(in: [room], ending: ".swift")
      #expect(!files.isEmpty, "\(room)")
      for file in files {
        for module in Self.importedModules(file.text) {
          if Self.frontEnds.contains(module), module != name {
            Issue.record("\(file.path) imports the front end \(module)")
          }
          if name == "Runtime", terminal.contains(module) {
            Issue.record("\(file.path): the runtime imports \(module), a terminal's")
          }
          if module.hasSuffix("Live") {
            Issue.record("\(file.path) imports \(module): only the executable links live values")
          }
        }
      }
    }
  }

  /// Package.swift declares every module a target imports, test targets and their support
  /// included: a build that finds a module only because another dependency happens to bring it
  /// along breaks on the next change to the graph. The toolchain's modules need no declaration.
  @Test func everyTarget_declaresEveryModuleItImports() throws {
    let manifest = try String(
      contentsOf: Repository.root.appending(path: "Package.swift"), encoding: .utf8)
    let targets = DeclaredTarget.all(in: manifest)
    #expect(targets.contains { $0.name == "DocumentationTests" && $0.isTest })
    #expect(targets.filter(\.isTest).count >= 15)
    for target in targets {
      let declared = Set(target.dependencies + [target.name]).union(Self.toolchain)
      for file in try Repository.files(in: [target.path], ending: ".swift") {
        for module in Self.importedModules(file.text) where !declared.contains(module) {
          Issue.record("\(file.path) imports \(module), which \(target.name) does not declare")
        }
      }
    }
  }

  /// The modules that come with the Swift toolchain and the system, which no target declares.
  static let toolchain: Set = [
    "Darwin", "Dispatch", "Foundation", "Glibc", "Synchronization", "Testing", "XCTest",
  ]

  @Test func importedModules_readsEveryFormOfImport() {
    let source = #"""
      import Foundation
      @testable import FavoritePrimes
      import struct Counter.CounterState
        import FavoritePrimesFormat
      let text = "import PrimeModal"
      let example = """
        import NthPrimeLookup
        """
      """#
    #expect(
      Self.importedModules(source) == [
        "Foundation", "FavoritePrimes", "Counter", "FavoritePrimesFormat",
      ])
  }

  @Test func declaredTargets_readNamePathAndDependencies() {
    let manifest = """
      dependencies: [.package(url: "https://example.com/a", from: "1.0.0")],
      targets: [
        // The counter (a feature).
        .target(name: "Counter", dependencies: ["Alerts"], path: "Modules/Counter"),
        .testTarget(
          name: "CounterTests",
          dependencies: [
            "Counter", .product(name: "CustomDump", package: "swift-custom-dump"),
          ],
          path: "Tests/CounterTests"
        ),
        .testTarget(name: "DocumentationTests", path: "Tests/DocumentationTests"),
      ]
      """
    #expect(
      DeclaredTarget.all(in: manifest) == [
        DeclaredTarget(
          name: "Counter", path: "Modules/Counter", dependencies: ["Alerts"], isTest: false),
        DeclaredTarget(
          name: "CounterTests", path: "Tests/CounterTests",
          dependencies: ["Counter", "CustomDump"], isTest: true),
        DeclaredTarget(
          name: "DocumentationTests", path: "Tests/DocumentationTests", dependencies: [],
          isTest: true),
      ])
  }

  /// The modules a Swift file imports, in order; text inside a multi-line string literal (an
  /// example in a test) imports nothing.
  static func importedModules(_ text: String) -> [String] {
    let quotes = "\"\"\""
    // The delimiter that closes the multi-line string literal the line is in, if it is in one.
    var closing: String?
    return text.split(separator: "\n").compactMap { line in
      if let delimiter = closing {
        if line.contains(delimiter) { closing = nil }
        return nil
      }
      if line.contains("#" + quotes) {
        closing = quotes + "#"
      } else if line.ranges(of: quotes).count == 1 {
        closing = quotes
      }
      let words = line.split(separator: " ")
      guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
        words[..<index].allSatisfy({ $0.hasPrefix("@") })
      else { return nil }
      return words.last?.split(separator: ".").first.map(String.init)
    }
  }
}

/// A target as Package.swift declares it.
struct DeclaredTarget: Equatable {
  var name: String
  /// Its folder, from the package's root; every target here names it.
  var path: String
  /// The targets and products it depends on, by name.
  var dependencies: [String]
  var isTest: Bool

  static let kinds = [".target(", ".testTarget(", ".executableTarget(", ".systemLibrary("]

  /// The targets that `manifest` declares, in order.
  static func all(in manifest: String) -> [DeclaredTarget] {
    var targets: [DeclaredTarget] = []
    var rest = manifest[...]
    while let start = kinds.compactMap({ rest.firstRange(of: $0) }).min(by: {
      $0.lowerBound < $1.lowerBound
    }) {
      let arguments = balanced(rest[start.upperBound...], closing: ")")
      let dependencies = arguments.firstRange(of: "dependencies: [").map {
        balanced(arguments[$0.upperBound...], closing: "]")
          .replacing(/package:\s*"[^"]*"/, with: "")
      }
      targets.append(
        DeclaredTarget(
          name: firstQuoted(after: "name:", in: arguments),
          path: firstQuoted(after: "path:", in: arguments),
          dependencies: dependencies.map(quotedStrings) ?? [],
          isTest: rest[start] == ".testTarget("))
      rest = rest[arguments.endIndex...]
    }
    return targets
  }

  /// The text from the start of `text` to the `closing` bracket that balances it.
  static func balanced(_ text: Substring, closing: Character) -> Substring {
    let opening: Character = closing == ")" ? "(" : "["
    var depth = 0
    var inString = false
    for index in text.indices {
      switch text[index] {
      case "\"": inString.toggle()
      case opening where !inString: depth += 1
      case closing where !inString:
        if depth == 0 { return text[..<index] }
        depth -= 1
      default: break
      }
    }
    return text
  }

  static func quotedStrings(_ text: Substring) -> [String] {
    text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  static func firstQuoted(after label: String, in text: Substring) -> String {
    guard let range = text.firstRange(of: label) else { return "" }
    return quotedStrings(text[range.upperBound...]).first ?? ""
  }
}
