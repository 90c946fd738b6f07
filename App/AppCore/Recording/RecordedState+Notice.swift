import Alerts
import RecordingFormat
import Screens

// The notice, a travel and a step's change, between the app and the format.

extension RecordedState.Notice {
  init(_ notice: ScreensState.Notice) {
    switch notice {
    case .feature(.saved(let prime)): self = .saved(prime)
    case .feature(.removed(let prime)): self = .removed(prime)
    case .feature(.deleted(let primes)): self = .deleted(primes)
    case .feature(.exported(let count, let file)): self = .exported(count: count, file: file)
    case .feature(.imported(let found, let added, let skipped)):
      self = .imported(
        found: found, added: added,
        skipped: skipped.map { .init(shown: $0.shown, reason: .init($0.reason)) })
    case .feature(.cancelled): self = .cancelled
    case .nothingToUndo: self = .nothingToUndo
    case .nothingToRedo: self = .nothingToRedo
    case .travelled(let travel): self = .travelled(RecordedState.Travel(travel))
    case .refused(let screen): self = .refused(needs: screen == .counter ? .counter : .favorites)
    case .refusedReadOnly(let reason): self = .refusedReadOnly(reason)
    }
  }
}

extension ScreensState.Notice {
  /// The notice a recording holds; `nil` for the words of a format before 16 (``Replay`` then
  /// compares the words).
  init?(_ recorded: RecordedState.Notice) {
    switch recorded {
    case .said: return nil
    case .saved(let prime): self = .feature(.saved(prime))
    case .removed(let prime): self = .feature(.removed(prime))
    case .deleted(let primes): self = .feature(.deleted(primes))
    case .exported(let count, let file): self = .feature(.exported(count: count, file: file))
    case .imported(let found, let added, let skipped):
      self = .feature(
        .imported(
          found: found, added: added, skipped: skipped.map { .init($0.shown, .init($0.reason)) }))
    case .cancelled: self = .feature(.cancelled)
    case .nothingToUndo: self = .nothingToUndo
    case .nothingToRedo: self = .nothingToRedo
    case .travelled(let travel): self = .travelled(Travel(travel))
    case .refused(let screen): self = .refused(needs: screen == .counter ? .counter : .favorites)
    case .refusedReadOnly(let reason): self = .refusedReadOnly(reason)
    }
  }
}

extension RecordedState.Skipped.Reason {
  init(_ reason: Alerts.Notice.Skipped.Reason) {
    switch reason {
    case .notPrime: self = .notPrime
    case .listedTwice: self = .listedTwice
    case .outOfRange: self = .outOfRange
    case .notAWholeNumber: self = .notAWholeNumber
    case .notANumber: self = .notANumber
    }
  }
}

extension Alerts.Notice.Skipped.Reason {
  init(_ recorded: RecordedState.Skipped.Reason) {
    switch recorded {
    case .notPrime: self = .notPrime
    case .listedTwice: self = .listedTwice
    case .outOfRange: self = .outOfRange
    case .notAWholeNumber: self = .notAWholeNumber
    case .notANumber: self = .notANumber
    }
  }
}

extension RecordedState.Travel {
  init(_ travel: Travel) {
    self.init(
      isBack: travel.isBack, steps: travel.steps, requested: travel.requested,
      step: travel.step.map(RecordedState.StepChange.init),
      alreadyDone: travel.alreadyDone.map { .init(prime: $0.prime, saved: $0.saved) },
      count: travel.count, favoriteCount: travel.favoriteCount,
      lastFavorites: travel.lastFavorites)
  }
}

extension Travel {
  init(_ recorded: RecordedState.Travel) {
    self.init(
      isBack: recorded.isBack, steps: recorded.steps, requested: recorded.requested,
      step: recorded.step.map(StepChange.init),
      alreadyDone: recorded.alreadyDone.map { .init(prime: $0.prime, saved: $0.saved) },
      count: recorded.count, favoriteCount: recorded.favoriteCount,
      lastFavorites: recorded.lastFavorites)
  }
}

extension RecordedState.StepChange {
  init(_ change: StepChange) {
    switch change {
    case .count(let from, let to): self = .count(from: from, to: to)
    case .favorites(let saved, let removed):
      self = .favorites(saved: Primes(saved), removed: Primes(removed))
    }
  }
}

extension RecordedState.StepChange.Primes {
  init(_ primes: StepChange.Primes) {
    switch primes {
    case .none: self = .none
    case .one(let prime): self = .one(prime)
    case .many(let count): self = .many(count)
    }
  }
}

extension StepChange {
  init(_ recorded: RecordedState.StepChange) {
    switch recorded {
    case .count(let from, let to): self = .count(from: from, to: to)
    case .favorites(let saved, let removed):
      self = .favorites(saved: Primes(saved), removed: Primes(removed))
    }
  }
}

extension StepChange.Primes {
  init(_ recorded: RecordedState.StepChange.Primes) {
    switch recorded {
    case .none: self = .none
    case .one(let prime): self = .one(prime)
    case .many(let count): self = .many(count)
    }
  }
}
