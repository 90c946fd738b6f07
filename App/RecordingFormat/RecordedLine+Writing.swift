import Foundation

// Each type of the format writes itself as its `Codable` conformance encodes it: the names
// here are the file's, and `WritingTests` holds every case to the conformance's bytes.

extension RecordedLine: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .start(let version, let state):
      writer.enumCase("start") {
        $0.key("version")
        $0.int(version)
        $0.key("state")
        $0.value(state)
      }
    case .step(let action, let readings, let after):
      writer.enumCase("step") {
        $0.key("action")
        $0.value(action)
        Self.write(readings, after, to: &$0)
      }
    case .feedback(let action, let step, let readings, let after):
      writer.enumCase("feedback") {
        $0.key("action")
        $0.value(action)
        $0.key("step")
        $0.int(step)
        Self.write(readings, after, to: &$0)
      }
    case .undo(let readings, let after):
      writer.enumCase("undo") { Self.write(readings, after, to: &$0) }
    case .redo(let readings, let after):
      writer.enumCase("redo") { Self.write(readings, after, to: &$0) }
    case .travel(let steps, let readings, let after):
      writer.enumCase("travel") {
        $0.key("by")
        $0.int(steps)
        Self.write(readings, after, to: &$0)
      }
    case .historyPage(let move, let readings, let after):
      writer.enumCase("historyPage") {
        $0.key("move")
        $0.value(move)
        Self.write(readings, after, to: &$0)
      }
    case .restoringTravel(let steps, let readings, let after):
      writer.enumCase("restoringTravel") {
        $0.key("by")
        $0.int(steps)
        Self.write(readings, after, to: &$0)
      }
    case .quietHistoryPage(let move, let restoring, let readings, let after):
      writer.enumCase("quietHistoryPage") {
        $0.key("move")
        $0.value(move)
        $0.key("restoring")
        $0.bool(restoring)
        Self.write(readings, after, to: &$0)
      }
    case .end(let state, let screen):
      writer.enumCase("end") {
        $0.key("state")
        $0.value(state)
        $0.key("screen")
        $0.string(screen)
      }
    }
  }

  private static func write(
    _ readings: Readings?, _ after: Summary, to writer: inout JSONLineWriter
  ) {
    writer.field("readings", readings)
    writer.key("after")
    writer.value(after)
  }
}

extension RecordedLine.Readings: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    writer.object {
      $0.key("now")
      $0.array(now) { date, writer in writer.date(date) }
      $0.key("uuid")
      $0.array(uuid) { id, writer in writer.uuid(id) }
    }
  }
}

extension RecordedLine.Summary: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    writer.object {
      $0.key("count")
      $0.int(count)
      $0.key("favoriteCount")
      $0.int(favoriteCount)
      $0.field("lastFavorite", lastFavorite)
      $0.key("activityCount")
      $0.int(activityCount)
      $0.field("lastActivity", lastActivity)
      $0.field("counterDestination", counterDestination)
      $0.field("favoritesDestination", favoritesDestination)
      $0.field("counterLookup", counterLookup)
      $0.field("favoritesLookup", favoritesLookup)
      $0.field("notice", notice)
      $0.key("undoCount")
      $0.int(undoCount)
      $0.key("redoCount")
      $0.int(redoCount)
    }
  }
}

extension RecordedAction: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .counter(let action): writer.enumCase("counter") { $0.unlabelled(action) }
    case .favoritePrimes(let action): writer.enumCase("favoritePrimes") { $0.unlabelled(action) }
    case .storageChanged(let stored): writer.enumCase("storageChanged") { $0.unlabelled(stored) }
    case .storageUpdated(let update): writer.enumCase("storageUpdated") { $0.unlabelled(update) }
    case .screens(let action): writer.enumCase("screens") { $0.unlabelled(action) }
    case .alertsDismissed: writer.enumCase("alertsDismissed")
    }
  }
}

