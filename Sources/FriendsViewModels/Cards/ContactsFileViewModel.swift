import Binding
import Foundation
import FriendsAPI
import FriendsClient

/// Friends as a vCard file, the way contact apps move contacts: export every friend as one
/// `.vcf`, import a file from a phone or another app and say what became of each card. A browser
/// hands over the file's bytes; the terminal names a file by its path (see `LocalFiles`).
@MainActor
public final class ContactsFileViewModel {
    /// What an import did, ready to show.
    public struct Summary: Equatable, Sendable {
        /// "Imported 2 cards.", "Nothing new: the 2 cards were here already." or "No card was imported."
        public let headline: String
        /// Friends: "2 created", "0 updated", "1 unchanged"; then the contact groups among the
        /// cards, which are no friends ("1 contact group"), when there were any.
        public let counts: [String]
        /// Each refused card: its position in the file (from 1), its name (may be empty) and why.
        public let failures: [ImportReport.Failure]
        /// Each kept card that holds something its friend does not show, and what.
        public let remarks: [ImportReport.Remark]
    }

    /// What an export to a file named by its path did.
    public enum SavedExport: Equatable, Sendable {
        /// `version`: the one every card was written in; `nil` when each went as it came.
        case written(path: String, friends: Int, version: CardFileVersion? = nil)
        case failed(String)

        /// "Exported 12 friends to friends.vcf." ("… in vCard 3.0." when one version was asked
        /// for), or why not (counted as the import counts, without separators).
        public var message: String {
            switch self {
            case .written(let path, let friends, let version):
                "Exported \(friends) \(friends == 1 ? "friend" : "friends") to \(path)\(version.map { " in \($0.name)" } ?? "")."
            case .failed(let reason): reason
            }
        }

        /// How many cards an export file holds: its lines that begin one (a card inside another,
        /// an old `AGENT`, is one line of its value).
        static func cardCount(in data: Data) -> Int {
            String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
                .count { $0.uppercased() == "BEGIN:VCARD" }
        }
    }

    /// A character set a file can be in, as a browser's file chooser cannot tell: most are UTF-8,
    /// and a file saved on Windows is often Windows-1252.
    public struct FileEncoding: Equatable, Sendable {
        /// As HTTP names it (`windows-1252`).
        public let name: String
        /// As people know it ("Windows-1252 (saved on Windows)").
        public let title: String
    }

    /// The character set a file is sent in unless another is named.
    public static let utf8 = "utf-8"

    /// The character sets the Friends service reads a file in; UTF-8 first.
    public static let fileEncodings = [
        FileEncoding(name: utf8, title: "UTF-8 (most files)"),
        FileEncoding(name: "windows-1252", title: "Windows-1252 (saved on Windows)"),
        FileEncoding(name: "iso-8859-1", title: "ISO-8859-1 (Latin-1)"),
        FileEncoding(name: "utf-16", title: "UTF-16"),
    ]

    /// The file an export gives, or why there is none.
    public enum Export: Equatable, Sendable {
        case file(Data, filename: String)
        case failed(String)
    }

    // MARK: Outputs

    /// True while a file is being imported.
    public let isImporting = Bindable(false, skipsEqualValues: true)
    /// The last import's outcome; `nil` before the first.
    public let summary = Bindable<Summary?>(nil, skipsEqualValues: true)
    /// Why the last import could not be done at all (no file, server unreachable); `nil` otherwise.
    public let errorMessage = Bindable<String?>(nil, skipsEqualValues: true)
    /// The character set the last file was sent in (a name of `fileEncodings`), chosen again for the next.
    public let fileEncoding = Bindable(ContactsFileViewModel.utf8, skipsEqualValues: true)
    /// True while friends are being exported to a file named by its path.
    public let isExporting = Bindable(false, skipsEqualValues: true)
    /// The vCard version the next export to a path writes every card in (one of
    /// `exportVersions`); `nil`: each card as it came.
    public let exportVersion = Bindable<CardFileVersion?>(nil, skipsEqualValues: true)
    /// What the last export to a path did; `nil` before the first and while one runs.
    public let savedExport = Bindable<SavedExport?>(nil, skipsEqualValues: true)
    /// The question before an export replaces a file that is there already ("friends.vcf
    /// exists. Replace it?"); `nil` when none is asked.
    public let replaceConfirmation = Bindable<ConfirmationPrompt?>(nil, skipsEqualValues: true)
    /// The question before a file named by its path that is not UTF-8 is read as Windows-1252;
    /// `nil` when none is asked.
    public let encodingConfirmation = Bindable<ConfirmationPrompt?>(nil, skipsEqualValues: true)

    // MARK: Events

