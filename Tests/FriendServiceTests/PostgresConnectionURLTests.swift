import Foundation
import Testing

@testable import FriendStorage
@testable import PostgresFriendStorage

/// A database URL means what it means to libpq. Most servers show a self-signed certificate
/// (Debian's PostgreSQL turns TLS on with its "snakeoil" one): `sslmode=prefer`, the default, and
/// `require` encrypt without checking it; `verify-ca` asks who signed it, `verify-full` also whose
/// name it bears; `require` given `sslrootcert` asks who signed it too. `host=/folder` goes through
/// the server's Unix socket.
@Suite(.enabled(if: ThrowawayPostgres.binaries != nil, ThrowawayPostgres.skipMessage), .timeLimit(.minutes(3)))
struct PostgresConnectionURLTests {
    @Test func sslModesAgainstAServerWithASelfSignedCertificate() async throws {
        let cluster = try await ThrowawayPostgres.start(tls: true)
        let outcome = await Result.capturing {
            let byAddress = "postgres://postgres@127.0.0.1:\(cluster.port)/postgres"
            let byName = "postgres://postgres@localhost:\(cluster.port)/postgres"
            let trusted = "sslrootcert=\(cluster.certificateFile.path)"
            let another = cluster.directory.appendingPathComponent("another-authority.pem")
            try Data(TestCertificate.anotherAuthority.utf8).write(to: another)
            for url in [byAddress, byAddress + "?sslmode=allow", byAddress + "?sslmode=prefer", byAddress + "?sslmode=require",
                        byAddress + "?sslmode=require&\(trusted)",
                        byAddress + "?sslmode=verify-ca&\(trusted)", byName + "?sslmode=verify-full&\(trusted)"] {
                // A lease as long as the suite on two cores may need for a first TLS handshake.
                let store = try await PostgresFriendStore.connect(location: PostgresLocation(url: url), leaseTimeout: .seconds(30))
                await #expect(throws: Never.self, "\(url)") { try await store.schemaExists() }
                try await store.close()
            }
            // The server takes TLS connections only, so one without is refused; a certificate that
            // no trusted authority signed, or that names another host, is refused where it is checked.
            for (url, cause) in [
                (byAddress + "?sslmode=disable", "no encryption"),
                (byName + "?sslmode=verify-full", "the server's TLS certificate could not be verified"),
                (byName + "?sslmode=require&sslrootcert=\(another.path)", "the server's TLS certificate could not be verified"),
                (byAddress + "?sslmode=verify-full&\(trusted)", "does not name the host it was reached by"),
                (byAddress + "?sslmode=verify-full&sslrootcert=/nonexistent.pem", "the sslrootcert file does not exist"),
                (byName + "?sslmode=verify-full&sslrootcert=\(cluster.directory.path)/postgres.log", "the sslrootcert file holds no PEM certificate"),
            ] {
                let error = await #expect(throws: DatabaseError.self, "\(url)") {
                    try await PostgresFriendStore.connect(location: PostgresLocation(url: url))
                }
                #expect(error?.message.contains(cause) == true, "\(url): \(error?.message ?? "")")
            }
        }
        await cluster.remove()
        try outcome.get()
    }

    @Test func aUnixSocketInTheFolderThatHostNames() async throws {
        let cluster = try await ThrowawayPostgres.start(tls: true)
        let outcome = await Result.capturing {
            // The cluster takes TCP connections with TLS only; its socket needs none. The socket
            // is named by the port.
            let url = "postgres://postgres@/postgres?host=\(cluster.directory.path)&port=\(cluster.port)&sslmode=disable"
            let store = try await PostgresFriendStore.connect(location: PostgresLocation(url: url), leaseTimeout: .seconds(30))
            await #expect(throws: Never.self) { try await store.schemaExists() }
            try await store.close()
            let elsewhere = "postgres://postgres@/postgres?host=\(cluster.directory.path)/nothing-here"
            let error = await #expect(throws: DatabaseError.self) {
                try await PostgresFriendStore.connect(location: PostgresLocation(url: elsewhere))
            }
            #expect(error?.message.contains("no such file or directory: no server's socket is in that folder") == true, "\(error?.message ?? "")")
        }
        await cluster.remove()
        try outcome.get()
    }
}

