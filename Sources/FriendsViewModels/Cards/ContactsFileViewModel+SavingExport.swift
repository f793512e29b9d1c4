import Foundation

/// Export to a file named by its path (the terminal's way): a file that is there already is
/// replaced only after the user says so, a folder is refused with that reason, and the file is
/// written only once the whole export has arrived.
extension ContactsFileViewModel {
    // MARK: Inputs

    /// The user asked for every friend in a file on this machine, at `path`.
    public func exportRequested(toPath path: String) {
        let path = path.trimmingCharacters(in: .whitespaces)
        replaceConfirmation.value = nil
        pathToReplace = nil
        guard !path.isEmpty else {
            savedExport.value = .failed("Type the path of the file to write, like \(Self.exportFilename).")
            return
        }
        switch files.item(path) {
        case .folder:
            savedExport.value = .failed(Self.folderText(path))
        case .file:
            savedExport.value = nil
            pathToReplace = path
            replaceConfirmation.value = .replaceFile(named: path)
        case .nothing:
            export(to: path)
        }
    }

    /// The user wants the file replaced.
    public func replaceConfirmed() {
        guard replaceConfirmation.value != nil, let path = pathToReplace else { return }
        replaceConfirmation.value = nil
        pathToReplace = nil
        export(to: path)
    }

    /// The user wants the file kept: nothing is exported.
    public func replaceCancelled() {
        replaceConfirmation.value = nil
        pathToReplace = nil
    }

    // MARK: Exporting

    private func export(to path: String) {
        savedExport.value = nil
        isExporting.value = true
        let cards = self.cards
        let files = self.files
        let version = exportVersion.value
        exporting.replace(with: Task { [weak self] in
            let export = await Self.export(from: cards, in: version)
            guard let self, !Task.isCancelled else { return }
            self.isExporting.value = false
            switch export {
            case .file(let data, _):
                do throws(LocalFiles.Failure) {
                    try files.write(data, path)
                    self.savedExport.value = .written(path: path, friends: SavedExport.cardCount(in: data), version: version)
                } catch {
                    self.savedExport.value = .failed(error.message)
                }
            case .failed(let message):
                self.savedExport.value = .failed(message)
            }
        })
    }

    /// "Downloads is a folder. Type a file's path, like Downloads/friends.vcf."
    static func folderText(_ path: String) -> String {
        let example = path.hasSuffix("/") ? path + exportFilename : path + "/" + exportFilename
        return "\(path) is a folder. Type a file's path, like \(example)."
    }
}

extension ConfirmationPrompt {
    /// The question before an export replaces a file that is there already.
    static func replaceFile(named name: String) -> ConfirmationPrompt {
        ConfirmationPrompt(title: "Replace File", message: "\(name) exists. Replace it?", confirmTitle: "Replace")
    }
}
