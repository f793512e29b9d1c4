import Foundation
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService

/// `/friends` and `/friends/{id}`: the happy paths and the promises around them.
struct FriendRoutesTests {
    @Test func creatingAnswers201WithLocationETagAndTheTrimmedFriend() async throws {
        try await TestApp.run { client, _ in
            let response = try await client.send(
                .post, "/friends",
                json: #"{"firstname": "  José ", "lastname": "Ødegaard", "phonenumber": "+47 22 00 00 00", "email": "jose@example.com", "about": "Plays."}"#
            )
            #expect(response.status == .created)
            let friend = try response.decode(Friend.self)
            #expect(friend.seedFields == NewFriend(firstname: "José", lastname: "Ødegaard", phonenumber: "+47 22 00 00 00", email: "jose@example.com", about: "Plays."))
            #expect(friend.version == 1)
            #expect(friend.phones == [LabeledValue(label: "mobile", value: "+47 22 00 00 00")])
            #expect(!friend.uid.isEmpty)
            #expect(response.headers[.location] == "/friends/\(friend.id)")
            #expect(response.headers[.eTag] == "\"\(friend.id)-1\"")
        }
    }

    /// `phones` and `emails`, when sent, are every number and address, as in a `PATCH`: the
    /// single fields beside them are ignored, also when the lists are empty.
    @Test func creatingWithListsIgnoresTheSingleFieldsBesideThem() async throws {
        try await TestApp.run { client, _ in
            let empty = try await client.send(
                .post, "/friends",
                json: #"{"firstname": "X", "phones": [], "phonenumber": "777", "emails": [], "email": "x@example.org"}"#
            ).decode(Friend.self)
            #expect(empty.phones.isEmpty && empty.emails.isEmpty && empty.phonenumber.isEmpty && empty.email.isEmpty)
            let listed = try await client.send(
                .post, "/friends",
                json: #"{"firstname": "Y", "phones": [{"label": "work", "value": "555"}], "phonenumber": "777", "email": "y@example.org"}"#
            ).decode(Friend.self)
            #expect(listed.phones == [LabeledValue(label: "work", value: "555")] && listed.phonenumber == "555")
            #expect(listed.email == "y@example.org")
        }
    }

    @Test func aFriendIsReadWithItsETag() async throws {
        try await TestApp.run { client, _ in
            let (created, tag) = try await client.createFriend()
            let response = try await client.send(.get, "/friends/\(created.id)")
            #expect(response.status == .ok)
            #expect(try response.decode(Friend.self) == created)
            #expect(response.headers[.eTag] == tag)
        }
    }

    @Test func patchingChangesOnlyTheGivenFieldsAndGivesANewETag() async throws {
        try await TestApp.run { client, _ in
            let (created, tag) = try await client.createFriend()
            let response = try await client.send(
                .patch, "/friends/\(created.id)", json: #"{"phonenumber": "040 555 0101"}"#, headers: [.ifMatch: tag]
            )
            #expect(response.status == .ok)
            var expected = created
            expected.phonenumber = "040 555 0101"
            expected.phones = [LabeledValue(label: "mobile", value: "040 555 0101")]
            expected.version = 2
            #expect(try response.decode(Friend.self) == expected)
            #expect(response.headers[.eTag] == "\"\(created.id)-2\"")
            #expect(try await client.send(.get, "/friends/\(created.id)").decode(Friend.self) == expected)
        }
    }

