import ArgumentParser

/// A vCard version `friends export --vcard-version` asks the server for (RFC 6350's `version`
/// parameter of `text/vcard`).
enum ExportedVersion: String, CaseIterable, ExpressibleByArgument, Sendable {
    case version3 = "3.0"
    case version4 = "4.0"
}
