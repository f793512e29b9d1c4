import FriendStorage
import FriendsAPI
import Hummingbird
import Logging

/// Turns every error into a response with the JSON envelope: no bare 404s, no empty 500s.
///
/// Only the storage's own word makes a 503 (`FriendStoreError.unavailable`: down; `busy`: no
/// connection free in time, a lock or statement timeout) or a 507 (`diskFull`); `watch` logs those once per episode. Any other error
/// is a bug: a 500, logged at error with its cause.
struct ErrorEnvelopeMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger
    let watch: StorageWatch

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return try envelope(for: error, request: request).response(from: request, context: context)
        }
    }

    private func envelope(for error: any Error, request: Request) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as CardBeyondLimits:
            return .cardBeyondLimits(error)
        case let error as ImportCutShort:
            var refusal = envelope(for: error.cause, request: request)
            if let keptBefore = error.keptBefore { refusal.envelope.error.message += " " + keptBefore }
            return refusal
        case let error as FriendStoreError:
            watch.refused(error)
            switch error {
            case .notFound(let id): return .friendNotFound(id: id)
            case .preconditionFailed(let id, _): return .stale(id: id)
            case .unavailable: return .storageUnavailable
            case .busy: return .storageBusy
            case .diskFull(let file): return .diskFull(file: file)
            }
        case let error as any HTTPResponseError where error.status == .notFound:
            let allowed = RouteTable.methods(servingPath: request.uri.path)
            return allowed.isEmpty ? .routeNotFound : .methodNotAllowed(allowed: allowed)
        case let error as any HTTPResponseError where error.status == .contentTooLarge:
            return APIError(.contentTooLarge, "The request body is too large.")
        case let error as any HTTPResponseError where (400..<500).contains(error.status.code):
            return APIError(error.status, error.status.reasonPhrase)
        default:
            logger.unexpectedFailure(method: request.method.rawValue, path: request.uri.path, error: error)
            return .internalFailure
        }
    }
}
