import Foundation
import FriendsAPI
import FriendsClient
import TestSupport
import Testing
@testable import FriendsViewModels

/// What the detail screens of both view families draw of a full contact: every phone and email
/// with its label, the addresses line by line, the birthday written out, the organization; only
/// the sections with something in them.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct ContactSectionsTests {
    let client = FakeFriendsClient()

    static let full = Friend(
        id: 7, firstname: "Ada", lastname: "Lovelace", phonenumber: "+44 20 7946 0001", email: "ada@example.com",
        about: "Wrote the first program.", version: 1, organization: "Analytical Engines Ltd",
        phones: [LabeledValue(label: "mobile", value: "+44 20 7946 0001"), LabeledValue(label: "work", value: "+44 20 7946 0002"),
                 LabeledValue(label: "", value: "0800 123")],
        emails: [LabeledValue(label: "home", value: "ada@example.com"), LabeledValue(label: "work", value: "ada@engines.example")],
        addresses: [PostalAddress(label: "home", street: "12 St James's Square", city: "London", postcode: "SW1Y 4JH", country: "United Kingdom"),
                    PostalAddress(label: "work")],
        birthday: "1815-12-10"
    )

    func details(_ friend: Friend) -> FriendDetailViewModel {
        FriendDetailViewModel(friend: friend, client: client, avatars: ImageLoader(avatarsFrom: client))
    }

    @Test func everySectionInTheOrderOfAContactCardWithItsLabels() {
        let sections = details(Self.full).sections.value
        #expect(sections.map(\.title) == ["Phone", "Email", "Address", "Birthday", "Organization", "About"])
        #expect(sections.map(\.kind) == [.phones, .emails, .addresses, .birthday, .organization, .about])
        #expect(sections[0].rows == [
            .init(label: "mobile", lines: ["+44 20 7946 0001"]), .init(label: "work", lines: ["+44 20 7946 0002"]),
            .init(label: "", lines: ["0800 123"]),
        ])
        #expect(sections[1].rows.map(\.label) == ["home", "work"])
        #expect(sections[1].rows.map(\.text) == ["ada@example.com", "ada@engines.example"])
        // The empty work address is no row; the home one is an envelope's lines.
        #expect(sections[2].rows == [.init(label: "home", lines: ["12 St James's Square", "London", "SW1Y 4JH", "United Kingdom"])])
        #expect(sections[3].rows == [.init(lines: ["10 December 1815"])])
        #expect(sections[4].rows == [.init(lines: ["Analytical Engines Ltd"])])
        #expect(sections[5].rows == [.init(lines: ["Wrote the first program."])])
    }

    @Test("an address is written as envelopes of its country have it", arguments: [
        (PostalAddress(street: "6925 Hollywood Blvd", city: "Los Angeles", region: "CA", postcode: "90028", country: "USA"),
         ["6925 Hollywood Blvd", "Los Angeles, CA 90028", "USA"]),
        (PostalAddress(street: "1 Infinite Loop", city: "Cupertino", region: "CA", postcode: "95014-2083", country: "U.S."),
         ["1 Infinite Loop", "Cupertino, CA 95014-2083", "U.S."]),
        (PostalAddress(street: "6925 Hollywood Blvd", city: "Los Angeles", region: "CA", postcode: "90028"),
         ["6925 Hollywood Blvd", "Los Angeles, CA 90028"]),
        (PostalAddress(street: "290 Bremner Blvd", city: "Toronto", region: "ON", postcode: "M5V 3L9", country: "Canada"),
         ["290 Bremner Blvd", "Toronto ON M5V 3L9", "Canada"]),
        (PostalAddress(street: "10 Downing Street", city: "London", postcode: "SW1A 2AA", country: "UK"),
         ["10 Downing Street", "London", "SW1A 2AA", "UK"]),
        (PostalAddress(street: "Unter den Linden 1", city: "Berlin", postcode: "10117", country: "Germany"),
         ["Unter den Linden 1", "10117 Berlin", "Germany"]),
        (PostalAddress(street: "Pier 4", city: "Leith"), ["Pier 4", "Leith"]),
        (PostalAddress(city: "Springfield", region: "Illinois", country: "United States"), ["Springfield, Illinois", "United States"]),
    ])
    func envelopeOrder(address: PostalAddress, lines: [String]) {
        #expect(address.lines == lines)
    }

    @Test func emptySectionsAreNotShown() {
        #expect(details(Friend(id: 1, firstname: "Grace", lastname: "Hopper")).sections.value.isEmpty)
        let onlyBirthday = details(Friend(id: 1, firstname: "Grace", lastname: "", birthday: "--12-09")).sections.value
        #expect(onlyBirthday == [ContactSection(kind: .birthday, title: "Birthday", rows: [.init(lines: ["9 December"])])])
    }

    @Test func aFriendFromTheOriginalRoutesStillShowsItsNumberAndEmail() {
        let sections = details(Friend(id: 1, firstname: "Ada", lastname: "Lovelace", phonenumber: "0501234567", email: "ada@example.com")).sections.value
        #expect(sections.map(\.title) == ["Phone", "Email"])
        #expect(sections.map { $0.rows.map(\.text) } == [["0501234567"], ["ada@example.com"]])
    }

    @Test(arguments: [
        ("1815-12-10", "10 December 1815"), ("--12-10", "10 December"), ("18151210", "10 December 1815"),
        ("--0101", "1 January"), ("1906-12-09T00:00:00Z", "9 December 1906"), ("", ""),
        ("1815-13-10", "1815-13-10"), ("sometime in spring", "sometime in spring"),
    ])
    func birthdaysAreWrittenAsPeopleWriteThem(_ card: String, _ shown: String) {
        #expect(BirthdayText.readable(card) == shown)
    }

    @Test func aContactWithOnlyAnOrganizationIsCalledByIt() {
        let acme = Friend(id: 9, firstname: "", lastname: "", version: 1, organization: "Acme Plumbing")
        let viewModel = details(acme)
        #expect(viewModel.fullName.value == "Acme Plumbing")
        #expect(viewModel.initials.value == "AP")
        #expect(viewModel.sections.value.map(\.title) == ["Organization"])
        let cell = FriendCellViewModel(friend: acme)
        #expect(cell.fullName == "Acme Plumbing")
        #expect(cell.initials == "AP")
    }

    @Test func theSectionsFollowTheLatestDetails() async {
        var latest = Self.full
        latest.phones = [LabeledValue(label: "mobile", value: "+1 555 0100")]
        latest.birthday = ""
        await client.enqueueFriends(.success(Versioned(latest, eTag: "\"7-2\"")))
        await client.enqueueAvatars(.failure(.notFound))
        let viewModel = details(Self.full)
        let sections = Recorder(viewModel.sections)
        viewModel.viewAppeared()
        await viewModel.loadingFriend.task?.value
        #expect(sections.values.count == 2)
        #expect(sections.values.last?.first?.rows.map(\.text) == ["+1 555 0100"])
        #expect(sections.values.last?.contains { $0.kind == .birthday } == false)
    }
}