/// How a database URL is read, without a database.
struct PostgresURLParsingTests {
    @Test func urlsNameWhatLibpqReadsInThem() throws {
        #expect(try PostgresLocation(url: "postgres://a@db/x").sslMode == "prefer")
        #expect(try PostgresLocation(url: "postgres://a@db/x?sslmode=verify-full&sslrootcert=/etc/ca.pem").sslRootCertificate == "/etc/ca.pem")
        #expect(try PostgresLocation(url: "postgres://a@[::1]:5433/x").host == "::1")
        #expect(try PostgresLocation(url: "postgres://a@/x?host=/var/run/postgresql").socketFolder == "/var/run/postgresql")
        #expect(try PostgresLocation(url: "postgres://a@%2Fvar%2Frun%2Fpostgresql/x").socketFolder == "/var/run/postgresql")
        #expect(try PostgresLocation(url: "postgres://a@/x?host=db.example.com").host == "db.example.com")
        #expect(try PostgresLocation(url: "postgres://a@/x?host=db.example.com").socketFolder == nil)
        #expect(try PostgresLocation(url: "postgres://a@db/x?port=6543").port == 6543)
        #expect(try PostgresLocation(url: "postgres://a@db/x").port == 5432)
    }

    @Test func withoutAUserItIsTheOperatingSystemsAndTheDatabaseIsTheUsers() throws {
        let user = String(cString: try #require(getpwuid(geteuid())?.pointee.pw_name))
        let location = try PostgresLocation(url: "postgres://db", environment: [:])
        #expect(location.username == user)
        #expect(location.database == user)
        #expect(try PostgresLocation(url: "postgres://ada@db", environment: [:]).database == "ada")
        #expect(try PostgresLocation(url: "postgres://@db/x", environment: [:]).username == user)
        #expect(try PostgresLocation(url: "postgres://:secret@db/x", environment: [:]).username == user)
        let socket = try PostgresLocation(url: "postgres:///friends?host=/var/run/postgresql", environment: [:])
        #expect(socket.username == user && socket.database == "friends" && socket.socketFolder == "/var/run/postgresql")
    }

    /// As with `psql`: what the URL leaves out comes from libpq's variables; what it says wins.
    @Test func whatTheURLLeavesOutComesFromLibpqsVariables() throws {
        let environment = ["PGHOST": "db", "PGPORT": "6543", "PGUSER": "ada", "PGDATABASE": "friends", "PGPASSWORD": "secret"]
        let fromEnvironment = try PostgresLocation(url: "postgres://", environment: environment)
        #expect(fromEnvironment.host == "db" && fromEnvironment.port == 6543)
        #expect(fromEnvironment.username == "ada" && fromEnvironment.database == "friends" && fromEnvironment.password == "secret")
        #expect(fromEnvironment.description == "postgres:// (ada@db:6543/friends)")
        let given = try PostgresLocation(url: "postgres://bob:pw@other:5433/books", environment: environment)
        #expect(given.host == "other" && given.port == 5433)
        #expect(given.username == "bob" && given.database == "books" && given.password == "pw")
        #expect(given.description == "postgres://bob:***@other:5433/books")
        let socket = try PostgresLocation(url: "postgres://", environment: ["PGHOST": "/var/run/postgresql", "PGUSER": "ada"])
        #expect(socket.socketFolder == "/var/run/postgresql" && socket.database == "ada")
        #expect(try PostgresLocation(url: "postgres://ada@db", environment: ["PGHOST": "elsewhere"]).host == "db")
    }

    /// `PGSSLMODE` and `PGSSLROOTCERT` as libpq reads them: the URL's parameters win, and an
    /// authority set for every program is read only by a mode that checks certificates.
    @Test func theTLSModeAndAuthorityComeFromLibpqsVariables() throws {
        let environment = ["PGSSLMODE": "verify-full", "PGSSLROOTCERT": "/etc/ssl/db.pem"]
        let fromEnvironment = try PostgresLocation(url: "postgres://ada@db/x", environment: environment)
        #expect(fromEnvironment.sslMode == "verify-full" && fromEnvironment.sslRootCertificate == "/etc/ssl/db.pem")
        let given = try PostgresLocation(url: "postgres://ada@db/x?sslmode=disable", environment: environment)
        #expect(given.sslMode == "disable" && given.sslRootCertificate == nil)
        #expect(try PostgresLocation(url: "postgres://ada@db/x", environment: [:]).sslMode == "prefer")
        #expect { try PostgresLocation(url: "postgres://ada@db/x", environment: ["PGSSLMODE": "strict"]) } throws: { error in
            (error as? ConfigurationError)?.message.hasPrefix("Unknown sslmode strict (from PGSSLMODE)") == true
        }
    }

