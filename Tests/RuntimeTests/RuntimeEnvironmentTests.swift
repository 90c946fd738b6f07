import FavoritesDatabase
import FileClient
import Foundation
import NthPrimeClient
import Runtime
import Testing

/// The outside world as the front ends read it.
struct RuntimeEnvironmentTests {
  func environment(_ variables: [String: String]) -> RuntimeEnvironment {
    RuntimeEnvironment(
      nthPrime: .failing, fileClient: { _ in .failing }, database: { _ in .noop },
      progress: LookupProgress(), now: { Date(timeIntervalSince1970: 0) }, uuid: { UUID() },
      variables: variables, terminal: (input: false, output: false, error: false))
  }

  @Test func home_isHOME_elseThePasswordFilesHome_whereItIsUnsetOrEmpty() {
    #expect(environment(["HOME": "/home/ada"]).home == "/home/ada")
    #expect(environment(["HOME": ""]).home == NSHomeDirectory())
    #expect(environment([:]).home == NSHomeDirectory())
    #expect(!NSHomeDirectory().isEmpty)
  }
}
