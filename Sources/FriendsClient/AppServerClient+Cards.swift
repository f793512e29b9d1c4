import Foundation
import FriendsAPI

extension AppServerClient: CardExchanging {
    /// `GET /friends` with `Accept: text/vcard`: every friend's card, one after the other.
    public func exportCards() async throws(AppServerError) -> Data {
        let (data, _) = try await send(.get, FriendsRoutes.friends, accept: Self.vCardType)
        return data
    }

    /// `POST /friends/import` with the file as `text/vcard` (with its `charset` when one is named).
    /// Good cards are kept even when others are refused; the report says which were refused and why.
    public func importCards(_ data: Data, characterSet: String?) async throws(AppServerError) -> ImportReport {
        let contentType = characterSet.map { "\(Self.vCardType); charset=\($0)" } ?? Self.vCardType
        let (answer, _) = try await send(.post, FriendsRoutes.friends + "/import", body: data, contentType: contentType)
        return try decode(ImportReport.self, from: answer)
    }

    static let vCardType = "text/vcard"
}
