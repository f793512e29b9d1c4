import Foundation
import FriendStorage
import FriendsAPI
import Hummingbird

/// Reads `limit`, `cursor` and `q` of `GET /friends`, naming every bad parameter at once.
enum ListQueryParser {
    static let maximumSearchLength = 200

    /// The store request, asking for one friend more than the page holds to learn whether another page follows.
    static func request(from httpRequest: Request) throws -> (pageSize: Int, request: FriendListRequest) {
        let items = FormItems(httpRequest.uri.query)
        var failures = repeated(in: items)

        var limit = FriendListQuery.defaultLimit
        if failures[FriendListQuery.Name.limit] == nil, let text = items.value(named: FriendListQuery.Name.limit) {
            if let value = Int(plainly: text), (1...FriendListQuery.maximumLimit).contains(value) {
                limit = value
            } else {
                failures[FriendListQuery.Name.limit] = "Limit must be a whole number from 1 to \(FriendListQuery.maximumLimit)."
            }
        }

        var after: FriendSortKey?
        if failures[FriendListQuery.Name.cursor] == nil, let text = items.value(named: FriendListQuery.Name.cursor), !text.isEmpty {
            after = FriendCursor.decode(text)
            if after == nil {
                failures[FriendListQuery.Name.cursor] = "The cursor is not valid; start again from the first page."
            }
        }

        var search: FriendSearch?
        do {
            if failures[FriendListQuery.Name.search] == nil { search = try Self.search(items.rawValues(named: FriendListQuery.Name.search).first) }
        } catch {
            failures[FriendListQuery.Name.search] = error.message
        }

        guard failures.isEmpty else { throw invalidQuery(failures) }
        return (limit, FriendListRequest(limit: limit + 1, after: after, search: search))
    }

    /// The parameters given more than once: which of two values was meant would be a guess, as
    /// for a JSON key given twice.
    static func repeated(in items: FormItems) -> [String: String] {
        var failures: [String: String] = [:]
        for name in [FriendListQuery.Name.limit, FriendListQuery.Name.cursor, FriendListQuery.Name.search]
        where items.rawValues(named: name).count > 1 {
            failures[name] = "Given more than once."
        }
        return failures
    }

    /// `q` as sent, decoded and checked: at most `maximumSearchLength` characters, no control characters.
    static func search(_ rawValue: Substring?) throws(SearchRefusal) -> FriendSearch? {
        guard let text = try searchText(rawValue) else { return nil }
        if text.unicodeScalars.count > maximumSearchLength {
            throw SearchRefusal(message: "Search must be at most \(maximumSearchLength) characters.")
        }
        if FriendValidation.trim(text).unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw SearchRefusal(message: "Search must not contain control characters.")
        }
        return FriendSearch(text)
    }

    struct SearchRefusal: Error {
        let message: String
    }

    /// The answer to query parameters that are not valid, each named with what is wrong with it.
    static func invalidQuery(_ failures: [String: String]) -> APIError {
        APIError(.badRequest, "Some query parameters are not valid.", fields: failures)
    }

    /// A value of `q` read as a form writes it (an HTML form, `URLSearchParams`, Python's
    /// `urlencode`): `+` is a space and `%2B` a plus. A `%` that escapes no UTF-8 (`%zz`, half a
    /// character) is refused: searching for the text as sent would find what was not meant.
    static func searchText(_ rawValue: Substring?) throws(SearchRefusal) -> String? {
        guard let rawValue else { return nil }
        guard let text = FormItems.decoded(rawValue) else {
            throw SearchRefusal(message: "Search must be percent-encoded UTF-8: write % as %25.")
        }
        return text
    }
}
