import Testing

/// A passing `swift test` prints no line that reads as a failure: no test expects an issue with
/// Swift Testing's known-issue function, whose every use prints "recorded a known issue". A test
/// of what is reported collects it with `issuesReported(during:)`, which records nothing.
struct QuietSuiteTests {
  @Test func noTestExpectsAKnownIssue() throws {
    let call = "withKnown" + "Issue"
    for file in try Repository.files(in: ["Tests"], ending: ".swift") {
      #expect(!file.text.contains(call), "\(file.path) uses \(call)")
    }
  }
}
