import Foundation
import RecordingFormat
import Testing

/// The screens as a recording holds them: the page by its name, with the history page's visit
/// beside it, and where storing stands under a key of its own.
@Suite struct ScreensCodingTests {
  @Test func theHistoryPage_holdsItsVisit_andIsWrittenAsRecordingsHoldIt() throws {
    let visit = RecordedState.Screens.HistoryVisit(openedAt: 2, returnPage: .favorites)
    let open = RecordedState.Screens(page: .history(visit))
    let text = String(decoding: try JSONEncoder().encode(open), as: UTF8.self)
    #expect(text.contains(#""page":"history""#))
    #expect(text.contains(#""historyVisit":{"#))
    #expect(try JSONDecoder().decode(RecordedState.Screens.self, from: Data(text.utf8)) == open)
    let closed = RecordedState.Screens(page: .activity)
    let closedText = String(decoding: try JSONEncoder().encode(closed), as: UTF8.self)
    #expect(closedText.contains(#""page":"activity""#) && !closedText.contains("historyVisit"))
    #expect(
      try JSONDecoder().decode(RecordedState.Screens.self, from: Data(closedText.utf8)) == closed)
    // A page and a visit that disagree are no state the app can be in.
    let size = #""selection":{"row":0,"top":0},"size":{"columns":80,"rows":24}"#
    for disagreeing in [
      #"{"page":"history",\#(size)}"#,
      #"{"page":"counter","historyVisit":{"openedAt":0,"returnPage":"counter"},\#(size)}"#,
    ] {
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(RecordedState.Screens.self, from: Data(disagreeing.utf8))
      }
    }
    #expect(
      try JSONDecoder().decode(
        RecordedState.Screens.self,
        from: Data(
          #"{"page":"history","historyVisit":{"openedAt":0,"returnPage":"counter"},\#(size)}"#
            .utf8)
      ).page == .history(RecordedState.Screens.HistoryVisit(openedAt: 0, returnPage: .counter)))
  }

  @Test func whereStoringStands_isWrittenUnderAKeyOfItsOwnPerCase_andNeverBoth() throws {
    for storage in [nil, .failed("disk full"), .waiting("waiting for it"), .readOnly("mode")]
      as [RecordedState.Screens.Storage?]
    {
      let state = RecordedState.Screens(storage: storage)
      let text = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
      #expect(text.contains("storageProblem") == (storage == .failed("disk full")))
      #expect(text.contains("storageWait") == (storage == .waiting("waiting for it")))
      #expect(text.contains(#""storageReadOnly":"mode""#) == (storage == .readOnly("mode")))
      #expect(try JSONDecoder().decode(RecordedState.Screens.self, from: Data(text.utf8)) == state)
    }
    let screens =
      #"{"page":"counter","selection":{"row":0,"top":0},"size":{"columns":80,"rows":24},"#
    for two in [
      #""storageProblem":"disk full","storageWait":"waiting"}"#,
      #""storageWait":"waiting","storageReadOnly":"mode"}"#,
      #""storageProblem":"disk full","storageReadOnly":"mode"}"#,
    ] {
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(RecordedState.Screens.self, from: Data((screens + two).utf8))
      }
    }
  }

  @Test func theKeys_areWrittenAsRecordingsHoldThem() throws {
    let shown = RecordedState.Screens(page: .activity, destination: .help)
    let text = String(decoding: try JSONEncoder().encode(shown), as: UTF8.self)
    #expect(text.contains(#""destination":{"help":{}}"#))
    #expect(try JSONDecoder().decode(RecordedState.Screens.self, from: Data(text.utf8)) == shown)
    let none = String(decoding: try JSONEncoder().encode(RecordedState.Screens()), as: UTF8.self)
    #expect(!none.contains("destination"))
  }

  @Test func aLaunchWarningRecordedAsANotice_beforeFormat15_readsAsWhatCoversThePage() throws {
    let recorded = #"""
      {"page":"counter","selection":{"row":0,"top":0},"notice":{"launchWarning":{"_0":"kept in memory"}},
       "size":{"columns":80,"rows":24}}
      """#
    let screens = try JSONDecoder().decode(RecordedState.Screens.self, from: Data(recorded.utf8))
    #expect(screens.destination == .launchWarning("kept in memory"))
    #expect(screens.notice == nil)
    let said = try JSONDecoder().decode(
      RecordedState.Screens.self,
      from: Data(recorded.replacingOccurrences(of: "launchWarning", with: "said").utf8))
    #expect(said.notice == .said("kept in memory"))
    #expect(said.destination == nil)
  }
}
