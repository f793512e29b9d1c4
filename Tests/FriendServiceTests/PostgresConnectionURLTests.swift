import Foundation
import Testing

@testable import FriendStorage
@testable import PostgresFriendStorage

/// A database URL means what it means to libpq. Most servers show a self-signed certificate
/// (Debian's PostgreSQL turns TLS on with its "snakeoil" one): `sslmode=prefer`, the default, and
/// `require` encrypt without checking it, and only `verify-ca` and `verify-full` ask who signed it.
/// `host=/folder` goes through the server's Unix socket.
@Suite(.enabled(if: ThrowawayPostgres.binaries != nil, ThrowawayPostgres.skipMessage), .timeLimit(.minutes(3)))
struct PostgresConnectionURLTests {
    @Test func sslModesAgainstAServerWithASelfSignedCertificate() async throws {
        let cluster = try await ThrowawayPostgres.start(tls: true)
        let outcome = await Result.capturing {
            let base = "postgres://postgres@127.0.0.1:\(cluster.port)/postgres"
            let trusted = "sslrootcert=\(cluster.certificateFile.path)"
            for query in ["", "?sslmode=allow", "?sslmode=prefer", "?sslmode=require",
                          "?sslmode=verify-ca&\(trusted)", "?sslmode=verify-full&\(trusted)"] {
                // A lease as long as the suite on two cores may need for a first TLS handshake.
                let store = try await PostgresFriendStore.connect(location: PostgresLocation(url: base + query), leaseTimeout: .seconds(30))
                await #expect(throws: Never.self, "\(query)") { try await store.schemaExists() }
                try await store.close()
            }
            // The server takes TLS connections only, so one without is refused; and a certificate
            // no trusted authority signed is refused where it is checked.
            let unsigned = "no authority trusted here signed the server's TLS certificate"
            for (query, cause) in [("?sslmode=disable", "no encryption"), ("?sslmode=verify-ca", unsigned),
                                   ("?sslmode=verify-full", unsigned),
                                   ("?sslmode=verify-full&sslrootcert=/nonexistent.pem", "the sslrootcert file cannot be read")] {
                let error = await #expect(throws: DatabaseError.self, "\(query)") {
                    try await PostgresFriendStore.connect(location: PostgresLocation(url: base + query))
                }
                #expect(error?.message.contains(cause) == true, "\(query): \(error?.message ?? "")")
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
            #expect(error?.message.contains("no such file or directory") == true, "\(error?.message ?? "")")
        }
        await cluster.remove()
        try outcome.get()
    }

    @Test func urlsNameTheModesLibpqKnows() throws {
        #expect(try PostgresLocation(url: "postgres://a@db/x").sslMode == "prefer")
        #expect(try PostgresLocation(url: "postgres://a@db/x?sslmode=verify-full&sslrootcert=/etc/ca.pem").sslRootCertificate == "/etc/ca.pem")
        #expect(try PostgresLocation(url: "postgres://a@[::1]:5433/x").host == "::1")
        #expect(try PostgresLocation(url: "postgres://a@/x?host=/var/run/postgresql").socketFolder == "/var/run/postgresql")
        #expect(throws: ConfigurationError.self) { try PostgresLocation(url: "postgres://a@/x?host=db.example.com") }
        #expect(throws: ConfigurationError.self) { try PostgresLocation(url: "postgres://a@/x") }
        #expect(try PostgresLocation(url: "postgres://a@db/x?port=6543").port == 6543)
        #expect(throws: ConfigurationError.self) { try PostgresLocation(url: "postgres://a@db/x?port=none") }
        #expect(throws: ConfigurationError.self) { try PostgresLocation(url: "postgres://a@db/x?sslmode=verify") }
        // A root certificate that nothing reads would be a false comfort.
        #expect(throws: ConfigurationError.self) { try PostgresLocation(url: "postgres://a@db/x?sslmode=require&sslrootcert=/etc/ca.pem") }
    }
}
