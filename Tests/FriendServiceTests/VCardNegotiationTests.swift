import HTTPTypes
import Testing
@testable import FriendService

/// Which `Accept` headers get a vCard instead of JSON on the friend routes.
@Suite struct VCardNegotiationTests {
    private func wantsVCard(_ accept: String?) -> Bool {
        var headers = HTTPFields()
        if let accept { headers[.accept] = accept }
        return VCardNegotiation.wantsVCard(headers)
    }

    @Test(arguments: [
        "text/vcard", "text/x-vcard", "TEXT/VCARD", "text/directory;profile=vcard",
        "text/vcard, application/json", "application/json;q=0.9, text/vcard",
        "text/vcard, */*", "text/vcard;q=0.8, */*;q=0.5", "text/*", "text/*, */*;q=0.1",
    ])
    func vCardIsPreferred(_ accept: String) {
        #expect(wantsVCard(accept))
    }

    @Test(arguments: [
        nil, "", "application/json", "*/*", "text/vcard;q=0.5, */*", "text/vcard;q=0.5, application/*",
        "text/vcard;q=0", "text/vcard;q=0, */*", "text/*, application/json", "text/html, */*;q=0.8",
        "text/plain", "application/json, text/vcard;q=0.5", "text/vcard; q = 0.2, application/json; q = 0.3",
    ])
    func jsonIsPreferred(_ accept: String?) {
        #expect(!wantsVCard(accept))
    }
}
