import Binding
import Foundation

/// What a browser app gives WebUI: one instance per browser session, holding that session's view
/// models. Like a terminal app's screens, its pages are pure functions of view-model state; WebUI
/// turns requests into the app's navigation and inputs, and pushes the regions that change.
@MainActor
public protocol WebApplication: AnyObject {
    /// The path of the screen shown now: where a form's POST leads (303) and where open tabs go.
    var currentPath: String { get }
    /// True while the app waits for work whose result the next page should show (a save, a
    /// load). Requests wait for it, a little, so that pages without script show the outcome.
    var isBusy: Bindable<Bool> { get }
    /// Called by WebUI with what to do when something on the screen changed: push its regions.
    var onChange: (@MainActor () -> Void)? { get set }

    /// A link was followed to `path`: show that screen (waiting, if it must, for what it needs
    /// to load). `false` when nothing lives there.
    func open(path: String) async -> Bool
    /// A form on the page at `path` was sent (or the script sent one input). `false` when the
    /// form names no input the page has.
    func receive(_ input: FormFields, at path: String) -> Bool
    /// A form on the page at `path` was sent from a session this server no longer had (it was
    /// restarted): put what it holds into the same screen, opened anew, without doing what it
    /// asked, and say so. `false` when the screen shown has no such form. The default restores nothing.
    func restore(_ input: FormFields, at path: String) -> Bool
    /// A form on the page at `path` was sent from a session this server no longer had, and
    /// `restore` put nothing of it back: its screen is open anew, as it is now. Say that what the
    /// form asked was not done, unless showing the screen anew is all it asked (a refresh). The
    /// default says nothing.
    func notDoneAfterRestart(_ input: FormFields, at path: String)
    /// The whole page of the screen shown now.
    func page(_ context: PageContext) -> String
    /// The screen's live regions, each replacing the element with its id.
    func fragments(_ context: PageContext) -> [Fragment]
    /// The file the app offers at `address` (its path and query: an export), made now; `nil`
    /// when `address` is not a file but a screen. The default offers none.
    func download(at address: String) async -> Download?
    /// The page this app's tab shows was drawn by `drawn` (the browser loaded it itself, and the
    /// session's shared app drew it), at the path this app shows now: take what the page shows
    /// that only `drawn` knows, such as an alert, so the tab's stream does not draw it away. The
    /// default takes nothing.
    func takeNotices(of drawn: any WebApplication)
}

extension WebApplication {
    public func download(at address: String) async -> Download? { nil }
    public func restore(_ input: FormFields, at path: String) -> Bool { false }
    public func notDoneAfterRestart(_ input: FormFields, at path: String) {}
    public func takeNotices(of drawn: any WebApplication) {}
}

/// A file a browser saves rather than shows (`Content-Disposition: attachment`), or why it
/// could not be made.
public enum Download: Sendable {
    /// The bytes, their media type and the name the browser saves them under.
    case file(Data, contentType: String, filename: String)
    /// The file could not be made now (its source is unreachable): said on an error page.
    case unavailable(String)
}

/// What every page needs beside view-model state.
public struct PageContext: Sendable {
    /// The session's CSRF token, for every form.
    public let csrfToken: String
    /// True when the page is driven by the script (fragments pushed over the event stream), so
    /// controls that depend on live state, such as a submit button disabled until the form is
    /// valid, can rely on it. Pages served whole work without script.
    public let isScripted: Bool
    /// Who signed in, for an app with sign-in; pages offer to sign out.
    public let signedInAs: String?

    public init(csrfToken: String, isScripted: Bool, signedInAs: String? = nil) {
        self.csrfToken = csrfToken
        self.isScripted = isScripted
        self.signedInAs = signedInAs
    }
}
