/// One live region of a page: the element with `id` is replaced by `html`, which is that element
/// rendered again (its own tag included).
public struct Fragment: Equatable, Sendable, Encodable {
    public let id: String
    public let html: String

    public init(id: String, html: String) {
        self.id = id
        self.html = html
    }
}
