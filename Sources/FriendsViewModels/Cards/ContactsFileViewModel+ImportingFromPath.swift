import Foundation

/// Import of a file named by its path (the terminal's way). A browser's page has a list of
/// character sets; here the file itself is looked at: UTF-16 by its byte order mark, UTF-8 by
/// reading as it, and a 2.1 file whose lines name their own (`CHARSET=`) is sent as it is. Any
/// other is most often a file saved on Windows: the user is asked before it is read so.
extension ContactsFileViewModel {
    // MARK: Inputs

    /// The user named a file on this machine to import.
    public func importRequested(path: String) {
        let path = path.trimmingCharacters(in: .whitespaces)
        encodingConfirmation.value = nil
        pendingImport = nil
        guard !path.isEmpty else { return fail("Type the path of a vCard file (.vcf) to import.") }
        guard files.item(path) != .folder else { return fail("\(path) is a folder. Type the path of a vCard file (.vcf) in it.") }
        let data: Data
        do throws(LocalFiles.Failure) {
            data = try files.read(path)
        } catch {
            return fail(error.message)
        }
        if let encoding = Self.encoding(of: data) {
            return importRequested(filename: path, data: data, encoding: encoding)
        }
        summary.value = nil
        errorMessage.value = nil
        pendingImport = (path, data)
        encodingConfirmation.value = .readAsWindows1252(named: path)
    }

    /// The user wants the file read as Windows-1252.
    public func encodingConfirmed() {
        guard encodingConfirmation.value != nil, let (path, data) = pendingImport else { return }
        encodingConfirmation.value = nil
        pendingImport = nil
        importRequested(filename: path, data: data, encoding: "windows-1252")
    }

    /// The user does not: nothing is imported, and the message says what would.
    public func encodingCancelled() {
        guard encodingConfirmation.value != nil, let (path, _) = pendingImport else { return }
        encodingConfirmation.value = nil
        pendingImport = nil
        fail("\(path) was not imported. Save it as UTF-8, or import it with friends import --charset NAME.")
    }

    // MARK: Looking at the file

    /// The character set to send `data` in; `nil` for a file that is not UTF-8 and names none.
    static func encoding(of data: Data) -> String? {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) { return "utf-16" }
        if String(data: data, encoding: .utf8) != nil { return utf8 }
        // The server reads each such line in the character set it names.
        if data.range(of: Data("CHARSET=".utf8)) != nil || data.range(of: Data("charset=".utf8)) != nil { return utf8 }
        return nil
    }
}

extension ConfirmationPrompt {
    /// The question before a file that is not UTF-8 is read as Windows-1252.
    static func readAsWindows1252(named name: String) -> ConfirmationPrompt {
        ConfirmationPrompt(
            title: "Not UTF-8",
            message: "\(name) is not UTF-8. Read it as Windows-1252, the character set of most files saved on Windows?",
            confirmTitle: "Import"
        )
    }
}
