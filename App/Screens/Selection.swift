/// The favorites' selection and the activity feed's scroll: the arithmetic that keeps them
/// within what there is and on the screen.
extension ScreensFeatureState {
  /// The selection as it is now: back on its prime if the list moved it to another row, within
  /// the list, and scrolled so that it shows. Drawing, keys and moves all read it so.
  public var selection: ScreensState.Selection {
    selection(movedBy: 0)
  }

  /// The selection and the rows shown moved by `pages` of the rows the list shows, so that the
  /// selection keeps its place on the screen where the list goes on; kept within the list, and
  /// on the prime of its new row.
  func selection(pagedBy pages: Int) -> ScreensState.Selection {
    let (step, overflow) = pages.multipliedReportingOverflow(by: Layout.listRows(in: screens.size))
    return selection(movedBy: overflow ? (pages > 0 ? .max : .min) : step, scrolling: true)
  }

  /// The selection moved by `step` rows, kept within the list and on the screen, and on the
  /// prime of its new row; with `scrolling`, the rows shown move by as many.
  func selection(movedBy step: Int, scrolling: Bool = false) -> ScreensState.Selection {
    var selection = screens.selection
    let primes = favoritePrimes
    if let prime = selection.prime,
      !primes.indices.contains(selection.row) || primes[selection.row] != prime,
      let row = primes.lastIndex(of: prime)
    {
      selection.row = row
    }
    let visible = Layout.listRows(in: screens.size)
    // Saturating: a recording may hold any step, and any selection in its start state.
    let (moved, overflow) = selection.row.addingReportingOverflow(step)
    let target = overflow ? (step > 0 ? Int.max : Int.min) : moved
    selection.row = min(max(target, 0), max(primes.count - 1, 0))
    if scrolling {
      let (top, overflow) = selection.top.addingReportingOverflow(step)
      selection.top = overflow ? (step > 0 ? .max : 0) : top
    }
    selection.top = min(max(selection.top, 0), selection.row)
    if selection.row - selection.top >= visible { selection.top = selection.row - visible + 1 }
    selection.top = max(min(selection.top, primes.count - visible), 0)
    selection.prime = primes.indices.contains(selection.row) ? primes[selection.row] : nil
    return selection
  }

  /// Scrolls the feed back (positive) or forward by `step` entries, within the feed, however
  /// large the step.
  mutating func scrollActivity(by step: Int) {
    let last = Layout.maximumActivityScroll(count: activityCount, size: screens.size)
    let (moved, overflow) = min(activityScroll, last).addingReportingOverflow(step)
    let scroll = overflow ? (step > 0 ? last : 0) : min(max(moved, 0), last)
    screens.activityEnd = scroll == 0 ? nil : activityCount - scroll
  }

  /// How many of the newest entries the activity feed passes over, within what it can.
  public var activityScroll: Int {
    guard let end = screens.activityEnd else { return 0 }
    let last = Layout.maximumActivityScroll(count: activityCount, size: screens.size)
    // An end outside the feed (a recording may hold any) scrolls as far as the feed goes.
    return min(activityCount - min(max(end, 0), activityCount), last)
  }
}
