import FriendsClient
import FriendsViewModels
import WebUI

/// What every page shows around its screen: the live feed's state, the loading indicator, the
/// alert waiting to be acknowledged, and the session's CSRF token for its forms.
struct PageChrome {
    struct Connection {
        let text: String
        let isLive: Bool
    }

    struct AlertModel {
        let title: String
        let message: String
        let buttonTitle: String
    }

    let csrfToken: String
    /// Who signed in, when the app has sign-in.
    let signedInAs: String?
    /// The document's title, the screen's name then the app's.
    let documentTitle: String
    let connection: Connection?
    /// "Loading..." or "Saving..." while the screen waits; `nil` otherwise.
    let loading: String?
    /// A page without the script, drawn while the screen still waits (the server answered slowly),
    /// does not change by itself: it offers to be loaded again, where the app is by then.
    let reloadPath: String?
    let alert: AlertModel?
    /// Where the alert's button posts (the screen shown).
    let path: String
    /// The list's address, with the search it shows: where "← Friends" leads.
    let listPath: String

    init(
        screenTitle: String, connection: LiveConnectionState?, loading: String?, alert: Alert?, path: String,
        listPath: String = "/", context: PageContext
    ) {
        csrfToken = context.csrfToken
        signedInAs = context.signedInAs
        documentTitle = "\(screenTitle) – Friends"
        // A page without the script does not change once drawn: it does not claim to be live.
        self.connection = context.isScripted ? connection.map { Connection(text: Self.text(of: $0), isLive: $0 == .live) } : nil
        self.loading = loading
        reloadPath = loading != nil && !context.isScripted ? WebRoutes.herePath : nil
        self.alert = alert.map { AlertModel(title: $0.title, message: $0.message, buttonTitle: $0.buttonTitle) }
        self.path = path
        self.listPath = listPath
    }
}

extension PageChrome {
    /// What the page says of the live feed. Signed out, a page is reloaded, not the app
    /// restarted: the next page asks the person to sign in again.
    static func text(of connection: LiveConnectionState) -> String {
        connection == .signedOut ? "signed out, reload to sign in" : connection.statusText
    }
}

/// A question with two answers (delete a friend, discard changes), as a dialog whose buttons
/// post `confirmAction` or `cancelAction` to `path`; Cancel to `cancelPath` when there is one.
struct ConfirmationModel {
    let title: String
    let message: String
    let confirmTitle: String
    let cancelTitle: String
    let confirmAction: String
    let cancelAction: String
    let path: String
    let cancelPath: String?

    init(_ prompt: ConfirmationPrompt, confirmAction: String, cancelAction: String, path: String, cancelPath: String? = nil) {
        title = prompt.title
        message = prompt.message
        confirmTitle = prompt.confirmTitle
        cancelTitle = prompt.cancelTitle
        self.confirmAction = confirmAction
        self.cancelAction = cancelAction
        self.path = path
        self.cancelPath = cancelPath
    }
}
