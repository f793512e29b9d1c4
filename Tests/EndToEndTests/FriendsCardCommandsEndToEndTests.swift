import Foundation
import Testing

/// `friends import` and `friends export` against the built-in FriendService, as a script runs them.
struct FriendsCardCommandsEndToEndTests {
    static let cards = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("VCardTests/Cards")

    /// Runs `friends` on a thread of its own: waiting for a process of a few seconds on one of the
    /// few threads Swift's concurrency shares would hold up every other test meanwhile.
    private func friends(_ arguments: [String], data: URL, in folder: URL? = nil) async throws -> ChildProcess.Result {
        let friends = try #require(BuiltProducts.executable(named: "friends"))
        let command = (folder.map { ["--chdir=\($0.path)"] } ?? []) + ["XDG_DATA_HOME=\(data.path)", friends.path] + arguments
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try ChildProcess.run("/usr/bin/env", command) }) }.start()
        }
    }

    /// Older macOS Contacts and Windows save vCard files as UTF-16.
    @Test func aFileInUTF16IsImported() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("friends-utf16-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("utf16.vcf")
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:utf16\r\nFN:Zoë Ålund\r\nN:Ålund;Zoë;;;\r\nEND:VCARD\r\n"
        let units: [UInt8] = text.utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try Data([0xFF, 0xFE] + units).write(to: file)

        let imported = try await friends(["import", file.path], data: directory)
        #expect(imported.status == 0, "\(imported.output)\(imported.errors)")
        #expect(imported.output == "Created 1, updated 0, unchanged 0, refused 0.\n")
        #expect(try await friends(["export"], data: directory).output.contains("FN:Zoë Ålund\r\n"))
    }

    @Test func importThenExportKeepsEveryCardAndTheExitStatusSaysWhatHappened() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("friends-cards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = ["apple", "google", "thunderbird"].map { Self.cards.appendingPathComponent($0 + ".vcf").path }

        let imported = try await friends(["import"] + files, data: directory)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output == "Created 4, updated 0, unchanged 0, refused 0.\n")
        #expect(imported.errors.isEmpty, "no progress line when standard error is not a terminal")

        let again = try await friends(["import", files[0]], data: directory)
        #expect(again.output == "Created 0, updated 0, unchanged 1, refused 0.\n")

        let bad = directory.appendingPathComponent("bad.vcf")
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cut Short\r\n".utf8).write(to: bad)
        let refused = try await friends(["import", bad.path], data: directory)
        #expect(refused.status == 1)
        #expect(refused.output.contains("bad.vcf, card 1 (Cut Short): The card ends without END:VCARD."))

        // Refusals are listed by position, whether the reader or the server refused the card.
        let mixed = directory.appendingPathComponent("mixed.vcf")
        try Data(("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Kept Card\r\nN:Card;Kept;;;\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:nul\r\nFN:Nul\u{0}Byte\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cut Short\r\n").utf8).write(to: mixed)
        let listed = try await friends(["import", mixed.path], data: directory)
        #expect(listed.status == 1)
        let refusals = listed.output.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(refusals.map { $0.contains("card 2") } == [true, false] && refusals.last?.contains("card 3 (Cut Short)") == true, "\(listed.output)")

        // A name mistyped after a good file sends nothing at all, and says why.
        let fresh = directory.appendingPathComponent("fresh.vcf")
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zed New\r\nN:New;Zed;;;\r\nEND:VCARD\r\n".utf8).write(to: fresh)
        let nothing = directory.appendingPathComponent("nothing.vcf").path
        let missing = try await friends(["import", fresh.path, nothing], data: directory)
        #expect(missing.status == 2)
        #expect(missing.errors.contains("Cannot read \(nothing): there is no such file."))
        let folder = try await friends(["import", directory.path], data: directory)
        #expect(folder.status == 2)
        #expect(folder.errors.contains("\(directory.path) is a folder: name the vCard files in it."))
        let notWritten = try await friends(["export", directory.path], data: directory)
        #expect(notWritten.status == 2)
        #expect(notWritten.errors.contains("\(directory.path) is a folder: name a file, like \(directory.path)/friends.vcf."))
        let nowhere = directory.appendingPathComponent("no-such-folder/out.vcf").path
        #expect(try await friends(["export", nowhere], data: directory).errors.contains("the folder \(directory.path)/no-such-folder does not exist"))

        let exported = try await friends(["export"], data: directory)
        #expect(exported.status == 0)
        #expect(!exported.output.contains("Zed New"), "the file before the mistyped name was not sent")
        let apple = try String(contentsOfFile: files[0], encoding: .utf8)
        #expect(exported.output.contains(apple), "a card comes out as it went in")
        #expect(exported.output.components(separatedBy: "END:VCARD").count == 6, "the four cards and Kept Card")

        let dash = try await friends(["export", "-"], data: directory)
        #expect(dash.status == 0 && dash.output == exported.output, "- is standard output")
        let oneLetter = try await friends(["export", "a"], data: directory, in: directory)
        #expect(oneLetter.status == 0, "\(oneLetter.errors)")
        #expect(try String(contentsOf: directory.appendingPathComponent("a"), encoding: .utf8) == exported.output)

        // A device is written as it is; a full disk says so, not that the file may not be written.
        let toNull = try await friends(["export", "/dev/null"], data: directory)
        #expect(toNull.status == 0 && toNull.output == "Exported 5 friends to /dev/null.\n", "\(toNull.errors)")
        let full = try await friends(["export", "/dev/full"], data: directory)
        #expect(full.status == 2)
        #expect(full.errors.contains("friends export: Cannot write /dev/full: the disk is full."))
        let demo = try await friends(["export", "--demo"], data: directory)
        #expect(demo.status == 64 && demo.errors.contains("--demo"), "--demo is the app's, not the export's: \(demo.errors)")

        let file = directory.appendingPathComponent("out.vcf")
        let toFile = try await friends(["export", file.path, "--search", "turing"], data: directory)
        #expect(toFile.output == "Exported 1 friend to \(file.path).\n")
        // Thunderbird's card came with LF line ends; the file ends every line with CRLF.
        let thunderbird = try String(contentsOfFile: files[2], encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == thunderbird)

        // Exported again over a file made private, it stays private and holds only the new cards.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect(try await friends(["export", file.path, "--search", "kept"], data: directory).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).components(separatedBy: "END:VCARD").count == 2)
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    /// `--vcard-version` asks for every card in one version, for an app that reads only that one.
    @Test func anExportInOneVersionHasEveryCardInIt() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("friends-versions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = ["android21", "apple", "thunderbird"].map { Self.cards.appendingPathComponent($0 + ".vcf").path }
        #expect(try await friends(["import"] + files, data: directory).status == 0)

        func versions(in text: String) -> [Substring] {
            text.components(separatedBy: "\r\n").filter { $0.hasPrefix("VERSION:") }.map { $0.dropFirst(8) }
        }
        let asKept = try await friends(["export"], data: directory)
        #expect(Set(versions(in: asKept.output)) == ["2.1", "3.0", "4.0"])
        let version3 = try await friends(["export", "--vcard-version", "3.0"], data: directory)
        #expect(version3.status == 0 && versions(in: version3.output).count == 3 && Set(versions(in: version3.output)) == ["3.0"])
        #expect(version3.output.contains("FN:Jürgen Müller\r\n") && !version3.output.contains("QUOTED-PRINTABLE"))
        let file = directory.appendingPathComponent("four.vcf")
        let version4 = try await friends(["export", file.path, "--vcard-version", "4.0"], data: directory)
        #expect(version4.output == "Exported 3 friends to \(file.path) in vCard 4.0.\n")
        #expect(Set(versions(in: try String(contentsOf: file, encoding: .utf8))) == ["4.0"])
        let version21 = try await friends(["export", "--vcard-version", "2.1"], data: directory)
        #expect(version21.status == 64 && version21.errors.contains("3.0"), "the versions it writes are named: \(version21.errors)")
    }
}
