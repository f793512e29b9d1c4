// swift-tools-version:6.2
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
        .library(name: "VCard", targets: ["VCard"]),
        .library(name: "CardDAV", targets: ["CardDAV"]),
        .library(name: "FriendsClient", targets: ["FriendsClient"]),
        .library(name: "FriendsViewModels", targets: ["FriendsViewModels"]),
        .library(name: "FriendService", targets: ["FriendService"]),
        .library(name: "FriendStorage", targets: ["FriendStorage"]),
        .library(name: "SQLiteFriendStorage", targets: ["SQLiteFriendStorage"]),
        .library(name: "PostgresFriendStorage", targets: ["PostgresFriendStorage"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "WebUI", targets: ["WebUI"]),
        .library(name: "FriendsWeb", targets: ["FriendsWeb"]),
    ],
    traits: [
        // Off by default: swift-crypto would add about a minute to the first build of `friends`.
        .trait(
            name: "Accounts",
            description: "friends web signs people in to a database with accounts on its built-in FriendService."
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
        // Minor releases only: SQLiteFriendStorage also uses the SQLite this package builds
        // (its `VaporCSQLite` module), which a minor release could rename.
        .package(url: "https://github.com/vapor/sqlite-nio.git", .upToNextMinor(from: "1.13.0")),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks.git", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        // Hummingbird builds it already; the live feed writes its response parts (`NIOHTTPTypes`).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // Portable core: Foundation only, compiles unchanged into an iOS app.
        .target(name: "Binding"),
        .target(name: "FriendsAPI"),
        .target(name: "VCard", dependencies: ["FriendsAPI"]),
        // The DAV routes over a backend protocol: XML in, multistatus out, no server framework.
        .target(name: "CardDAV", dependencies: ["VCard"]),
        .target(name: "FriendsClient", dependencies: ["FriendsAPI"]),
        .target(name: "FriendsViewModels", dependencies: ["Binding", "FriendsAPI", "FriendsClient"]),
        .target(name: "Scoreboard", dependencies: ["Binding"]),
        .target(name: "Photos", dependencies: ["Binding"], resources: [.copy("Resources/catalog.json")]),
        .target(name: "FlightCard", resources: [.copy("Resources/flights.json")]),

        // Server. Storage: the store protocol, the memory store and what the backends share, then
        // each backend in a module of its own, so that only `friendservice` builds PostgreSQL's client.
        .target(name: "FriendStorage", dependencies: [
            "FriendsAPI", "VCard",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "SQLiteFriendStorage", dependencies: [
            "FriendStorage", "FriendsAPI", "VCard",
            .product(name: "SQLiteNIO", package: "sqlite-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),
        .target(name: "PostgresFriendStorage", dependencies: [
            "FriendStorage", "FriendsAPI", "VCard",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),
        // What the HTTP servers (FriendService, the browser views) share.
        .target(name: "HTTPServerKit", dependencies: [
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        ]),
        .target(name: "FriendService", dependencies: [
            "FriendsAPI", "FriendStorage", "HTTPServerKit", "VCard", "CardDAV",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // The cryptography of accounts (password hashes, tokens), behind `AccountSecrets`:
        // only `friendservice` links it, so `friends` does not build BoringSSL.
        .target(name: "FriendAccounts", dependencies: [
            "FriendStorage",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ]),
        .executableTarget(name: "friendservice", dependencies: [
            "FriendService", "FriendStorage", "FriendAccounts", "HTTPServerKit", "SQLiteFriendStorage", "PostgresFriendStorage", "TerminalUI",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
        ]),

        // The apps' transport of the live change feed (FriendsClient stays Foundation only).
        .target(name: "FriendsNIOTransport", dependencies: [
            "FriendsClient",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),

        // Terminal views.
        .target(name: "TerminalUI"),
        .target(name: "FriendsTerminal", dependencies: ["TerminalUI", "FriendsViewModels", "FriendsClient", "FriendsAPI"]),
        .executableTarget(name: "friends", dependencies: [
            "FriendsTerminal", "TerminalUI", "FriendsWeb", "WebUI", "HTTPServerKit", "FriendsViewModels", "FriendsAPI", "FriendsClient", "FriendService",
            "FriendStorage", "SQLiteFriendStorage", "FriendsNIOTransport", "VCard",
            .target(name: "FriendAccounts", condition: .when(traits: ["Accounts"])),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Browser views: the toolkit (sessions, templates, pushed fragments, CSRF) and the Friends pages.
        .target(name: "WebUI", dependencies: [
            "Binding", "HTTPServerKit",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "Mustache", package: "swift-mustache"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        ], resources: [.copy("Resources/webui.js")]),
        .target(name: "FriendsWeb", dependencies: [
            "WebUI", "FriendsViewModels", "FriendsClient", "FriendsAPI", "Binding",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Mustache", package: "swift-mustache"),
        ], resources: [.copy("Resources/Templates"), .copy("Resources/friends.css")]),
        .target(name: "ScoreboardTerminal", dependencies: ["TerminalUI", "Scoreboard", "Binding"]),
        .executableTarget(name: "scoreboard", dependencies: [
            "ScoreboardTerminal",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "PhotosTerminal", dependencies: ["TerminalUI", "Photos"]),
        .executableTarget(name: "photos", dependencies: [
            "PhotosTerminal", "Photos", "TerminalUI",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "FlightCardTerminal", dependencies: ["TerminalUI", "FlightCard"]),
        .executableTarget(name: "flights", dependencies: [
            "FlightCardTerminal", "FlightCard", "TerminalUI",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Tests mirror sources. TestSupport holds what every suite shares: the recorder of a
        // Bindable's values, the screen snapshot helpers, a raw HTTP connection and the one way
        // to run FriendService in a test.
        .target(name: "TestSupport", dependencies: [
            "Binding", "TerminalUI", "FriendService", "FriendStorage",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ], path: "Tests/TestSupport"),
        .testTarget(name: "BindingTests", dependencies: ["Binding"]),
        .testTarget(name: "FriendsAPITests", dependencies: ["FriendsAPI"]),
        .testTarget(name: "VCardTests", dependencies: ["VCard", "FriendsAPI"], exclude: ["Cards"]),
        .testTarget(name: "CardDAVTests", dependencies: ["CardDAV"]),
        .testTarget(name: "FriendServiceTests", dependencies: [
            "FriendService", "FriendsAPI", "FriendStorage", "VCard", "SQLiteFriendStorage", "PostgresFriendStorage", "HTTPServerKit", "TestSupport",
            .product(name: "SQLiteNIO", package: "sqlite-nio"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        ]),
        .testTarget(name: "FriendAccountsTests", dependencies: ["FriendAccounts", "FriendStorage"]),
        // The `friendservice` commands, run in-process.
        .testTarget(name: "FriendServiceCommandTests", dependencies: [
            "friendservice", "FriendService", "FriendAccounts", "FriendStorage", "SQLiteFriendStorage", "PostgresFriendStorage", "FriendsAPI",
            "TestSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "FriendsClientTests", dependencies: [
            "FriendsClient", "FriendsAPI", "FriendService", "FriendStorage", "SQLiteFriendStorage", "FriendsNIOTransport", "TestSupport",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),
        // The `friends` command's options, in-process.
        .testTarget(name: "FriendsCommandTests", dependencies: [
            "friends", "FriendsClient",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "FriendsViewModelsTests", dependencies: [
            "FriendsViewModels", "Binding", "FriendsAPI", "FriendsClient", "TestSupport",
        ]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "FriendsTerminalTests", dependencies: [
            "FriendsTerminal", "FriendsViewModels", "Binding", "FriendsAPI", "FriendsClient", "TerminalUI", "TestSupport",
        ]),
        .testTarget(name: "WebUITests", dependencies: [
            "WebUI", "Binding", "HTTPServerKit", "TestSupport",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        ]),
        .testTarget(name: "FriendsWebTests", dependencies: [
            "FriendsWeb", "WebUI", "FriendsViewModels", "FriendsClient", "FriendsNIOTransport", "FriendsAPI", "Binding", "TestSupport",
            "FriendService",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ]),
        .testTarget(name: "ScoreboardTests", dependencies: [
            "Scoreboard", "Binding", "TestSupport", .product(name: "Clocks", package: "swift-clocks"),
        ]),
        .testTarget(name: "ScoreboardTerminalTests", dependencies: [
            "ScoreboardTerminal", "Scoreboard", "TerminalUI", "TestSupport", .product(name: "Clocks", package: "swift-clocks"),
        ]),
        .testTarget(name: "PhotosTests", dependencies: [
            "Photos", "Binding", "TestSupport", .product(name: "Clocks", package: "swift-clocks"),
        ]),
        .testTarget(name: "PhotosTerminalTests", dependencies: ["PhotosTerminal", "Photos", "TerminalUI", "TestSupport"]),
        .testTarget(name: "FlightCardTests", dependencies: ["FlightCard"]),
        .testTarget(name: "FlightCardTerminalTests", dependencies: ["FlightCardTerminal", "FlightCard", "TerminalUI", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["friends", "friendservice", "scoreboard", "photos", "flights", "FriendStorage", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
