import Alerts
import AppCore
import ComposableArchitecture
import Counter
import FavoritePrimes
import FavoritesLedger
import Foundation
import NthPrimeLookup
import PrimeModal
import PrimeTimeUI
import Screens
import Testing

/// Each view's drawing at a fixed size, as the text a person sees: one line per row, trailing
/// spaces left out.
struct ViewDrawingTests {
  let size = Size(columns: 44, rows: 12)

  private func text(_ drawing: Drawing) -> String {
    #expect(drawing.count == size.rows || !size.isLargeEnough)
    #expect(drawing.allSatisfy { displayWidth($0.text) <= size.columns })
    return drawing.map {
      $0.text.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
    }
    .joined(separator: "\n")
  }

  /// The counter's drawing.
  private func drawCounter(
    _ state: CounterState, progress: Double, size: Size, charset: Charset = .unicode
  ) -> Drawing {
    CounterView.draw(state, progress: progress, size: size, charset: charset)
  }

  /// The favorites' drawing.
  private func drawFavorites(
    _ state: FavoritePrimesState, selection: ScreensState.Selection, progress: Double, size: Size,
    charset: Charset = .unicode
  ) -> Drawing {
    FavoritesView.draw(
      state, selection: selection, progress: progress, size: size, charset: charset)
  }

  private let counterHints = """
    + - count   p prime?   n nth prime
    f favorites   u undo   r redo   q quit
    """

