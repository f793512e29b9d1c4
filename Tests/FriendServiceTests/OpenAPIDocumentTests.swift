import Foundation
import FriendsAPI
import Hummingbird
import Testing

@testable import FriendService
@testable import FriendStorage

struct OpenAPIDocumentTests {
    private struct Operation: Hashable, CustomStringConvertible {
        var method: String
        var path: String
        var operationID: String
        var description: String { "\(method) \(path) \(operationID)" }
    }

    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    private static func document(withToken: Bool = false) throws -> [String: Any] {
        try document(for: withToken ? .token : .open)
    }

    private static func document(for access: OpenAPIDocument.Access) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: OpenAPIDocument.served(for: access)) as? [String: Any])
    }

    private static func operations(in document: [String: Any]) throws -> [(Operation, [String: Any])] {
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        return paths.flatMap { path, item in
            item.compactMap { method, operation -> (Operation, [String: Any])? in
                guard methods.contains(method), let operation = operation as? [String: Any] else { return nil }
                let id = operation["operationId"] as? String ?? ""
                return (Operation(method: method.uppercased(), path: path, operationID: id), operation)
            }
        }
    }

    @Test func theWriterSortsKeysByTheirBytesAndIndents() {
        let object: OpenAPIObject = ["b": [1, true, "x\"y", 2.5] as [Any], "a": [:] as OpenAPIObject, "B": [] as [Any], "c": ["d": "é/\n"]]
        #expect(String(decoding: OpenAPIJSONWriter.data(object), as: UTF8.self) == #"""
            {
              "B": [],
              "a": {},
              "b": [
                1,
                true,
                "x\"y",
                2.5
              ],
              "c": {
                "d": "é/\n"
              }
            }

            """#)
    }

    /// Served as written once at start: the same text each time it is made.
    @Test func theDocumentIsTheSameTextEachTime() {
        for access in [OpenAPIDocument.Access.open, .token, .accounts] {
            #expect(OpenAPIDocument.served(for: access) == OpenAPIDocument.served(for: access))
        }
    }

    @Test func theDocumentDescribesExactlyTheRouteTable() throws {
        let document = try Self.document()
        #expect(document["openapi"] as? String == "3.0.3")
        let documented = Set(try Self.operations(in: document).map(\.0))
        let table = Set(FriendsEndpoint.allCases.map { Operation(method: $0.method, path: $0.pathPattern, operationID: $0.rawValue) })
        #expect(documented == table)
    }

    @Test func refusalsThatSayWhenOrHowToComeBackDeclareTheHeaderThatSaysIt() throws {
        let document = try Self.document(for: .accounts)
        let responses = try #require((document["components"] as? [String: Any])?["responses"] as? [String: [String: Any]])
        for (name, header) in [("Unavailable", "Retry-After"), ("SignInRequired", "WWW-Authenticate"), ("TooManySignIns", "Retry-After")] {
            #expect((responses[name]?["headers"] as? [String: Any])?[header] != nil, "\(name)")
        }
        let list = try #require(try Self.operations(in: document).first { $0.0.operationID == FriendsEndpoint.listFriends.rawValue }?.1)
        let answers = try #require(list["responses"] as? [String: [String: Any]])
        #expect(answers["401"]?["$ref"] as? String == "#/components/responses/SignInRequired")
        #expect(answers["429"]?["$ref"] as? String == "#/components/responses/TooManySignIns")
        #expect(answers["503"]?["$ref"] as? String == "#/components/responses/Unavailable")
    }

    @Test func theServerRegistersExactlyTheRouteTable() {
        let router = buildRouter(store: MemoryFriendStore(), configuration: TestApp.configuration())
        let served = Set(router.routes.filter { $0.method != .head }.map { "\($0.method.rawValue) \($0.path.description)" })
        #expect(served == Set(FriendsEndpoint.allCases.map { "\($0.method) \($0.pathPattern)" }))
        #expect(served.count == FriendsEndpoint.allCases.count)
        let headed = Set(router.routes.filter { $0.method == .head }.map(\.path.description))
        #expect(headed == Set(FriendsEndpoint.allCases.filter { $0.method == "GET" }.map(\.pathPattern)), "HEAD wherever GET")
    }

    @Test func theClientsPathsComeFromTheRouteTable() {
        #expect(FriendsRoutes.friend(id: 7) == "/friends/7")
        #expect(FriendsRoutes.avatar(id: 7) == "/friends/7/avatar")
        #expect(FriendsRoutes.Legacy.editFriend(id: 7) == "/editFriend/7")
        #expect(RouteTable.methods(servingPath: "/friends/7").map(\.rawValue).sorted() == ["DELETE", "GET", "HEAD", "PATCH"])
    }

    @Test func securityIsDeclaredOnlyWhenTheServerHasAToken() throws {
        let open = try Self.document(withToken: false)
        #expect(open["security"] == nil)
        #expect((open["components"] as? [String: Any])?["securitySchemes"] == nil)
        for (operation, body) in try Self.operations(in: open) {
            #expect((body["responses"] as? [String: Any])?["401"] == nil, "\(operation)")
        }

        let guarded = try Self.document(withToken: true)
        #expect(guarded["security"] != nil)
        for (operation, body) in try Self.operations(in: guarded) {
            let endpoint = try #require(FriendsEndpoint(rawValue: operation.operationID))
            let responses = try #require(body["responses"] as? [String: Any])
            #expect((responses["401"] != nil) == endpoint.needsToken, "\(operation)")
            #expect((responses["429"] != nil) == endpoint.needsToken, "\(operation)")
            #expect((body["security"] as? [Any])?.isEmpty == (endpoint.needsToken ? nil : true), "\(operation)")
        }
    }

    @Test func withAccountsBasicAndBearerAreDeclaredWithTheirRefusals() throws {
        let document = try Self.document(for: .accounts)
        #expect(document["security"] as? [[String: [String]]] == [["basic": []], ["bearer": []]])
        let schemes = try #require(document[path: ["components", "securitySchemes"]] as? [String: [String: String]])
        #expect(schemes["basic"]?["scheme"] == "basic")
        #expect(schemes["bearer"]?["scheme"] == "bearer")
        for (operation, body) in try Self.operations(in: document) {
            let endpoint = try #require(FriendsEndpoint(rawValue: operation.operationID))
            let responses = try #require(body["responses"] as? [String: Any])
            #expect((responses["401"] != nil) == endpoint.needsToken, "\(operation)")
            #expect((responses["429"] != nil) == endpoint.needsToken, "\(operation)")
            #expect((body["security"] as? [Any])?.isEmpty == (endpoint.needsToken ? nil : true), "\(operation)")
        }
    }

    @Test(arguments: [[], ["alice"]])
    func aServerServesTheDocumentOfHowItLetsClientsInNow(accounts: [String]) async throws {
        try await AccountsTestApp.run(accounts: accounts) { server in
            let response = try await server.http.send(.get, "/openapi.json")
            #expect(Data(response.body.readableBytesView) == OpenAPIDocument.served(for: accounts.isEmpty ? .open : .accounts))
        }
    }

    @Test func requestBodiesRejectUnknownFieldsAndStateTheServersRules() throws {
        let schemas = try #require((try Self.document()["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        for name in ["NewFriend", "FriendUpdate"] {
            let schema = try #require(schemas[name])
            #expect(schema["additionalProperties"] as? Bool == false, "\(name)")
            let properties = try #require(schema["properties"] as? [String: [String: Any]])
            let lists = ["phones", "emails", "addresses"]
            let echoedBack = ["id", "version", "photo", "uid"]
            #expect(Set(properties.keys) == Set(FriendField.allCases.map(\.rawValue) + lists + echoedBack))
            #expect(properties["phonenumber"]?["pattern"] as? String == FriendValidation.Pattern.phoneNumber)
            #expect(properties["birthday"]?["pattern"] as? String == FriendValidation.Pattern.birthday)
            #expect(properties["firstname"]?["maxLength"] as? Int == FriendValidation.maximumNameLength)
            #expect(properties["firstname"]?["pattern"] as? String == FriendValidation.Pattern.name)
            #expect(properties["about"]?["maxLength"] as? Int == FriendValidation.maximumAboutLength)
        }
    }

    /// The live feed's example is the friend example as the server writes it on the wire.
    @Test func theLiveFeedsExampleDataIsTheFriendAsTheServerWritesIt() throws {
        let data = try #require(OpenAPIExamples.event["data"] as? String)
        let friend = try JSONDecoder().decode(Friend.self, from: Data(data.utf8))
        #expect(String(buffer: FriendJSON.body(friend)) == data)
        #expect(friend.version == OpenAPIExamples.friend["version"] as? Int)
    }

    /// A field added to `Friend` fails here until the document describes it, in the schema and
    /// in the example; the example is a friend as the server sends one.
    @Test func theFriendSchemaAndExampleHoldEveryFieldAFriendSends() throws {
        let example = try JSONSerialization.data(withJSONObject: OpenAPIExamples.friend)
        let friend = try JSONDecoder().decode(Friend.self, from: example)
        let sent = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(friend)) as? [String: Any])
        let schema = try #require(try Self.document()[path: ["components", "schemas", "Friend", "properties"]] as? [String: Any])
        #expect(Set(sent.keys) == Set(schema.keys))
        #expect(Set(sent.keys) == Set(OpenAPIExamples.friend.keys))
        #expect(OpenAPIDocument.fieldProperties.keys.allSatisfy(schema.keys.contains))
    }

    @Test func everyBodyAndEveryResponseWithContentHasAnExample() throws {
        let document = try Self.document(withToken: true)
        let components = try #require(document["components"] as? [String: Any])
        func resolve(_ node: [String: Any]) -> [String: Any] {
            guard let reference = node["$ref"] as? String else { return node }
            let keys = reference.dropFirst(2).split(separator: "/").map(String.init)
            return (document[path: keys] as? [String: Any]) ?? [:]
        }
        var checked = 0
        for (operation, body) in try Self.operations(in: document) {
            var media: [(String, [String: Any])] = []
            if let requestBody = body["requestBody"] as? [String: Any] {
                media += (requestBody["content"] as? [String: [String: Any]] ?? [:]).map { ("\(operation) body", $0.value) }
            }
            for (status, response) in body["responses"] as? [String: [String: Any]] ?? [:] {
                media += (resolve(response)["content"] as? [String: [String: Any]] ?? [:]).map { ("\(operation) \(status)", $0.value) }
            }
            for (name, medium) in media {
                #expect(medium["example"] != nil, "\(name)")
                checked += 1
            }
        }
        #expect(checked > 30)
        #expect(components["responses"] != nil)
    }

    @Test(arguments: [OpenAPIDocument.Access.open, .token, .accounts])
    func everyReferenceResolves(access: OpenAPIDocument.Access) throws {
        let document = try Self.document(for: access)
        let text = String(decoding: OpenAPIDocument.served(for: access), as: UTF8.self)
        let references = text.matches(of: /"\$ref" ?: ?"#\/([^"]+)"/).map { String($0.output.1) }
        #expect(!references.isEmpty)
        for reference in Set(references) {
            #expect(document[path: reference.split(separator: "/").map(String.init)] != nil, "unresolved $ref \(reference)")
        }
    }

    @Test(arguments: [false, true])
    func theServedDocumentIsTheOneForTheServersConfiguration(withToken: Bool) async throws {
        try await TestApp.run(token: withToken ? "secret" : nil) { client, _ in
            let response = try await client.send(.get, "/openapi.json")
            #expect(Data(response.body.readableBytesView) == OpenAPIDocument.served(for: withToken ? .token : .open))
        }
    }
}