extension JSONLineWriter {
  /// A case's one unlabelled value: `"_0":…`.
  mutating func unlabelled(_ value: some JSONLineWritable) {
    key("_0")
    value.write(to: &self)
  }

  /// A case's one unlabelled number.
  mutating func unlabelled(_ value: Int) {
    key("_0")
    int(value)
  }

  /// A case's one unlabelled text.
  mutating func unlabelled(_ value: String) {
    key("_0")
    string(value)
  }

  /// A case's one value, labelled `by`.
  mutating func by(_ value: Int) {
    key("by")
    int(value)
  }
}

extension RecordedAction.Counter: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .incrTapped: writer.enumCase("incrTapped")
    case .decrTapped: writer.enumCase("decrTapped")
    case .countEntered(let count): writer.enumCase("countEntered") { $0.unlabelled(count) }
    case .countAdjusted(let amount): writer.enumCase("countAdjusted") { $0.by(amount) }
    case .isPrimeTapped: writer.enumCase("isPrimeTapped")
    case .nthPrimeTapped: writer.enumCase("nthPrimeTapped")
    case .nthPrimeLookup(let action): writer.enumCase("nthPrimeLookup") { $0.unlabelled(action) }
    case .destination(let action): writer.enumCase("destination") { $0.unlabelled(action) }
    case .favoriteCommand(let action):
      writer.enumCase("favoriteCommand") { $0.unlabelled(action) }
    }
  }
}

extension RecordedAction.CounterDestination: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .primeModal(let action): writer.enumCase("primeModal") { $0.unlabelled(action) }
    }
  }
}

extension RecordedAction.PrimeModal: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .saveFavoritePrimeTapped: writer.enumCase("saveFavoritePrimeTapped")
    case .removeFavoritePrimeTapped: writer.enumCase("removeFavoritePrimeTapped")
    case .alertDismissed: writer.enumCase("alertDismissed")
    }
  }
}

extension RecordedAction.Lookup: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .started: writer.enumCase("started")
    case .answered(let n, let result):
      writer.enumCase("answered") {
        $0.key("n")
        $0.int(n)
        $0.key("_1")
        $0.value(result)
      }
    }
  }
}

extension RecordedAction.FavoritePrimes: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .deleteFavoritePrimes(let rows):
      writer.enumCase("deleteFavoritePrimes") {
        $0.key("_0")
        $0.object {
          $0.key("indexes")
          $0.array(rows.rangeView) { range, writer in
            writer.object {
              $0.key("location")
              $0.int(range.lowerBound)
              $0.key("length")
              $0.int(range.count)
            }
          }
        }
      }
    case .saveButtonTapped(let file):
      writer.enumCase("saveButtonTapped") { $0.field("file", file) { $1.string($0) } }
    case .saveResponse(let result, let file):
      writer.enumCase("saveResponse") {
        $0.unlabelled(result)
        $0.field("file", file) { $1.string($0) }
      }
    case .loadButtonTapped(let file):
      writer.enumCase("loadButtonTapped") { $0.field("file", file) { $1.string($0) } }
    case .loadResponse(let result): writer.enumCase("loadResponse") { $0.unlabelled(result) }
    case .primeTapped(let index):
      writer.enumCase("primeTapped") {
        $0.key("at")
        $0.int(index)
      }
    case .nthPrimeLookup(let action): writer.enumCase("nthPrimeLookup") { $0.unlabelled(action) }
    case .destination(let action): writer.enumCase("destination") { $0.unlabelled(action) }
    }
  }
}