    /// An import created or changed friends: lists should show them.
    public var onImported: (@MainActor () -> Void)?

    /// The name an export is saved under.
    public static let exportFilename = "friends.vcf"

    let cards: any CardExchanging
    let files: LocalFiles
    let importing = TaskSlot()
    let exporting = TaskSlot()
    /// The file the replace question is about.
    var pathToReplace: String?
    /// The file the character set question is about, read.
    var pendingImport: (path: String, data: Data)?

    public init(cards: any CardExchanging, files: LocalFiles = .live) {
        self.cards = cards
        self.files = files
    }

    // MARK: Inputs

    /// The user chose a file (`filename` empty when none was chosen) and asked to import it.
    /// `encoding`: the name of one of `fileEncodings`.
    public func importRequested(filename: String, data: Data, encoding: String = ContactsFileViewModel.utf8) {
        guard Self.fileEncodings.contains(where: { $0.name == encoding }) else {
            return fail("Choose the file's character set from the list.")
        }
        fileEncoding.value = encoding
        guard !filename.isEmpty else { return fail("Choose a vCard file (.vcf) to import.") }
        guard !data.isEmpty else { return fail("\(filename) is empty.") }
        summary.value = nil
        errorMessage.value = nil
        isImporting.value = true
        let cards = self.cards
        importing.replace(with: Task { [weak self] in
            let outcome: Result<ImportReport, AppServerError>
            do throws(AppServerError) {
                outcome = .success(try await cards.importCards(data, characterSet: encoding == Self.utf8 ? nil : encoding))
            } catch {
                outcome = .failure(error)
            }
            guard let self, !Task.isCancelled else { return }
            self.isImporting.value = false
            switch outcome {
            case .success(let report):
                self.summary.value = Self.summary(of: report)
                if report.created + report.updated > 0 { self.onImported?() }
            case .failure(.cancelled):
                break
            case .failure(let error):
                self.errorMessage.value = Self.importFailureText(error, onThisMachine: cards.isOnThisMachine)
            }
        })
    }

    /// The user asked for every friend as a file: every card in `version`, or each as it came.
    public func exportRequested(in version: CardFileVersion? = nil) async -> Export {
        await Self.export(from: cards, in: version)
    }

    static func export(from cards: any CardExchanging, in version: CardFileVersion?) async -> Export {
        do throws(AppServerError) {
            return .file(try await cards.exportCards(in: version), filename: Self.exportFilename)
        } catch .unauthorized {
            return .failed("Please login to export your friends.")
        } catch .throttled(let message, let retryAfter) {
            return .failed(FailureText.heldBack(message, retryAfter: retryAfter))
        } catch .undecodable where version != nil {
            return .failed("Could not export your friends in \(version?.name ?? ""): this Friends service gives each card as it came. Update it, or export each card as it came.")
        } catch {
            return .failed(cards.isOnThisMachine
                ? "Could not export your friends: this app's Friends service did not answer. Try again later."
                : "Could not export your friends. Check your network and try again later.")
        }
    }

    // MARK: Texts

    func fail(_ message: String) {
        summary.value = nil
        errorMessage.value = message
    }

    static func summary(of report: ImportReport) -> Summary {
        let kept = report.friendsKept + report.groups.kept
        let changed = report.created + report.updated + report.groups.created + report.groups.updated
        let headline = if kept == 0 {
            "No card was imported."
        } else if changed == 0, report.failed.isEmpty {
            kept == 1 ? "Nothing new: the card was here already." : "Nothing new: the \(kept) cards were here already."
        } else if changed == 0 {
            // Not "the" cards: others were not imported, as the counts say.
            kept == 1 ? "Nothing new: 1 card was here already." : "Nothing new: \(kept) cards were here already."
        } else {
            "Imported \(kept) \(kept == 1 ? "card" : "cards")."
        }
        return Summary(
            headline: headline,
            counts: ["\(report.created) created", "\(report.updated) updated", "\(report.unchanged) unchanged"]
                + (report.groups.kept == 0 ? [] : ["\(report.groups.kept) contact \(report.groups.kept == 1 ? "group" : "groups")"])
                + (report.failed.isEmpty ? [] : ["\(report.failed.count) not imported"]),
            failures: report.failed,
            remarks: report.remarks
        )
    }

    static func importFailureText(_ error: AppServerError, onThisMachine: Bool) -> String {
        switch error {
        case .unauthorized: "Please login to import friends."
        case .invalid(let message, _): "The file could not be imported: \(message)"
        case .throttled(let message, let retryAfter): FailureText.heldBack(message, retryAfter: retryAfter)
        default: FailureText.couldNotConnect(onThisMachine: onThisMachine)
        }
    }
}
