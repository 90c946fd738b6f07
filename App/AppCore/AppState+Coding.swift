import Alerts
import ComposableArchitecture
import Counter
import FavoritePrimes
import NthPrimeLookup
import Screens

extension AppState {
  private enum CodingKeys: String, CodingKey {
    case count
    case favoritePrimes
    case counterDestination
    case counterLookup
    case favoritesDestination
    case favoritesLookup
    case activityFeed
    case screens
  }

  /// Reads a state of this format; a state of format 5 and before is read by that format's own
  /// type (``RecordedLine/Version5/State``), and upgraded.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let activityFeed = try container.decode(PersistentArray<Activity>.self, forKey: .activityFeed)
    let screens = try container.decode(ScreensState.self, forKey: .screens)
    self.init(
      count: try container.decode(Int.self, forKey: .count),
      favoritePrimes: try container.decode(PersistentArray<Int>.self, forKey: .favoritePrimes),
      counterDestination: try container.decodeIfPresent(
        CounterState.Destination.self, forKey: .counterDestination),
      counterLookup: try container.decodeIfPresent(
        NthPrimeLookupState.self, forKey: .counterLookup),
      favoritesDestination: try container.decodeIfPresent(
        FavoritePrimesState.Destination.self, forKey: .favoritesDestination),
      favoritesLookup: try container.decodeIfPresent(
        NthPrimeLookupState.self, forKey: .favoritesLookup),
      activityFeed: activityFeed, screens: screens)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(count, forKey: .count)
    try container.encode(favoritePrimes, forKey: .favoritePrimes)
    try container.encodeIfPresent(counterDestination, forKey: .counterDestination)
    try container.encodeIfPresent(counterLookup, forKey: .counterLookup)
    try container.encodeIfPresent(favoritesDestination, forKey: .favoritesDestination)
    try container.encodeIfPresent(favoritesLookup, forKey: .favoritesLookup)
    try container.encode(activityFeed, forKey: .activityFeed)
    try container.encode(screens, forKey: .screens)
  }

  /// The state without what covers the screens, the running lookups or the notice: what a state
  /// of format 5 and before is compared by.
  var withoutPresentation: AppState {
    var state = self
    state.counterDestination = nil
    state.counterLookup = nil
    state.favoritesDestination = nil
    state.favoritesLookup = nil
    if state.screens.notice != nil { state.screens.notice = nil }
    return state
  }
}
