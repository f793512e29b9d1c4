import HTTPServerKit
import HTTPTypes
import Hummingbird

/// Headers every answer carries: a Content-Security-Policy that lets a page run only the app's
/// own script and style (no inline script, no other origin), and no framing, sniffing or
/// leaking of paths to other sites. Pages depend on the session, so they are not cached.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        for (name, value) in securityHeaders { response.headers[name] = value }
        if response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }
}

/// Built once: the middleware is generic, and generic types cannot keep a static constant.
private let securityHeaders: [(name: HTTPField.Name, value: String)] = [
    (.contentSecurityPolicy, [
        "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
        "connect-src 'self'", "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'",
    ].joined(separator: "; ")),
    (.xContentTypeOptions, "nosniff"),
    (.xFrameOptions, "DENY"),
    (.referrerPolicy, "same-origin"),
]

extension RefusalBody {
    /// What the connection guard answers for a request it refuses (framing broken between requests,
    /// headers too slow): plain text, with the security headers of every other answer.
    static let webPage = RefusalBody(
        contentType: RefusalBody.plainText.contentType,
        headers: securityHeaders.map { ($0.name.rawName, $0.value) } + [("Cache-Control", "no-store")],
        render: RefusalBody.plainText.render
    )
}

extension HTTPField.Name {
    static let xFrameOptions = Self("X-Frame-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
    /// Sent by the script with every request it makes: the page is live (pushed regions).
    static let webUIScripted = Self("X-WebUI")!
    /// The session's CSRF token, when the script sends an input without a form body field.
    static let csrfToken = Self("X-CSRF-Token")!
    /// The script's name for its tab (see `WebSession`).
    static let webUITab = Self("X-WebUI-Tab")!
    /// The script's number for a load, `<page>-<number>` (see `WebTab.takesLoad`).
    static let webUILoad = Self("X-WebUI-Load")!
    /// The address of the page a script's request is answered with (see `WebRoutes`).
    static let webUIPath = Self("X-WebUI-Path")!
}
