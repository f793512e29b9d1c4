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
            // Text, not URL: a relative path stays relative (URL would resolve it against the
            // current folder) and nothing else of it changes.
            let folderEnd = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
            let name = path[folderEnd...]
            let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 } ?? name.endIndex
            return .sqlite(path: "\(path[..<folderEnd])\(name[..<dot]).account-\(account.id)\(name[dot...])")
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
