import FriendStorage
import FriendsAPI
import Hummingbird

/// Reads `limit`, `cursor` and `q` of `GET /friends`, naming every bad parameter at once.
enum ListQueryParser {
    static let maximumSearchLength = 200

    /// The store request, asking for one friend more than the page holds to learn whether another page follows.
    static func request(from httpRequest: Request) throws -> (pageSize: Int, request: FriendListRequest) {
        let parameters = httpRequest.uri.queryParameters
        var failures: [String: String] = [:]

        var limit = FriendListQuery.defaultLimit
        if let text = parameters.get(FriendListQuery.Name.limit) {
            if let value = Int(text), (1...FriendListQuery.maximumLimit).contains(value) {
                limit = value
            } else {
                failures[FriendListQuery.Name.limit] = "Limit must be a whole number from 1 to \(FriendListQuery.maximumLimit)."
            }
        }

        var after: FriendSortKey?
        if let text = parameters.get(FriendListQuery.Name.cursor), !text.isEmpty {
            after = FriendCursor.decode(text)
            if after == nil {
                failures[FriendListQuery.Name.cursor] = "The cursor is not valid; start again from the first page."
            }
        }

        var search: FriendSearch?
        if let text = parameters.get(FriendListQuery.Name.search) {
            if text.unicodeScalars.count > maximumSearchLength {
                failures[FriendListQuery.Name.search] = "Search must be at most \(maximumSearchLength) characters."
            } else if FriendValidation.trim(text).unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                failures[FriendListQuery.Name.search] = "Search must not contain control characters."
            } else {
                search = FriendSearch(text)
            }
        }

        guard failures.isEmpty else { throw APIError(.badRequest, "Some query parameters are not valid.", fields: failures) }
        return (limit, FriendListRequest(limit: limit + 1, after: after, search: search))
    }

    static func page(from rows: [StoredFriend], pageSize: Int, total: Int? = nil) -> FriendPage {
        let items = rows.prefix(pageSize).map(\.versionedFriend)
        let nextCursor = rows.count > pageSize ? items.last.map { FriendCursor.encode(FriendSortKey($0)) } : nil
        return FriendPage(items: Array(items), nextCursor: nextCursor, total: total)
    }
}
