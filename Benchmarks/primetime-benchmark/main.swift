import Foundation
import PrimeTimeBenchmarks

// Release-mode figures for PrimeTime: `swift run -c release primetime-benchmark <suite>`, where
// the suite is primes, store or storage.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(await BenchmarkCommand.run(arguments))
