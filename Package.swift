// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "PrimeTime",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "primetime", targets: ["primetime"]),
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(
      name: "ComposableArchitectureTestSupport", targets: ["ComposableArchitectureTestSupport"]),
  ],
  dependencies: [
    // The command line: `primetime --help`, subcommands and their validation.
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // Readable dumps and diffs of state, for TestStore failures, `trace on` and `state`. Its
    // default trait, `FoundationNetworking`, would link URLSession and behind it libcurl, TLS,
    // Kerberos and LDAP into every binary; PrimeTime has no network, so no traits.
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3", traits: []),
    // Test failures that reach both Swift Testing and XCTest.
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    // SQLite, for the favorites database: transactions, WAL, migrations.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    // `swift package generate-documentation`: the core's DocC catalog, built in CI.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // MARK: Core

    .target(
      name: "ComposableArchitecture",
      path: "Modules/ComposableArchitecture"
    ),
    .target(
      name: "ComposableArchitectureDebug",
      dependencies: [
        "ComposableArchitecture",
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      path: "Modules/ComposableArchitectureDebug"
    ),
    .target(
      name: "ComposableArchitectureTestSupport",
      dependencies: [
        "ComposableArchitecture", "ComposableArchitectureDebug",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      path: "Modules/ComposableArchitectureTestSupport"
    ),

    // MARK: Domain

    .target(
      name: "Primes",
      dependencies: ["PrimesAVX512", "ProcessorFeatures"],
      path: "Modules/Primes",
      swiftSettings: primesSettings
    ),
    // The engine (Modules/Primes/Engine) again, through a link, for processors with AVX-512:
    // Primes asks ProcessorFeatures which build this processor runs.
    .target(
      name: "PrimesAVX512", dependencies: ["ProcessorFeatures"], path: "Modules/PrimesAVX512",
      swiftSettings: primesAVX512Settings),
    .target(name: "ProcessorFeatures", path: "Modules/ProcessorFeatures"),
    .target(name: "NumberSyntax", path: "Modules/NumberSyntax"),
    // The favorites file that FavoritePrimes exports and imports, below the feature so that the
    // database's one-time import of the old files reads it without importing a feature.
    .target(
      name: "FavoritePrimesFormat", dependencies: ["Primes", "NumberSyntax"],
      path: "Modules/FavoritePrimesFormat"),
    .target(
      name: "Alerts", dependencies: ["ComposableArchitecture"],
      path: "Modules/Alerts"),

    // MARK: Dependency clients (interfaces, then live values, which no feature links)

    .target(name: "FileClient", path: "Modules/FileClient"),
    .target(name: "FileClientLive", dependencies: ["FileClient"], path: "Modules/FileClientLive"),
    // The rules of what a step stores, undo takes back and redo writes again, which both the
    // app's memory and the database follow.
    .target(name: "FavoritesLedger", path: "Modules/FavoritesLedger"),
    .target(
      name: "FavoritesDatabase", dependencies: ["FavoritesLedger"],
      path: "Modules/FavoritesDatabase"),
    .target(
      name: "FavoritesDatabaseLive",
      dependencies: [
        "FavoritePrimesFormat", "FavoritesDatabase", "FavoritesLedger", "FileClient",
        "FileClientLive",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Modules/FavoritesDatabaseLive"
    ),
    .target(name: "NthPrimeClient", path: "Modules/NthPrimeClient"),
    .target(
      name: "NthPrimeClientLive",
      dependencies: ["NthPrimeClient", "Primes"],
      path: "Modules/NthPrimeClientLive"
    ),

    // MARK: Features

    // The nth-prime lookup, which Counter and FavoritePrimes each embed.
    .target(
      name: "NthPrimeLookup",
      dependencies: ["Alerts", "ComposableArchitecture", "NthPrimeClient"],
      path: "Modules/NthPrimeLookup"
    ),
    .target(
      name: "PrimeModal",
      dependencies: ["ComposableArchitecture", "Alerts", "Primes"],
      path: "Modules/PrimeModal"
    ),
    .target(
      name: "Counter",
      dependencies: [
        "Alerts", "ComposableArchitecture", "NthPrimeClient", "NthPrimeLookup", "PrimeModal",
      ],
      path: "Modules/Counter"
    ),
    .target(
      name: "FavoritePrimes",
      dependencies: [
        "Alerts", "ComposableArchitecture", "FavoritePrimesFormat", "FileClient", "NthPrimeClient",
        "NthPrimeLookup",
      ],
      path: "Modules/FavoritePrimes"
    ),

    // MARK: App

    // The front ends' own state (the page, the selection, the notices) as a feature.
    .target(
      name: "Screens", dependencies: ["Alerts", "ComposableArchitecture"], path: "App/Screens"),
    // The recording format: the file's own types for lines, actions and states, each version
    // frozen, and the reading of earlier versions. It depends on no feature; AppCore maps the
    // app to it.
    .target(name: "RecordingFormat", dependencies: ["NumberSyntax"], path: "App/RecordingFormat"),
    .target(
      name: "AppCore",
      dependencies: [
        "ComposableArchitecture", "Counter", "FavoritePrimes", "FileClient", "NthPrimeClient",
        "NthPrimeLookup", "Alerts", "PrimeModal", "Screens", "FavoritePrimesFormat",
        "FavoritesLedger", "RecordingFormat",
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      path: "App/AppCore"
    ),
    .systemLibrary(
      name: "CReadline",
      path: "App/CReadline",
      providers: [.apt(["libreadline-dev"])]
    ),
    .systemLibrary(
      name: "CNcurses",
      path: "App/CNcurses",
      providers: [.apt(["libncurses-dev"])]
    ),
    .target(
      name: "PrimeTimeUI",
      dependencies: [
        "FavoritesLedger",
        "AppCore", "ComposableArchitecture", "Counter", "FavoritePrimes", "Alerts",
        "NthPrimeLookup", "PrimeModal", "Screens", "ComposableArchitectureDebug",
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      path: "App/PrimeTimeUI"
    ),
    .target(
      name: "LineEditing",
      dependencies: ["CReadline"],
      path: "App/LineEditing"
    ),
    // The rooms around the features. The runtime runs the app for either front end; the REPL
    // and the full screen are front ends over it; replay checks and shows a recording; the
    // command line parses arguments and starts one of them. No front end imports another, and
    // only the command line imports a front end.
    .target(
      name: "Runtime",
      dependencies: [
        "AppCore", "ComposableArchitecture", "Counter", "FavoritePrimes", "FavoritesDatabase",
        "FavoritesLedger", "FileClient", "NthPrimeClient", "RecordingFormat", "Screens",
      ],
      path: "App/Runtime"
    ),
    // The progress of a long lookup on a terminal's standard error, which the REPL and the
    // commands for scripts both show.
    .target(
      name: "TerminalProgress", dependencies: ["LineEditing", "Runtime"],
      path: "App/TerminalProgress"),
    .target(
      name: "REPL",
      dependencies: [
        "FavoritesLedger",
        "AppCore", "ComposableArchitecture", "ComposableArchitectureDebug", "CReadline",
        "LineEditing", "Runtime", "Alerts", "Counter", "FavoritePrimes", "FavoritesDatabase",
        "NumberSyntax", "PrimeModal", "Screens", "FileClient", "TerminalProgress",
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      path: "App/REPL"
    ),
    // The ncurses terminal and the event loop of a full-screen program: `primetime ui` and
    // `replay --ui` both run on them.
    .target(
      name: "TerminalScreen",
      dependencies: ["CNcurses", "ComposableArchitecture", "PrimeTimeUI", "Screens"],
      path: "App/TerminalScreen"
    ),
    .target(
      name: "FullScreen",
      dependencies: [
        "AppCore", "ComposableArchitecture", "FavoritesDatabase", "PrimeTimeUI", "Runtime",
        "Screens", "TerminalScreen",
      ],
      path: "App/FullScreen"
    ),
    .target(
      name: "Replay",
      dependencies: [
        "AppCore", "ComposableArchitecture", "ComposableArchitectureDebug", "FileClient",
        "PrimeTimeUI", "RecordingFormat", "Runtime", "Screens", "TerminalScreen",
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      path: "App/Replay"
    ),
    .target(
      name: "PrimeTimeCLI",
      dependencies: [
        "AppCore", "FullScreen", "NumberSyntax", "Primes", "REPL", "Replay", "Runtime",
        "TerminalProgress",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "App/PrimeTimeCLI"
    ),
    // An empty stand-in for ICU's data in release builds on Linux, which link Foundation
    // statically: 34 MB that the app never reads (ICUDataOmitted.c says how and why).
    .target(name: "ICUDataOmitted", path: "App/ICUDataOmitted"),
    // Users and groups from /etc/passwd and /etc/group alone in release builds on Linux, which
    // link the C library statically (UserDatabaseFiles.c says why).
    .target(name: "UserDatabaseFiles", path: "App/UserDatabaseFiles"),
    .executableTarget(
      name: "primetime",
      dependencies: [
        "FavoritesDatabase", "FavoritesDatabaseLive", "FileClient", "FileClientLive",
        "ICUDataOmitted", "NthPrimeClient", "NthPrimeClientLive", "PrimeTimeCLI", "Runtime",
        "UserDatabaseFiles",
      ],
      path: "App/primetime",
      swiftSettings: staticInRelease.swift,
      linkerSettings: staticInRelease.linker
    ),

    // MARK: Benchmarks

    .target(
      name: "PrimeTimeBenchmarks",
      dependencies: [
        "FavoritesLedger",
        "AppCore", "ComposableArchitecture", "Counter", "FavoritePrimes", "FavoritesDatabase",
        "FavoritesDatabaseLive", "FileClient", "NthPrimeClient", "PrimeTimeUI", "REPL", "Runtime",
        "Primes", "Screens",
      ],
      path: "Benchmarks/PrimeTimeBenchmarks"
    ),
    .executableTarget(
      name: "primetime-benchmark",
      dependencies: ["PrimeTimeBenchmarks"],
      path: "Benchmarks/primetime-benchmark"
    ),

    // MARK: Tests

    .testTarget(
      name: "ComposableArchitectureTests",
      dependencies: [
        "ComposableArchitecture", "ComposableArchitectureDebug",
        "ComposableArchitectureTestSupport",
      ],
      path: "Tests/ComposableArchitectureTests"
    ),
    .testTarget(
      name: "ComposableArchitectureTestSupportTests",
      dependencies: [
        "ComposableArchitecture", "ComposableArchitectureTestSupport",
        "TestStoreXCTestRunner",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      path: "Tests/ComposableArchitectureTestSupportTests"
    ),
    // The scenarios of The Composable Architecture's own test suite, translated to this core's
    // API: each keeps its reducer, its sends and receives, and its expected outcome.
    .testTarget(
      name: "TCAScenarioTests",
      dependencies: ["ComposableArchitecture", "ComposableArchitectureTestSupport"],
      path: "Tests/TCAScenarioTests",
      exclude: ["README.md"]
    ),
    // TestStore's XCTest tests, in XCTest's own runner: `swift test` runs every XCTest test of
    // the package in a pass of its own, before Swift Testing's, and one test there printed
    // "Executed 1 test" three times at the top of the run, as if it were the whole run's count.
    .executableTarget(
      name: "TestStoreXCTestRunner",
      dependencies: ["ComposableArchitecture", "ComposableArchitectureTestSupport"],
      path: "Tests/Support/TestStoreXCTestRunner"
    ),
    .testTarget(
      name: "PrimesTests", dependencies: ["AppTestSupport", "Primes", "ProcessorFeatures"],
      path: "Tests/PrimesTests"),
    .testTarget(
      name: "NumberSyntaxTests", dependencies: ["NumberSyntax"], path: "Tests/NumberSyntaxTests"),
    .testTarget(
      name: "AlertsTests", dependencies: ["ComposableArchitecture", "Alerts"],
      path: "Tests/AlertsTests"),
    .testTarget(
      name: "NthPrimeLookupTests",
      dependencies: [
        "Alerts", "ComposableArchitecture", "ComposableArchitectureTestSupport", "NthPrimeClient",
        "NthPrimeLookup",
      ],
      path: "Tests/NthPrimeLookupTests"
    ),
    .testTarget(
      name: "PrimeModalTests",
      dependencies: [
        "ComposableArchitectureTestSupport", "PrimeModal", "ComposableArchitecture", "Alerts",
      ],
      path: "Tests/PrimeModalTests"
    ),
    .testTarget(
      name: "CounterTests",
      dependencies: [
        "ComposableArchitectureTestSupport", "Counter", "ComposableArchitecture", "NthPrimeClient",
        "NthPrimeLookup", "PrimeModal",
        "Alerts",
      ],
      path: "Tests/CounterTests"
    ),
    .testTarget(
      name: "FavoritePrimesTests",
      dependencies: [
        "ComposableArchitectureTestSupport", "FavoritePrimes", "ComposableArchitecture",
        "FavoritePrimesFormat", "FileClient", "NthPrimeClient", "NthPrimeLookup", "Alerts",
      ],
      path: "Tests/FavoritePrimesTests"
    ),
    .testTarget(
      name: "FavoritePrimesFormatTests",
      dependencies: ["FavoritePrimesFormat"],
      path: "Tests/FavoritePrimesFormatTests"
    ),
    .testTarget(
      name: "FileClientLiveTests",
      dependencies: ["FileClientLive", "FileClient"],
      path: "Tests/FileClientLiveTests"
    ),
    .testTarget(
      name: "FavoritesLedgerTests", dependencies: ["FavoritesLedger"],
      path: "Tests/FavoritesLedgerTests"),
    .testTarget(
      name: "FavoritesDatabaseLiveTests",
      dependencies: [
        "FavoritesDatabase", "FavoritesDatabaseLive", "FavoritesLedger",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Tests/FavoritesDatabaseLiveTests"
    ),
    .testTarget(
      name: "ScreensTests",
      dependencies: ["ComposableArchitecture", "ComposableArchitectureTestSupport", "Screens"],
      path: "Tests/ScreensTests"
    ),
    .testTarget(
      name: "RecordingFormatTests",
      dependencies: ["RecordingFormat"],
      path: "Tests/RecordingFormatTests"
    ),
    .testTarget(
      name: "AppCoreTests",
      dependencies: [
        "FavoritesLedger",
        "AppCore", "AppTestSupport", "ComposableArchitectureTestSupport", "Primes",
        "ComposableArchitecture", "FavoritePrimesFormat", "FileClient", "NthPrimeClient",
        "NthPrimeLookup", "RecordingFormat", "Alerts", "Counter", "FavoritePrimes", "PrimeModal",
        "Screens", .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      path: "Tests/AppCoreTests"
    ),
    .testTarget(
      name: "ReplayTests",
      dependencies: [
        "AppCore", "RecordingFormat", .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      path: "Tests/ReplayTests"
    ),
    .testTarget(
      name: "PrimeTimeBenchmarksTests",
      dependencies: [
        "AppCore", "ComposableArchitecture", "NthPrimeLookup", "PrimeTimeBenchmarks", "Primes",
        "Screens",
      ],
      path: "Tests/PrimeTimeBenchmarksTests"
    ),
    .testTarget(
      name: "RuntimeTests",
      dependencies: [
        "FavoritesLedger",
        "AppCore", "AppTestSupport", "ComposableArchitecture", "ComposableArchitectureTestSupport",
        "FavoritePrimesFormat", "FavoritesDatabase", "FavoritesDatabaseLive", "FileClient",
        "NthPrimeClient", "RecordingFormat", "Runtime", "Screens",
      ],
      path: "Tests/RuntimeTests"
    ),
    .testTarget(
      name: "REPLTests",
      dependencies: [
        "FavoritesLedger",
        "AppCore", "AppTestSupport", "FavoritePrimesFormat", "FavoritesDatabase", "FileClient",
        "NthPrimeClient", "NthPrimeLookup", "Primes", "REPL", "Runtime",
        "ComposableArchitecture", "ComposableArchitectureTestSupport", "Screens",
      ],
      path: "Tests/REPLTests"
    ),
    .testTarget(
      name: "TerminalProgressTests", dependencies: ["TerminalProgress"],
      path: "Tests/TerminalProgressTests"),
    .testTarget(
      name: "PrimeTimeCLITests",
      dependencies: [
        "NumberSyntax", "PrimeTimeCLI", "REPL", "Runtime",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Tests/PrimeTimeCLITests"
    ),
    .testTarget(
      name: "PrimeTimeUITests",
      dependencies: [
        "FavoritesLedger",
        "AppCore", "AppTestSupport", "ComposableArchitecture", "ComposableArchitectureTestSupport",
        "Counter", "FavoritePrimes", "FileClient", "NthPrimeClient", "NthPrimeLookup", "Alerts",
        "PrimeModal",
        "PrimeTimeUI", "Screens",
      ],
      path: "Tests/PrimeTimeUITests"
    ),
    .target(
      name: "AppTestSupport",
      dependencies: ["AppCore", "Primes"],
      path: "Tests/Support/AppTestSupport"
    ),
    .target(
      name: "PseudoTerminal",
      path: "Tests/Support/PseudoTerminal",
      linkerSettings: [.linkedLibrary("util")]
    ),
    // Every Swift example in the documentation is an excerpt of compiled code.
    .testTarget(name: "DocumentationTests", path: "Tests/DocumentationTests"),
    .testTarget(
      name: "PrimeTimeEndToEndTests",
      dependencies: [
        "AppCore", "AppTestSupport", "FavoritePrimesFormat", "FavoritesDatabase",
        "FavoritesDatabaseLive", "PseudoTerminal",
        // Another program that holds the database, as a test stands in for one.
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Tests/PrimeTimeEndToEndTests",
      exclude: ["Golden"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

/// Prime counting is arithmetic in tight loops: optimized even in debug builds, so that
/// `swift run primetime` looks up the nth prime at the speed of a release build. On x86-64 it is
/// built for Nehalem, to count bits with the `popcnt` instruction (baseline x86-64 has none, and
/// counts them in a dozen instructions); Nehalem's SSE4.1 and SSE4.2 come with it, which Intel's
/// processors have had since 2008 and AMD's since 2011.
var primesSettings: [SwiftSetting] { engineSettings(x86TargetCPU: "nehalem") }

/// The engine's second build, for Intel's processors with AVX-512 from Ice Lake on and AMD's from
/// Zen 4 on, which `ProcessorFeatures` recognizes: with AVX-512's population count over vectors,
/// BMI2's shifts and Ice Lake's scheduling, π(10^15) on one thread took 1.15 s against 1.24 s
/// for the portable build (Benchmarks/README.md).
var primesAVX512Settings: [SwiftSetting] { engineSettings(x86TargetCPU: "icelake-server") }

/// Optimized in every configuration, and on x86-64 for the processor named.
func engineSettings(x86TargetCPU: String) -> [SwiftSetting] {
  #if arch(x86_64)
    [
      .unsafeFlags(["-O"], .when(configuration: .debug)),
      .unsafeFlags(["-target-cpu", x86TargetCPU]),
    ]
  #else
    [.unsafeFlags(["-O"], .when(configuration: .debug))]
  #endif
}

/// Release builds of `primetime` start fast and small, because a script that asks for one number
/// pays for the program's start each time. The executable is linked statically, all of it
/// (`-static-executable`): the Swift runtime, Foundation, SQLite, readline, ncurses and the C and
/// C++ libraries are in the file, and the kernel starts it without the dynamic loader, which had
/// five shared libraries to map and their symbols to bind. Measured by `primetime-benchmark
/// primes` (Benchmarks/README.md):
///
/// - The flag goes to the compiler as well as to the linker: compiled against the static
///   runtime's module maps, the executable's own code names CoreFoundation and the libraries
///   beneath Foundation, which a link-only flag leaves out.
/// - The system's static archives of SQLite, readline and ncurses (`libsqlite3-dev`,
///   `libreadline-dev`, `libncurses-dev`) are the ones a static link finds; `-ltinfo` names the
///   terminfo library that readline and ncurses both need, which their shared libraries name
///   themselves. These libraries, the C library among them, take their security fixes when the
///   program is built again, not when the system's are updated.
/// - The executable is not position-independent: a static one would apply tens of thousands of
///   relocations at start, each a write that copies a page. Its code and the C library's sit at
///   a fixed address; its stack, its heap and its mappings stay randomized, and `-z now` puts
///   the C library's table of functions chosen at start by processor among the data made
///   read-only before `main`.
/// - Users and groups come from /etc/passwd and /etc/group alone (`App/UserDatabaseFiles`): the
///   C library's other sources are shared libraries, which crashed a program linked statically.
///   A locale whose character set is neither UTF-8 nor ASCII still has the C library load its
///   converter, and the shared C library with it, which must be the one the program was built
///   with: the README builds it where it runs.
/// - What the start and a count touch comes first, in the order `App/primetime.order` lists it
///   (`--symbol-ordering-file`; `Scripts/startup-order` writes the list from traces of four
///   commands under valgrind). The kernel maps 64 KB of the file around each page a program
///   reads: laid out as the linker found it, the start read pages all over the binary, and
///   `nth-prime 1` peaked at 8.6 MB, against 3.8 MB. A stale list costs memory, not answers: the
///   linker passes over the names it does not find (`--no-warn-symbol-ordering`), and
///   `ReleaseBinaryTests` fails once more than one in ten is missing. LLVM's linker
///   (`-use-ld=lld`, which the toolchain ships) reads such a list by symbol, as GNU's do not.
///
/// Apple platforms link their runtime dynamically and are left as they are.
/// Debug builds, `swift run` and `swift test` link dynamically as usual.
var staticInRelease: (swift: [SwiftSetting], linker: [LinkerSetting]) {
  (
    [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))],
    [
      .unsafeFlags(
        [
          "-static-executable", "-use-ld=lld", "-ltinfo", "-Xlinker", "-z", "-Xlinker", "now",
          "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/App/primetime.order",
          "-Xlinker", "--no-warn-symbol-ordering",
        ],
        .when(platforms: [.linux], configuration: .release))
    ]
  )
}
