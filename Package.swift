// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Haven",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "haven", targets: ["haven"]),
        .executable(name: "haven-bench", targets: ["haven-bench"]),
        // The wire types and the core, for `Server/` (its own package, SPEC §12).
        .library(name: "HavenWire", targets: ["HavenWire"]),
        .library(name: "HavenCore", targets: ["HavenCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
    ],
    targets: [
        // C libraries from the system, found through pkg-config.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1",
                       providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4",
                       providers: [.apt(["liblua5.4-dev"])]),
        // Lua's function-like macros and the C side of error handling.
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // libxml2 behind a small C face, loaded on first use: it is not linked
        // (pkg-config would link it), so that it and its ICU do not load with
        // every one-shot command. Only its C file sees libxml2's headers.
        .target(name: "CXML2Loader", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        // libedit, loaded when the REPL starts (it and the three libraries it
        // needs cost every one-shot command their loading).
        .target(name: "CEditLoader"),
        // libcurl, loaded when `haven sync` first talks to a server.
        .target(name: "CCurlLoader"),
        // gzip through the system zlib, for `.tar.gz` packs.
        .target(name: "CZlibShim", linkerSettings: [.linkedLibrary("z")]),

        // Safe Swift faces over the C libraries: the only targets that import C.
        .target(name: "YAML", dependencies: ["CYAML"]),
        .target(name: "Lua", dependencies: ["CLua", "CLuaShim"]),
        .target(name: "XMLStream", dependencies: ["CXML2Loader"]),
        .target(name: "HTTP", dependencies: ["CCurlLoader"]),

        // Haven itself. The model and the engine, pure: no file, process or signal.
        .target(name: "HavenCore"),
        // Files, signals and child processes: the only I/O helpers.
        .target(name: "HavenSystem"),
        .target(name: "HavenConfig", dependencies: ["HavenCore", "HavenSystem", "YAML"]),
        .target(name: "SQLiteRows", dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")]),
        .target(name: "HavenStore", dependencies: ["HavenCore", "HavenSystem", "SQLiteRows",
                                                   .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "HavenHooks", dependencies: ["HavenCore", "HavenSystem", "Lua"]),
        // Sharing packs (SPEC §8): sources, staging, the lock and the installer.
        .target(name: "HavenPacks", dependencies: ["HavenCore", "HavenConfig", "HavenSystem", "CZlibShim",
                                                   .product(name: "Crypto", package: "swift-crypto"),
                                                   .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // Imports and exports (SPEC §9): other apps' files and Haven's own, read
        // and written over a narrow home interface the runtime answers.
        .target(name: "HavenImport", dependencies: ["HavenCore", "HavenSystem", "XMLStream", "CZlibShim",
                                                    .product(name: "GRDB", package: "GRDB.swift"),
                                                    .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // Sync (SPEC §12): what travels between devices and the server, in the
        // clear (the server's only link to this package besides HavenCore) …
        .target(name: "HavenWire"),
        // … and the records themselves: payloads, the key, sealing and opening.
        .target(name: "HavenSync", dependencies: ["HavenCore", "HavenWire", "HTTP", .product(name: "Crypto", package: "swift-crypto")]),
        // Practices (SPEC §14): a practice run against the monotonic clock, what it logs, the last one of each kind.
        .target(name: "HavenPractice", dependencies: ["HavenCore"]),
        // Reminders, the evening check-in, desktop notifications and the timer units (SPEC §11).
        .target(name: "HavenReminders", dependencies: ["HavenCore", "HavenSystem"]),
        // Quick capture and the status bar (SPEC §15): the menu's lines in order, menu programs, the day at a glance.
        .target(name: "HavenQuick", dependencies: ["HavenCore", "HavenSystem", "HavenReminders"]),
        // Insights (SPEC §16): patterns over time, pure over entries.
        .target(name: "HavenInsights", dependencies: ["HavenCore"]),
        // What a person sees, as values: status, definitions, calendar days and
        // Haven's own words; rendered by the terminal, the JSON and the report.
        .target(name: "HavenPresentation", dependencies: ["HavenCore", "HavenInsights"]),
        // `haven report`: the presentation's values through mustache templates (SPEC §10).
        .target(name: "HavenReport", dependencies: ["HavenCore", "HavenConfig", "HavenPresentation",
                                                    .product(name: "Mustache", package: "swift-mustache")]),
        .target(name: "HavenRuntime", dependencies: ["HavenCore", "HavenSystem", "HavenConfig", "HavenHooks", "HavenStore", "HavenPacks",
                                                     "HavenReminders", "HavenPractice", "HavenQuick", "HavenInsights",
                                                     "HavenImport", "HavenSync", "HavenWire"]),
        .target(name: "HavenCLI", dependencies: [
            "HavenRuntime", "HavenCore", "HavenSystem", "HavenPacks", "HavenReminders", "HavenPresentation", "HavenReport",
            "HavenPractice", "HavenQuick", "HavenInsights",
            "HavenSync", "HavenImport",
            "CEditLoader",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // CStartup: the arguments from the C runtime, not from /proc/self/maps (D332).
        .target(name: "CStartup"),
        .executableTarget(name: "haven", dependencies: ["HavenCLI", "CStartup"]),
        // `make bench`: the engine alone, in process.
        .executableTarget(name: "haven-bench", dependencies: ["HavenCore", "HavenHooks", "Lua"]),

        .target(name: "TestSupport", dependencies: ["HavenCore", "HavenConfig", "HavenRuntime", "HavenPresentation",
                                                    "YAML",
                                                    .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                path: "Tests/TestSupport"),
        .testTarget(name: "HavenCoreTests", dependencies: ["HavenCore"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "TestSupport"]),
        .testTarget(name: "HavenConfigTests", dependencies: ["HavenConfig", "HavenCore", "TestSupport"]),
        .testTarget(name: "LuaTests", dependencies: ["Lua", "HavenCore"]),
        .testTarget(name: "HavenImportTests", dependencies: ["HavenImport", "HavenCore", "XMLStream", "TestSupport"]),
        .testTarget(name: "HavenPacksTests", dependencies: ["HavenPacks", "HavenConfig", "HavenCore", "TestSupport"]),
        .testTarget(name: "HavenStoreTests", dependencies: ["HavenStore", "HavenCore", "HavenSync", "TestSupport",
                                                           .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "HavenHooksTests", dependencies: ["HavenHooks", "HavenConfig", "HavenCore", "TestSupport"]),
        .testTarget(name: "HavenRuntimeTests", dependencies: ["HavenRuntime", "HavenCore", "HavenStore", "HavenSync", "HavenImport",
                                                             "HavenWire", "TestSupport"]),
        .testTarget(name: "HavenRemindersTests", dependencies: ["HavenReminders", "HavenCore"]),
        .testTarget(name: "HavenQuickTests", dependencies: ["HavenQuick", "HavenReminders", "HavenCore"]),
        .testTarget(name: "HavenInsightsTests", dependencies: ["HavenInsights", "HavenCore"]),
        .testTarget(name: "HavenPracticeTests", dependencies: ["HavenPractice", "HavenCore", "HavenConfig", "TestSupport"]),
        .testTarget(name: "HavenSyncTests", dependencies: ["HavenSync", "HavenWire", "HavenCore", "TestSupport"]),
        .testTarget(name: "HavenCLITests", dependencies: ["HavenCLI", "HavenCore", "HavenImport", "HavenPacks", "HavenPresentation", "TestSupport", "YAML"]),
    ],
    swiftLanguageModes: [.v6]
)

// Every module names what it uses: a type that leaks through another
// module's public API without an import fails the build.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