  @Test func counter_atZero_offersNoNthPrime_andSaysWhy() {
    let drawing = drawCounter(CounterState(), progress: 0, size: size)
    #expect(
      text(drawing) == """
        PrimeTime

                        [-]  0  [+]

          [p] Is this prime?
          No nth prime for a count below 1
          [f] Favorite primes



        \(counterHints)
        """)
    #expect(drawing[0].style == .title)
    #expect(drawing[2].style == .plain)
    #expect(drawing[5].style == .disabled)
    let below = drawCounter(CounterState(count: -2), progress: 0, size: Size.minimum)
    #expect(below[5].text == "  No nth prime for a count below 1")
    let one = drawCounter(CounterState(count: 1), progress: 0, size: size)
    #expect(one[5].text == "  [n] What is the 1st prime?")
  }

  @Test func counter_frozenByALookup_showsItsProgress_andDisablesTheButtons() {
    let state = CounterState(count: 7, nthPrimeLookup: NthPrimeLookupState(n: 7))
    let drawing = drawCounter(state, progress: 0.42, size: size)
    #expect(
      text(drawing) == """
        PrimeTime

                        [-]  7  [+]

          [p] Is this prime?
          [n] What is the 7th prime?
          [f] Favorite primes

          █████████████░░░░░░░░░░░░░░░░░░░ 42%
          Looking up the 7th prime; Esc cancels
        Esc cancel
        q quit
        """)
    #expect(drawing[2].style == .disabled)
    #expect(drawing[4].style == .disabled)
  }

  @Test func primeModal_forAPrime_offersToSaveIt() {
    let state = CounterState(count: 7, destination: .primeModal(alert: nil))
    #expect(
      text(drawCounter(state, progress: 0, size: size)) == """
        PrimeTime

                        [-]  7  [+]
              ┌─────────────────────────────┐
              │ 7 is prime 🎉               │
              │                             │
              │ [s] Save to favorite primes │
              │ Esc closes                  │
              └─────────────────────────────┘

        s save   Esc close
        q quit
        """)
  }

  @Test func primeModal_forAFavorite_offersToRemoveIt() {
    let state = CounterState(count: 7, favoritePrimes: [7], destination: .primeModal(alert: nil))
    #expect(
      text(drawCounter(state, progress: 0, size: size)) == """
        PrimeTime

                        [-]  7  [+]
            ┌─────────────────────────────────┐
            │ 7 is prime 🎉                   │
            │                                 │
            │ [s] Remove from favorite primes │
            │ Esc closes                      │
            └─────────────────────────────────┘

        s remove   Esc close
        q quit
        """)
  }

  @Test func primeModal_forANonPrime_offersNothing() {
    let state = CounterState(count: 6, destination: .primeModal(alert: nil))
    #expect(
      text(drawCounter(state, progress: 0, size: size)) == """
        PrimeTime

                        [-]  6  [+]
                  ┌──────────────────────┐
                  │ 6 is not prime :(    │
                  │                      │
                  │ Esc closes           │
                  └──────────────────────┘


        Esc close
        q quit
        """)
  }

  @Test func alert_isADialogOverTheScreen() {
    let state = CounterState(count: 7, destination: .alert(.nthPrime(n: 7, prime: 17)))
    #expect(
      text(drawCounter(state, progress: 0, size: size)) == """
        PrimeTime

                        [-]  7  [+]
                  ┌──────────────────────┐
                  │ the 7th prime is 17  │
                  │                      │
                  │ Enter OK             │
                  └──────────────────────┘


        Enter OK
        q quit
        """)
  }

  private let favoritesHints = """
    j k select   d delete   n nth prime
    e export  i import  a activity  c back
    """

  @Test func favorites_empty_sayHowToSaveOne() {
    let drawing = drawFavorites(
      FavoritePrimesState(), selection: .init(), progress: 0, size: size)
    #expect(
      text(drawing) == """
        Favorite primes (0)

          None yet (on the counter: p, then s)







        \(favoritesHints)
        """)
  }

  @Test func favorites_long_scrolledToItsLastRow() {
    let state = FavoritePrimesState(favoritePrimes: PersistentArray((1...30).map { 2 * $0 + 1 }))
    var feature = ScreensFeatureState(
      screens: ScreensState(size: size), favoritePrimes: state.favoritePrimes, activityCount: 0)
    for _ in 1...40 {
      _ = ScreensReducer().reduce(into: &feature, action: .selectionMoved(by: 1), environment: ())
    }
    let selection = feature.selection
    #expect(selection == ScreensState.Selection(row: 29, top: 22, prime: 61))
    let drawing = drawFavorites(state, selection: selection, progress: 0, size: size)
    #expect(
      text(drawing) == """
        Favorite primes (30)

          23  47
          24  49
          25  51
          26  53
          27  55
          28  57
          29  59
          30  61
        \(favoritesHints)
        """)
    #expect(drawing[9].style == .selected)
    #expect(drawing[8].style == .plain)
  }

  @Test func activity_newestFirst_inTheGivenTimeZone() {
    let feed: PersistentArray<Activity> = [
      Activity(
        id: UUID(number: 0), kind: .added, prime: 7,
        timestamp: Date(timeIntervalSince1970: 1_764_000_000)),
      Activity(
        id: UUID(number: 1), kind: .removed, prime: 7,
        timestamp: Date(timeIntervalSince1970: 1_764_000_060)),
    ]
    let drawing = ActivityView.draw(
      feed, localTime: LocalTime(TimeZone(identifier: "UTC")!), size: size, charset: .unicode)
    #expect(
      text(drawing) == """
        Activity (2)

          2025-11-24 16:01:00  removed 7
          2025-11-24 16:00:00  added   7







        j k scroll   c back to the favorites
        """)
  }

  @Test func activity_onANarrowScreen_shortensTheTime_beforeItCutsAPrime() {
    // 7 at 16:00:00 UTC, then the largest prime below 2^63 at 16:01:01.
    let feed = PersistentArray(
      zip([7, 9_223_372_036_854_775_783], [0.0, 61]).enumerated().map { index, entry in
        Activity(
          id: UUID(number: UInt8(index)), kind: .added, prime: entry.0,
          timestamp: Date(timeIntervalSince1970: 1_764_000_000 + entry.1))
      })
    let utc = LocalTime(TimeZone(identifier: "UTC")!)
    let narrow = Size(columns: 40, rows: 12)
    #expect(
      text(ActivityView.draw(feed, localTime: utc, size: narrow, charset: .unicode)) == """
        Activity (2)

          16:01:01  added   9223372036854775783
          16:00:00  added   7







        j k scroll   c back to the favorites
        """)
    // Where the time of day is too wide as well, its seconds go next.
    let line = { (width: Int) in
      feed[1].line(
        localTime: utc, showing: Activity.timeShown(for: [feed[1]], in: width))
    }
    #expect(line(36) == "16:01  added   9223372036854775783")
    #expect(line(1000) == "2025-11-24 16:01:01  added   " + "9223372036854775783")
  }

  @Test func activity_longerThanTheScreen_scrollsToItsOldest() {
    let feed = PersistentArray(
      (0..<30).map {
        Activity(
          id: UUID(number: UInt8($0)), kind: .added, prime: $0,
          timestamp: Date(timeIntervalSince1970: 1_764_000_000 + Double($0) * 60))
      })
    let utc = LocalTime(TimeZone(identifier: "UTC")!)
    let newest = text(ActivityView.draw(feed, localTime: utc, size: size, charset: .unicode))
    #expect(newest.contains("16:29:00  added   29"))
    #expect(!newest.contains("added   20\n"))
    let last = Layout.maximumActivityScroll(count: feed.count, size: size)
    #expect(last == 21)
    let oldest = ActivityView.draw(
      feed, scroll: last, localTime: utc, size: size, charset: .unicode)
    #expect(
      text(oldest) == """
        Activity (30)

          2025-11-24 16:08:00  added   8
          2025-11-24 16:07:00  added   7
          2025-11-24 16:06:00  added   6
          2025-11-24 16:05:00  added   5
          2025-11-24 16:04:00  added   4
          2025-11-24 16:03:00  added   3
          2025-11-24 16:02:00  added   2
          2025-11-24 16:01:00  added   1
          2025-11-24 16:00:00  added   0
        j k scroll   c back to the favorites
        """)
    #expect(
      ActivityView.draw(feed, scroll: last + 5, localTime: utc, size: size, charset: .unicode)
        == oldest)
  }

  @Test func aConfirmation_isANoticeOnTheLastRows_withTheModalStillShown() {
    var state = AppState(
      count: 7, favoritePrimes: [7], counterDestination: .primeModal(alert: nil))
    state.screens.notice = .feature(.saved(7))
    state.screens.size = size
    #expect(
      text(AppView.draw(state, progress: 0, localTime: .gmt, charset: .unicode)) == """
        PrimeTime

                        [-]  7  [+]
            ┌─────────────────────────────────┐
            │ 7 is prime 🎉                   │
            │                                 │
            │ [s] Remove from favorite primes │
            │ Esc closes                      │
            └─────────────────────────────────┘

        s remove   Esc close
        saved 7 to your favorite primes
        """)
  }

  @Test func undo_saysWhatItLeft_onTheLastRow_ofThePageShown() {
    var state = AppState(
      count: 7, favoritePrimes: [7, 11],
      screens: ScreensState(
        page: .favorites,
        notice: .travelled(
          Travel(isBack: true, steps: 1, requested: 1, count: 7, favorites: [7, 11])), size: size))
    state.screens.selection.prime = 11
    let drawing = AppView.draw(state, progress: 0, localTime: .gmt, charset: .unicode)
    #expect(drawing.last == Line("undone; count: 7; favorites: 7, 11", .title))
    #expect(drawing[3].text.hasPrefix("  2  11  ") && drawing[3].style == .selected)
  }

  @Test func aTerminalTooSmall_saysTheSizeItNeeds() {
    let small = Size(columns: 30, rows: 8)
    let drawing = drawCounter(CounterState(), progress: 0, size: small)
    #expect(drawing.count == 8)
    #expect(drawing[0].text == "primetime ui needs 40×12")
    #expect(drawing.dropFirst().allSatisfy { $0.text.isEmpty })
    #expect(
      drawFavorites(FavoritePrimesState(), selection: .init(), progress: 0, size: small)
        == drawing)
  }

  /// Below the size the screens need, a running lookup still shows, with how to cancel it,
  /// and so does the news on the last rows, such as its cancel.
  @Test(arguments: [ScreensState.Tab.counter, .favorites])
  func aTerminalTooSmall_showsARunningLookup_andWhatTheLastStepSaid(page: ScreensState.Tab) {
    let small = Size(columns: 30, rows: 8)
    let lookup = NthPrimeLookupState(n: 7)
    let running = AppState(
      count: 7, favoritePrimes: [7], counterLookup: page == .counter ? lookup : nil,
      favoritesLookup: page == .favorites ? lookup : nil,
      screens: ScreensState(page: ScreensState.Page(page), size: small))
    let drawing = AppView.draw(running, progress: 0.42, localTime: .gmt, charset: .unicode)
    #expect(drawing.count == small.rows)
    #expect(
      drawing.map(\.text) == [
        "primetime ui needs 40×12", "", "", "", "", "", "Looking up: 42%",
        "Esc or Ctrl-C cancels",
      ])
    var cancelled = running
    cancelled.counterLookup = nil
    cancelled.favoritesLookup = nil
    cancelled.screens.notice = .feature(.cancelled)
    let after = AppView.draw(cancelled, progress: 0, localTime: .gmt, charset: .unicode)
    #expect(after.count == small.rows)
    #expect(after.first?.text == "primetime ui needs 40×12")
    #expect(after.last == Line("cancelled", .title))
    // Where the rows are fewer still, what the app is doing shows in place of the size.
    var tiny = running
    tiny.screens.size = Size(columns: 24, rows: 2)
    #expect(
      AppView.draw(tiny, progress: 0.42, localTime: .gmt, charset: .unicode).map(\.text) == [
        "Looking up: 42%", "Esc or Ctrl-C cancels",
      ])
  }

  /// `?` shows the keys of what acts now, all of them, in as many columns as the terminal's
  /// rows need: on the smallest terminal, the favorites' take two.
  @Test func theKeys_listEveryKeyOfThePage_inColumnsThatFit() {
    let favorites = AppState(
      favoritePrimes: [2],
      screens: ScreensState(page: .favorites, destination: .help, size: .minimum))
    let drawing = AppView.draw(favorites, progress: 0, localTime: .gmt, charset: .unicode)
    #expect(drawing.count == Size.minimum.rows)
    #expect(drawing.allSatisfy { displayWidth($0.text) <= Size.minimum.columns })
    #expect(
      drawing.map { $0.text.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
        .joined(separator: "\n") == """
          Keys

          j ↓ k ↑    select     a         activity
          PgDn PgUp  page       c Esc     back
          g Home     first      u         undo
          G End      last       r         redo
          d          delete     q Ctrl-C  quit
          n          nth prime  ? F1      help
          h          history    Ctrl-D    quit
          e          export     Ctrl-Z    suspend
          i          import
          Any key closes
          """)
    #expect(drawing[0].style == .title && drawing[11].style == .hint)
    // Where the rows have room, one column.
    var tall = favorites
    tall.screens.size = Size(columns: 80, rows: 24)
    let lines = AppView.draw(tall, progress: 0, localTime: .gmt, charset: .unicode).map(\.text)
    #expect(lines[2].hasPrefix("  j ↓ k ↑    select"))
    #expect(lines.contains { $0.hasPrefix("  Ctrl-Z     suspend") })
    // What covers the page decides the keys: over a lookup, its own.
    let lookup = AppState(
      count: 7, counterLookup: NthPrimeLookupState(n: 7),
      screens: ScreensState(destination: .help, size: .minimum))
    #expect(
      AppView.draw(lookup, progress: 0, localTime: .gmt, charset: .unicode).map(\.text).prefix(7)
        == [
          "Keys", "", "  Esc Ctrl-C  cancel", "  q           quit", "  ? F1        help",
          "  Ctrl-D      quit", "  Ctrl-Z      suspend",
        ])
    // In ASCII, the arrows are words, and the columns still fit.
    let ascii = AppView.draw(favorites, progress: 0, localTime: .gmt, charset: .ascii)
    #expect(ascii[2].text.hasPrefix("j Down k Up  select"))
    #expect(ascii.allSatisfy { $0.text.utf8.count <= Size.minimum.columns })
    #expect(ascii.allSatisfy { $0.text.unicodeScalars.allSatisfy(\.isASCII) })
  }

  @Test func aLongAlert_isBrokenBetweenWords_andShownWhole() {
    let message =
      "could not find the 2305843009213693951st prime: n must be between 1 and "
      + "216289611853439384, not 2305843009213693951"
    let drawing = drawFavorites(
      FavoritePrimesState(favoritePrimes: [2], destination: .alert(.failure(message))),
      selection: .init(),
      progress: 0, size: size)
    let shown = drawing.map { $0.text }.joined(separator: " ")
    for word in message.split(separator: " ") { #expect(shown.contains(word), "\(word)") }
    #expect(drawing.allSatisfy { displayWidth($0.text) <= size.columns })
    #expect(!shown.contains("…"))
  }

  @Test func aNotice_takesTheHintsTwoRows_brokenBetweenWords_andCutWhereItNeedsMore() {
    let notice =
      "primetime: could not create the data directory /tmp/a-file: Not a directory; "
      + "favorites are kept in memory only"
    let counter = drawCounter(CounterState(), progress: 0, size: size)
    let drawing = withNotice(notice, on: counter, size: size, charset: .unicode)
    #expect(drawing.dropLast(2) == counter.dropLast(2))
    #expect(
      drawing.suffix(2).map(\.text) == [
        "primetime: could not create the data",
        "directory /tmp/a-file: Not a directory; …",
      ])
    #expect(drawing.suffix(2).allSatisfy { $0.style == .title })
    let short = withNotice("undone; count: 7", on: counter, size: size, charset: .unicode)
    #expect(short.dropLast().elementsEqual(counter.dropLast()))
    #expect(short.last == Line("undone; count: 7", .title))
  }

  @Test func aNoticeDialog_showsTheWholeWarning_overTheScreen() {
    let notice =
      "primetime: could not create the data directory /tmp/a-file: Not a directory; "
      + "favorites are kept in memory only"
    let drawing = NoticeView.draw(
      notice, over: drawCounter(CounterState(), progress: 0, size: size), size: size,
      charset: .unicode)
    let shown = drawing.map(\.text).joined(separator: " ")
    for word in notice.split(separator: " ") { #expect(shown.contains(word), "\(word)") }
    #expect(shown.contains("Any key closes"))
    #expect(drawing.count == size.rows)
    #expect(drawing.allSatisfy { displayWidth($0.text) <= size.columns })
  }

  @Test func aVeryNarrowTerminal_stillSaysTheSizeItNeeds() {
    #expect(
      drawCounter(CounterState(), progress: 0, size: Size(columns: 20, rows: 5))[0].text
        == "needs 40×12")
  }

  @Test(arguments: [Charset.unicode, .ascii])
  func everyScreen_fitsTheSmallestTerminal(charset: Charset) {
    let size = Size.minimum
    let long = FavoritePrimesState(favoritePrimes: PersistentArray(0..<100_000))
    let drawings = [
      drawCounter(CounterState(count: -123_456_789), progress: 0.5, size: size, charset: charset),
      drawCounter(
        CounterState(count: 7, favoritePrimes: [7], destination: .primeModal(alert: nil)),
        progress: 0,
        size: size, charset: charset),
      drawCounter(
        CounterState(count: 7, nthPrimeLookup: NthPrimeLookupState(n: 7)), progress: 0.99,
        size: size, charset: charset),
      drawFavorites(
        long, selection: .init(row: 99_999, top: 99_992), progress: 0, size: size,
        charset: charset),
      drawFavorites(
        FavoritePrimesState(favoritePrimes: [2], nthPrimeLookup: NthPrimeLookupState(n: 3)),
        selection: .init(), progress: 0.3, size: size, charset: charset),
      ActivityView.draw(
        [], localTime: LocalTime(TimeZone(identifier: "UTC")!), size: size, charset: charset),
    ]
    for drawing in drawings {
      #expect(drawing.count == size.rows)
      #expect(drawing.allSatisfy { displayWidth($0.text) <= size.columns })
      let ellipsis = charset == .unicode ? "…" : "..."
      #expect(!drawing.contains { $0.text.hasSuffix(ellipsis) }, "\(drawing.map(\.text))")
      if charset == .ascii {
        #expect(drawing.allSatisfy { $0.text.unicodeScalars.allSatisfy(\.isASCII) })
      }
    }
  }

  /// Where the terminal shows ASCII alone, the boxes, the bar and the marks are ASCII, and so
  /// is the text of the app's, made so before it is laid out: every row keeps its width.
  @Test func inASCII_theBoxesTheBarAndTheWordsAreASCII_andKeepTheirWidths() {
    #expect(Charset.ascii.text("count 3 → 4") == "count 3 -> 4")
    #expect(Charset.unicode.text("count 3 → 4") == "count 3 → 4")
    #expect(Charset.ascii.text("7 is prime 🎉") == "7 is prime (hooray)")
    #expect(Charset.ascii.text("café, ok") == "caf?, ok")
    let modal = CounterState(count: 7, destination: .primeModal(alert: nil))
    #expect(
      text(drawCounter(modal, progress: 0, size: size, charset: .ascii)) == """
        PrimeTime

                        [-]  7  [+]
              +-----------------------------+
              | 7 is prime (hooray)         |
              |                             |
              | [s] Save to favorite primes |
              | Esc closes                  |
              +-----------------------------+

        s save   Esc close
        q quit
        """)
    let lookup = CounterState(count: 7, nthPrimeLookup: NthPrimeLookupState(n: 7))
    #expect(
      drawCounter(lookup, progress: 0.42, size: size, charset: .ascii)[8].text
        == "  #############------------------- 42%")
    #expect(
      drawCounter(CounterState(), progress: 0, size: Size(columns: 30, rows: 8), charset: .ascii)[0]
        .text == "primetime ui needs 40x12")
    let notice = withNotice(
      "undone 3 steps; count: 4; 12 favorites: …, 19, 23, 29, 31, 37 (2 had already been "
        + "removed in another session)",
      on: drawCounter(CounterState(), progress: 0, size: size), size: size, charset: .ascii)
    #expect(
      notice.suffix(2).map(\.text) == [
        "undone 3 steps; count: 4; 12 favorites: ...,",
        "19, 23, 29, 31, 37 (2 had already been ...",
      ])
  }

  /// The history page's rows and the change beside them, in ASCII: the words are made ASCII
  /// before the list is padded, so the column between them stays straight.
  @Test func inASCII_theHistoryPage_keepsItsColumnStraight() {
    let drawing = HistoryView.draw(
      heading: "History (2 steps)", stepCount: 2, position: 1,
      row: { ($0, ["start", "count 0 → 1", "saved 3"][$0]) },
      change: ["Step 1: count 0 → 1", "favoritePrimes: […]"], isReadOnly: false, size: size,
      charset: .ascii)
    #expect(drawing[2].text == "  0  start        | Step 1: count 0 -> 1")
    #expect(drawing[3].text == "> 1  count 0 -> 1 | favoritePrimes: [...]")
    #expect(drawing[3].styledPrefix == 17)
    #expect(drawing.allSatisfy { $0.text.unicodeScalars.allSatisfy(\.isASCII) })
  }

  @Test func favorites_drawOnlyTheVisibleRows_ofAMillion() {
    let state = FavoritePrimesState(favoritePrimes: PersistentArray(0..<1_000_000))
    let drawing = drawFavorites(
      state, selection: .init(row: 999_999, top: 999_992), progress: 0, size: size)
    #expect(drawing[2].text.hasPrefix("   999993  999992"))
  }
}

