import FriendsAPI

/// What one row of the friends list shows; an inert value, the row never sees the model.
public struct FriendCellViewModel: Equatable, Hashable, Sendable {
    /// "First Last".
    public let fullName: String
    /// The phone number as entered, empty when there is none.
    public let phonenumberText: String
    /// Upper-case first letters of the first and last name, e.g. "AL".
    public let initials: String

    /// Inlinable so that mapping an array of friends copies these three fields, not each whole
    /// friend (see BENCHMARKS.md).
    @inlinable
    public init(friend: Friend) {
        self.init(firstname: friend.firstname, lastname: friend.lastname, phonenumber: friend.phonenumber)
    }

    @usableFromInline
    init(firstname: String, lastname: String, phonenumber: String) {
        fullName = Self.fullName(first: firstname, last: lastname)
        phonenumberText = phonenumber
        initials = Self.initials(first: firstname, last: lastname)
    }
}

extension Friend {
    var fullName: String { FriendCellViewModel.fullName(first: firstname, last: lastname) }
    var initials: String { FriendCellViewModel.initials(first: firstname, last: lastname) }
}

// A list of 100,000 friends builds 100,000 cells at once, so these work on bytes where that is
// enough (see BENCHMARKS.md).
extension FriendCellViewModel {
    /// "First Last", or the name that is not empty: one allocation of the exact size, none up to
    /// the 15 bytes Swift keeps inline.
    fileprivate static func fullName(first: String, last: String) -> String {
        if first.isEmpty { return last }
        if last.isEmpty { return first }
        return String(unsafeUninitializedCapacity: first.utf8.count + 1 + last.utf8.count) { buffer in
            let space = buffer.initialize(fromContentsOf: first.utf8)
            buffer[space] = UInt8(ascii: " ")
            return buffer[(space + 1)...].initialize(fromContentsOf: last.utf8)
        }
    }

    /// The upper-cased first character of each name.
    fileprivate static func initials(first: String, last: String) -> String {
        if let first = first.asciiInitial, let last = last.asciiInitial {
            return String(ascii: first, last)
        }
        return first.initial + last.initial
    }
}

extension String {
    /// The first character, upper-cased; empty for an empty string.
    fileprivate var initial: String {
        if let byte = asciiInitial { return String(ascii: byte) }
        return first?.uppercased() ?? ""
    }

    /// The upper-cased first character when it is a single ASCII byte, else nil. Swift's grapheme
    /// breaking never joins two scalars below U+0300 except CR LF, so the second byte settles it.
    fileprivate var asciiInitial: UInt8? {
        utf8.withContiguousStorageIfAvailable { bytes -> UInt8? in
            guard let first = bytes.first, first < 0x80 else { return nil }
            if bytes.count > 1 {
                let next = bytes[1]  // 0xCC and up start U+0300 and up, where combining marks begin
                if next >= 0xCC || (first == UInt8(ascii: "\r") && next == UInt8(ascii: "\n")) { return nil }
            }
            return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) ? first - 0x20 : first
        } ?? nil
    }

    /// A string of one or two ASCII bytes (small enough to need no allocation).
    fileprivate init(ascii first: UInt8, _ second: UInt8? = nil) {
        self.init(unsafeUninitializedCapacity: 2) { buffer in
            buffer[0] = first
            guard let second else { return 1 }
            buffer[1] = second
            return 2
        }
    }
}
