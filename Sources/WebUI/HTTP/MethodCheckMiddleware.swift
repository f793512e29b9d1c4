import HTTPTypes
import Hummingbird

/// The app's pages are read with GET (or HEAD) and changed with form posts: any other method
/// gets `405` with `Allow`, as HTTP asks, rather than a page that is not there.
struct MethodCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    static var allowed: [HTTPRequest.Method] { [.get, .head, .post] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.allowed.contains(request.method) else {
            var response = ErrorPage.response(.methodNotAllowed, "This app's pages are read and sent with GET, HEAD and POST only.")
            response.headers[.allow] = Self.allowed.map(\.rawValue).joined(separator: ", ")
            return response
        }
        return try await next(request, context)
    }
}
