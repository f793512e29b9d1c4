import Foundation
import FriendsAPI
import FriendsClient
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import WebUI
@testable import FriendsWeb

/// Friends as vCards in the browser, through WebUI's router over a real FriendService: the full
/// contact on the detail page, Export as a file, Import as a form with a file input (no script
/// needed) and its report, and the forms with files that must be refused.
@Suite struct FriendsWebCardsTests {
    static let boundary = "----friendsTestBoundary7MA4YWxkTrZu0gW"

    static let goodAndBadCards = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        N:Lovelace;Ada;;;\r
        FN:Ada Lovelace\r
        TEL;TYPE=CELL:+44 20 7946 0001\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Acme Plumbing\r
        ORG:Acme Plumbing\r
        BDAY:sometime in spring\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        N:Card;Broken;;;\r
        FN:Broken Card\r

        """

    static let multipartType = "multipart/form-data; boundary=\(boundary)"

    /// The import form as a browser sends it: the token, the file, the button.
    static func multipart(token: String, filename: String, file: String, boundary: String = FriendsWebCardsTests.boundary) -> String {
        """
        --\(boundary)\r
        Content-Disposition: form-data; name="_csrf"\r
        \r
        \(token)\r
        --\(boundary)\r
        Content-Disposition: form-data; name="file"; filename="\(filename)"\r
        Content-Type: text/vcard\r
        \r
        \(file)\r
        --\(boundary)\r
        Content-Disposition: form-data; name="action"\r
        \r
        import\r
        --\(boundary)--\r

