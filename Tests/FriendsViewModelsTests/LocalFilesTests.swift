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
}
