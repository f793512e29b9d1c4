import Foundation
import FriendsViewModels
import Testing

/// The machine's files as the terminal app writes them.
struct LocalFilesTests {
    @Test func aReplacedFileKeepsItsPermissionsAndANewOneIsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("local-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("contacts.vcf").path

        try LocalFiles.live.write(Data("first".utf8), path)
        #expect(LocalFiles.live.item(path) == .file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)

        try LocalFiles.live.write(Data("second".utf8), path)
        #expect(try LocalFiles.live.read(path) == Data("second".utf8))
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
    }

    /// Export over a link (an address book kept in a synced folder, linked from home) writes the
    /// file it names, with that file's permissions, and the link stays a link.
    @Test func aLinkIsWrittenThroughToItsFile() throws {
        let files = FileManager.default
        let folder = files.temporaryDirectory.appendingPathComponent("local-files-\(UUID().uuidString)")
        try files.createDirectory(at: folder.appendingPathComponent("sync"), withIntermediateDirectories: true)
        defer { try? files.removeItem(at: folder) }
        let real = folder.appendingPathComponent("sync/real.vcf").path
        let link = folder.appendingPathComponent("link.vcf").path
        try LocalFiles.live.write(Data("old".utf8), real)
        try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: real)
        try files.createSymbolicLink(atPath: link, withDestinationPath: "sync/real.vcf")

        try LocalFiles.live.write(Data("new".utf8), link)
        #expect(try files.destinationOfSymbolicLink(atPath: link) == "sync/real.vcf")
        #expect(files.contents(atPath: real) == Data("new".utf8))
        #expect((try files.attributesOfItem(atPath: real)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    /// A path as the shell reads it, and as terminals paste a file dragged onto them.
    @Test(arguments: [
        ("~/contacts.vcf", "/home/ada/contacts.vcf"),
        ("~", "/home/ada"),
        ("'/tmp/My Contacts.vcf' ", "/tmp/My Contacts.vcf"),
        ("\"/tmp/My Contacts.vcf\"", "/tmp/My Contacts.vcf"),
        ("/tmp/My\\ Contacts\\ \\(old\\).vcf ", "/tmp/My Contacts (old).vcf"),
        ("file:///tmp/My%20Contacts.vcf", "/tmp/My Contacts.vcf"),
        ("  contacts.vcf  ", "contacts.vcf"),
        ("a~/b.vcf", "a~/b.vcf"),
    ])
    func aTypedOrDroppedPathNamesTheFileMeant(typed: String, meant: String) {
        #expect(LocalFiles.path(typed: typed, home: "/home/ada") == meant)
    }
}
