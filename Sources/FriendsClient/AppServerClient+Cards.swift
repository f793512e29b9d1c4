import Foundation
import FriendsAPI

extension AppServerClient: CardExchanging {
    /// `GET /friends` with `Accept: text/vcard` (`; version=3.0` when one is asked for): every
    /// friend's card, one after the other.
    public func exportCards(in version: CardFileVersion?) async throws(AppServerError) -> Data {
        let (data, response) = try await send(.get, FriendsRoutes.friends, accept: CardFileVersion.accept(version))
        if let version, !version.isNamed(byContentType: response.value(forHTTPHeaderField: "Content-Type")) {
            throw .undecodable
        }
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
