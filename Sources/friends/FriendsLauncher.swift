import Foundation
import FriendsClient
import FriendsTerminal
import Logging
import TerminalUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Connects to (or starts) FriendService, runs the screens until the user leaves, then stops
/// what it started; on every way out the terminal is given back as it was.
@MainActor
struct FriendsLauncher {
    let backend: Backend
    let addsDemoFriends: Bool

    func run() async throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw LaunchError("friends is an interactive app: run it in a terminal (standard input and output must be one).")
        }
        // The embedded server must not write logs over the screen.
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }

        let (client, embedded) = try await backend.connect()
        let outcome: Result<ExitReason, any Error>
        do {
            if addsDemoFriends { try await DemoFriends.addIfEmpty(using: client) }
            outcome = .success(try await Self.runScreens(client: client, signedInAs: backend.accountName))
        } catch {
            outcome = .failure(error)
        }
        await embedded?.shutdown()

        // Ctrl-C and terminating signals end the process as they would have without the app,
        // now that the terminal is restored and the database closed.
        if case .success(.signal(let signal)) = outcome {
            Self.endProcess(by: signal)
        }
        _ = try outcome.get()
    }

    /// Ends the process by `signal`, as if the app had not caught it. The signal may be blocked
    /// in this thread (dispatch's signal sources block what they watch), so it is unblocked
    /// first; should the process still be alive, it exits with the shell's status for that signal.
    private static func endProcess(by number: Int32) -> Never {
        _ = signal(number, SIG_DFL)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, number)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        raise(number)
        exit(128 + number)
    }

    private static func runScreens(client: AppServerClient, signedInAs: String?) async throws -> ExitReason {
        // The host re-raises signals itself unless told not to; the launcher does it after cleaning up.
        let app = TerminalApp(host: LiveTerminalHost(reraisesSignals: false))
        let friends = FriendsApp(client: client, changes: client, signedInAs: signedInAs, redraw: { [weak app] in app?.setNeedsRedraw() })
        return try await app.run(friends, tick: FriendsApp.tickInterval)
    }
}
