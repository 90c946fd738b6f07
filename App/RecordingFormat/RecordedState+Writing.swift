import Foundation

// Each type of the format writes itself as its `Codable` conformance encodes it: the names
// here are the file's, and `WritingTests` holds every case to the conformance's bytes.
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
    case .saved(let prime): writer.enumCase("saved") { $0.unlabelled(prime) }
    case .removed(let prime): writer.enumCase("removed") { $0.unlabelled(prime) }
    case .deleted(let primes):
      writer.enumCase("deleted") {
        $0.key("_0")
        $0.array(primes) { prime, writer in writer.int(prime) }
      }
    case .exported(let count, let file):
      writer.enumCase("exported") {
        $0.key("count")
        $0.int(count)
        $0.field("file", file) { file, writer in writer.string(file) }
      }
    case .imported(let found, let added, let skipped):
      writer.enumCase("imported") {
        $0.key("found")
        $0.int(found)
        $0.key("added")
        $0.int(added)
        $0.key("skipped")
        $0.array(skipped) { skipped, writer in
          writer.object {
            $0.key("shown")
            $0.string(skipped.shown)
            $0.key("reason")
            $0.string(skipped.reason.rawValue)
          }
        }
      }
    case .cancelled: writer.enumCase("cancelled")
    case .nothingToUndo: writer.enumCase("nothingToUndo")
    case .nothingToRedo: writer.enumCase("nothingToRedo")
    case .travelled(let travel): writer.enumCase("travelled") { $0.unlabelled(travel) }
    }
  }
}

extension RecordedState.Travel: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    writer.object {
      $0.key("isBack")
      $0.bool(isBack)
      $0.key("steps")
      $0.int(steps)
      $0.key("requested")
      $0.int(requested)
      $0.field("step", step)
      $0.key("alreadyDone")
      $0.array(alreadyDone) { done, writer in
        writer.object {
          $0.key("prime")
          $0.int(done.prime)
          $0.key("saved")
          $0.bool(done.saved)
        }
      }
      $0.key("count")
      $0.int(count)
      $0.key("favoriteCount")
      $0.int(favoriteCount)
      $0.key("lastFavorites")
      $0.array(lastFavorites) { prime, writer in writer.int(prime) }
    }
  }
}

extension RecordedState.StepChange: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .count(let from, let to):
      writer.enumCase("count") {
        $0.key("from")
        $0.int(from)
        $0.key("to")
        $0.int(to)
      }
    case .favorites(let saved, let removed):
      writer.enumCase("favorites") {
        $0.key("saved")
        $0.value(saved)
        $0.key("removed")
        $0.value(removed)
      }
    }
  }
}

extension RecordedState.StepChange.Primes: JSONLineWritable {
  public func write(to writer: inout JSONLineWriter) {
    switch self {
    case .none: writer.enumCase("none")
    case .one(let prime): writer.enumCase("one") { $0.unlabelled(prime) }
    case .many(let count): writer.enumCase("many") { $0.unlabelled(count) }
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
