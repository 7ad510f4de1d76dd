// swift-tools-version: 6.1
import PackageDescription

/// One list of compiler settings for every target, so that every module is
/// held to the same language mode and the same strictness.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Segue",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "segue", targets: ["segue"]),
        .executable(name: "segue-bench", targets: ["SegueBench"]),
        .executable(name: "segue-fuzz", targets: ["SegueFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // SHA-1 for the WebSocket handshake's Sec-WebSocket-Accept (RFC 6455 §4.2.2).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // libmicrohttpd, seen through a small shim header.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // The request framing filter: checks a request stream against RFC 9112, with no I/O
        // (include/framing_filter.h); and what puts it between libmicrohttpd and its sockets by
        // interposing `recv` (include/framing_interposer.h).
        .target(name: "CFramingFilter"),
        .target(name: "CFramingInterposer", dependencies: ["CFramingFilter"]),
        // zlib, for gzip-coded answers to clients that accept them.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // Pure math: geometry, timing curves, springs. No clock, no I/O.
        .target(name: "SegueMath", swiftSettings: swiftSettings),
        // Pure, deterministic engine: gestures, animators, presets, simulation.
        .target(name: "SegueEngine", dependencies: ["SegueMath"], swiftSettings: swiftSettings),
        // Routes, handlers, wire types and problem bodies as plain values. No sockets.
        .target(
            name: "SegueAPI",
            dependencies: ["CZlib", "SegueEngine", "SegueMath"],
            resources: [
                .embedInCode("Resources/openapi.yaml"), .embedInCode("Resources/playground.html"),
                .embedInCode("Resources/sdk/segue.js"), .embedInCode("Resources/sdk/segue.d.ts"),
            ],
            swiftSettings: swiftSettings
        ),
        // The libmicrohttpd transport; the only module that imports CMicroHTTPD.
        .target(
            name: "SegueHTTP",
            dependencies: [
                "CMicroHTTPD",
                "CFramingFilter",
                "CFramingInterposer",
                "SegueAPI",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // The executable: flags and environment → configuration → serve, signals, shutdown.
        .executableTarget(
            name: "segue",
            dependencies: [
                "SegueHTTP",
                "SegueAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),
        // Micro-benchmarks (figures, not tests): swift run -c release segue-bench
        .executableTarget(
            name: "SegueBench", dependencies: ["SegueAPI", "SegueEngine", "SegueMath"], swiftSettings: swiftSettings),
        // libFuzzer's driver entry point, declared for Swift; links nothing (see driver.h).
        .systemLibrary(name: "CLibFuzzer"),
        // The decoder fuzz target (segue-fuzz). One target for both builds, so that an ordinary `swift build`
        // keeps it compiling: normally a replayer of saved inputs; built by scripts/fuzz with
        // `-sanitize=fuzzer -DSEGUE_LIBFUZZER`, a libFuzzer binary (see SegueFuzzCommand.swift).
        .executableTarget(
            name: "SegueFuzz", dependencies: ["CFramingFilter", "CLibFuzzer", "SegueAPI", "SegueEngine"],
            swiftSettings: swiftSettings),
        // Test helpers shared by the test targets: a raw-socket HTTP/1.1 client, a seeded generator.
        .target(name: "SegueTestSupport", path: "Tests/SegueTestSupport", swiftSettings: swiftSettings),
        .testTarget(
            name: "SegueMathTests", dependencies: ["SegueMath", "SegueTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SegueEngineTests", dependencies: ["SegueEngine", "SegueMath", "SegueTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "SegueAPITests", dependencies: ["SegueAPI", "SegueTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SegueHTTPTests",
            dependencies: [
                "SegueHTTP", "SegueAPI", "SegueTestSupport", "CFramingFilter",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "SegueBinaryTests", dependencies: ["SegueTestSupport"], swiftSettings: swiftSettings),
    ]
)
