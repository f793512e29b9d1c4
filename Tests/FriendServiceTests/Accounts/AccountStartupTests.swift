import Foundation
import FriendStorage
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import FriendService

/// When a server may start, and what it answers, depending on whether it has accounts.
struct AccountStartupTests {
    typealias App = AccountsTestApp

    @Test func onTheNetworkWithoutAccountsOrATokenTheServerRefusesToStart() async throws {
        var configuration = App.configuration(registry: MemoryAccountRegistry())
        configuration.hostname = "0.0.0.0"
        let error = await #expect(throws: ConfigurationError.self) { try await FriendServer.start(configuration) }
        #expect(error?.message.contains("friendservice user add") == true)
    }

    @Test func onTheNetworkWithAccountsTheServerStartsAndAsksEveryoneToSignIn() async throws {
        let registry = MemoryAccountRegistry()
        try await App.add("alice", to: registry)
        var configuration = App.configuration(registry: registry)
        configuration.hostname = "0.0.0.0"
        let server = try await FriendServer.start(configuration)
        #expect(server.hasAccounts)
        let port = try #require(server.url.port)
        let (_, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/friends")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 401)
        try await server.shutdown()
    }

    /// A household moving from one token to accounts keeps the token in its configuration and its
    /// contact apps, where it no longer signs anyone in: the server says so as it starts.
    @Test func aTokenBesideAccountsIsSaidToBeUnused() {
        var configuration = App.configuration(registry: MemoryAccountRegistry())
        #expect(configuration.unusedTokenWarning(hasAccounts: true) == nil)
        configuration.token = "household-secret"
        #expect(configuration.unusedTokenWarning(hasAccounts: false) == nil)
        #expect(configuration.unusedTokenWarning(hasAccounts: true)?.hasPrefix("--token (or FRIENDSERVICE_TOKEN) is not used") == true)
    }

    /// What `friends web` on its built-in server asks to know whether to sign people in.
    @Test func aServerSaysWhetherItStartedWithAccounts() async throws {
        let server = try await FriendServer.start(App.configuration(registry: MemoryAccountRegistry()))
        #expect(!server.hasAccounts)
        try await server.shutdown()
    }

    @Test func aProgramThatCannotCheckPasswordsRefusesADatabaseWithAccounts() async throws {
        let registry = MemoryAccountRegistry()
        try await App.add("alice", to: registry)
        var configuration = App.configuration(registry: registry)
        configuration.accountSecrets = nil
        let error = await #expect(throws: ConfigurationError.self) { try await FriendServer.start(configuration) }
        #expect(error?.message.contains("friendservice serve") == true)
        #expect(error?.message.contains("--traits Accounts") == true)
    }

    @Test func accountsAddedWhileSuchAProgramRunsAreNotServedWithoutChecks() async throws {
        let registry = MemoryAccountRegistry()
        let clock = TestInstantClock()
        var configuration = App.configuration(registry: registry, clock: clock)
        configuration.accountSecrets = nil
        try await TestServer.run(.router, configuration) { server in
            let before = try await server.http.send(.get, "/friends")
            #expect(before.status == .ok)
            try await App.add("alice", to: registry)
            clock.advance(by: AccountAuthenticator.registryLifetime)
            let afterwards = try await server.http.send(.get, "/friends", headers: App.basic("alice"))
            #expect(afterwards.status == .serviceUnavailable)
            #expect(try afterwards.envelope.message.contains("friendservice"))
        }
    }
}