extension UUID {
  init(number n: UInt8) {
    self.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, n))
  }
}

/// The history page: the steps in words beside the marked step's change.
@MainActor
struct HistoryDrawingTests {
  let size = Size(columns: 72, rows: 12)

  private func text(_ drawing: Drawing) -> String {
    #expect(drawing.count == size.rows)
    #expect(drawing.allSatisfy { displayWidth($0.text) <= size.columns })
    return drawing.map {
      $0.text.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
    }
    .joined(separator: "\n")
  }

  @Test func theSteps_withTheMarkedOnesChange_andTheUndoneDimmed() {
    let store = Store(
      initialState: History(AppState(count: 2, screens: ScreensState(size: size))),
      reducer: AppHistoryReducer(),
      environment: AppEnvironment(
        nthPrime: .failing, fileClient: .noop, now: { Date(timeIntervalSince1970: 0) },
        uuid: { UUID(1) }))
    store.send(.step(.counter(.incrTapped)))
    store.send(.step(.counter(.isPrimeTapped)))
    store.send(.step(.counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped))))))
    store.send(.step(.counter(.incrTapped)))
    store.send(.historyPage(.opened))
    store.send(.historyPage(.moved(by: -1)))
    let drawing = AppView.draw(store.state, progress: 0, localTime: .gmt, charset: .unicode)
    #expect(
      text(drawing) == """
        History (3 steps)

          0  start       │ Step 2: saved 3
          1  count 2 → 3 │
        > 2  saved 3     │   AppState.Undoable(
          3  count 3 → 4 │     count: 3,
                         │     favoritePrimes: [
                         │ +     [0]: 3
                         │     ],
                         │ …
        j k move  g G first last  u r undo redo
        Enter stay   Esc go back   q quit   ? help
        """)
    #expect(drawing[4].style == .selected)
    #expect(drawing[4].styledPrefix == 16)
    #expect(drawing[5].style == .hint)
    #expect(drawing[3].style == .plain)
  }

  @Test func theCounterAndTheFavorites_hintAtTheHistory_whereThereIsRoom() {
    let wide = AppState(screens: ScreensState(size: Size(columns: 50, rows: 12)))
    let narrow = AppState(screens: ScreensState(size: Size(columns: 45, rows: 12)))
    let hint = { (state: AppState) in
      AppView.draw(state, progress: 0, localTime: .gmt, charset: .unicode)[10].text
    }
    #expect(hint(wide) == "+ - count   p prime?   n nth prime   h history")
    #expect(hint(narrow) == "+ - count   p prime?   n nth prime")
    var favorites = wide
    favorites.screens.page = .favorites
    #expect(hint(favorites) == "j k select   d delete   n nth prime   h history")
  }

  @Test func theREADMEsDrawing_isTheHistoryPageAsDrawn() throws {
    let store = Store(
      initialState: History(AppState(screens: ScreensState(size: Size(columns: 72, rows: 14)))),
      reducer: AppHistoryReducer(),
      environment: AppEnvironment(
        nthPrime: .failing, fileClient: .noop, now: { Date(timeIntervalSince1970: 0) }))
    for presses in [3, 2] {
      for _ in 0..<presses { store.send(.step(.counter(.incrTapped))) }
      store.send(.step(.counter(.isPrimeTapped)))
      store.send(.step(.counter(.destination(.presented(.primeModal(.saveFavoritePrimeTapped))))))
    }
    store.send(.historyPage(.opened))
    store.send(.historyPage(.moved(by: -1)))
    let drawing = AppView.draw(store.state, progress: 0, localTime: .gmt, charset: .unicode).map {
      $0.text.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
    }
    let readme = try String(
      contentsOf: URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../README.md"), encoding: .utf8)
    let block = drawing.filter { !$0.isEmpty }.joined(separator: "\n")
    #expect(readme.replacingOccurrences(of: "\n\n", with: "\n").contains(block))
  }

  @Test func onlyTheStepsThatShow_areAskedFor() {
    var asked: [Int] = []
    let drawing = HistoryView.draw(
      heading: "History", stepCount: 10_000, position: 5_000,
      row: {
        asked.append($0); return ($0, "step \($0 - 1)")
      }, change: [], isReadOnly: true, size: size, charset: .unicode)
    #expect(asked.count == Layout.listRows(in: size))
    #expect(drawing[2 + Layout.listRows(in: size) / 2].text.hasPrefix(">  5000  step 4999"))
    #expect(drawing.last?.text == "j k move   g G first last   q quit")
  }

  @Test func docExample() {
    let drawing = HistoryView.draw(
      heading: "History (2 steps)", stepCount: 2, position: 1,
      row: { ($0, ["start", "count 0 → 1", "saved 3"][$0]) }, change: ["count", "- 0", "+ 1"],
      isReadOnly: false, size: size, charset: .unicode)
    #expect(drawing[3].text.hasPrefix("> 1  count 0 → 1"))
    #expect(drawing[3].text.hasSuffix("│ - 0"))
    #expect(HistoryView.action(for: .character("k")) == .moved(by: -1))
    #expect(HistoryView.action(for: .enter) == .kept)
  }
}

/// What the last rows say, over the hints, for each way storing stands.
struct LastRowsTests {
  @Test func readOnlyFavorites_leaveTheRowsToTheNews_andARefusalSaysWhy() {
    let reason = "the data directory /d is not writable (Permission denied)"
    var screens = ScreensState(storageStatus: .readOnly(reason))
    #expect(AppView.lastRows(screens) == nil)
    screens.notice = .travelled(
      Travel(isBack: true, steps: 1, requested: 1, count: 6, favorites: []))
    #expect(AppView.lastRows(screens) == "undone; count: 6; no favorites")
    screens.notice = .refusedReadOnly(reason)
    #expect(AppView.lastRows(screens) == "favorites are read-only: \(reason)")
    // A wait or a failure stands over the notice.
    for status in [ScreensState.StorageStatus.waiting("waiting"), .failed("disk full")] {
      let standing = ScreensState(notice: .feature(.saved(7)), storageStatus: status)
      #expect(AppView.lastRows(standing) == Words.storage(status))
    }
  }
}
