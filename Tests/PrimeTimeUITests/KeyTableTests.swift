import AppCore
import NthPrimeLookup
import Screens
import Testing

@testable import PrimeTimeUI

/// The pages' key tables: each is what its key map and its hints read.
struct KeyTableTests {
  private static let table = KeyTable<Void, String>(rows: [
    KeyBinding.downAndUp("move") { "moved \($0)" } + [
      KeyBinding(.character("h"), hint: .wordsWhereRoom("history"), sends: "history"),
      KeyBinding(.character("u"), hint: .unhinted("undo"), sends: "undo"),
    ],
    [
      KeyBinding(.enter, hint: .words("stay here for now"), sends: "stay"),
      KeyBinding(.escape, hint: .words("go back to the start"), sends: "back"),
    ],
  ])

  @Test func hints_nameTheKeys_threeSpacesApart_twoWhereThreeWouldNotFit() {
    #expect(
      Self.table.hints(size: Size(columns: 80, rows: 24)).map(\.text) == [
        "j k move   h history", "Enter stay here for now  Esc go back to the start",
      ])
    #expect(Self.table.hints(size: Size(columns: 19, rows: 24))[0].text == "j k move")
  }

  @Test func help_listsEveryBindingsKeys_withTheNextOnesWords() {
    #expect(
      Self.table.help.map { ($0.keys.map(\.name), $0.words) }.elementsEqual(
        [
          (["j", "↓", "k", "↑"], "move"), (["h"], "history"), (["u"], "undo"),
          (["Enter"], "stay here for now"), (["Esc"], "go back to the start"),
        ], by: ==))
  }

  @Test func hintsWhereThereIsRoom_endTheirOwnRow() {
    let table = KeyTable<Void, String>(rows: [
      [KeyBinding(.character("a"), hint: .words("all"), sends: "a")],
      [
        KeyBinding(.character("b"), hint: .words("both"), sends: "b"),
        KeyBinding(.character("?"), hint: .wordsWhereRoom("help"), sends: "?"),
      ],
    ])
    #expect(
      table.hints(size: Size(columns: 80, rows: 24)).map(\.text) == ["a all", "b both   ? help"])
    #expect(table.hints(size: Size(columns: 14, rows: 24)).map(\.text) == ["a all", "b both"])
  }

  @Test func action_isTheFirstBindingsWithTheKey() {
    #expect(Self.table.action(for: .down, in: ()) == "moved 1")
    #expect(Self.table.action(for: .character("k"), in: ()) == "moved -1")
    #expect(Self.table.action(for: .character("u"), in: ()) == "undo")
    #expect(Self.table.action(for: .character("x"), in: ()) == nil)
  }

  @Test func everyHintedKey_actsOnItsPage() {
    let state = AppState(count: 7, favoritePrimes: [2, 3], activityFeed: [])
    let pages = [
      AppView.counterPage, AppView.favoritesPage, AppView.activityPage, AppView.historyPage,
    ]
    for binding in pages.flatMap({ $0.rows.joined() }) {
      if case .unhinted = binding.hint { continue }
      #expect(binding.action(state) != nil, "\(binding.keys)")
    }
  }

  /// With something over a page, the hints name the keys that act there, from the one table
  /// that the key map reads, and no key of the page under it.
  @Test(arguments: [
    (
      AppState(count: 7, counterDestination: .primeModal(alert: nil)),
      ["s save   Esc close", "q quit"]
    ),
    (
      AppState(count: 7, favoritePrimes: [7], counterDestination: .primeModal(alert: nil)),
      ["s remove   Esc close", "q quit"]
    ),
    (AppState(count: 8, counterDestination: .primeModal(alert: nil)), ["Esc close", "q quit"]),
    (
      AppState(count: 8, counterDestination: .primeModal(alert: .failure("no"))),
      ["Enter OK", "q quit"]
    ),
    (AppState(counterDestination: .alert(.failure("no"))), ["Enter OK", "q quit"]),
    (
      AppState(
        favoritesDestination: .alert(.failure("no")), screens: ScreensState(page: .favorites)),
      ["Enter OK", "q quit"]
    ),
    (AppState(count: 7, counterLookup: NthPrimeLookupState(n: 7)), ["Esc cancel", "q quit"]),
    (
      AppState(
        count: 7, counterDestination: .primeModal(alert: nil),
        counterLookup: NthPrimeLookupState(n: 7)),
      ["Esc cancel", "q quit"]
    ),
    (
      AppState(
        favoritePrimes: [7], favoritesLookup: NthPrimeLookupState(n: 7),
        screens: ScreensState(page: .favorites)),
      ["Esc cancel", "q quit"]
    ),
  ])
  func overWhatCoversAPage_theHintsNameTheKeysThatActThere(
    state: AppState, hints: [String]
  ) {
    let table =
      state.screens.page == .favorites
      ? AppView.favoritesKeys(state.favoritePrimesState) : AppView.counterKeys(state.counter)
    #expect(table.hints(size: Size(columns: 80, rows: 24)).map(\.text) == hints)
    for binding in table.rows.joined() {
      #expect(binding.action(state) != nil, "\(binding.keys)")
      for key in binding.keys {
        #expect(AppView.action(for: key, in: state) == binding.action(state), "\(key)")
      }
    }
    // The page's own keys under it do nothing.
    for key in [Key.character("+"), .character("p"), .character("u"), .character("d")] {
      #expect(AppView.action(for: key, in: state) == nil, "\(key)")
    }
  }
}
