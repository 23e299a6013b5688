// swift-tools-version: 6.1
import Foundation
import PackageDescription

// haven-server (SPEC §12) is its own package, so that the command line never
// links the server stack and its build stays fast. It shares two products of
// the package one folder up: the wire types and HavenCore. SwiftPM names a
// package met by path after its folder, whatever the clone is called.
let haven = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "HavenServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "haven-server", targets: ["haven-server"]),
        .executable(name: "haven-load", targets: ["haven-load"]),
    ],
    dependencies: [
        .package(path: ".."),
        // Without its default traits: no swift-configuration, no full Foundation.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        // Already in the graph through Hummingbird; named for their modules.
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", exact: "1.35.2"),
    ],
    targets: [
        .target(name: "HavenServer", dependencies: [
            .product(name: "HavenWire", package: haven),
            .product(name: "HavenCore", package: haven),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        ]),
        .executableTarget(name: "haven-server", dependencies: ["HavenServer"]),
        // The load script of `make bench`: concurrent simulated devices.
        .executableTarget(name: "haven-load", dependencies: [
            .product(name: "HavenWire", package: haven),
            .product(name: "HavenCore", package: haven),
        ]),
        .testTarget(name: "HavenServerTests", dependencies: [
            "HavenServer",
            .product(name: "HavenWire", package: haven),
            .product(name: "HavenCore", package: haven),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
