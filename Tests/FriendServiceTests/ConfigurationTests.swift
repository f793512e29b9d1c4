import FriendsAPI
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import PostgresFriendStorage
@testable import SQLiteFriendStorage

struct ConfigurationTests {
    @Test(arguments: ["0.0.0.0", "192.168.1.10", "::", "example.com"])
    func aNonLoopbackAddressWithoutATokenRefusesToStart(hostname: String) async throws {
        let configuration = FriendServerConfiguration(hostname: hostname, database: .memory)
        #expect(throws: ConfigurationError.self) { try configuration.validate() }
        await #expect(throws: ConfigurationError.self) { try await FriendServer.start(configuration) }
        try FriendServerConfiguration(hostname: hostname, database: .memory, token: "t").validate()
        try FriendServerConfiguration(hostname: hostname, database: .memory, allowsAnonymousAccess: true).validate()
    }

    @Test(arguments: ["127.0.0.1", "127.0.0.2", "localhost", "::1"])
    func loopbackNeedsNoToken(hostname: String) throws {
        try FriendServerConfiguration(hostname: hostname, database: .memory).validate()
    }

    @Test func theDefaultsAreLoopbackAndAFileInTheUsersDataDirectory() {
        let configuration = FriendServerConfiguration()
        #expect(configuration.hostname == "127.0.0.1")
        #expect(configuration.token == nil)
        #expect(DatabaseLocation.defaultSQLite(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
            == .sqlite(path: "/data/friends/friends.sqlite"))
        #expect(DatabaseLocation.defaultSQLite(environment: ["HOME": "/home/u"])
            == .sqlite(path: "/home/u/.local/share/friends/friends.sqlite"))
    }

    @Test func databaseLocationsAreParsed() throws {
        #expect(try DatabaseLocation(parsing: "memory") == .memory)
        #expect(try DatabaseLocation(parsing: "sqlite:data/f.sqlite") == .sqlite(path: "data/f.sqlite"))
        #expect(throws: ConfigurationError.self) { try DatabaseLocation(parsing: "friends.sqlite") }
        #expect(try DatabaseLocation(parsing: "postgresql://db/friends") == .postgres(url: "postgresql://db/friends"))
        let postgres = try DatabaseLocation(parsing: "postgres://ada:s3cret@db:5433/friends?schema=app")
        #expect(postgres == .postgres(url: "postgres://ada:s3cret@db:5433/friends?schema=app"))
        #expect(postgres.description == "postgres://ada:***@db:5433/friends?schema=app")
        #expect(throws: ConfigurationError.self) { try DatabaseLocation(parsing: "mysql://x") }
        #expect(throws: ConfigurationError.self) { try DatabaseLocation(parsing: "sqlite:") }
        #expect(throws: ConfigurationError.self) { try DatabaseLocation(parsing: "postgres://db/x?schema=Robert');DROP") }
    }

    /// The name the server shows the connections by: the URL's, else `PGAPPNAME`, else the program's;
    /// a URL copied with `application_name` in it is not refused.
    @Test func postgresApplicationNameComesFromTheURLOrPGAPPNAME() throws {
        #expect(try PostgresLocation(url: "postgres://db/friends", environment: [:]).applicationName == "friendservice")
        let named = try PostgresLocation(url: "postgres://db/friends?application_name=friends-eu", environment: ["PGAPPNAME": "other"])
        #expect(named.applicationName == "friends-eu")
        #expect(try PostgresLocation(url: "postgres://db/friends", environment: ["PGAPPNAME": "other"]).applicationName == "other")
        #expect(named.startupParameters.map { "\($0)=\($1)" }.last == "application_name=friends-eu")
    }

    /// A hosting provider's URL (`?sslmode=require&channel_binding=require&connect_timeout=10`):
    /// `connect_timeout` as libpq reads it sets how long new connections wait; `channel_binding`
    /// that cannot be met is refused by name, not as an unknown parameter.
    @Test func postgresConnectTimeoutAndChannelBindingAreReadAsLibpqReadsThem() throws {
        let plain = try PostgresLocation(url: "postgres://db/friends", environment: [:])
        #expect(plain.connectTimeout == nil)
        #expect(plain.clientConfiguration.options.connectTimeout == .seconds(2))
        let waiting = try PostgresLocation(url: "postgres://db/friends?connect_timeout=10&channel_binding=prefer", environment: [:])
        #expect(waiting.connectTimeout == .seconds(10))
        #expect(waiting.clientConfiguration.options.connectTimeout == .seconds(10))
        #expect(try PostgresLocation(url: "postgres://db/friends?connect_timeout=1", environment: [:]).connectTimeout == .seconds(2))
        #expect(try PostgresLocation(url: "postgres://db/friends?connect_timeout=0", environment: [:]).connectTimeout == nil)
        #expect(try PostgresLocation(url: "postgres://db/friends", environment: ["PGCONNECT_TIMEOUT": "7"]).connectTimeout == .seconds(7))
        #expect(try PostgresLocation(url: "postgres://db/friends?channel_binding=disable", environment: [:]).connectTimeout == nil)
        let refusals: [(url: String, environment: [String: String], message: String)] = [
            ("postgres://db/friends?connect_timeout=10s", [:], #"connect_timeout is a whole number of seconds, such as 10, not "10s"."#),
            ("postgres://db/friends", ["PGCONNECT_TIMEOUT": "soon"], #"not "soon" (from PGCONNECT_TIMEOUT)."#),
            ("postgres://db/friends?sslmode=require&channel_binding=require", [:], "channel_binding=require cannot be met"),
            ("postgres://db/friends", ["PGCHANNELBINDING": "require"], "channel_binding=require (from PGCHANNELBINDING) cannot be met"),
            ("postgres://db/friends?channel_binding=always", [:], "Unknown channel_binding always: use disable, prefer or require."),
        ]
        for refusal in refusals {
            #expect("\(refusal.url) \(refusal.environment)") {
                try PostgresLocation(url: refusal.url, environment: refusal.environment)
            } throws: { error in
                (error as? ConfigurationError)?.message.contains(refusal.message) == true
            }
        }
    }

    @Test func postgresSessionTimeoutsHaveDefaultsAndComeFromTheURL() throws {
        let defaults = try PostgresLocation(url: "postgres://db/friends").timeouts
        #expect(defaults.statement == "10s" && defaults.lock == "2s" && defaults.idleInTransaction == "5s")
        let set = try PostgresLocation(
            url: "postgres://db/friends?statement_timeout=30s&lock_timeout=250ms&idle_in_transaction_session_timeout=1min").timeouts
        #expect(set.statement == "30s" && set.lock == "250ms" && set.idleInTransaction == "1min")
        #expect(set.startupParameters.map { "\($0)=\($1)" }
            == ["statement_timeout=30s", "lock_timeout=250ms", "idle_in_transaction_session_timeout=1min"])
        for bad in ["5 seconds", "-1", "1w", "", "25d", "597h"] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try PostgresLocation(url: "postgres://db/friends?lock_timeout=\(bad)") }
        }
    }

    /// PostgreSQL reads `10 s` as `10s`, and the server waits for an answer as long as the limit
    /// it set, in the limit's own unit, plus a grace.
    @Test func sessionTimeoutsAreReadAsPostgreSQLReadsThem() throws {
        let spaced = try PostgresLocation(url: "postgres://db/friends?statement_timeout=10%20s&lock_timeout=%201%20min").timeouts
        #expect(spaced.statement == "10s" && spaced.lock == "1min")
        for (given, limit) in [("250", Duration.milliseconds(250)), ("250ms", .milliseconds(250)), ("30s", .seconds(30)),
                               ("2min", .seconds(120)), ("1h", .seconds(3_600)), ("2d", .seconds(172_800)), ("24d", .seconds(2_073_600))] {
            #expect(try PostgresLocation(url: "postgres://db/friends?statement_timeout=\(given)").timeouts.statementLimit == limit, "\(given)")
        }
        #expect(try PostgresLocation(url: "postgres://db/friends?statement_timeout=0").timeouts.statementLimit == nil)
    }

    @Test func postgresURLsAreReadCompletely() throws {
        let location = try PostgresLocation(url: "postgresql://ada:p%40ss@127.0.0.1:6543/friends?sslmode=disable")
        #expect(location.host == "127.0.0.1")
        #expect(location.port == 6543)
        #expect(location.username == "ada")
        #expect(location.password == "p@ss")
        #expect(location.database == "friends")
        #expect(location.schema == "public")
    }

    @Test func aPercentSignInThePasswordIsDecodedOnce() throws {
        #expect(try PostgresLocation(url: "postgres://ada:p%25ss@db/friends").password == "p%ss")
        #expect(try PostgresLocation(url: "postgres://ada:100%2540@db/friends").password == "100%40")
        #expect(try PostgresLocation(url: "postgres://a%25b@db/x%25y").username == "a%b")
        #expect(try PostgresLocation(url: "postgres://a%25b@db/x%25y").database == "x%y")
    }

    /// A password with a /, ? or # as it is makes no URL: refused, saying how to write it, with
    /// no part of it in the message. An @ as it is reads as the password's (the last @ ends it).
    @Test(arguments: [
        "postgres://ada:pa/zzq@db/friends", "postgres://ada:pa?zzq@db/friends", "postgres://ada:pa#zzq@db/friends",
        "postgres://ada:123/zzq@db/friends", "postgres://ada:123#zzq@db/friends", "postgres://ada:123?zzq@db/friends",
    ])
    func aPasswordWithAnUnencodedSeparatorIsRefusedWithoutShowingIt(url: String) throws {
        #expect {
            try PostgresLocation(url: url)
        } throws: { error in
            let message = "\(error)"
            return message.contains("%2F, %3F, %23") && !message.contains("zzq")
        }
        #expect(try PostgresLocation(url: "postgres://ada:p@ss@db/friends").password == "p@ss")
    }

    @Test func anUnknownOrRepeatedParameterIsRefusedNotIgnored() throws {
        for url in ["postgres://db/friends?statment_timeout=1s", "postgres://db/friends?connect_timout=10",
                    "postgres://db/friends?lock_timeout=1s&lock_timeout=5s"] {
            #expect(throws: ConfigurationError.self, "\(url)") { try PostgresLocation(url: url) }
        }
        #expect(try PostgresLocation(url: "postgres://db/friends?statement_timeout=1h").timeouts.statement == "1h")
    }
}
