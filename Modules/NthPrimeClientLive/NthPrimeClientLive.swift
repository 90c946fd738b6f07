import NthPrimeClient
import Primes

extension NthPrimeClient {
  /// Looks up nth primes with the Primes engine, on a background thread.
  ///
  /// Cancelling the calling task stops the computation.
  ///
  /// ```swift
  /// .live(progress: { progress.report($0) })
  /// ```
  ///
  /// - Parameter progress: Receives the fraction of each lookup's work done, from 0 to 1, on a
  ///   background thread.
  public static func live(progress: ProgressHandler? = nil) -> NthPrimeClient {
    NthPrimeClient { n in
      let work = Task.detached(priority: .userInitiated) {
        try Primes.nthPrime(n, progress: progress)
      }
      return try await withTaskCancellationHandler {
        try await work.value
      } onCancel: {
        work.cancel()
      }
    }
  }
}
