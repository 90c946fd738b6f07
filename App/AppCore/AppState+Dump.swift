import ComposableArchitecture
import CustomDump

extension AppState: CustomDumpReflectable {
  /// Dumps and diffs show every stored property, and name the screens' state `screens`, as the
  /// code does, not by the storage that holds it. What the session knows of the database shows
  /// where there is any: `state` and `trace on`, which leave it out, show the app alone.
  public var customDumpMirror: Mirror {
    let mirror = Mirror(namingWrappedPropertiesOf: self)
    guard sync == nil else { return mirror }
    return Mirror(
      self, children: mirror.children.filter { $0.label != "sync" }, displayStyle: .struct)
  }

  /// The app's state as a person reads it: without what the session knows of the database.
  public var withoutSync: AppState {
    guard sync != nil else { return self }
    var state = self
    state.sync = nil
    return state
  }
}
