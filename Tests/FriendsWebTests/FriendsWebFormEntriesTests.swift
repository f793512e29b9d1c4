import Foundation
import FriendsAPI
import FriendsClient
import FriendsViewModels
import TestSupport
import Testing
import WebUI
@testable import FriendsWeb

/// The form's phone numbers and email addresses in the browser: without the script every button
/// is a post that draws the form again; the page names every control for people using a screen reader.
@MainActor
@Suite struct FriendsWebFormEntriesTests {
    static let fullContact = NewFriend(
        firstname: "Ada", lastname: "Lovelace", organization: "Analytical Engines Ltd",
        phones: [LabeledValue(label: "mobile", value: "0501234567"), LabeledValue(label: "Ski cabin", value: "+41 27 000 00 00")],
        emails: [LabeledValue(label: "home", value: "ada@example.com")], birthday: "1815-12-10"
    )

    @Test func theUpdateFormShowsEveryEntryWithItsLabelAndButtons() async throws {
        try await WebHarness.with([Self.fullContact]) { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            let page = app.wholePage()
            SnapshotFiles.expect(page, inFile: "form-entries.html", suite: "FriendsWeb")
            // Remove leaves the focus on the next entry, or the one before the last: with the script
            // where the button says (data-moves-focus), without it where its formaction's fragment
            // leads once the page is drawn again.
            #expect(page.contains(##"aria-label="Remove phone 0501234567" formaction="#entry-2" data-moves-focus="entry-2">Remove</button>"##))
            #expect(page.contains(##"aria-label="Remove phone +41 27 000 00 00" formaction="#entry-1" data-moves-focus="entry-1">Remove</button>"##))
            #expect(page.contains(##"aria-label="Make preferred: phone +41 27 000 00 00" formaction="#entry-2" data-moves-focus="entry-2">Make preferred</button>"##))
            #expect(page.contains(#"<option value="Ski cabin" selected>Ski cabin</option>"#))
            // The preferred number has no Make preferred button.
            #expect(!page.contains("Make preferred: phone 0501234567"))
        }
    }

