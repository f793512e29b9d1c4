extension VCard {
    /// What a kept card holds that its friend does not show, in sentences for the import's report:
    /// a card naming nobody is shown as "No Name", a birthday that is not a date and a photo that
    /// cannot be served are not shown (the card keeps both, for the contact apps it goes back to).
    /// Cheap beside keeping the card: a photo is looked at, not decoded.
    public var importRemarks: [String] {
        var remarks: [String] = []
        if namesNobody {
            remarks.append("Nothing on it names anyone, so it is shown as \"\(Self.noName)\".")
        }
        if let written = first("BDAY")?.text.trimmingSpaces, !written.isEmpty, birthday.isEmpty {
            remarks.append("Its birthday \"\(written)\" is not a date Friends can show; the card keeps it.")
        }
        if let problem = photoProblemAtAGlance() {
            remarks.append("Its photo is not shown (\(problem.reason)); the card keeps it.")
        }
        return remarks
    }
}

private extension VCardPhoto.Problem {
    var reason: String {
        switch self {
        case .notAnImage: "it is not a PNG, JPEG, GIF or WebP image"
        case .tooLarge: "it is larger than \(VCardPhoto.maximumSize >> 20) MiB"
        case .unreadable: "its data is not valid base64"
        }
    }
}
