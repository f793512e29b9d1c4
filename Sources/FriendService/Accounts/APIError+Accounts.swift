import HTTPTypes

extension APIError {
    /// The challenges of a server with accounts. Contact apps get Basic first, which makes them
    /// ask for a name and password; REST clients only Bearer (see `unauthorizedContactApp`).
    private static func accountChallenges(contactApp: Bool) -> HTTPFields {
        var headers = HTTPFields()
        if contactApp { headers.append(HTTPField(name: .wwwAuthenticate, value: basicChallenge)) }
        headers.append(HTTPField(name: .wwwAuthenticate, value: "Bearer"))
        return headers
    }

    static func signInRequired(contactApp: Bool) -> APIError {
        APIError(
            .unauthorized, "Sign in: Basic with your name and password or an app password, or Bearer with a token.",
            headers: accountChallenges(contactApp: contactApp)
        )
    }

    static func signInRefused(contactApp: Bool) -> APIError {
        APIError(.unauthorized, "The name and password, or the token, are not right.", headers: accountChallenges(contactApp: contactApp))
    }

    /// A long request (an import) whose sign-in stopped holding while it ran.
    static var signInEnded: APIError {
        APIError(
            .unauthorized,
            "The sign-in no longer holds (the account was removed, its password changed or the token revoked): "
                + "nothing more of this file is kept.",
            headers: accountChallenges(contactApp: false)
        )
    }

    static func malformedCredentials(contactApp: Bool) -> APIError {
        APIError(
            .unauthorized, "The Authorization header is neither Basic (name:password in UTF-8, then padded base64) nor Bearer.",
            headers: accountChallenges(contactApp: contactApp)
        )
    }

    static func overlongCredentials(contactApp: Bool) -> APIError {
        APIError(
            .unauthorized, "The Authorization header is longer than \(Credentials.maximumHeaderLength) bytes: no name, password or token is that long.",
            headers: accountChallenges(contactApp: contactApp)
        )
    }

    static var severalAuthorizations: APIError {
        APIError(.badRequest, "Send one Authorization header: Basic or Bearer, not both.")
    }

    static func tooManySignIns(retryAfter wait: Duration) -> APIError {
        let seconds = max(1, Int((wait + .milliseconds(999)).components.seconds))
        var headers = HTTPFields()
        headers[.retryAfter] = String(seconds)
        return APIError(.tooManyRequests, "Too many failed sign-ins: try again in \(seconds) s.", headers: headers)
    }

    static var tooManyPasswordChecks: APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = "1"
        return APIError(.serviceUnavailable, "Too many sign-ins at once: try again in 1 s.", headers: headers)
    }

    static var accountsNeedFriendService: APIError {
        APIError(
            .serviceUnavailable,
            "This database has accounts, which this program cannot check: serve it with friendservice."
        )
    }
}
