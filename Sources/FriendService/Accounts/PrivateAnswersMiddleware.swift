import HTTPTypes
import Hummingbird

/// An account's answers are that person's alone, at URLs every account shares (`/friends/1`):
/// caches are told to keep them apart by `Authorization`, to keep them to one user's cache, and to
/// ask again before using them. With the account's own entity tags (`EntityTag`), what an app
/// cached for one person can then never be shown to the next who signs in.
struct PrivateAnswersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers.append(HTTPField(name: .vary, value: "Authorization"))
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "private, no-cache" }
        return response
    }
}
