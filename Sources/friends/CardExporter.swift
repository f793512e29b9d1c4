import Foundation
import FriendsAPI
import FriendsClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads `GET /friends` as `text/vcard` (the server streams it) into a file, then copies it
/// to its place or to standard output 64 KiB at a time: memory stays flat.
struct CardExporter {
    let server: URL
    let credentials: Credentials?
    /// Carries the download as it arrives.
    let transport: any EventStreamTransport
    let progress: ProgressLine
    /// The vCard version every card is written in; each as it came when `nil`.
    var version: CardFileVersion?

    /// Writes the cards and answers how many there were.
    func export(to path: String?, search: String?) async throws -> Int {
        var components = URLComponents(url: server.appendingPathComponent("friends"), resolvingAgainstBaseURL: false)
        if let search { components?.queryItems = [URLQueryItem(name: "q", value: search)] }
        guard let url = components?.url else { throw CardCommandError("Cannot make the export address.") }
        var request = URLRequest(url: url)
        request.setValue(CardFileVersion.accept(version), forHTTPHeaderField: "Accept")
        if let credentials { request.setValue(credentials.authorization, forHTTPHeaderField: FriendsHTTPHeader.authorization) }
        if let path, let problem = CardCommandError.writeProblem(at: path) { throw problem }
        let downloaded = FileManager.default.temporaryDirectory.appendingPathComponent("friends-export-\(UUID().uuidString).vcf")
        defer { try? FileManager.default.removeItem(at: downloaded) }
        do {
            try await download(request, to: downloaded)
        } catch let error as CardCommandError {
            throw error
        } catch {
            throw CardCommandError.plain(error, server: server)
        }
        let count = try copy(downloaded, to: path)
        progress.finish()
        return count
    }

    private func download(_ request: URLRequest, to file: URL) async throws {
        let (response, body) = try await transport.open(request)
        guard response.statusCode == 200 else { throw await Self.refusal(response.statusCode, body) }
        // A FriendService from before versions were asked for gives every card as kept.
        if let version, !version.isNamed(byContentType: response.value(forHTTPHeaderField: "Content-Type")) {
            throw CardCommandError("This FriendService gives every card as it came, not in \(version.name); update it to export in one version.")
        }
        guard FileManager.default.createFile(atPath: file.path, contents: nil), let output = FileHandle(forWritingAtPath: file.path) else {
            throw CardCommandError("Cannot write the download to \(file.path).")
        }
        defer { try? output.close() }
        for try await chunk in body {
            do {
                try output.write(contentsOf: chunk)
            } catch {
                throw CardCommandError.writeFailure(at: file.path, error)
            }
        }
        try Task.checkCancellation()
    }

    /// The server's reason for not answering 200, from its error envelope when it sent one.
    private static func refusal(_ status: Int, _ body: AsyncThrowingStream<Data, any Error>) async -> CardCommandError {
        var data = Data()
        do {
            for try await chunk in body where data.count < 1 << 16 { data += chunk }
        } catch {}
        guard let message = (try? JSONDecoder().decode(ErrorEnvelope.self, from: data))?.message else {
            return CardCommandError("The FriendService answered HTTP \(status).")
        }
        return CardCommandError("The FriendService refused the export: \(message)")
    }

    /// Copies the download where it belongs, counting the cards on the way.
    private func copy(_ source: URL, to path: String?) throws -> Int {
        guard let input = FileHandle(forReadingAtPath: source.path) else { throw CardCommandError("Cannot read the download.") }
        defer { try? input.close() }
        let output: FileHandle
        if let path {
            guard let file = Self.emptied(path) else { throw CardCommandError.writeFailure(at: path) }
            output = file
        } else {
            output = FileHandle.standardOutput
        }
        defer { if path != nil { try? output.close() } }
        var count = 0
        var tail: [UInt8] = []
        // A pipe takes 64 KiB before a write waits for its reader: in pieces that size, Ctrl-C
        // stops the copy once the reader takes the piece in hand, rather than after the last card.
        while let chunk = try input.read(upToCount: 1 << 16), !chunk.isEmpty {
            try Task.checkCancellation()
            do {
                try output.write(contentsOf: chunk)
            } catch {
                throw CardCommandError.writeFailure(at: path ?? "standard output", error)
            }
            let text = tail + Array(chunk)
            count += Self.occurrences(of: Array("END:VCARD".utf8), in: text)
            tail = Array(text.suffix(8))
            progress.update("Exported", count: count)
        }
        return count
    }

    /// The file at `path` to write from its start: one that exists is emptied in place, as a
    /// shell's `>` does, so it keeps its permissions (`createFile` would replace it with a new one).
    /// A device (`/dev/null`) or a pipe is written as it is: it has nothing to empty.
    private static func emptied(_ path: String) -> FileHandle? {
        if let existing = FileHandle(forWritingAtPath: path) {
            let isRegularFile = (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
            guard !isRegularFile || (try? existing.truncate(atOffset: 0)) != nil else {
                try? existing.close()
                return nil
            }
            return existing
        }
        guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
        return FileHandle(forWritingAtPath: path)
    }

    private static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> Int {
        guard haystack.count >= needle.count else { return 0 }
        var count = 0
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], Array(haystack[index..<(index + needle.count)]) == needle {
                count += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return count
    }
}
