/// A value together with the `ETag` the server sent for it.
///
/// Pass `eTag` back as `If-Match` when updating or deleting, so a change made elsewhere in the
/// meantime is reported as `.conflict` instead of being overwritten.
public struct Versioned<Value> {
    public var value: Value
    /// `nil` when the server sent no entity tag.
    public var eTag: String?

    public init(_ value: Value, eTag: String?) {
        self.value = value
        self.eTag = eTag
    }
}

extension Versioned: Sendable where Value: Sendable {}
extension Versioned: Equatable where Value: Equatable {}
