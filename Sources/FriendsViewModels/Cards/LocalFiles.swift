import Foundation

/// Reading and writing files by the path a person typed, for an app that names files that way
/// (the terminal); tests pass their own.
public struct LocalFiles: Sendable {
    /// The file's bytes; throws `Failure` with a sentence for people.
    public var read: @Sendable (_ path: String) throws(Failure) -> Data
    /// Writes (or replaces) the file; throws `Failure` with a sentence for people.
    public var write: @Sendable (_ data: Data, _ path: String) throws(Failure) -> Void
    /// What is at the path now, so that nothing is replaced without asking.
    public var item: @Sendable (_ path: String) -> Item

    /// What a path names on the disk.
    public enum Item: Equatable, Sendable {
        case nothing
        case file
        case folder
    }

    public struct Failure: Error, Equatable, Sendable {
        public let message: String

        public init(_ message: String) {
            self.message = message
        }
    }

    /// Files whose paths name nothing unless `item` says otherwise.
    public init(
        read: @escaping @Sendable (_ path: String) throws(Failure) -> Data,
        write: @escaping @Sendable (_ data: Data, _ path: String) throws(Failure) -> Void,
        item: @escaping @Sendable (_ path: String) -> Item = { _ in .nothing }
    ) {
        self.read = read
        self.write = write
        self.item = item
    }

    /// The machine's files, by the path a person typed or dropped (`path(typed:home:)`). A file
    /// is written whole beside its place, then renamed over it (`.atomic`): a write that fails
    /// leaves the old file as it was, never half of the new one. A file replaced keeps its
    /// permissions (a private address book stays private), and a link is written through to its
    /// file, which the link goes on naming. What is not a plain file (a device, a pipe) is
    /// written to as it is, not replaced.
    public static let live = LocalFiles(
        read: { path throws(Failure) in
            guard let data = FileManager.default.contents(atPath: Self.path(typed: path)) else {
                throw Failure("Cannot read \(path): there is no such file, or it may not be read.")
            }
            return data
        },
        write: { data, path throws(Failure) in
            let files = FileManager.default
            let target = URL(fileURLWithPath: Self.path(typed: path)).resolvingSymlinksInPath()
            let attributes = try? files.attributesOfItem(atPath: target.path)
            let isPlainFile = attributes.map { $0[.type] as? FileAttributeType == .typeRegular } ?? true
            do {
                try data.write(to: target, options: isPlainFile ? .atomic : [])
                if isPlainFile, let permissions = attributes?[.posixPermissions] {
                    try files.setAttributes([.posixPermissions: permissions], ofItemAtPath: target.path)
                }
            } catch {
                throw Failure("Cannot write \(path): the folder does not exist, it may not be written to, or its disk is full.")
            }
        },
        item: { path in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: Self.path(typed: path), isDirectory: &isDirectory) else { return .nothing }
            return isDirectory.boolValue ? .folder : .file
        }
    )

    /// The path a person means: `~` is the home folder (`$HOME`, as the shell reads it), and a
    /// file dragged into the terminal comes as the terminal pastes it: in quotes
    /// (`'/home/ada/My Contacts.vcf' `), with its spaces escaped (`My\ Contacts.vcf`), or as a
    /// `file://` address; the space after it is not part of it.
    public static func path(typed: String, home: String? = ProcessInfo.processInfo.environment["HOME"]) -> String {
        var path = typed.trimmingCharacters(in: .whitespaces)
        if path.count >= 2, let quote = path.first, quote == "'" || quote == "\"", path.last == quote {
            path = String(path.dropFirst().dropLast())
        } else if path.hasPrefix("file://"), let url = URL(string: path), url.isFileURL {
            path = url.path
        } else if path.contains("\\") {
            path = unescaped(path)
        }
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = home.flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + path.dropFirst()
    }

    /// `My\ Contacts\ \(old\).vcf` as the shell reads it: a backslash keeps the character after it.
    private static func unescaped(_ path: String) -> String {
        var result = ""
        var escaping = false
        for character in path {
            if escaping || character != "\\" {
                result.append(character)
                escaping = false
            } else {
                escaping = true
            }
        }
        return result
    }
}
