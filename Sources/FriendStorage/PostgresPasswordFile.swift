import Foundation

/// libpq's password file (`~/.pgpass`, or the one `PGPASSFILE` names): lines of
/// `host:port:database:user:password`, where `*` matches anything, `\:` and `\\` are a colon and
/// a backslash, and `#` begins a comment. The first line that matches gives the password.
struct PostgresPasswordFile {
    private struct Entry {
        var host: String
        var port: String
        var database: String
        var user: String
        var password: String
    }

    private let entries: [Entry]

    init(text: String) {
        entries = text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = Self.fields(of: line)
            // libpq ends the password, too, at a colon no backslash escapes.
            guard fields.count >= 5 else { return nil }
            return Entry(host: fields[0], port: fields[1], database: fields[2], user: fields[3], password: fields[4])
        }
    }

    /// The file at the path `environment` names, or `~/.pgpass`; `nil` when there is none. One that
    /// others than its owner can read is refused, as libpq refuses it.
    static func load(environment: [String: String]) throws -> PostgresPasswordFile? {
        let path: String
        if let named = environment["PGPASSFILE"], !named.isEmpty {
            path = named
        } else if let home = environment["HOME"], !home.isEmpty {
            path = home + "/.pgpass"
        } else {
            return nil
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw ConfigurationError("The PostgreSQL password file \(path) is not a file.")
        }
        if let mode = attributes[.posixPermissions] as? Int, mode & 0o077 != 0 {
            throw ConfigurationError(
                "The PostgreSQL password file \(path) can be read by others than its owner: make it private (chmod 600), as PostgreSQL's own tools want."
            )
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("The PostgreSQL password file \(path) cannot be read.")
        }
        return PostgresPasswordFile(text: String(decoding: data, as: UTF8.self))
    }

    /// The password for `user` on `database` at `host` and `port` (`localhost` also matches a Unix socket).
    func password(host: String, isSocket: Bool, port: Int, database: String, user: String) -> String? {
        let hosts = isSocket ? [host, "localhost"] : [host]
        return entries.first { entry in
            (entry.host == "*" || hosts.contains(entry.host))
                && Self.matches(entry.port, String(port)) && Self.matches(entry.database, database) && Self.matches(entry.user, user)
        }?.password
    }

    private static func matches(_ field: String, _ value: String) -> Bool {
        field == "*" || field == value
    }

    /// The line's fields split at colons that no backslash escapes, with their escapes read.
    private static func fields(of line: Substring) -> [String] {
        var fields = [""]
        var isEscaped = false
        for character in line {
            if isEscaped {
                fields[fields.count - 1].append(character)
                isEscaped = false
            } else if character == "\\" {
                isEscaped = true
            } else if character == ":" {
                fields.append("")
            } else {
                fields[fields.count - 1].append(character)
            }
        }
        return fields
    }
}
