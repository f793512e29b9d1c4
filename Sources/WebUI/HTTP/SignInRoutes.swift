import Foundation
import HTTPServerKit
import HTTPTypes
import Hummingbird

/// The sign-in page, signing in and signing out, for an app with `Settings.signIn`.
///
/// A session starts only at sign-in, with a new id (a cookie value a page had before signing in
/// is never promoted); signing out ends it. Until then, every page answers `303` to
/// `/sign-in?next=<the page>`, and forms and event streams find no session. The sign-in form is
/// protected from other sites by its origin and a token in a cookie of its own, which it must
/// repeat (a site that cannot read the cookie cannot forge the form).
extension WebRoutes {
    public static let signInPath = "/sign-in"
    public static let signOutPath = "/sign-out"
    static let signInCookie = "webui_sign_in"

    func addSignInRoutes(to router: Router<ConnectionRequestContext>, _ signIn: WebSignIn) {
        router.get(RouterPath(Self.signInPath)) { request, _ in
            let unsaved = request.uri.queryParameters.get(Self.unsavedParameter) != nil
            return signInPage(request, signIn: signIn, name: "", message: unsaved ? Self.unsavedMessage : nil, status: .ok)
        }
        router.post(RouterPath(Self.signInPath)) { request, context in
            try await postSignIn(request, context: context, signIn: signIn)
        }
        router.post(RouterPath(Self.signOutPath)) { request, _ in
            try await postSignOut(request)
        }
    }

    /// Where a page asked for without a session goes.
    /// - Parameter unsaved: a form was sent from a page whose session had ended (signed out in
    ///   another tab, say): the sign-in page says that what it held was not saved.
    func signInRedirect(from path: String, unsaved: Bool = false) -> Response {
        var components = URLComponents()
        components.path = Self.signInPath
        var items: [URLQueryItem] = []
        if path != "/" { items.append(URLQueryItem(name: "next", value: path)) }
        if unsaved { items.append(URLQueryItem(name: Self.unsavedParameter, value: "1")) }
        if !items.isEmpty { components.queryItems = items }
        return Self.redirect(to: components.string ?? Self.signInPath)
    }

    static let unsavedParameter = "unsaved"
    static let unsavedMessage = "You were signed out before that page was sent, so what it held was not saved. Sign in to go back to it."

    /// - Parameter fields: the sign-in form sent, whose `next` the page keeps when the address has none.
    private func signInPage(
        _ request: Request, signIn: WebSignIn, name: String, message: String?, status: HTTPResponse.Status, fields: FormFields? = nil
    ) -> Response {
        let token = request.cookies[Self.signInCookie]?.value ?? SecretToken.make()
        let next = Self.localPath(request.uri.queryParameters.get("next") ?? fields?["next"])
        let form = WebSignIn.Form(name: name, message: message, next: next, csrfToken: token)
        var response = Self.html(signIn.page(form), status: status)
        response.setCookie(Cookie(name: Self.signInCookie, value: token, path: Self.signInPath, secure: settings.behindProxy, httpOnly: true, sameSite: .strict))
        return response
    }

    private func postSignIn(_ request: Request, context: ConnectionRequestContext, signIn: WebSignIn) async throws -> Response {
        let fields: FormFields
        switch try await ownForm(request) {
        case .success(let read): fields = read
        case .failure(let refusal): return refusal.response
        }
        guard let cookie = request.cookies[Self.signInCookie]?.value, let token = fields["_csrf"], SecretToken.matches(token, cookie) else {
            return ErrorPage.response(.forbidden, "This form has expired. Reload the page and try again.")
        }
        let name = String((fields["name"] ?? "").trimmingCharacters(in: .whitespaces).prefix(256))
        let password = fields["password"] ?? ""
        let address = clientAddress(request, context: context)
        let countedName = name.lowercased()
        if let wait = signIn.throttle.begin(address: address, name: countedName) {
            let seconds = max(1, Int((wait + .milliseconds(999)).components.seconds))
            var response = signInPage(
                request, signIn: signIn, name: name, message: "Too many failed attempts. Try again in \(seconds) s.", status: .tooManyRequests,
                fields: fields
            )
            response.headers[.retryAfter] = String(seconds)
            return response
        }
        guard !name.isEmpty, !password.isEmpty else {
            signIn.throttle.withdrawn(address: address, name: countedName)
            return signInPage(request, signIn: signIn, name: name, message: "Enter your name and your password.", status: .ok, fields: fields)
        }
        switch await signIn.check(name, password) {
        case .refused(let message):
            // 200: the page says what is wrong; 401 would need a challenge no browser form answers.
            return signInPage(request, signIn: signIn, name: name, message: message, status: .ok, fields: fields)
        case .unavailable(let message):
            signIn.throttle.withdrawn(address: address, name: countedName)
            return signInPage(request, signIn: signIn, name: name, message: message, status: .serviceUnavailable, fields: fields)
        case .throttled(let message, let retryAfter):
            signIn.throttle.withdrawn(address: address, name: countedName)
            if let retryAfter { signIn.throttle.holdBack(name: countedName, for: .seconds(retryAfter)) }
            var response = signInPage(request, signIn: signIn, name: name, message: message, status: .tooManyRequests, fields: fields)
            if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
            return response
        case .signedIn(let makeApp, let onEnd, let holds):
            signIn.throttle.succeeded(address: address, name: countedName, as: countedName)
            let session = await MainActor.run {
                if let old = sessions.session(id: Self.sessionID(request)) { sessions.end(id: old.id) }
                // Names are read in small letters: `Alice` is signed in as alice, and shown so.
                return sessions.start(signedInAs: countedName, makeApp: makeApp, onEnd: onEnd, holds: holds)
            }
            var response = Self.redirect(to: Self.localPath(request.uri.queryParameters.get("next") ?? fields["next"]))
            response.setCookie(self.cookie(for: session))
            return response
        }
    }

    private func postSignOut(_ request: Request) async throws -> Response {
        let fields: FormFields
        switch try await ownForm(request) {
        case .success(let read): fields = read
        case .failure(let refusal): return refusal.response
        }
        let cookieValue = Self.sessionID(request)
        await MainActor.run {
            guard let session = sessions.session(id: cookieValue), let token = fields["_csrf"],
                  SecretToken.matches(token, session.csrfToken) else { return }
            sessions.end(id: session.id)
        }
        var response = Self.redirect(to: Self.signInPath)
        response.setCookie(Cookie(name: Self.sessionCookie, value: "", maxAge: 0, path: "/", secure: settings.behindProxy, httpOnly: true, sameSite: .strict))
        // Chromium keeps even `no-store` pages for its Back button; without a script to reload
        // them, Back would show the signed-in list on a shared computer. This empties that cache.
        response.headers[Self.clearSiteData] = "\"cache\""
        return response
    }

    static let clearSiteData = HTTPField.Name("Clear-Site-Data")!

    /// A path of this app, or `/`: never another site, so the `next` of a link cannot send a
    /// person elsewhere after they sign in.
    static func localPath(_ text: String?) -> String {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.hasPrefix("/\\"),
              !text.contains(where: { $0.isWhitespace || $0 == "\\" }), text.utf8.count <= 2_048 else { return "/" }
        return text
    }

    /// The browser's address: the peer's, or behind the proxy on this machine, the one it forwards.
    func clientAddress(_ request: Request, context: ConnectionRequestContext) -> String {
        let peer = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard settings.behindProxy, ReverseProxy.isLoopback(peer) else { return peer }
        return ReverseProxy.forwardedAddress(in: request.headers) ?? peer
    }
}
