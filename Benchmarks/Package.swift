// swift-tools-version:6.2
import Foundation
import PackageDescription

// The benchmarks live in their own package so that `swift test` of the project never builds them.
// Run them from this folder with `swift package benchmark` (see BENCHMARKS.md at the root).

/// SwiftPM names a path dependency after its folder, so the root package's identity is whatever
/// the repository was cloned as.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()

let benchmarkPlugin: [Target.PluginUsage] = [.plugin(name: "BenchmarkPlugin", package: "benchmark")]

let package = Package(
    name: "FriendsBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", "1.38.0"..<"1.39.0", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0"),
    ],
    targets: [
        .target(name: "BenchmarkSupport", dependencies: [.product(name: "FriendsAPI", package: root)]),
        .executableTarget(
            name: "BindingBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Binding", package: root),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/BindingBenchmarks",
            plugins: benchmarkPlugin
        ),
        .executableTarget(
            name: "ViewBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "FriendsViewModels", package: root),
                .product(name: "TerminalUI", package: root),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ViewBenchmarks",
            plugins: benchmarkPlugin
        ),
        .executableTarget(
            name: "WebBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "FriendsAPI", package: root),
                .product(name: "FriendsClient", package: root),
                .product(name: "FriendsWeb", package: root),
                .product(name: "WebUI", package: root),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WebBenchmarks",
            plugins: benchmarkPlugin
        ),
        .executableTarget(
            name: "WireBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "FriendsAPI", package: root),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WireBenchmarks",
            plugins: benchmarkPlugin
        ),
    ],
    swiftLanguageModes: [.v6]
)
