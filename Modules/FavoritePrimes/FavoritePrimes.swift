import Alerts
import ComposableArchitecture
import FavoritePrimesFormat
import FileClient
import Foundation
import NthPrimeClient
import NthPrimeLookup

/// The favorites screen's state: the favorites, which the app stores once and the screen
/// shares, the destination it presents, and a running lookup.
public struct FavoritePrimesState: Equatable, Sendable {
  /// The favorite primes, in the order they were saved; a list row's index is a position here.
  public var favoritePrimes: PersistentArray<Int>
  /// What the last step did (deleted, saved, loaded): a notice, which needs no answer.
  public var notice: Notice?
  /// What is presented over the list, if anything.
  public var destination: Destination?
  /// The nth-prime lookup, while one runs; a tap on another row meanwhile asks nothing.
  public var nthPrimeLookup: NthPrimeLookupState?

  /// Creates the favorites screen's state; with no arguments, no favorites and nothing shown.
  ///
  /// ```swift
  /// FavoritePrimesState(favoritePrimes: [7, 11])
  /// ```
  public init(
    favoritePrimes: PersistentArray<Int> = [],
    notice: Notice? = nil,
    destination: Destination? = nil,
    nthPrimeLookup: NthPrimeLookupState? = nil
  ) {
    self.favoritePrimes = favoritePrimes
    self.notice = notice
    self.destination = destination
    self.nthPrimeLookup = nthPrimeLookup
  }

  /// What the list can present: one destination at a time, held in a box as the counter's is.
  public indirect enum Destination: Equatable, Sendable {
    /// A message to read: the lookup's answer, or why a delete, save or load did nothing.
    case alert(Alert)

    /// The alert to read, if the destination is one.
    public var alert: Alert? {
      switch self {
      case .alert(let alert): alert
      }
    }
  }
}

extension FavoritePrimesState: NthPrimeLookupPresenting {
  /// The lookup's alerts are presented as the screen's own are: as its destination.
  public mutating func showAlert(_ alert: Alert) {
    destination = .alert(alert)
  }
}

/// What happens on the favorites screen, its lookup included.
public enum FavoritePrimesAction: Equatable, Sendable {
  /// The rows at these indices, counted from 0, were deleted; all of them or, when one is not
  /// there, none.
  case deleteFavoritePrimes(IndexSet)
  /// "Save" was tapped: export the favorites to a file, by default
  /// ``FavoritePrimesFile/name`` in the data directory.
  case saveButtonTapped(file: String?)
  /// Saving ended: how many primes were written, or why not, and where, where known. Held in a
  /// box: every action the app routes is
  /// copied at each level, and this one, the largest, would make all of them larger.
  indirect case saveResponse(Result<Int, ErrorMessage>, file: String? = nil)
  /// "Load" was tapped: import favorites from a file, by default ``FavoritePrimesFile/name``
  /// in the data directory.
  case loadButtonTapped(file: String?)
  /// Loading ended: the primes read, or why not.
  indirect case loadResponse(Result<ImportedPrimes, ErrorMessage>)
  /// The favorite at this index was tapped: a lookup for the nth prime, n = that prime, starts.
  case primeTapped(at: Int)
  /// Something happened in the running lookup, or it was dismissed (cancelled).
  case nthPrimeLookup(PresentationAction<NthPrimeLookupAction>)
  /// The presented destination was dismissed; an alert has no actions of its own.
  case destination(PresentationAction<Never>)
}

/// The favorites screen's dependencies: files for export and import, and the lookup's client.
public struct FavoritePrimesEnvironment: Sendable {
  /// Reads and writes the exported favorites files; a name without a leading `/` is in the
  /// data directory.
  public var fileClient: FileClient
  /// Finds the `n`th prime, 1-based, for the embedded lookup.
  public var nthPrime: NthPrimeClient

  /// Creates the environment from its two clients.
  public init(
    fileClient: FileClient,
    nthPrime: NthPrimeClient
  ) {
    self.fileClient = fileClient
    self.nthPrime = nthPrime
  }
}

extension CasePath<FavoritePrimesAction, PresentationAction<NthPrimeLookupAction>> {
  /// The lookup's actions within the favorites screen's.
  public static var nthPrimeLookup: Self {
    Self(FavoritePrimesAction.nthPrimeLookup) {
      if case .nthPrimeLookup(let a) = $0 { a } else { nil }
    }
  }
}

/// The favorites list: delete rows, export and import them, and ask for the nth prime of one.
///
/// Deleting removes exactly the rows named, whatever their order, and says which primes went;
/// naming a row that is not there deletes nothing and says so. Saving exports the favorites
/// to a file; loading imports one, adding the primes it lists that are not favorites yet, at the
/// end, in its order. Both go through the environment's file client and report failure as an
/// alert; a failed load keeps the favorites as they were.
///
/// ```swift
/// var state = FavoritePrimesState(favoritePrimes: [2, 3, 5, 7])
/// _ = FavoritePrimesReducer().reduce(
///   into: &state, action: .deleteFavoritePrimes([1, 3]), environment: environment)
/// #expect(state.favoritePrimes == [2, 5])
/// ```
public struct FavoritePrimesReducer: Reducer {
  public init() {}

