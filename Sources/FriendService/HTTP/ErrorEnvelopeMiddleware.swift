import FriendStorage
import FriendsAPI
import Hummingbird
import Logging

/// Turns every error into a response with the JSON envelope: no bare 404s, no empty 500s.
struct ErrorEnvelopeMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

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
        case FriendStoreError.notFound(let id):
            return .friendNotFound(id: id)
        case FriendStoreError.preconditionFailed(let id, _):
            return .stale(id: id)
        case let error as any HTTPResponseError where error.status == .notFound:
            let allowed = RouteTable.methods(servingPath: request.uri.path)
            return allowed.isEmpty ? .routeNotFound : .methodNotAllowed(allowed: allowed)
        case let error as any HTTPResponseError where error.status == .contentTooLarge:
            return APIError(.contentTooLarge, "The request body is too large.")
        case let error as any HTTPResponseError where (400..<500).contains(error.status.code):
            return APIError(error.status, error.status.reasonPhrase)
        default:
            logger.error("Storage or server failure", metadata: ["error": "\(String(reflecting: error))"])
            return .storageUnavailable
        }
    }
}
