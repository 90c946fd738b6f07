import Alerts
import ComposableArchitecture
import Counter
import FavoritePrimes
import NthPrimeLookup
import Screens

extension AppState {
  /// The state without the screens' destinations, the lookups and the notice: what a replay of
  /// format 5 and before compares (``Replay/Comparison/dataAndHistory``).
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

extension AppState {
  /// The state with another notice: what a replay of formats 6 to 15 compares at the end
  /// (``Replay/Comparison/noticeByItsWords``).
  func withNotice(_ notice: ScreensState.Notice?) -> AppState {
    var state = self
    state.screens.notice = notice
    return state
  }
}
