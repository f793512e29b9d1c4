import FriendsClient

/// The vCard version an export writes: each card as it came (a file from several phones mixes
/// 2.1, 3.0 and 4.0), or every card in 3.0 or 4.0 for an app that reads only that one.
extension ContactsFileViewModel {
    /// One version an export can be in, as people choose it.
    public struct ExportVersionChoice: Equatable, Sendable {
        /// `nil`: each card as it came.
        public let version: CardFileVersion?
        /// "vCard 3.0"
        public let title: String
        /// What the version is for: "For Apple's Contacts and most other apps."
        public let hint: String
    }

    /// The versions an export can be in: as the cards came first (nothing converted), then 3.0 and 4.0.
    public nonisolated static let exportVersions = [
        ExportVersionChoice(version: nil, title: "Each card as it came", hint: "Nothing converted: vCard 2.1, 3.0 or 4.0, as each card was imported."),
        ExportVersionChoice(version: .version3, title: CardFileVersion.version3.name, hint: "For Apple's Contacts and most other apps."),
        ExportVersionChoice(version: .version4, title: CardFileVersion.version4.name, hint: "The newest version, for apps that read it."),
    ]

    /// The choice `exportVersion` holds.
    public var exportVersionChoice: ExportVersionChoice {
        Self.exportVersions.first { $0.version == exportVersion.value } ?? Self.exportVersions[0]
    }

    // MARK: Inputs

    /// The user chose the version the next export to a path writes.
    public func exportVersionChosen(_ version: CardFileVersion?) {
        exportVersion.value = version
    }

    /// The user moved to the next version of `exportVersions` (after the last, the first).
    public func nextExportVersionChosen() {
        let index = Self.exportVersions.firstIndex { $0.version == exportVersion.value } ?? 0
        exportVersion.value = Self.exportVersions[(index + 1) % Self.exportVersions.count].version
    }
}
