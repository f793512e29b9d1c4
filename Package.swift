// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Friends",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "friends", targets: ["friends"]),
        .executable(name: "friendservice", targets: ["friendservice"]),
        .executable(name: "scoreboard", targets: ["scoreboard"]),
        .executable(name: "photos", targets: ["photos"]),
        .executable(name: "flights", targets: ["flights"]),
        .library(name: "Binding", targets: ["Binding"]),
        .library(name: "FriendsAPI", targets: ["FriendsAPI"]),
        .library(name: "FriendsClient", targets: ["FriendsClient"]),
        .library(name: "FriendsViewModels", targets: ["FriendsViewModels"]),
        .library(name: "FriendService", targets: ["FriendService"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks.git", from: "1.1.0"),
    ],
    targets: [
        // Portable core: Foundation only, compiles unchanged into an iOS app.
        .target(name: "Binding"),
        .target(name: "FriendsAPI"),
        .target(name: "FriendsClient", dependencies: ["FriendsAPI"]),
        .target(name: "FriendsViewModels", dependencies: ["Binding", "FriendsAPI", "FriendsClient"]),
        .target(name: "Scoreboard", dependencies: ["Binding"]),
        .target(name: "Photos", dependencies: ["Binding"], resources: [.copy("Resources/catalog.json")]),
        .target(name: "FlightCard", resources: [.copy("Resources/flights.json")]),

        // Server.
        .target(name: "FriendService", dependencies: [
            "FriendsAPI",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "SQLiteNIO", package: "sqlite-nio"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "friendservice", dependencies: [
            "FriendService",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Terminal views.
        .target(name: "TerminalUI"),
        .target(name: "FriendsTerminal", dependencies: ["TerminalUI", "FriendsViewModels"]),
        .executableTarget(name: "friends", dependencies: [
            "FriendsTerminal", "TerminalUI", "FriendsClient", "FriendService",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "ScoreboardTerminal", dependencies: ["TerminalUI", "Scoreboard", "Binding"]),
        .executableTarget(name: "scoreboard", dependencies: [
            "ScoreboardTerminal",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "PhotosTerminal", dependencies: ["TerminalUI", "Photos"]),
        .executableTarget(name: "photos", dependencies: [
            "PhotosTerminal",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "FlightCardTerminal", dependencies: ["TerminalUI", "FlightCard"]),
        .executableTarget(name: "flights", dependencies: [
            "FlightCardTerminal", "FlightCard", "TerminalUI",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Tests mirror sources.
        .testTarget(name: "BindingTests", dependencies: ["Binding"]),
        .testTarget(name: "FriendsAPITests", dependencies: ["FriendsAPI"]),
        .testTarget(name: "FriendServiceTests", dependencies: [
            "FriendService",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ]),
        .testTarget(name: "FriendsClientTests", dependencies: ["FriendsClient", "FriendService"]),
        .testTarget(name: "FriendsViewModelsTests", dependencies: ["FriendsViewModels"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "FriendsTerminalTests", dependencies: ["FriendsTerminal"]),
        .testTarget(name: "ScoreboardTests", dependencies: [
            "Scoreboard", .product(name: "Clocks", package: "swift-clocks"),
        ]),
        .testTarget(name: "ScoreboardTerminalTests", dependencies: [
            "ScoreboardTerminal", "Scoreboard", "TerminalUI", .product(name: "Clocks", package: "swift-clocks"),
        ]),
        .testTarget(name: "PhotosTests", dependencies: [
            "Photos", .product(name: "Clocks", package: "swift-clocks"),
        ]),
        .testTarget(name: "PhotosTerminalTests", dependencies: ["PhotosTerminal"]),
        .testTarget(name: "FlightCardTests", dependencies: ["FlightCard"]),
        .testTarget(name: "FlightCardTerminalTests", dependencies: ["FlightCardTerminal"]),
        .testTarget(name: "EndToEndTests", dependencies: ["friends", "friendservice", "scoreboard", "photos", "flights"]),
    ],
    swiftLanguageModes: [.v6]
)
