import ArgumentParser
import Foundation
import FriendsClient
import FriendStorage

/// Where the friends live, for both views: the built-in FriendService or the one at `--server`.
struct BackendOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Use the FriendService at this URL instead of the built-in one.", valueName: "url"))
    var server: String?

    @Option(help: ArgumentHelp(
        "The account to sign in to the FriendService at --server with; asks for its password (or set FRIENDS_PASSWORD).",
        valueName: "name"
    ))
    var user: String?

    @Option(help: ArgumentHelp(
        "The token the FriendService at --server asks for, its own or an account's (or set FRIENDS_TOKEN).", valueName: "token"
    ))
    var token: String?

    func validate() throws {
        if let server, ServerAddress(server) == nil {
            throw ValidationError("--server needs an http:// or https:// URL with a host, such as http://127.0.0.1:8080, not \(server).")
        }
        if let server, let url = URL(string: server) {
            // Every request would silently leave them out.
            if url.user != nil || url.password != nil {
                throw ValidationError("--server takes no user name or password: pass --user NAME or --token TOKEN beside it.")
            }
            if url.query != nil || url.fragment != nil {
                throw ValidationError("--server is the base URL of FriendService, without ?… or #…, not \(server).")
            }
        }
        if token != nil || user != nil, server == nil {
            throw ValidationError("--\(user != nil ? "user" : "token") is for a FriendService given with --server; the built-in one needs none.")
        }
        if user != nil, token != nil {
            throw ValidationError("Pass --user or --token, not both: a token of an account already says whose it is.")
        }
        if let user {
            do {
                _ = try AccountName(validating: user)
            } catch {
                throw ValidationError("--user \(user.debugDescription): \(error)")
            }
        }
    }

    /// Where the friends live; asks for the password of `--user` unless FRIENDS_PASSWORD holds it.
    func backend(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        askPassword: (String) throws(LaunchError) -> String? = PasswordPrompt.ask
    ) throws(LaunchError) -> Backend {
        guard let server, let address = ServerAddress(server) else {
            return .embedded(DataDirectory.standard(environment: environment))
        }
        if let user, let name = try? AccountName(validating: user) {
            var password = environment["FRIENDS_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
            if password == nil {
                do {
                    password = try askPassword("Password of \(name) at \(address): ")
                } catch where environment["FRIENDS_PASSWORD"] != nil && isatty(STDIN_FILENO) == 0 {
                    // Set, but empty (an export without a value): "set FRIENDS_PASSWORD" would read as nonsense.
                    throw LaunchError("FRIENDS_PASSWORD is empty, and the password cannot be asked for here: set it to the password of \(name).")
                }
            }
            guard let password, !password.isEmpty else { throw LaunchError("No password given.") }
            return .remote(address, credentials: .password(user: name.rawValue, password: password))
        }
        let token = token ?? environment["FRIENDS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        return .remote(address, credentials: token.map(Credentials.token))
    }

    static let passwordAttempts = 3

    /// `backend`, with a password typed at the terminal tried before anything else: a mistyped one
    /// is asked for again, as ssh and sudo do, three times in all. FRIENDS_PASSWORD is not asked again.
    func signedInBackend(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        askPassword: (String) throws(LaunchError) -> String? = PasswordPrompt.ask,
        tell: (String) -> Void = PasswordPrompt.tell,
        check: (ServerAddress, Credentials?) async throws(LaunchError) -> Void = { address, credentials throws(LaunchError) in
            try await RemoteServerCheck.check(address, credentials: credentials)
        }
    ) async throws(LaunchError) -> Backend {
        let asksPassword = user != nil && (environment["FRIENDS_PASSWORD"] ?? "").isEmpty
        var attempt = 1
        while true {
            let backend = try backend(environment: environment, askPassword: askPassword)
            guard asksPassword, case .remote(let address, let credentials) = backend else { return backend }
            do throws(LaunchError) {
                try await check(address, credentials)
                return backend
            } catch where error.isUnauthorized && attempt < Self.passwordAttempts {
                tell("That password was not accepted. Try again.")
                attempt += 1
            }
        }
    }
}
