import FriendsViewModels
import WebUI

/// The import page as a value: the file form and what the last import did, from the contacts
/// file view model's outputs.
struct ImportPageModel {
    struct Report {
        struct Count {
            let text: String
        }

        /// A card the report says something of: why it was refused, or what its friend does not show.
        struct CardLine {
            let index: Int
            /// `nil` when the card gave no name.
            let name: String?
            let text: String
        }

        let headline: String
        let counts: [Count]
        let failures: [CardLine]
        var hasFailures: Bool { !failures.isEmpty }
        let remarks: [CardLine]
        var hasRemarks: Bool { !remarks.isEmpty }
    }

    /// A character set the file can be sent in, for the form's list.
    struct Encoding {
        let name: String
        let title: String
        let isSelected: Bool
    }

    let chrome: PageChrome
    /// The largest file the page takes, as the form's hint says it ("16 MB").
    let sizeLimit = "\(WebRoutes.Settings().maximumUploadSize / (1024 * 1024)) MB"
    let importing: Bool
    let errorMessage: String?
    let report: Report?
    let encodings: [Encoding]

    @MainActor
    init(file: ContactsFileViewModel, list: FriendsListViewModel, listPath: String = "/", alert: Alert?, context: PageContext) {
        importing = file.isImporting.value
        chrome = PageChrome(
            screenTitle: "Import", connection: list.connectionStatus.value, loading: importing ? "Importing..." : nil,
            alert: alert, path: FriendsWebPath.importCards.path, listPath: listPath, context: context
        )
        errorMessage = file.errorMessage.value
        encodings = ContactsFileViewModel.fileEncodings.map {
            Encoding(name: $0.name, title: $0.title, isSelected: $0.name == file.fileEncoding.value)
        }
        report = file.summary.value.map { summary in
            Report(
                headline: summary.headline,
                counts: summary.counts.map(Report.Count.init),
                failures: summary.failures.map { Report.CardLine(index: $0.index, name: $0.name.isEmpty ? nil : $0.name, text: $0.reason) },
                remarks: summary.remarks.map { Report.CardLine(index: $0.index, name: $0.name.isEmpty ? nil : $0.name, text: $0.remark) }
            )
        }
    }
}
