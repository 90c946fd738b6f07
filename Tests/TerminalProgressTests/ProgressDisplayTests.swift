import Testing

@testable import TerminalProgress

struct ProgressDisplayTests {
  @Test func progressLine_showsWholePercent_andClearsTheLine() {
    #expect(ProgressDisplay.text(0.426) == "working… 42%")
    #expect(ProgressDisplay.text(-1) == "working… 0%")
    #expect(
      ProgressDisplay.text(1.2, hint: "Ctrl-C cancels") == "working… 100%  (Ctrl-C cancels)")
    #expect(ProgressDisplay.clear == "\r\u{1B}[K")
  }
}
