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

    /// The machine's files; `~/` at the start of a path is the home directory. A file is
    /// written whole beside its place, then renamed over it (`.atomic`): a write that fails
    /// leaves the old file as it was, never half of the new one. A file replaced keeps its
    /// permissions (a private address book stays private).
    public static let live = LocalFiles(
        read: { path throws(Failure) in
            guard let data = FileManager.default.contents(atPath: expanded(path)) else {
                throw Failure("Cannot read \(path): there is no such file, or it may not be read.")
            }
            return data
        },
        write: { data, path throws(Failure) in
            let files = FileManager.default
            let target = expanded(path)
            let permissions = (try? files.attributesOfItem(atPath: target))?[.posixPermissions]
            do {
                try data.write(to: URL(fileURLWithPath: target), options: .atomic)
                if let permissions { try files.setAttributes([.posixPermissions: permissions], ofItemAtPath: target) }
            } catch {
                throw Failure("Cannot write \(path): the folder does not exist, or it may not be written to.")
            }
        },
        item: { path in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: expanded(path), isDirectory: &isDirectory) else { return .nothing }
            return isDirectory.boolValue ? .folder : .file
        }
    )

    private static func expanded(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        return FileManager.default.homeDirectoryForCurrentUser.path + path.dropFirst()
    }
}
