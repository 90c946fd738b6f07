import Foundation
import Testing

/// Every Swift example in the documentation is an excerpt of code that the package compiles, so
/// that a changed API breaks the build rather than the example.
///
/// An example is a fenced code block whose language is `swift` or not given, in a `///` doc
/// comment under `Modules/` or `App/`, or in an article of a DocC catalog under `Modules/`. A
/// block in another language (`text`, `sh`, `json`) is not code and is not checked. An example
/// matches when, with `//` comments and all whitespace removed, it occurs in a Swift file under
/// `Modules/`, `App/`, `Tests/` or `Benchmarks/`, with the same removed. Removing `//` comments
/// removes the `///` doc comments too, so an example never matches itself.
struct CodeExampleTests {
  @Test func everyExample_isAnExcerptOfCompiledCode() throws {
    let compiled = ["Modules", "App", "Tests", "Benchmarks"]
    let code = try Repository.files(in: compiled, ending: ".swift")
      .filter { !$0.path.hasPrefix("Tests/DocumentationTests/") }
      .map { CodeExample.normalized($0.text) }
    let docComments = try Repository.files(in: ["Modules", "App"], ending: ".swift")
      .flatMap { CodeExample.examples(inDocCommentsOf: $0.text, path: $0.path) }
    let articles = try Repository.files(in: ["Modules"], ending: ".md")
      .filter { $0.path.contains(".docc/") }
      .flatMap { CodeExample.examples(inArticle: $0.text, path: $0.path) }
    let examples = docComments + articles

    #expect(!examples.isEmpty)
    for example in examples where !example.isExcerpt(of: code) {
      Issue.record("\(example.location): not an excerpt of compiled code: \(example.firstLine)")
    }
  }

  @Test func examples_areTheSwiftBlocksOfDocComments() {
    let source = """
      /// Adds one.
      ///
      /// ```swift
      /// count += 1
      /// ```
      ///
      /// ```json
      /// [1]
      /// ```
      func increment() {}
      """
    let examples = CodeExample.examples(inDocCommentsOf: source, path: "Counter.swift")
    #expect(examples.map(\.location) == ["Counter.swift:3"])
    #expect(examples.map(\.firstLine) == ["count += 1"])
  }

  @Test func example_matchesCodeThatContainsIt_ignoringCommentsAndWhitespace() {
    let example = CodeExample(location: "", lines: ["let url = \"a//b\"", "count += 1  // 8"])
    #expect(example.isExcerpt(of: [CodeExample.normalized("let url = \"a//b\"\ncount  += 1\n")]))
  }

  @Test func example_doesNotMatchCodeThatLacksIt() {
    let example = CodeExample(location: "", lines: ["count += 2"])
    #expect(!example.isExcerpt(of: [CodeExample.normalized("count += 1 // count += 2\n")]))
  }
}

/// A Swift code block in the documentation.
struct CodeExample {
  /// Where the block starts, as `path:line`.
  var location: String
  /// The block's lines, without the fences.
  var lines: [Substring]

  /// The block's first line of text.
  var firstLine: String {
    lines.lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? ""
  }

  /// Whether the block occurs in one of `code`, each of which is ``normalized(_:)``.
  func isExcerpt(of code: [String]) -> Bool {
    let example = Self.normalized(lines.joined(separator: "\n"))
    return code.contains { $0.contains(example) }
  }

  /// The Swift code blocks in the `///` doc comments of a Swift source file.
  static func examples(inDocCommentsOf source: String, path: String) -> [CodeExample] {
    examples(
      in: source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        let text = line.drop { $0.isWhitespace }
        return text.hasPrefix("///") ? text.dropFirst(3) : nil
      },
      path: path)
  }

  /// The Swift code blocks in a Markdown article.
  static func examples(inArticle text: String, path: String) -> [CodeExample] {
    examples(in: text.split(separator: "\n", omittingEmptySubsequences: false), path: path)
  }

  /// The Swift code blocks in `lines` of documentation, where `nil` is a line that is not.
  private static func examples(in lines: [Substring?], path: String) -> [CodeExample] {
    var examples: [CodeExample] = []
    var open: CodeExample?
    var isSwift = false
    for (index, line) in lines.enumerated() {
      guard let line else {
        open = nil
        continue
      }
      let text = line.trimmingCharacters(in: .whitespaces)
      if !text.hasPrefix("```") {
        open?.lines.append(line)
      } else if let example = open {
        if isSwift { examples.append(example) }
        open = nil
      } else {
        let language = text.dropFirst(3)
        open = CodeExample(location: "\(path):\(index + 1)", lines: [])
        isSwift = language.isEmpty || language == "swift"
      }
    }
    return examples
  }

  /// Swift code without its `//` comments and whitespace. A `//` inside a string literal that
  /// ends on its line is not a comment.
  static func normalized(_ code: some StringProtocol) -> String {
    var result = ""
    for line in code.split(separator: "\n") {
      var isInString = false
      var previous: Character?
      for character in line {
        if character == "\"" && previous != "\\" { isInString.toggle() }
        if character == "/" && previous == "/" && !isInString {
          result.removeLast()
          break
        }
        if !character.isWhitespace { result.append(character) }
        previous = character
      }
    }
    return result
  }
}

/// The files of this repository.
enum Repository {
  static let root = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// A file's path from the root, and its text.
  struct File {
    var path: String
    var text: String
  }

  /// The files in `folders` and their subfolders whose names end with `suffix`.
  static func files(in folders: [String], ending suffix: String) throws -> [File] {
    try folders.flatMap { folder in
      try FileManager.default.subpathsOfDirectory(atPath: root.appending(path: folder).path)
        .filter { $0.hasSuffix(suffix) }
        .sorted()
        .map { "\(folder)/\($0)" }
        .map {
          File(path: $0, text: try String(contentsOf: root.appending(path: $0), encoding: .utf8))
        }
    }
  }
}