        """
    }

    @Test func theListOffersExportAndImport() async throws {
        try await WebHarness.with { harness in
            try await harness.withBrowser { browser, _ in
                let list = String(buffer: try await browser.get("/").body)
                #expect(list.contains(#"<summary class="button">Export</summary>"#))
                for (address, title) in [("/friends.vcf", "Each card as it came"), ("/friends.vcf?version=3.0", "vCard 3.0"), ("/friends.vcf?version=4.0", "vCard 4.0")] {
                    #expect(list.contains(#"<a href="\#(address)" download="friends.vcf"><span class="choice">\#(title)</span>"#))
                }
                #expect(list.contains(#"<a class="button" href="/import">Import</a>"#))
            }
        }
    }

    @Test func exportDownloadsEveryFriendAsOneVCardFile() async throws {
        try await WebHarness.with { harness in
            try await harness.withBrowser { browser, _ in
                let response = try await browser.get("/friends.vcf")
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/vcard; charset=utf-8")
                #expect(response.headers[.contentDisposition] == #"attachment; filename="friends.vcf""#)
                let file = String(buffer: response.body)
                #expect(file.components(separatedBy: "BEGIN:VCARD").count - 1 == 3)
                for name in ["Ada Lovelace", "Alan Turing", "Grace Hopper"] { #expect(file.contains("FN:\(name)")) }
            }
        }
    }

    @Test(arguments: ["3.0", "4.0"])
    func exportInOneVersionWritesEveryCardInIt(version: String) async throws {
        try await WebHarness.with { harness in
            try await harness.withBrowser { browser, _ in
                let response = try await browser.get("/friends.vcf?version=\(version)")
                #expect(response.status == .ok)
                #expect(response.headers[.contentDisposition] == #"attachment; filename="friends.vcf""#)
                let file = String(buffer: response.body)
                #expect(file.components(separatedBy: "BEGIN:VCARD").count - 1 == 3)
                #expect(file.components(separatedBy: "\r\nVERSION:\(version)\r\n").count - 1 == 3)
            }
        }
    }

    @Test func anExportInAVersionFriendsDoesNotWriteIsNoFile() async throws {
        try await WebHarness.with { harness in
            try await harness.withBrowser { browser, _ in
                let response = try await browser.get("/friends.vcf?version=2.1")
                #expect(response.status == .notFound)
                #expect(response.headers[.contentDisposition] == nil)
            }
        }
    }

    @Test func importingAFileShowsWhatWasCreatedAndWhyACardWasRefused() async throws {
        try await WebHarness.with([]) { harness in
            try await harness.withBrowser { browser, _ in
                let form = String(buffer: try await browser.get("/import").body)
                #expect(form.contains(#"<form class="import-form" method="post" action="/import" enctype="multipart/form-data">"#))
                #expect(form.contains(#"<input type="hidden" name="_csrf""#))
                #expect(form.contains(#"type="file""#))

                let body = Self.multipart(token: browser.token, filename: "contacts.vcf", file: Self.goodAndBadCards)
                let sent = try await browser.post("/import", body: body, contentType: Self.multipartType)
                #expect(sent.status == .seeOther)
                #expect(sent.headers[.location] == "/import")
                let report = String(buffer: try await browser.get("/import").body)
                #expect(report.contains("<li>2 created</li>"))
                #expect(report.contains("<li>0 updated</li>"))
                #expect(report.contains("<li>0 unchanged</li>"))
                #expect(report.contains("<li>1 not imported</li>"))
                #expect(report.contains("Card 3 (Broken Card): "))
                let stored = try await harness.client.friends(FriendListQuery()).items
                #expect(stored.map(\.displayName) == ["Acme Plumbing", "Ada Lovelace"])
                // The list shows the organization of a contact without a person's name.
                #expect(String(buffer: try await browser.get("/").body).contains("Acme Plumbing"))
            }
        }
    }

    /// A contact group a phone exported with its contacts is kept, but is no friend: the report
    /// counts it apart.
    @Test func anImportedContactGroupIsCountedApartFromTheFriends() async throws {
        try await WebHarness.with([]) { harness in
            try await harness.withBrowser { browser, _ in
                let file = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n"
                    + "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Family\r\nFN:Family\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nEND:VCARD\r\n"
                _ = try await browser.get("/import")
                let body = Self.multipart(token: browser.token, filename: "contacts.vcf", file: file)
                #expect(try await browser.post("/import", body: body, contentType: Self.multipartType).status == .seeOther)
                let report = String(buffer: try await browser.get("/import").body)
                #expect(report.contains("<li>1 created</li>"))
                #expect(report.contains("<li>1 contact group</li>"))
                #expect(try await harness.client.friends(FriendListQuery()).items.map(\.displayName) == ["Ada Lovelace"])
            }
        }
    }

    @Test func anImportWithoutTheFormsTokenIsRefused() async throws {
        try await WebHarness.with([]) { harness in
            try await harness.withBrowser { browser, _ in
                _ = try await browser.get("/import")
                let body = Self.multipart(token: "forged", filename: "contacts.vcf", file: Self.goodAndBadCards)
                let sent = try await browser.post("/import", body: body, contentType: Self.multipartType)
                #expect(sent.status == .forbidden)
                #expect(try await harness.client.friends(FriendListQuery()).items.isEmpty)
            }
        }
    }

    @Test func noFileChosenIsSaidOnThePage() async throws {
        try await WebHarness.with([]) { harness in
            try await harness.withBrowser { browser, _ in
                _ = try await browser.get("/import")
                let body = Self.multipart(token: browser.token, filename: "", file: "")
                #expect(try await browser.post("/import", body: body, contentType: Self.multipartType).status == .seeOther)
                #expect(String(buffer: try await browser.get("/import").body).contains("Choose a vCard file (.vcf) to import."))
            }
        }
    }

    @Test func brokenFormsWithFilesGetAClearErrorPage() async throws {
        try await WebHarness.with([]) { harness in
            var settings = WebRoutes.Settings()
            settings.maximumUploadSize = 4096
            try await harness.withBrowser(settings: settings) { browser, _ in
                _ = try await browser.get("/import")
                let good = Self.multipart(token: browser.token, filename: "contacts.vcf", file: Self.goodAndBadCards)
                let cases: [(String, String, String, HTTPResponse.Status, String)] = [
                    ("no boundary", "multipart/form-data", good, .badRequest, "names no boundary"),
                    ("a boundary no browser sends", "multipart/form-data; boundary=\"a@b\"", good, .badRequest, "boundary is not one"),
                    ("another boundary than the body's", "multipart/form-data; boundary=other", good, .badRequest, "does not start with its boundary"),
                    ("cut short", "multipart/form-data; boundary=\(Self.boundary)", String(good.prefix(good.count / 2)), .badRequest, "cut short"),
                    ("cut after a boundary", "multipart/form-data; boundary=\(Self.boundary)", "--\(Self.boundary)", .badRequest, "cut short"),
                    ("headers without an end", "multipart/form-data; boundary=\(Self.boundary)",
                     "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n", .badRequest, "no end to its headers"),
                    ("a part without a name", "multipart/form-data; boundary=\(Self.boundary)",
                     "--\(Self.boundary)\r\nContent-Disposition: form-data\r\n\r\nx\r\n--\(Self.boundary)--\r\n", .badRequest, "has no name"),
                    ("too large", "multipart/form-data; boundary=\(Self.boundary)",
                     Self.multipart(token: browser.token, filename: "big.vcf", file: String(repeating: "X", count: 5000)),
                     .contentTooLarge, "The file is too large"),
                ]
                for (name, contentType, body, status, message) in cases {
                    let response = try await browser.post("/import", body: body, contentType: contentType)
                    #expect(response.status == status, "\(name)")
                    #expect(response.headers[.contentType] == "text/html; charset=utf-8", "\(name)")
                    #expect(String(buffer: response.body).contains(message), "\(name)")
                }
                #expect(try await harness.client.friends(FriendListQuery()).items.isEmpty)
            }
        }
    }
}

/// The import page as a browser without the script gets it, before and after an import.
@MainActor
@Suite struct FriendsWebImportPageTests {
    @Test func theImportPageShowsTheFormThenTheReport() async throws {
        try await WebHarness.with([WebHarness.ada]) { harness in
            let app = await harness.app()
            #expect(await app.open(path: "/import"))
            SnapshotFiles.expect(app.wholePage(), inFile: "import.html", suite: "FriendsWeb")
            let file = UploadedFile(name: "file", filename: "contacts.vcf", contentType: "text/vcard", data: Data(FriendsWebCardsTests.goodAndBadCards.utf8))
            #expect(app.receive(FormFields([(name: "action", value: "import")], files: [file]), at: "/import"))
            await app.settle()
            #expect(app.currentPath == "/import")
            let page = app.wholePage()
            #expect(page.contains(#"<h2 tabindex="-1" autofocus data-focus-now>Imported 2 cards.</h2>"#))
            SnapshotFiles.expect(page, inFile: "import-report.html", suite: "FriendsWeb")
            // Back on the list, the imported friends are there.
            _ = await app.open(path: "/")
            await app.settle()
            #expect(app.wholePage().contains("Your Friends (3)"))
        }
    }

    /// A file saved on Windows, sent in the character set chosen on the page: its names read as
    /// written, and the page keeps that choice for the next file.
    @Test func aFileInWindows1252IsImportedInTheCharacterSetChosen() async throws {
        try await WebHarness.with([WebHarness.ada]) { harness in
            let app = await harness.app()
            #expect(await app.open(path: "/import"))
            #expect(app.wholePage().contains(#"<option value="utf-8" selected>UTF-8 (most files)</option>"#))
            // "ü" is the one byte 0xFC in Windows-1252.
            let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Müller;Jürgen;;;\r\nFN:Jürgen Müller\r\nUID:juergen\r\nEND:VCARD\r\n"
            let card = Data(text.unicodeScalars.map { UInt8($0.value) })
            let file = UploadedFile(name: "file", filename: "outlook.vcf", contentType: "text/vcard", data: card)
            let fields = FormFields([(name: "action", value: "import"), (name: "encoding", value: "windows-1252")], files: [file])
            #expect(app.receive(fields, at: "/import"))
            await app.settle()
            #expect(app.wholePage().contains("Imported 1 card."))
            #expect(app.wholePage().contains(#"<option value="windows-1252" selected>Windows-1252 (saved on Windows)</option>"#))
            let names = try await harness.client.friends(FriendListQuery()).items.map(\.lastname)
            #expect(names.contains("Müller"))
        }
    }

    /// A file that could not be imported says why where the report would be, and takes focus as it would.
    @Test func aFileThatCannotBeImportedSaysSoAndTakesFocus() async throws {
        try await WebHarness.with([WebHarness.ada]) { harness in
            let app = await harness.app()
            #expect(await app.open(path: "/import"))
            let file = UploadedFile(name: "file", filename: "notes.txt", contentType: "text/plain", data: Data("just some notes".utf8))
            #expect(app.receive(FormFields([(name: "action", value: "import")], files: [file]), at: "/import"))
            await app.settle()
            let page = app.wholePage()
            #expect(page.contains(#"<p class="notice" role="alert" tabindex="-1" autofocus data-focus-now>The file could not be imported: "#))
        }
    }
}

/// The detail page of a full contact, as a browser without the script gets it.
@MainActor
@Suite struct FriendsWebDetailTests {
    static let fullContact = NewFriend(
        firstname: "Ada", lastname: "Lovelace", phonenumber: "+44 (20) 7946-0001", email: "ada@example.com",
        about: "Wrote the first program.", organization: "Analytical Engines Ltd",
        phones: [LabeledValue(label: "mobile", value: "+44 (20) 7946-0001"), LabeledValue(label: "work", value: "020 7946 0002 ext. *12#")],
        emails: [LabeledValue(label: "home", value: "ada@example.com"), LabeledValue(label: "work", value: "ada.lovelace+engines@example.org")],
        addresses: [PostalAddress(label: "home", street: "12 St James's Square", city: "London", postcode: "SW1Y 4JH", country: "United Kingdom")],
        birthday: "1815-12-10"
    )

    @Test func theDetailPageShowsEveryPhoneAndEmailAsLinksTheAddressAndTheBirthday() async throws {
        try await WebHarness.with([Self.fullContact]) { harness in
            let app = await harness.app()
            #expect(await app.open(path: "/friends/1"))
            await app.settle()
            let page = app.wholePage()
            #expect(page.contains(#"<a href="tel:+442079460001">"#))
            #expect(page.contains(#"<a href="tel:02079460002%2A12%23">"#))
            #expect(page.contains(#"<a href="mailto:ada.lovelace+engines@example.org">"#))
            #expect(page.contains("10 December 1815"))
            #expect(page.contains(#"<span class="line" dir="auto">London</span><span class="line" dir="auto">SW1Y 4JH</span>"#))
            SnapshotFiles.expect(page, inFile: "detail-full.html", suite: "FriendsWeb")
        }
    }

    @Test func aHostileNameNumberOrAddressStaysText() async throws {
        let hostile = #""><script>alert(1)</script>"#
        let friend = NewFriend(
            firstname: hostile, lastname: "", phonenumber: "1\"onclick=alert(1) 2", email: #"x"@y.z?cc=evil&body=<b>"#,
            organization: hostile,
            phones: [LabeledValue(label: hostile, value: "1\"onclick=alert(1) 2"), LabeledValue(label: "", value: "javascript:alert(1)")],
            emails: [LabeledValue(label: "", value: #"x"@y.z?cc=evil&body=<b>"#)]
        )
        try await WebHarness.with([friend]) { harness in
            let app = await harness.app()
            #expect(await app.open(path: "/friends/1"))
            await app.settle()
            let page = app.wholePage()
            #expect(!page.contains("<script>alert"))
            #expect(!page.contains(#"" onclick"#))
            #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(page.contains(#"<a href="tel:112">"#))
            #expect(page.contains(#"<a href="tel:1">"#))
            #expect(!page.contains("href=\"javascript"))
            #expect(page.contains(#"<a href="mailto:x%22@y.z%3Fcc%3Devil%26body%3D%3Cb%3E">"#))
            SnapshotFiles.expect(page, inFile: "detail-hostile.html", suite: "FriendsWeb")
        }
    }

    @Test func aCardWithAPictureShowsItInsteadOfTheInitials() async throws {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xFF, 0xD9])
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Hopper;Grace;;;\r\nFN:Grace Hopper\r\nPHOTO;ENCODING=b;TYPE=JPEG:\(jpeg.base64EncodedString())\r\nEND:VCARD\r\n"
        try await WebHarness.with([]) { harness in
            let report = try await harness.client.importCards(Data(card.utf8))
            #expect(report.created == 1)
            let app = await harness.app()
            _ = await app.open(path: "/friends/1")
            await app.settle()
            #expect(app.wholePage().contains(#"<img src="data:image/jpeg;base64,\#(jpeg.base64EncodedString())""#))
        }
    }

    @Test func aContactWithOnlyAnOrganizationIsCalledByIt() async throws {
        try await WebHarness.with([NewFriend(firstname: "", lastname: "", organization: "Acme Plumbing")]) { harness in
            let app = await harness.app()
            #expect(app.wholePage().contains("Acme Plumbing"))
            _ = await app.open(path: "/friends/1")
            await app.settle()
            let page = app.wholePage()
            #expect(page.contains("<title id=\"document-title\">Acme Plumbing – Friends</title>"))
            #expect(page.contains(#"<h1 tabindex="-1" dir="auto">Acme Plumbing</h1>"#))
        }
    }
}