  public func reduce(
    into state: inout FavoritePrimesState, action: FavoritePrimesAction,
    environment: FavoritePrimesEnvironment
  ) -> Effect<FavoritePrimesAction> {
    FavoritesListReducer()
      .ifLet(\.nthPrimeLookup, action: .nthPrimeLookup, environment: { $0.nthPrime }) {
        NthPrimeLookupReducer()
      }
      .reduce(into: &state, action: action, environment: environment)
  }
}

/// The list's own rules: deleting, saving, loading, and starting and ending the lookup for a
/// row's prime.
struct FavoritesListReducer: Reducer {
  func reduce(
    into state: inout FavoritePrimesState, action: FavoritePrimesAction,
    environment: FavoritePrimesEnvironment
  ) -> Effect<FavoritePrimesAction> {
    switch action {
    case .deleteFavoritePrimes(let rows):
      let existingRows = IndexSet(integersIn: 0..<state.favoritePrimes.count)
      if let missing = rows.subtracting(existingRows).first {
        state.destination = .alert(.failure(noFavorite(at: missing, in: state)))
        return .none
      }
      guard !rows.isEmpty else { return .none }
      let deleted = rows.map { state.favoritePrimes[$0] }
      for row in rows.reversed() {
        state.favoritePrimes.remove(at: row)
      }
      state.notice = .deleted(deleted)
      return .none

    case .saveButtonTapped(let file):
      let primes = Array(state.favoritePrimes)
      let fileClient = environment.fileClient
      let name = file ?? FavoritePrimesFile.name
      return .run { send in
        let saved = await Result {
          try await fileClient.saveFavorites(primes, to: name)
          return primes.count
        }
        let file = name == FileClient.standardStreams ? nil : fileClient.path(name)
        await send(.saveResponse(saved, file: file))
      }

    case .saveResponse(.success(let count), let file):
      state.notice = .exported(count: count, file: file)
      return .none

    case .saveResponse(.failure(let error), _):
      state.destination = .alert(.failure("could not save the favorite primes: \(error.message)"))
      return .none

    case .loadButtonTapped(let file):
      let fileClient = environment.fileClient
      let name = file ?? FavoritePrimesFile.name
      // Named where it is, as a save names it: the default file is in the data directory,
      // which its name alone does not say.
      let shown = name == FileClient.standardStreams ? "standard input" : fileClient.path(name)
      return .run { send in
        await send(
          .loadResponse(
            await Result {
              guard let data = try await fileClient.load(name) else {
                throw ErrorMessage("there is no file \(shown)")
              }
              do {
                return try FavoritePrimesFile.decode(data)
              } catch {
                throw ErrorMessage("\(shown) \(error)")
              }
            }))
      }

    case .loadResponse(.success(let imported)):
      let new = imported.primes.filter { !state.favoritePrimes.contains($0) }
      state.favoritePrimes.append(contentsOf: new)
      state.notice = Notice(imported: imported, added: new.count)
      return .none

    case .loadResponse(.failure(let error)):
      state.destination = .alert(.failure("could not load the favorite primes: \(error.message)"))
      return .none

    case .primeTapped(let index):
      guard state.favoritePrimes.indices.contains(index) else {
        state.destination = .alert(.failure(noFavorite(at: index, in: state)))
        return .none
      }
      let n = state.favoritePrimes[index]
      return state.startLookup(n: n).map { .send(.nthPrimeLookup($0)) } ?? .none

    case .nthPrimeLookup(let action):
      state.lookupActed(action)
      return .none

    case .destination(.dismiss):
      state.destination = nil
      return .none
    }
  }

  /// Why there is no favorite at `index`, counting rows from 1 as a list shows them.
  private func noFavorite(at index: Int, in state: FavoritePrimesState) -> String {
    let count = state.favoritePrimes.count
    let existing =
      switch count {
      case 0: "there are none"
      case 1: "there is 1"
      default: "there are \(count)"
      }
    // Rows count from 1; the row of the largest index is one past the largest Int, so it is
    // written out rather than added up.
    let row = index < .max ? ordinal(index + 1) : "\(UInt(index) + 1)th"
    return "there is no \(row) favorite prime: \(existing)"
  }
}

extension FileClient {
  /// Writes the favorites file, over an earlier one, but never over a file that holds
  /// something else: that may be the user's.
  fileprivate func saveFavorites(_ primes: [Int], to name: String) async throws {
    if name != Self.standardStreams, let existing = try? await load(name),
      (try? FavoritePrimesFile.decode(existing)) == nil
    {
      throw ErrorMessage(
        "\(name) holds something else than favorite primes; it is left as it is (save to "
          + "another file, or remove it first)")
    }
    try await save(name, try FavoritePrimesFile.encode(primes))
  }
}

extension Notice {
  /// The notice of an import: how many distinct primes the file held, how many became
  /// favorites, and what it left out, those that are not prime first, then those listed twice,
  /// then what is no whole number.
  ///
  /// ```swift
  /// Notice(imported: imported, added: new.count)
  /// ```
  public init(imported: ImportedPrimes, added: Int) {
    let unusable = imported.unusable.map { element in
      let reason: Skipped.Reason =
        switch element.reason {
        case .outOfRange: .outOfRange
        case .notAWholeNumber: .notAWholeNumber
        case .notANumber: .notANumber
        }
      return Skipped(element.shown, reason)
    }
    self = .imported(
      found: imported.primes.count, added: added,
      skipped: imported.notPrime.map { Skipped(String($0), .notPrime) }
        + imported.repeated.map { Skipped(String($0), .listedTwice) } + unusable)
  }
}
