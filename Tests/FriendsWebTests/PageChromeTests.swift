import Testing
import WebUI
@testable import FriendsWeb

struct PageChromeTests {
    static func chrome(loading: String?, isScripted: Bool) -> PageChrome {
        PageChrome(
            screenTitle: "Your Friends", connection: nil, loading: loading, alert: nil, path: "/",
            context: PageContext(csrfToken: "token", isScripted: isScripted)
        )
    }

    /// A page without the script does not change once drawn: drawn while the server is slow to
    /// answer, it would say "Saving..." for good. It offers to be loaded again, where the app is.
    @Test func aPageWithoutTheScriptDrawnWhileWaitingOffersAReload() {
        #expect(Self.chrome(loading: "Loading...", isScripted: false).reloadPath == WebRoutes.herePath)
        #expect(Self.chrome(loading: "Loading...", isScripted: true).reloadPath == nil)
        #expect(Self.chrome(loading: nil, isScripted: false).reloadPath == nil)
    }

    /// The terminal app is restarted to sign in again; a page is reloaded.
    @Test func aSignedOutPageSaysToReloadIt() {
        let chrome = PageChrome(
            screenTitle: "Your Friends", connection: .signedOut, loading: nil, alert: nil, path: "/",
            context: PageContext(csrfToken: "token", isScripted: true)
        )
        #expect(chrome.connection?.text == "signed out, reload to sign in")
        #expect(chrome.connection?.isLive == false)
    }
}
