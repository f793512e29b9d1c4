import Foundation

extension DatabaseLocation {
    /// Where the friends of `account` are kept: the main store for the account that took it over;
    /// otherwise a SQLite file beside the main one (`friends.sqlite` → `friends.account-2.sqlite`)
    /// or a PostgreSQL schema beside the main one (`public` → `public_account_2`), named by the
    /// account's id, which is never used again. In memory, each account's store is the caller's.
    public func location(ofAccount account: Account) -> DatabaseLocation {
        guard !account.ownsMainStore else { return self }
        switch self {
        case .memory:
            return .memory
        case .sqlite(let path):
            let url = URL(fileURLWithPath: path)
            let base = url.deletingPathExtension().lastPathComponent
            let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
            return .sqlite(path: url.deletingLastPathComponent().appendingPathComponent("\(base).account-\(account.id)\(suffix)").path)
        case .postgres(let url):
            guard var components = URLComponents(string: url) else { return self }
            var items = components.queryItems ?? []
            let schema = items.first { $0.name == "schema" }?.value ?? "public"
            items.removeAll { $0.name == "schema" }
            items.append(URLQueryItem(name: "schema", value: "\(schema)_account_\(account.id)"))
            components.queryItems = items
            return .postgres(url: components.string ?? url)
        }
    }
}
