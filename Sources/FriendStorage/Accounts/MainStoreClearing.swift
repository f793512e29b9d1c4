/// Emptying the main store when the account that took it over is removed (`friendservice user
/// remove`). The other accounts' stores are places of their own, removed whole.
public protocol MainStoreClearing: Sendable {
    /// In one transaction, whatever the number of cards: deletes every card of the main store
    /// (groups too); logs one `reset` for them when there were any, and forgets every change before
    /// the last, so that the live feed replays none of those friends while change numbers go on;
    /// forgets the name given to the address book; and, when `accountID` is given, removes that
    /// account and its tokens. When it throws, nothing was changed.
    /// - Throws: `AccountRegistryError.noSuchAccount` when `accountID` names no account.
    func clearMainStore(removingAccount accountID: Int?) async throws
}
