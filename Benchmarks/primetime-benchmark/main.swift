import Foundation
import PrimeTimeBenchmarks

// Release-mode figures for PrimeTime: `swift run -c release primetime-benchmark [primes|store]`.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(await BenchmarkCommand.run(arguments))
