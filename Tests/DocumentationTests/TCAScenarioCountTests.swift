import Foundation
import Testing

/// The article "Coming from TCA" and the README say how many of TCA's tests are translated; the
/// test target holds that many.
struct TCAScenarioCountTests {
  @Test func theArticleAndTheReadme_sayHowManyScenariosAreTranslated() throws {
    let translated = try Repository.files(in: ["Tests/TCAScenarioTests"], ending: ".swift")
      .map { $0.text.components(separatedBy: "@Test func ").count - 1 }
      .reduce(0, +)
    let article = try Repository.files(
      in: ["Modules/ComposableArchitecture/Documentation.docc"], ending: "ComingFromTCA.md")
    let readme = try String(
      contentsOf: Repository.root.appending(path: "README.md"), encoding: .utf8)
    #expect(translated > 100)
    #expect(article.count == 1)
    #expect(article.allSatisfy { $0.text.contains("\(translated) of the 189 tests") })
    #expect(readme.contains("\(translated) scenarios of The"))
  }
}
