import Foundation
import FriendsAPI
import FriendsClient
import FriendsNIOTransport
import FriendsViewModels
import TestSupport
import Testing
import WebUI
@testable import FriendsWeb

/// Each page in each state, as the HTML a browser gets: pages are pure functions of the view
/// models' outputs, driven here through the app's inputs over a real FriendService.
@MainActor
@Suite struct FriendsWebPagesTests {
    @Test func theListPageShowsTheFirstPageWithTheCountAndLoadMore() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            SnapshotFiles.expect(app.wholePage(), inFile: "list.html", suite: "FriendsWeb")
        }
    }

    @Test func anEmptyListTellsAFirstTimeUserWhatToDo() async throws {
        try await WebHarness.with([]) { harness in
            let app = await harness.app()
            let page = app.wholePage()
            #expect(page.contains("Your Friends (0)"))
            #expect(page.contains(FriendsListCell.noFriendsText))
            SnapshotFiles.expect(page, inFile: "list-empty.html", suite: "FriendsWeb")
        }
    }

    @Test func aSearchShowsItsSummaryAndKeepsTheTextInTheBox() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            #expect(await app.send([("action", "search"), ("q", "ada")], at: "/"))
            SnapshotFiles.expect(app.wholePage(), inFile: "list-search.html", suite: "FriendsWeb")
            await app.send([("action", "search"), ("q", "xyz")], at: "/")
            let noMatch = app.wholePage()
            #expect(noMatch.components(separatedBy: "No friends match &#39;xyz&#39;").count == 2)
            #expect(!noMatch.contains("<ul class=\"rows\""))
            await app.send([("action", "clearSearch")], at: "/")
            #expect(app.wholePage().contains("Your Friends (3)"))
        }
    }

    @Test func aFreshListHighlightsNoRowAndAChosenFriendsRowIsHighlighted() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            #expect(!app.wholePage().contains("row selected"))
            #expect(!app.wholePage().contains("aria-current"))
            _ = await app.open(path: "/friends/1")
            _ = await app.open(path: "/")
            #expect(app.wholePage().contains(#"<li class="row selected" id="friend-1" aria-current="true">"#))
        }
    }

    @Test func loadMoreAppendsTheNextPage() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            #expect(!app.wholePage().contains("Alan Turing"))
            await app.send([("action", "more"), ("id", "1")], at: "/")
            let page = app.wholePage()
            #expect(page.contains("Alan Turing"))
            #expect(!page.contains("Load more"))
        }
    }

    @Test func deleteAsksFirstThenRemovesAndSaysSo() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            await app.send([("action", "delete"), ("id", "1")], at: "/")
            SnapshotFiles.expect(app.wholePage(), inFile: "list-delete-confirmation.html", suite: "FriendsWeb")
            await app.send([("action", "cancelDelete")], at: "/")
            #expect(!app.wholePage().contains("Delete Ada Lovelace?"))
            await app.send([("action", "delete"), ("id", "1")], at: "/")
            await app.send([("action", "confirmDelete")], at: "/")
            let page = app.wholePage()
            #expect(page.contains("Deleted Ada Lovelace."))
            #expect(!page.contains("/friends/1\""))
            await #expect(throws: AppServerError.notFound) { try await harness.client.friend(id: 1) }
        }
    }

    @Test func deleteOnAFriendsPageAsksTheSameQuestionThenGoesBackToTheListThatSaysSo() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1")
            await app.settle()
            await app.send([("action", "delete")], at: "/friends/1")
            #expect(app.currentPath == "/friends/1")
            SnapshotFiles.expect(app.wholePage(), inFile: "detail-delete-confirmation.html", suite: "FriendsWeb")
            await app.send([("action", "cancelDelete")], at: "/friends/1")
            #expect(!app.wholePage().contains("Delete Ada Lovelace?"))
            await app.send([("action", "delete")], at: "/friends/1")
            await app.send([("action", "confirmDelete")], at: "/friends/1")
            await app.settle()
            #expect(app.currentPath == "/")
            let page = app.wholePage()
            #expect(page.contains("Deleted Ada Lovelace."))
            #expect(!page.contains("/friends/1\""))
            await #expect(throws: AppServerError.notFound) { try await harness.client.friend(id: 1) }
        }
    }

    @Test func anUnreachableServerShowsTheErrorRow() async throws {
        let pages = try FriendsPages.bundled(pageSize: 2)
        // The transports `friends web` uses: a refused connection fails at once, however busy the machine.
        let client = AppServerClient(
            baseURL: URL(string: "http://127.0.0.1:1")!, timeout: 2, transport: NIOHTTPTransport(), eventTransport: NIOEventStreamTransport()
        )
        let app = FriendsWebApp.make(client: client, pages: pages)
        await app.settle()
        SnapshotFiles.expect(app.wholePage(), inFile: "list-unreachable.html", suite: "FriendsWeb")
    }

    @Test func theDetailPageShowsTheFriendWithTheAvatar() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            #expect(await app.open(path: "/friends/1"))
            await app.settle()
            #expect(app.currentPath == "/friends/1")
            let page = app.wholePage()
            #expect(page.contains(#"<img src="data:image/svg+xml;base64,"#))
            SnapshotFiles.expect(page, inFile: "detail.html", suite: "FriendsWeb")
        }
    }

    @Test func aFriendRemovedElsewhereIsSaidOnItsDetailPage() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            try await harness.client.deleteFriend(id: 1)
            _ = await app.open(path: "/friends/1")
            let detail = try #require(app.detail)
            await detail.removedMessage.waitUntil { $0 != nil }
            let page = app.wholePage()
            #expect(page.contains("Ada Lovelace was deleted elsewhere."))
            #expect(!page.contains("/friends/1/edit"))
            #expect(!page.contains(#"value="delete""#))
        }
    }

    @Test func theAddFormSaysWhichNamesAreNeededAndShowsEachFieldsMessageAfterAnIncompleteSubmit() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            #expect(await app.open(path: "/friends/new"))
            SnapshotFiles.expect(app.wholePage(), inFile: "form-add.html", suite: "FriendsWeb")
            // Submit is never disabled for an incomplete form: pressing it shows what is missing.
            let scripted = app.wholePage(scripted: true)
            #expect(!scripted.contains("value=\"save\" disabled"))
            #expect(scripted.contains(#"<p id="name-hint" class="hint">Enter a first name, last name or organization.</p>"#))
            #expect(scripted.contains(#"aria-describedby="name-hint firstname-message""#))
            #expect(scripted.contains(#"aria-describedby="about-message""#))
            // A paste longer than the rule is cut by the browser, not sent as a form too large to take.
            #expect(scripted.contains(#"<textarea id="about" name="about" dir="auto" rows="4" maxlength="2000""#))
            await app.send([("firstname", ""), ("lastname", ""), ("email", "ada@"), ("action", "save")], at: "/friends/new")
            #expect(app.currentPath == "/friends/new")
            SnapshotFiles.expect(app.wholePage(), inFile: "form-add-errors.html", suite: "FriendsWeb")
        }
    }

    @Test func aFriendAddedDuringASearchEndsItSoTheListShowsTheNewFriend() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            await app.send([("action", "search"), ("q", "ada")], at: "/")
            #expect(app.currentPath == "/?q=ada")
            _ = await app.open(path: "/friends/new")
            await app.send([("firstname", "Zoë"), ("lastname", "Aalto"), ("phonenumber", ""), ("email", ""), ("about", ""), ("action", "save")], at: "/friends/new")
            #expect(app.currentPath == "/")
            await app.settle()
            let page = app.wholePage()
            #expect(page.contains("Added Zoë Aalto."))
            #expect(page.contains(#"id="q" name="q" type="search" dir="auto" value="""#))
            let selectedRow = page.components(separatedBy: #"aria-current="true">"#).dropFirst().first ?? ""
            #expect(selectedRow.components(separatedBy: "</li>").first?.contains(">Zoë Aalto</a>") == true)
        }
    }

    @Test func savingANewFriendGoesBackToTheListThatSelectsIt() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/new")
            await app.send([("firstname", "Zoë"), ("lastname", "Ødegaard"), ("phonenumber", ""), ("email", ""), ("about", ""), ("action", "save")], at: "/friends/new")
            #expect(app.currentPath == "/")
            await app.settle()
            let page = app.wholePage()
            #expect(page.contains("Added Zoë Ødegaard."))
            let found = try await harness.client.friends(FriendListQuery(search: "Zoë")).items
            #expect(found.map(\.lastname) == ["Ødegaard"])
        }
    }

    @Test func anEmptySideOfAConflictReadsNoneInTextHiddenFromSightNotInAnAttribute() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            try await harness.changeElsewhere(id: 1, FriendUpdate(phonenumber: "111"))
            await app.send([("phonenumber", ""), ("action", "save")], at: "/friends/1/edit")
            let page = app.wholePage()
            #expect(page.contains(#"<td>111 (mobile)</td><td><span class="no-value" aria-hidden="true">—</span><span class="visually-hidden">none</span></td>"#))
            #expect(!page.contains(#"aria-label="none""#))
        }
    }

    @Test func keepTheirsSaysWhatIsNotSavedYet() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            try await harness.changeElsewhere(id: 1, FriendUpdate(phonenumber: "111"))
            await app.send([("phonenumber", "222"), ("about", "Mine."), ("action", "save")], at: "/friends/1/edit")
            await app.send([("action", "keepTheirs")], at: "/friends/1/edit")
            #expect(app.currentPath == "/friends/1/edit")
            #expect(app.wholePage().contains(
                #"<p id="form-notice" class="notice-line" role="status" aria-live="polite">Kept theirs for Phone numbers. Your other changes are not saved yet: Submit saves them.</p>"#
            ))
        }
    }

    @Test func aFriendDeletedWhileEditedCanBeAddedAgainWithWhatWasTyped() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            try await harness.client.deleteFriend(id: 1)
            await app.send([("about", "Kept."), ("action", "save")], at: "/friends/1/edit")
            #expect(app.currentPath == "/friends/1/edit")
            let asked = app.wholePage()
            #expect(asked.contains("Ada Lovelace was deleted elsewhere. Add as New keeps what the form holds as a new friend; Cancel leaves without it."))
            #expect(asked.contains(#"value="addAsNew" data-moves-focus>Add as New</button>"#))
            // A page drawn before the deletion (without the script, nothing redraws it) says
            // Submit: pressed there, or Enter pressed in a field, it adds nobody anew.
            for action in ["save", "submit"] {
                await app.send([("action", action)], at: "/friends/1/edit")
                #expect(app.currentPath == "/friends/1/edit")
                #expect(try await harness.client.friends(FriendListQuery(search: "Lovelace")).items.isEmpty)
            }
            await app.send([("action", "addAsNew")], at: "/friends/1/edit")
            #expect(app.currentPath == "/")
            #expect(app.wholePage().contains("Added Ada Lovelace."))
            let found = try await harness.client.friends(FriendListQuery(search: "Lovelace")).items
            #expect(found.map(\.about) == ["Kept."])
        }
    }

    @Test func addedAgainFromTheDetailsOfTheDeletedFriendLandsOnTheNewFriend() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1")
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            try await harness.client.deleteFriend(id: 1)
            await app.send([("about", "Kept."), ("action", "save")], at: "/friends/1/edit")
            await app.send([("action", "addAsNew")], at: "/friends/1/edit")
            let added = try #require(try await harness.client.friends(FriendListQuery(search: "Lovelace")).items.first)
            #expect(added.id != 1)
            #expect(app.currentPath == "/friends/\(added.id)")
            let page = app.wholePage()
            #expect(page.contains("Kept."))
            #expect(!page.contains("deleted elsewhere"))
        }
    }

    @Test func aConflictShowsTheirsBesideMineAndKeepMineSaves() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            #expect(app.currentPath == "/friends/1/edit")
            SnapshotFiles.expect(app.wholePage(), inFile: "form-update.html", suite: "FriendsWeb")
            try await harness.changeElsewhere(id: 1, FriendUpdate(phonenumber: "111"))
            await app.send([("phonenumber", "222"), ("action", "save")], at: "/friends/1/edit")
            #expect(app.currentPath == "/friends/1/edit")
            SnapshotFiles.expect(app.wholePage(), inFile: "form-conflict.html", suite: "FriendsWeb")
            await app.send([("action", "keepMine")], at: "/friends/1/edit")
            #expect(app.currentPath == "/")
            let saved = try await harness.client.friend(id: 1)
            #expect(saved.value.phonenumber == "222")
        }
    }

    @Test func cancellingWithChangesAsksBeforeDiscarding() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            await app.send([("about", "Changed my mind"), ("action", "cancel")], at: "/friends/1/edit")
            SnapshotFiles.expect(app.wholePage(), inFile: "form-discard.html", suite: "FriendsWeb")
            await app.send([("action", "keepEditing")], at: "/friends/1/edit")
            #expect(app.wholePage().contains("Changed my mind"))
            await app.send([("action", "cancel")], at: "/friends/1/edit")
            await app.send([("action", "discard")], at: "/friends/1/edit")
            #expect(app.currentPath == "/")
        }
    }

    /// Back, a link or a typed address from a form with changes asks as Cancel does; Discard goes
    /// on to where the person was going, Keep Editing keeps what was typed.
    @Test func goingElsewhereFromAFormWithChangesAsksFirst() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1")
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            await app.send([("about", "A draft"), ("action", "field"), ("_live", "1")], at: "/friends/1/edit")

            #expect(await app.open(path: "/friends/1"))
            #expect(app.currentPath == "/friends/1/edit")
            #expect(app.wholePage().contains("Discard Changes"))
            await app.send([("action", "keepEditing")], at: "/friends/1/edit")
            #expect(app.currentPath == "/friends/1/edit")
            #expect(app.wholePage().contains("A draft"))

            _ = await app.open(path: "/?q=ada")
            #expect(app.currentPath == "/friends/1/edit")
            await app.send([("action", "discard")], at: "/friends/1/edit")
            #expect(app.currentPath == "/?q=ada")
            let stored = try await harness.client.friend(id: 1)
            #expect(stored.value.about != "A draft")
        }
    }

    @Test func goingElsewhereFromAFormWithoutChangesAsksNothing() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            _ = await app.open(path: "/")
            #expect(app.currentPath == "/")
            #expect(!app.wholePage().contains("Discard Changes"))
        }
    }

    @Test(arguments: ["<script>alert(1)</script>", #""><img src=x onerror=alert(1)>"#])
    func markupInANameShowsAsTextOnEveryPage(_ name: String) async throws {
        try await WebHarness.with([NewFriend(firstname: name, lastname: name, about: name)]) { harness in
            let app = await harness.app()
            var pages = [app.wholePage()]
            await app.send([("action", "delete"), ("id", "1")], at: "/")
            pages.append(app.wholePage())
            await app.send([("action", "cancelDelete")], at: "/")
            _ = await app.open(path: "/friends/1")
            await app.settle()
            pages.append(app.wholePage())
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            pages.append(app.wholePage())
            pages.append(contentsOf: app.fragments(PageContext(csrfToken: WebHarness.csrf, isScripted: true)).map(\.html))
            let escaped = name.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
                .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
            for page in pages {
                #expect(!page.contains(name))
            }
            // The list, the question, the detail and the form each show the name, escaped.
            for (index, page) in pages.prefix(4).enumerated() {
                #expect(page.contains(escaped), "page \(index)")
            }
        }
    }

    @Test func theTabTitleIsARegionThatFollowsTheCount() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            let context = PageContext(csrfToken: WebHarness.csrf, isScripted: true)
            let title = { app.fragments(context).first { $0.id == "document-title" }?.html }
            #expect(title() == "<title id=\"document-title\">Your Friends (3) – Friends</title>\n")
            await app.send([("action", "delete"), ("id", "1")], at: "/")
            await app.send([("action", "confirmDelete")], at: "/")
            await app.settle()
            #expect(title() == "<title id=\"document-title\">Your Friends (2) – Friends</title>\n")
        }
    }

    @Test func everyRegionIsTheElementWithItsId() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            for path in ["/", "/friends/1", "/friends/1/edit", "/friends/new", "/import"] {
                _ = await app.open(path: path)
                await app.settle()
                let page = app.wholePage(scripted: true)
                for fragment in app.fragments(PageContext(csrfToken: WebHarness.csrf, isScripted: true)) {
                    #expect(fragment.html.range(of: #"^<[a-z0-9]+ id="\#(fragment.id)""#, options: .regularExpression) != nil, "\(fragment.id)")
                    // The page draws exactly what the region pushes.
                    #expect(page.contains(fragment.html), "\(path) \(fragment.id)")
                }
            }
        }
    }
}

extension FriendsWebApp {
    var detail: FriendDetailViewModel? {
        if case .detail(let detail)? = screens.last { detail } else { nil }
    }
}