extension RecordedAction.Screens: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .pageOpened(let tab): writer.enumCase("pageOpened") { $0.unlabelled(tab) }
    case .selectionMoved(let rows): writer.enumCase("selectionMoved") { $0.by(rows) }
    case .selectionPaged(let pages): writer.enumCase("selectionPaged") { $0.by(pages) }
    case .selectionMovedToFirst: writer.enumCase("selectionMovedToFirst")
    case .selectionMovedToLast: writer.enumCase("selectionMovedToLast")
    case .activityScrolled(let rows): writer.enumCase("activityScrolled") { $0.by(rows) }
    case .activityPaged(let pages): writer.enumCase("activityPaged") { $0.by(pages) }
    case .activityScrolledToNewest: writer.enumCase("activityScrolledToNewest")
    case .activityScrolledToOldest: writer.enumCase("activityScrolledToOldest")
    case .helpOpened: writer.enumCase("helpOpened")
    case .helpClosed: writer.enumCase("helpClosed")
    case .terminalResized(let size): writer.enumCase("terminalResized") { $0.unlabelled(size) }
    case .launchWarned(let warning): writer.enumCase("launchWarned") { $0.unlabelled(warning) }
    case .launchWarningClosed: writer.enumCase("launchWarningClosed")
    case .storageFailed(let problem): writer.enumCase("storageFailed") { $0.unlabelled(problem) }
    case .storageRecovered: writer.enumCase("storageRecovered")
    case .storageWaiting(let wait): writer.enumCase("storageWaiting") { $0.unlabelled(wait) }
    case .storageWaitEnded: writer.enumCase("storageWaitEnded")
    case .storageReadOnly(let reason):
      writer.enumCase("storageReadOnly") { $0.unlabelled(reason) }
    case .storageWritable: writer.enumCase("storageWritable")
    case .quitTapped: writer.enumCase("quitTapped")
    case .signalReceived(let signal):
      writer.enumCase("signalReceived") {
        $0.key("_0")
        $0.int(signal)
      }
    }
  }
}

extension RecordedAction.HistoryPage: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .opened: writer.enumCase("opened")
    case .moved(let steps): writer.enumCase("moved") { $0.by(steps) }
    case .movedToFirst: writer.enumCase("movedToFirst")
    case .movedToLast: writer.enumCase("movedToLast")
    case .kept: writer.enumCase("kept")
    case .cancelled: writer.enumCase("cancelled")
    }
  }
}

extension RecordedAction.Presentation: JSONLineWritable where Action: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .presented(let action): writer.enumCase("presented") { $0.unlabelled(action) }
    case .dismiss: writer.enumCase("dismiss")
    }
  }
}

extension RecordedResult: JSONLineWritable where Success: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .success(let value):
      writer.object {
        $0.key("success")
        $0.value(value)
      }
    case .failure(let message):
      writer.object {
        $0.key("failure")
        $0.object {
          $0.key("message")
          $0.string(message)
        }
      }
    }
  }
}

extension RecordedState: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    writer.object {
      $0.key("count")
      $0.int(count)
      $0.key("favoritePrimes")
      $0.array(favoritePrimes) { prime, writer in writer.int(prime) }
      $0.field("counterDestination", counterDestination)
      $0.field("counterLookup", counterLookup)
      $0.field("favoritesDestination", favoritesDestination)
      $0.field("favoritesLookup", favoritesLookup)
      $0.key("activityFeed")
      $0.array(activityFeed) { entry, writer in writer.value(entry) }
      $0.key("screens")
      $0.value(screens)
    }
  }
}

extension RecordedState.Activity: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    writer.object {
      $0.key("id")
      $0.uuid(id)
      $0.key("type")
      $0.string(kind.rawValue)
      $0.key("prime")
      $0.int(prime)
      $0.key("timestamp")
      $0.date(timestamp)
    }
  }
}

extension RecordedState.Alert: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .nthPrime(let n, let prime):
      writer.enumCase("nthPrime") {
        $0.key("n")
        $0.int(n)
        $0.key("prime")
        $0.int(prime)
      }
    case .failure(let message): writer.enumCase("failure") { $0.unlabelled(message) }
    }
  }
}

extension RecordedState.CounterDestination: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .alert(let alert): writer.enumCase("alert") { $0.unlabelled(alert) }
    case .primeModal(let alert): writer.enumCase("primeModal") { $0.field("alert", alert) }
    }
  }
}

