import FriendsAPI
import FriendsClient
import WebUI

/// The addresses of the Friends app's screens in the browser.
enum FriendsWebPath: Equatable {
    /// `/`: the list; `/?q=ada` searches it.
    case list
    /// `/friends/42`: one friend's details.
    case friend(Int)
    /// `/friends/new`: the add form.
    case add
    /// `/friends/42/edit`: the update form.
    case edit(Int)
    /// `/import`: the form that imports a vCard file, and what the last import did.
    case importCards

    /// Where every friend downloads as one vCard file (not a screen: a file).
    static let exportPath = "/friends.vcf"
    /// The name of the vCard version in the export's address (`/friends.vcf?version=3.0`).
    static let exportVersionName = "version"

    /// The export's address: every card in `version`, or each as it came when `nil`.
    static func exportPath(in version: CardFileVersion?) -> String {
        version.map { exportPath + "?" + FormFields([(name: exportVersionName, value: $0.rawValue)]).urlEncoded } ?? exportPath
    }

    /// The version an export's address asks for: `.some(nil)` when it names none, `nil` when the
    /// address is no export's or names a version Friends does not write.
    static func exportVersion(at address: String) -> CardFileVersion?? {
        let (path, query) = split(address)
        guard path == exportPath else { return nil }
        guard let named = query.flatMap({ FormFields(urlEncoded: $0) })?[exportVersionName] else { return .some(nil) }
        return CardFileVersion(rawValue: named).map { .some($0) }
    }

    init?(_ path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        switch parts.count {
        case 0:
            self = .list
        case 1 where parts[0] == "import":
            self = .importCards
        case 2 where parts[0] == "friends" && parts[1] == "new":
            self = .add
        case 2 where parts[0] == "friends":
            guard let id = Self.id(parts[1]) else { return nil }
            self = .friend(id)
        case 3 where parts[0] == "friends" && parts[2] == "edit":
            guard let id = Self.id(parts[1]) else { return nil }
            self = .edit(id)
        default:
            return nil
        }
    }

    var path: String {
        switch self {
        case .list: "/"
        case .friend(let id): "/friends/\(id)"
        case .add: "/friends/new"
        case .edit(let id): "/friends/\(id)/edit"
        case .importCards: "/import"
        }
    }

    /// The name of the list's search in its address (and of the search box).
    static let searchName = "q"

    /// The list's address when it searches for `text`.
    static func listPath(searching text: String) -> String {
        text.isEmpty ? "/" : "/?" + FormFields([(name: searchName, value: text)]).urlEncoded
    }

    /// What the list's address `query` searches for; empty for none.
    static func search(inQuery query: String?) -> String {
        searchText(query.flatMap { FormFields(urlEncoded: $0) }?[searchName] ?? "")
    }

    /// A search as typed, without control characters (`FriendValidation.isControl`): no name holds
    /// one, and a NUL would land in the page's search box, where HTML allows none.
    static func searchText(_ typed: String) -> String {
        String(String.UnicodeScalarView(typed.unicodeScalars.filter { !FriendValidation.isControl($0) }))
    }

    /// An address's path and query (without `?`).
    static func split(_ address: String) -> (path: String, query: String?) {
        guard let mark = address.firstIndex(of: "?") else { return (address, nil) }
        return (String(address[..<mark]), String(address[address.index(after: mark)...]))
    }

    private static func id(_ text: Substring) -> Int? {
        guard text.allSatisfy(\.isASCII), let id = Int(text), id > 0 else { return nil }
        return id
    }
}
