import Foundation
import Hummingbird
import Testing

@testable import FriendService

struct OpenAPIDocumentTests {
    private struct Operation: Hashable, CustomStringConvertible {
        var method: String
        var path: String
        var description: String { "\(method) \(path)" }
    }

    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    private func documentedOperations() throws -> Set<Operation> {
        let document = try #require(try JSONSerialization.jsonObject(with: OpenAPIDocument.json) as? [String: Any])
        #expect(document["openapi"] as? String == "3.0.3")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        return Set(paths.flatMap { path, item in
            item.keys.filter(Self.methods.contains).map { Operation(method: $0.uppercased(), path: path) }
        })
    }

    @Test func everyRouteIsDocumentedAndEveryDocumentedRouteExists() throws {
        let router = buildRouter(store: MemoryFriendStore(), configuration: TestApp.configuration())
        let served = Set(router.routes.map { Operation(method: $0.method.rawValue, path: $0.path.description) })
        let documented = try documentedOperations()
        #expect(served.subtracting(documented).isEmpty, "served but not documented")
        #expect(documented.subtracting(served).isEmpty, "documented but not served")
        #expect(served.count == 13)
    }

    @Test func everyReferenceResolves() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: OpenAPIDocument.json) as? [String: Any])
        let references = OpenAPIDocument.text.matches(of: /"\$ref": "#\/([^"]+)"/).map { String($0.output.1) }
        #expect(!references.isEmpty)
        for reference in Set(references) {
            var node: Any? = document
            for key in reference.split(separator: "/") { node = (node as? [String: Any])?[String(key)] }
            #expect(node != nil, "unresolved $ref \(reference)")
        }
    }

    @Test func theServedDocumentIsTheSame() async throws {
        try await TestApp.run { client, _ in
            let response = try await client.send(.get, "/openapi.json")
            #expect(Data(response.body.readableBytesView) == OpenAPIDocument.json)
        }
    }
}
