import Foundation

// Each type of the format writes itself as its `Codable` conformance encodes it: the names
// here are the file's, and `WritingTests` holds every case to the conformance's bytes.
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
