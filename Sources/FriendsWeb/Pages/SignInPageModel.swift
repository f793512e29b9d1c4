import WebUI

/// The sign-in page of a server with accounts: the name typed so far and why the last attempt
/// failed. Its form is WebUI's (`SignInRoutes`), not a screen of the app: nobody is signed in yet.
struct SignInPageModel {
    let name: String
    let message: String?
    let next: String
    let csrfToken: String
    /// A name was typed: the password is what is missing.
    var focusesPassword: Bool { !name.isEmpty }

    init(_ form: WebSignIn.Form) {
        name = form.name
        message = form.message
        next = form.next
        csrfToken = form.csrfToken
    }
}