    @Test func aStaleIfMatchGets412AndLosesNothing() async throws {
        try await TestApp.run { client, _ in
            let (created, firstTag) = try await client.createFriend()
            try await client.send(.patch, "/friends/\(created.id)", json: #"{"firstname": "Augusta"}"#, headers: [.ifMatch: firstTag])
            let stale = try await client.send(.patch, "/friends/\(created.id)", json: #"{"firstname": "Eve"}"#, headers: [.ifMatch: firstTag])
            #expect(stale.status == .preconditionFailed)
            #expect(try stale.envelope.fields["If-Match"] != nil)
            let staleDelete = try await client.send(.delete, "/friends/\(created.id)", headers: [.ifMatch: firstTag])
            #expect(staleDelete.status == .preconditionFailed)
            #expect(try await client.send(.get, "/friends/\(created.id)").decode(Friend.self).firstname == "Augusta")
        }
    }

    /// RFC 9110 13.1.2: a change is not made to a version `If-None-Match` names, `*` naming any.
    @Test(arguments: ["*", "\"1-1\"", "W/\"1-1\"", "\"9-9\", \"1-1\"", "\"1-1.vcf\""])
    func ifNoneMatchNamingTheCurrentVersionGets412AndChangesNothing(header: String) async throws {
        try await TestApp.run { client, _ in
            let (created, _) = try await client.createFriend()
            let patch = try await client.send(.patch, "/friends/1", json: #"{"about": "x"}"#, headers: [.ifNoneMatch: header])
            #expect(patch.status == .preconditionFailed)
            #expect(try patch.envelope.fields["If-None-Match"] != nil)
            let delete = try await client.send(.delete, "/friends/1", headers: [.ifNoneMatch: header])
            #expect(delete.status == .preconditionFailed)
            #expect(try await client.send(.get, "/friends/1").decode(Friend.self) == created)
        }
    }

    @Test func ifNoneMatchNamingAnOlderVersionLetsTheChangeThrough() async throws {
        try await TestApp.run { client, _ in
            _ = try await client.createFriend()
            let patch = try await client.send(.patch, "/friends/1", json: #"{"about": "x"}"#, headers: [.ifNoneMatch: "\"1-9\""])
            #expect(patch.status == .ok)
            let delete = try await client.send(.delete, "/friends/1", headers: [.ifNoneMatch: "\"1-1\""])
            #expect(delete.status == .noContent)
        }
    }

    @Test(arguments: ["*", "\"1-1\"", "\"9-9\", \"1-1\""])
    func ifMatchAcceptsTheCurrentTagOrAnyExisting(header: String) async throws {
        try await TestApp.run { client, _ in
            _ = try await client.createFriend()
            let response = try await client.send(.patch, "/friends/1", json: #"{"about": "x"}"#, headers: [.ifMatch: header])
            #expect(response.status == .ok)
        }
    }

    @Test(arguments: ["W/\"1-1\"", "\"1-2\"", "\"2-1\"", "\"garbage\"", "\"+1-1\"", "\"01-1\"", "\"1-01\"", "\"1-+1.vcf\""])
    func ifMatchRejectsWeakStaleAndForeignTags(header: String) async throws {
        try await TestApp.run { client, _ in
            _ = try await client.createFriend()
            let response = try await client.send(.patch, "/friends/1", json: #"{"about": "x"}"#, headers: [.ifMatch: header])
            #expect(response.status == .preconditionFailed)
        }
    }

    /// A tag without its quotes is no tag: not "changed by someone else" but a mistake to fix.
    /// An empty item too (`,`, as schemathesis sent beside `If-None-Match: *`): it was taken for
    /// no `If-Match`, and the `If-None-Match` answered 412.
    @Test(arguments: ["1-1", "garbage", "\"", "\"1-1\", 1-1", "W/1-1", ",", "\"1-1\",,\"1-2\""])
    func ifMatchWithoutAnEntityTagIs400(header: String) async throws {
        try await TestApp.run { client, store in
            _ = try await client.createFriend()
            for method in [HTTPRequest.Method.patch, .delete] {
                let response = try await client.send(
                    method, "/friends/1", json: #"{"about": "x"}"#, headers: [.ifMatch: header, .ifNoneMatch: "*"]
                )
                #expect(response.status == .badRequest)
                #expect(try response.envelope.fields == ["If-Match": "Must be * or entity tags in quotes."])
            }
            #expect(try await store.friend(id: 1)?.version == 1)
        }
    }

    /// An unquoted tag in `If-None-Match` was taken for no condition: the change was made, a
    /// delete too, though the client asked for it only on a condition.
    @Test(arguments: ["1-1", "garbage", "\"1-1\", 1-1", ","])
    func aChangeWithIfNoneMatchThatIsNoEntityTagIs400(header: String) async throws {
        try await TestApp.run { client, store in
            _ = try await client.createFriend()
            for method in [HTTPRequest.Method.patch, .delete] {
                let response = try await client.send(method, "/friends/1", json: #"{"about": "x"}"#, headers: [.ifNoneMatch: header])
                #expect(response.status == .badRequest, "\(method) \(header)")
                #expect(try response.envelope.fields == ["If-None-Match": "Must be * or entity tags in quotes."])
            }
            #expect(try await store.friend(id: 1)?.version == 1)
        }
    }

    /// RFC 9110 13.1.1 asks every method to evaluate `If-Match`, before `If-None-Match`: a client
    /// that reads only the version it knows gets `412`, never another version's friend or `304`.
    @Test func aReadWithIfMatchAnswers412UnlessItNamesTheVersionStoredNow() async throws {
        try await TestApp.run { client, _ in
            let (created, firstTag) = try await client.createFriend()
            let path = "/friends/\(created.id)"
            let card = try await client.send(.get, path, headers: [.accept: "text/vcard"])
            let firstCardTag = try #require(card.headers[.eTag])
            for header in ["*", firstTag, "\"9-9\", \(firstTag)"] {
                #expect(try await client.send(.get, path, headers: [.ifMatch: header]).status == .ok, "\(header)")
            }
            #expect(try await client.send(.get, path, headers: [.ifMatch: firstCardTag, .accept: "text/vcard"]).status == .ok)
            #expect(try await client.send(.patch, path, json: #"{"about": "x"}"#).status == .ok)
            for accept in ["application/json", "text/vcard"] {
                for tag in [firstTag, firstCardTag] {
                    let stale = try await client.send(.get, path, headers: [.ifMatch: tag, .ifNoneMatch: "*", .accept: accept])
                    #expect(stale.status == .preconditionFailed, "\(accept) \(tag)")
                    #expect(try stale.envelope.fields["If-Match"] != nil)
                }
                let malformed = try await client.send(.get, path, headers: [.ifMatch: "1-1", .accept: accept])
                #expect(malformed.status == .badRequest)
            }
            #expect(try await client.send(.get, "/friends/99", headers: [.ifMatch: firstTag]).status == .notFound)
        }
    }

    @Test func deletingAnswers204AndTheFriendIsGone() async throws {
        try await TestApp.run { client, _ in
            let (created, tag) = try await client.createFriend()
            let response = try await client.send(.delete, "/friends/\(created.id)", headers: [.ifMatch: tag])
            #expect(response.status == .noContent)
            #expect(response.body.readableBytes == 0)
            #expect(try await client.send(.get, "/friends/\(created.id)").status == .notFound)
            #expect(try await client.send(.delete, "/friends/\(created.id)").status == .notFound)
        }
    }

    @Test func theListPagesWithACursorUntilNull() async throws {
        try await TestApp.run { client, store in
            try await store.insert((1...5).map { NewFriend.sample("F\($0)", "Last\(6 - $0)") })
            var names: [String] = []
            var uri = "/friends?limit=2"
            var pages = 0
            while true {
                let response = try await client.send(.get, uri)
                #expect(response.status == .ok)
                let page = try response.decode(FriendPage.self)
                names += page.items.map(\.lastname)
                pages += 1
                guard let cursor = page.nextCursor else { break }
                uri = "/friends?limit=2&cursor=\(cursor)"
            }
            #expect(names == ["Last1", "Last2", "Last3", "Last4", "Last5"])
            #expect(pages == 3)
        }
    }

    @Test func theListDefaultsToFiftyAndSearchesWithQ() async throws {
        try await TestApp.run { client, store in
            try await store.insert((1...60).map { NewFriend.sample("Ann", "Smith\($0)") } + [.sample("Grace", "Hopper", phone: "040 1")])
            let page = try await client.send(.get, "/friends").decode(FriendPage.self)
            #expect(page.items.count == 50)
            #expect(page.nextCursor != nil)
            let found = try await client.send(.get, "/friends?q=HOP").decode(FriendPage.self)
            #expect(found.items.map(\.firstname) == ["Grace"])
            #expect(found.nextCursor == nil)
            let byPhone = try await client.send(.get, "/friends?q=%2B0401").decode(FriendPage.self)
            #expect(byPhone.items.map(\.firstname) == ["Grace"])
            let encoded = try await client.send(.get, "/friends?q=grace%20ho").decode(FriendPage.self)
            #expect(encoded.items.map(\.firstname) == ["Grace"])
            // As an HTML form, URLSearchParams or Python's urlencode write a space.
            let formEncoded = try await client.send(.get, "/friends?q=grace+ho").decode(FriendPage.self)
            #expect(formEncoded.items.map(\.firstname) == ["Grace"])
            for broken in ["%zz", "%E2%82", "100%"] {
                let refused = try await client.send(.get, "/friends?q=\(broken)")
                #expect(refused.status == .badRequest, "\(broken)")
                #expect(try refused.envelope.fields == ["q": "Search must be percent-encoded UTF-8: write % as %25."])
            }
        }
    }

    /// A form encodes names as it encodes values: `%71` is `q`. Read as another name, it was
    /// ignored (the whole list for a search), and a second `q` so written was not refused.
    @Test func percentEncodedParameterNamesAreTheNamesTheySpell() async throws {
        try await TestApp.run { client, store in
            try await store.insert([.sample("Grace", "Hopper"), .sample("Ada", "Lovelace")])
            let found = try await client.send(.get, "/friends?%71=ada").decode(FriendPage.self)
            #expect(found.items.map(\.firstname) == ["Ada"])
            let one = try await client.send(.get, "/friends?%6Cimit=1").decode(FriendPage.self)
            #expect(one.items.count == 1)
            let twice = try await client.send(.get, "/friends?q=ada&%71=bob")
            #expect(twice.status == .badRequest)
            #expect(try twice.envelope.fields == ["q": "Given more than once."])
            let exported = try await client.send(.get, "/friends?%71=ada", headers: [.accept: "text/vcard"])
            #expect(exported.text.contains("FN:Ada Lovelace") && !exported.text.contains("Hopper"))
        }
    }

    @Test func theExportChecksQAsTheListDoes() async throws {
        try await TestApp.run { client, store in
            try await store.insert([.sample("Grace", "Hopper"), .sample("Ada", "Lovelace")])
            let found = try await client.send(.get, "/friends?q=grace+ho", headers: [.accept: "text/vcard"])
            #expect(found.status == .ok)
            #expect(found.text.contains("FN:Grace Hopper") && !found.text.contains("Lovelace"))
            let control = try await client.send(.get, "/friends?q=%00", headers: [.accept: "text/vcard"])
            #expect(control.status == .badRequest, "not an empty file, which reads as no friends")
            let long = try await client.send(.get, "/friends?q=" + String(repeating: "a", count: 201), headers: [.accept: "text/vcard"])
            #expect(long.status == .badRequest)
        }
    }

    @Test func theAvatarIsACacheableSVGOfTheInitials() async throws {
        try await TestApp.run { client, _ in
            let (created, _) = try await client.createFriend(#"{"firstname": "ada", "lastname": "<Lovelace>"}"#)
            let response = try await client.send(.get, "/friends/\(created.id)/avatar")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
            #expect(response.headers[.cacheControl] == "public, max-age=300")
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.text.hasPrefix("<svg"))
            #expect(response.text.contains(">A&lt;</text>"))
            let tag = try #require(response.headers[.eTag])
            let again = try await client.send(.get, "/friends/\(created.id)/avatar", headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            try await client.send(.patch, "/friends/\(created.id)", json: #"{"firstname": "Bea"}"#)
            let changed = try await client.send(.get, "/friends/\(created.id)/avatar", headers: [.ifNoneMatch: tag])
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != tag)
            #expect(try await client.send(.get, "/friends/99/avatar").status == .notFound)
        }
    }

    @Test func healthNamesTheDatabase() async throws {
        try await TestApp.run { client, _ in
            let response = try await client.send(.get, "/health")
            #expect(response.status == .ok)
            #expect(try response.decode(HealthStatus.self) == HealthStatus(status: "ok", database: "memory"))
        }
    }
}