extension RecordedState.FavoritesDestination: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .alert(let alert): writer.enumCase("alert") { $0.unlabelled(alert) }
    }
  }
}

extension RecordedState.Lookup: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    writer.object {
      $0.key("n")
      $0.int(n)
    }
  }
}

extension RecordedState.Stored: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    writer.object {
      $0.key("favoritePrimes")
      $0.array(favoritePrimes) { prime, writer in writer.int(prime) }
      $0.key("activityFeed")
      $0.array(activityFeed) { entry, writer in writer.value(entry) }
    }
  }
}

extension RecordedState.StoredUpdate: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    writer.object {
      $0.key("takenBack")
      $0.array(takenBack) { id, writer in writer.uuid(id) }
      $0.key("appended")
      $0.array(appended) { entry, writer in writer.value(entry) }
    }
  }
}

extension RecordedState.ImportedPrimes: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    writer.object {
      $0.key("primes")
      $0.array(primes) { prime, writer in writer.int(prime) }
      $0.key("notPrime")
      $0.array(notPrime) { number, writer in writer.int(number) }
      $0.key("repeated")
      $0.array(repeated) { prime, writer in writer.int(prime) }
      guard !unusable.isEmpty else { return }
      $0.key("unusable")
      $0.array(unusable) { element, writer in
        writer.object {
          $0.key("shown")
          $0.string(element.shown)
          $0.key("reason")
          $0.string(element.reason.rawValue)
        }
      }
    }
  }
}

extension RecordedState.Tab: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) { writer.string(rawValue) }
}

extension RecordedState.Size: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    writer.object {
      $0.key("columns")
      $0.int(columns)
      $0.key("rows")
      $0.int(rows)
    }
  }
}

extension RecordedState.Notice: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .said(let text): writer.enumCase("said") { $0.unlabelled(text) }
    case .refused(let screen):
      writer.enumCase("refused") {
        $0.key("needs")
        $0.string(screen.rawValue)
      }
    case .refusedReadOnly(let reason):
      writer.enumCase("refusedReadOnly") { $0.unlabelled(reason) }
    }
  }
}

extension RecordedState.Screens: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    writer.object {
      $0.key("page")
      switch page {
      case .counter: $0.string("counter")
      case .favorites: $0.string("favorites")
      case .activity: $0.string("activity")
      case .history: $0.string("history")
      }
      $0.key("selection")
      $0.object { [selection] in
        $0.key("row")
        $0.int(selection.row)
        $0.key("top")
        $0.int(selection.top)
        $0.field("prime", selection.prime) { $1.int($0) }
      }
      $0.field("activityEnd", activityEnd) { $1.int($0) }
      $0.field("notice", notice)
      switch storage {
      case nil: break
      case .failed(let problem):
        $0.key("storageProblem")
        $0.string(problem)
      case .waiting(let wait):
        $0.key("storageWait")
        $0.string(wait)
      case .readOnly(let reason):
        $0.key("storageReadOnly")
        $0.string(reason)
      }
      $0.key("size")
      $0.value(size)
      $0.field("ending", ending) { ending, writer in
        switch ending {
        case .quit: writer.enumCase("quit")
        case .signal(let signal):
          writer.enumCase("signal") {
            $0.key("_0")
            $0.int(signal)
          }
        }
      }
      if case .history(let visit) = page {
        $0.key("historyVisit")
        $0.object {
          $0.key("openedAt")
          $0.int(visit.openedAt)
          $0.key("returnPage")
          $0.string(visit.returnPage.rawValue)
        }
      }
      $0.field("destination", destination) { destination, writer in
        switch destination {
        case .help: writer.enumCase("help")
        case .launchWarning(let warning):
          writer.enumCase("launchWarning") { $0.unlabelled(warning) }
        }
      }
    }
  }
}
