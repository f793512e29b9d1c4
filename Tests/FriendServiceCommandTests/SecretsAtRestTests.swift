import Foundation
import Testing
@testable import friendservice

/// Neither a password nor a token is kept in the database, in any form a search of its bytes finds.
@Suite(.timeLimit(.minutes(3))) struct SecretsAtRestTests {
    @Test func theDatabaseFilesHoldNeitherThePasswordNorTheToken() async throws {
        try await CommandDatabase.with(.sqlite) { database in
            let password = "Tr0ub4dor&3-unique-password"
            let path = try #require(database.sqlitePath)
            // A store held open meanwhile keeps the write-ahead log from being folded in and deleted.
            let token = try await database.withRegistry { _, _ in
                try await database.add("alice", password: password)
                try await database.run(["password", "alice", "--password-stdin"], console: TestConsole(input: [password + "-changed"]))
                let token = try #require(try await database.run(["token", "alice", "--label", "phone"]).output.first)
                let files = try Self.files(beside: path)
                #expect(files.keys.contains("friends.sqlite-wal"))
                try Self.expectNoSecrets([password, password + "-changed", token], in: files)
                return token
            }
            let files = try Self.files(beside: path)
            try Self.expectNoSecrets([password, password + "-changed", token], in: files)
            // The digest is there: the search does read the rows.
            #expect(files.values.contains { $0.range(of: Data(CommandDatabase.secrets.tokenDigest(token).utf8)) != nil })
        }
    }

    private static func files(beside path: String) throws -> [String: Data] {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return files
    }

    private static func expectNoSecrets(_ secrets: [String], in files: [String: Data]) throws {
        for (name, bytes) in files {
            for secret in secrets {
                let body = secret.hasPrefix("fsat_") ? String(secret.dropFirst(5)) : secret
                #expect(bytes.range(of: Data(body.utf8)) == nil, "a secret is in \(name)")
            }
        }
    }
}
