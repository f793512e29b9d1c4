import Foundation
import FriendsAPI

/// Friends as vCards, the format every contact app reads and writes: all of them out as one
/// file, a file of cards in. `AppServerClient` is the real one.
public protocol CardExchanging: Sendable {
    /// Every friend as one vCard file (`.vcf`): every card in `version`, or each as it came when
    /// `nil`. A server that cannot write the version asked for throws `undecodable`.
    func exportCards(in version: CardFileVersion?) async throws(AppServerError) -> Data
    /// Sends a file of vCards, saying its character set when it is not UTF-8 (`windows-1252`, for
    /// a file saved on Windows); answers what was created, updated, unchanged and refused.
    func importCards(_ data: Data, characterSet: String?) async throws(AppServerError) -> ImportReport
    /// Whether the Friends service runs on this machine: a failure then is not the network's.
    var isOnThisMachine: Bool { get }
}

extension CardExchanging {
    public var isOnThisMachine: Bool { false }

    /// Every friend as one vCard file, each card as it came.
    public func exportCards() async throws(AppServerError) -> Data {
        try await exportCards(in: nil)
    }

    /// Sends a file of vCards in UTF-8.
    public func importCards(_ data: Data) async throws(AppServerError) -> ImportReport {
        try await importCards(data, characterSet: nil)
    }
}