    @Test func everyInputAndSelectOfTheFormHasALabelTiedToIt() async throws {
        try await WebHarness.with([Self.fullContact]) { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            await app.send([("action", FormEntryAction.add(.email).value)], at: "/friends/1/edit")
            let page = app.wholePage()
            let ids = Self.matches(of: #"<(?:input|select|textarea) id="([^"]+)""#, in: page)
            #expect(ids.count == 13)
            for id in ids {
                #expect(page.contains("<label for=\"\(id)\"") || page.contains("<label class=\"visually-hidden\" for=\"\(id)\""), "\(id)")
            }
            // No form inside another element of the form but the fieldsets, and one form only.
            #expect(Self.matches(of: "(<form )", in: page).count == 1)
        }
    }

    @Test func withoutTheScriptAddingChoosingAndPreferringAreFormPostsThatSave() async throws {
        try await WebHarness.with { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1")
            await app.settle()
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            let form = try #require(app.form)
            let mobile = try #require(form.phones.value.first)

            // A field with a message does not keep the focus from the entry just added.
            await app.send([("birthday", "12/10/1815"), ("action", "add-phone")], at: "/friends/1/edit")
            let typedInto = try #require(form.phones.value.last)
            let page = app.wholePage()
            let birthday = try #require(page.range(of: #"<input id="birthday""#)).lowerBound
            let birthdayInput = page[birthday...].prefix { $0 != ">" }
            #expect(birthdayInput.contains(#"aria-invalid="true""#) && !birthdayInput.contains("autofocus"))
            #expect(page.contains(#"aria-describedby="entry-\#(typedInto.id)-message" autofocus>"#))
            await app.send([("birthday", ""), ("action", FormEntryAction.remove(typedInto.id).value)], at: "/friends/1/edit")
            await app.send([(FormEntryAction.inputName(of: mobile.id), "0501234567"), ("action", "add-phone")], at: "/friends/1/edit")
            let added = try #require(form.phones.value.last)
            let afterAdding = app.wholePage()
            #expect(afterAdding.contains("id=\"\(FormEntryAction.inputName(of: added.id))\" name=\"\(FormEntryAction.inputName(of: added.id))\" type=\"tel\" dir=\"auto\" value=\"\" autocomplete=\"tel\" maxlength=\"40\" data-live=\"field\" aria-describedby=\"entry-\(added.id)-message\" autofocus>"))
            await app.send([
                (FormEntryAction.inputName(of: added.id), "+44 20 7946 0000"), (FormEntryAction.labelName(of: added.id), "work"),
                ("action", FormEntryAction.makePreferred(added.id).value),
            ], at: "/friends/1/edit")
            #expect(form.phones.value.map(\.value) == ["+44 20 7946 0000", "0501234567"])
            #expect(app.wholePage().contains("aria-label=\"Make preferred: phone 0501234567\""))
            await app.send([("action", "save")], at: "/friends/1/edit")

            #expect(app.currentPath == "/friends/1")
            let saved = try await harness.client.friend(id: 1).value
            #expect(saved.phones == [LabeledValue(label: "work", value: "+44 20 7946 0000"), LabeledValue(label: "mobile", value: "0501234567")])
            #expect(saved.phonenumber == "+44 20 7946 0000")
            let detail = app.wholePage()
            #expect(detail.range(of: #"(?s)work.*\+44 20 7946 0000.*mobile.*0501234567"#, options: .regularExpression) != nil)
        }
    }

    @Test func enterInAFieldSavesRatherThanPressingAnEntrysButton() async throws {
        try await WebHarness.with([]) { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/new")
            await app.send([("action", "add-phone")], at: "/friends/new")
            let page = app.wholePage()
            let firstButton = try #require(page.range(of: "<button ").map { String(page[$0.lowerBound...].prefix(120)) })
            #expect(firstButton.contains(#"value="submit""#))
            let phone = try #require(app.form?.phones.value.first)
            await app.send([("firstname", "Hedy"), (FormEntryAction.inputName(of: phone.id), "0501000001"), ("action", "submit")], at: "/friends/new")
            #expect(app.currentPath == "/")
            let found = try await harness.client.friends(FriendListQuery(search: "Hedy")).items
            #expect(found.map(\.phonenumber) == ["0501000001"])
        }
    }

    @Test func removingAnEntryDrawsTheFormWithoutIt() async throws {
        try await WebHarness.with([Self.fullContact]) { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            let form = try #require(app.form)
            let cabin = try #require(form.phones.value.last)
            #expect(await app.send([("action", FormEntryAction.remove(cabin.id).value)], at: "/friends/1/edit"))
            #expect(!app.wholePage().contains("+41 27 000 00 00"))
            #expect(await app.send([("action", "remove-999")], at: "/friends/1/edit"))
            #expect(!(await app.send([("action", "remove-x")], at: "/friends/1/edit")))
        }
    }

    @Test func aWrongNumberShowsItsMessageAsItsOwnRegion() async throws {
        try await WebHarness.with([Self.fullContact]) { harness in
            let app = await harness.app()
            _ = await app.open(path: "/friends/1/edit")
            await app.settle()
            let form = try #require(app.form)
            let cabin = try #require(form.phones.value.last)
            await app.send([(FormEntryAction.inputName(of: cabin.id), "call me"), ("action", "field")], at: "/friends/1/edit")
            let fragments = app.fragments(PageContext(csrfToken: WebHarness.csrf, isScripted: true))
            let message = try #require(fragments.first { $0.id == "entry-\(cabin.id)-message" })
            #expect(message.html.contains(FriendValidation.message(for: .phonenumber, value: "call me")!))
            let input = try #require(fragments.first { $0.id == "entry-\(cabin.id)" })
            #expect(input.html.contains("aria-invalid=\"true\""))
        }
    }

    @Test(arguments: [
        ("add-phone", FormEntryAction.add(.phone)), ("add-email", .add(.email)),
        ("remove-3", .remove(ContactEntry.ID(rawValue: 3))), ("prefer-12", .makePreferred(ContactEntry.ID(rawValue: 12))),
    ])
    func actionsReadBackAsWritten(_ value: String, _ action: FormEntryAction) {
        #expect(action.value == value)
        #expect(FormEntryAction(value) == action)
    }

    @Test(arguments: ["add-fax", "remove-", "remove-x", "prefer-٣", "save", "delete-3"])
    func otherActionsAreNotEntryActions(_ value: String) {
        #expect(FormEntryAction(value) == nil)
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}

extension FriendsWebApp {
    var form: FriendFormViewModel? {
        if case .form(let form, _)? = screens.last { form } else { nil }
    }
}
