import HTTPTypes
import Hummingbird

/// What a browser says about where a request comes from (`Sec-Fetch-Site`) and what it is for
/// (`Sec-Fetch-Dest`).
///
/// Browsers count every port of 127.0.0.1 as one site, so a page of any other local app can make
/// the browser load one of ours with the session's `SameSite=Strict` cookie — as an image, say.
/// Opening a page moves the session to that screen, which would throw away a form in progress;
/// only a navigation of the person's own (typed, bookmarked, or from one of our pages) or the
/// script's own load may do that. Requests without these headers (older browsers, curl) pass.
enum FetchMetadata {
    /// A file (an export) may be saved from the app's own pages or the address bar, whatever the
    /// browser calls the request's destination (a link with `download` is not a "document").
    static func mayDownload(_ request: Request) -> Bool {
        guard let site = request.headers[.secFetchSite]?.lowercased() else { return true }
        return site == "same-origin" || site == "none"
    }

    static func mayOpenAPage(_ request: Request) -> Bool {
        if let site = request.headers[.secFetchSite]?.lowercased(), site != "same-origin", site != "none" {
            return false
        }
        guard let destination = request.headers[.secFetchDest]?.lowercased() else { return true }
        let isScriptLoad = destination == "empty" && request.headers[.webUIScripted] != nil
        return destination == "document" || isScriptLoad
    }
}

extension HTTPField.Name {
    static let secFetchSite = Self("Sec-Fetch-Site")!
    static let secFetchDest = Self("Sec-Fetch-Dest")!
}