    /// libpq's password file, for a password neither the URL nor `PGPASSWORD` gives: the first line
    /// that matches host, port, database and user, each or `*`.
    @Test func aPortFromPGPORTThatIsNoneIsRefusedNamingIt() {
        #expect { try PostgresLocation(url: "postgres://a@db/x", environment: ["PGPORT": "none"]) } throws: { error in
            (error as? ConfigurationError)?.message.contains("not none (from PGPORT).") == true
        }
    }

    @Test func aPasswordFromThePasswordFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".pgpass")
        try Data("""
            # host:port:database:user:password
            db:5432:friends:ada:first
            db:*:*:ada:second\\:with\\\\escapes
            localhost:5432:*:bob:through-the-socket
            *:*:*:*:anyone:cut-here

            """.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let home = ["HOME": folder.path]
        #expect(try PostgresLocation(url: "postgres://ada@db/friends", environment: home).password == "first")
        #expect(try PostgresLocation(url: "postgres://ada@db:5433/friends", environment: home).password == "second:with\\escapes")
        #expect(try PostgresLocation(url: "postgres://bob@/x?host=/var/run/postgresql", environment: home).password == "through-the-socket")
        #expect(try PostgresLocation(url: "postgres://carol@db/x", environment: home).password == "anyone")
        #expect(try PostgresLocation(url: "postgres://ada:given@db/friends", environment: home).password == "given")
        #expect(try PostgresLocation(url: "postgres://ada@db/friends", environment: home.merging(["PGPASSWORD": "variable"]) { $1 }).password == "variable")
        let named = ["PGPASSFILE": file.path, "HOME": "/nonexistent"]
        #expect(try PostgresLocation(url: "postgres://ada@db/friends", environment: named).password == "first")
        #expect(try PostgresLocation(url: "postgres://ada@db/friends", environment: ["HOME": "/nonexistent"]).password == nil)

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect { try PostgresLocation(url: "postgres://ada@db/friends", environment: home) } throws: { error in
            (error as? ConfigurationError)?.message.contains("can be read by others than its owner: make it private (chmod 600)") == true
        }
        #expect(try PostgresLocation(url: "postgres://ada:given@db/friends", environment: home).password == "given", "not read when not needed")
    }


    @Test(arguments: [
        ("postgres://a@db/x?sslmode=verify", "Unknown sslmode verify"),
        // A root certificate that nothing reads would be a false comfort, and verify-ca against
        // the system's authorities would take any certificate they signed, for any name.
        ("postgres://a@db/x?sslmode=prefer&sslrootcert=/etc/ca.pem", "sslrootcert is read by"),
        ("postgres://a@db/x?sslmode=verify-ca", "sslmode=verify-ca needs sslrootcert"),
        ("postgres://a@/x", "names no host"),
        ("mysql://a@db/x", "Not a PostgreSQL URL"),
        ("postgres://a@db/x?host=/run/postgresql", "names its host twice"),
        ("postgres://a@db:5433/x?port=5434", "names its port twice"),
        ("postgres://a@db/x?port=none", "not none."),
        ("postgres://a@db/x?port=", "not nothing."),
        ("postgres://a@db:99999/x", "not 99999."),
    ])
    func refused(url: String, message: String) {
        #expect { try PostgresLocation(url: url, environment: [:]) } throws: { error in
            (error as? ConfigurationError)?.message.contains(message) == true
        }
    }
}
